/* Explicit-state model checking with TLC's semantics: breadth-first search
 * over fingerprints (hash-consed states, symmetry representatives),
 * state constraints, deadlock check, shortest counterexamples; and, with a
 * bound, the search Apalache's --length asks for. */
#ifndef ZETA_LANG_TLA_EXPLICIT_H
#define ZETA_LANG_TLA_EXPLICIT_H
#include "core/limits.h"
#include "lang/tla/tla_model.h"

typedef enum { TLA_HOLDS, TLA_VIOLATED, TLA_DEADLOCK, TLA_ERROR, TLA_LIMIT } tla_outcome;

typedef struct {
  tla_outcome outcome;
  size_t distinct, generated, depth;   /* depth: BFS levels explored */
  int inv;                              /* the violated invariant */
  const tla_val **trace;                /* VIOLATED / DEADLOCK: states from an initial one */
  size_t ntrace;
  const tla_hint *hints;                /* tla_replay: hints[hint_at[j] .. hint_at[j + 1]) */
  const size_t *hint_at;                /* lead to state j (tla_set_hints); NULL: none */
  char msg[1200];
} tla_explicit_result;

/* bound < 0: all reachable states; else executions of at most bound steps. */
void tla_explicit_check(tla_model *m, int bound, const zeta_limits *lim, tla_explicit_result *r);
/* Replays a trace: initial state, each step a successor, and (violation)
 * the invariant fails in the last state or (deadlock) it has no successor. */
bool tla_replay(tla_model *m, const tla_explicit_result *r, char *why, size_t nwhy);
/* Apalache's deadlock notion: does an execution of `bound` steps exist?
 * 1 yes, 0 no, -1 error or limit (tla_error(m) says which). */
int tla_execution_exists(tla_model *m, int bound, const zeta_limits *lim);
/* Trace invariants over every path of at most bound steps (after a
 * tla_explicit_check that found nothing, r's outcome is updated). */
void tla_check_traces(tla_model *m, int bound, const zeta_limits *lim, tla_explicit_result *r);
void tla_explicit_result_free(tla_explicit_result *r);
#endif
