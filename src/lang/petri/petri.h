/* Place/transition nets with arc weights and inhibitor arcs.
 *
 * A net is plain data built once by petri_builder (which resolves string
 * ids, merges parallel arcs and precomputes the per-place neighbourhoods the
 * engines need) and read-only afterwards. Markings are arrays of petri_tok,
 * one count per place; firing checks for overflow instead of wrapping. */
#ifndef ZETA_MODEL_PETRI_H
#define ZETA_MODEL_PETRI_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t petri_tok;
#define PETRI_TOK_MAX UINT32_MAX

/* Diagnostic filled by the Petri-net layers (model, frontends, engines). */
typedef struct petri_diag {
  const char *file;           /* NULL when not about a file position */
  unsigned long line, column; /* 1-based; 0 = unknown */
  char message[512];
} petri_diag;

void petri_diag_set(petri_diag *d, const char *file, unsigned long line,
                    unsigned long column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

typedef struct { uint32_t place; petri_tok weight; } petri_arc;
typedef struct { uint32_t place; int64_t delta; } petri_effect;

typedef struct petri_net {
  char *name;
  uint32_t nplaces, ntrans;
  char **place_id, **place_name, **trans_id, **trans_name;
  petri_tok *m0;
  /* Per transition, compressed rows: pre-set, post-set, inhibitor arcs
   * (t is enabled only if m(p) < weight) and the effect post - pre (non-zero
   * entries only). Row t is [X_at[t], X_at[t+1]). */
  uint32_t *pre_at, *post_at, *inh_at, *eff_at;
  petri_arc *pre, *post, *inh;
  petri_effect *eff;
  /* Per place, transitions that increase / decrease it, that need tokens
   * from it (pre-arc) and that it inhibits. Row p is [X_at[p], X_at[p+1]). */
  uint32_t *inc_at, *inc, *dec_at, *dec, *cons_at, *cons, *inhd_at, *inhd;
  bool has_inhibitors;
  void *place_map, *trans_map; /* id -> index */
} petri_net;

typedef enum { PETRI_ARC_NORMAL, PETRI_ARC_INHIBITOR, PETRI_ARC_READ } petri_arc_kind;

typedef struct petri_builder petri_builder;

petri_builder *petri_builder_new(void);
void petri_builder_free(petri_builder *b);
/* Each returns false on allocation failure or a duplicate id (diag filled;
 * line/column locate the element in the source). name may be NULL. */
bool petri_builder_place(petri_builder *b, const char *id, const char *name, petri_tok m0,
                         unsigned long line, unsigned long col, petri_diag *d);
bool petri_builder_transition(petri_builder *b, const char *id, const char *name,
                              unsigned long line, unsigned long col, petri_diag *d);
/* A reference node (PNML pages): arcs may name `id`, meaning node `ref`. */
bool petri_builder_alias(petri_builder *b, const char *id, const char *ref, petri_diag *d);
bool petri_builder_arc(petri_builder *b, const char *source, const char *target, petri_tok weight,
                       petri_arc_kind kind, unsigned long line, unsigned long col, petri_diag *d);
bool petri_builder_set_name(petri_builder *b, const char *name);
/* Resolves ids and builds the net; consumes nothing (free b afterwards).
 * file is only used for the diagnostic. NULL on error. */
petri_net *petri_builder_finish(petri_builder *b, const char *file, petri_diag *d);

void petri_net_free(petri_net *n);

/* Index of a place / transition by id, or -1. */
int64_t petri_place_index(const petri_net *n, const char *id);
int64_t petri_trans_index(const petri_net *n, const char *id);

bool petri_enabled(const petri_net *n, const petri_tok *m, uint32_t t);
/* out = m fired with t (out may alias m). Precondition: t enabled. Returns
 * false (out unspecified) if a count would exceed PETRI_TOK_MAX. */
bool petri_fire(const petri_net *n, const petri_tok *m, uint32_t t, petri_tok *out);
bool petri_is_deadlock(const petri_net *n, const petri_tok *m);

typedef enum { PETRI_REPLAY_OK, PETRI_REPLAY_DISABLED, PETRI_REPLAY_OVERFLOW, PETRI_REPLAY_NOMEM } petri_replay_status;
/* Fires seq from m0; final (nplaces counts) receives the reached marking;
 * *at the index of the failing step. */
petri_replay_status petri_replay(const petri_net *n, const uint32_t *seq, size_t len,
                                 petri_tok *final, size_t *at);

/* Monotonic clock in seconds (for the engines' time limits). */
double petri_now(void);
#endif
