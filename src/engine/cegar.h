/* Counterexample-guided abstraction refinement over CFAs, written once
 * against the abstract-domain interface (analysis/domain.h):
 *   abstraction: build the ARG in the search order, covering nodes whose
 *                state is included in another node's at the same location;
 *   check:       the abstract path to an error node, as a path formula;
 *                satisfiable = a real counterexample (replayed before it is
 *                returned);
 *   refinement:  interpolants (sequence, binary forward/backward, ...) or an
 *                unsat core become precision items;
 *   pruning:     LAZY cuts the ARG below the first node whose state changes
 *                under the new precision, FULL restarts from the root. A
 *                refinement that changes no state along the path is no
 *                progress: the engine answers UNKNOWN instead of looping. */
#ifndef ZETA_ENGINE_CEGAR_H
#define ZETA_ENGINE_CEGAR_H
#include <stdio.h>
#include "analysis/arg.h"
#include "analysis/pred_domain.h"
#include "analysis/waitlist.h"
#include "solver/itp.h"
#include "zeta/zeta.h"

typedef enum { CEGAR_EXPL, CEGAR_PRED_BOOL, CEGAR_PRED_CART, CEGAR_PRED_SPLIT } cegar_domain;
typedef enum {
  REF_SEQ_ITP, REF_FW_BIN_ITP, REF_BW_BIN_ITP, REF_MULTI_SEQ, REF_UNSAT_CORE, REF_MIN_PRUNE, REF_MAX_PRUNE
} cegar_refinement;
typedef enum { INITPREC_EMPTY, INITPREC_ALLVARS, INITPREC_ALLASSUMES } cegar_initprec;

typedef struct {
  cegar_domain domain;
  long maxenum;
  cegar_refinement refinement;
  search_order search;
  prec_granularity granularity;
  prec_split split;
  bool prune_full;
  cegar_initprec initprec;
  uint64_t maxiter;          /* 0 = none */
  itp_strategy itp;
  const char *backend;       /* solver backend, NULL = z3 */
  const zeta_limits *lim;    /* may be NULL */
  void (*progress)(void *ctx, uint64_t iter, uint32_t arg_size, uint32_t prec_size);
  void *progress_ctx;
} cegar_config;

typedef struct {
  zeta_verdict verdict;
  char reason[200];
  /* UNSAFE: locations cex_locs[0..len], edges cex_edges[0..len), values of
   * every variable at each step: cex_vals[k * nvars + i]. */
  uint32_t cex_len;
  uint32_t *cex_locs, *cex_edges;
  term_t *cex_vals;
  /* SAFE: invariant[l] over the index-0 variables, for every location. */
  term_t *invariant;
  /* statistics */
  uint64_t iterations, refinements, solver_calls;
  uint32_t arg_nodes, arg_depth, prec_size;
  double abstraction_time, refinement_time;
  /* the final ARG (for --dot), owned by the result */
  domain *dom;
  arg *graph;
  uint32_t *cex_nodes;
} cegar_result;

/* Parses option values (Theta names); false when unknown. */
bool cegar_parse_domain(const char *s, cegar_domain *out);
bool cegar_parse_refinement(const char *s, cegar_refinement *out);
bool cegar_parse_search(const char *s, search_order *out);

/* Runs CEGAR on c (its edges are used as they are: apply cfa_lbe first for
 * LBE). Fills r; returns false with r->reason on a setup failure. */
bool cegar_run(cfa *c, const cegar_config *cfg, cegar_result *r);
void cegar_result_free(cegar_result *r);
/* Replays a counterexample on the concrete CFA with a fresh solver: true
 * when every value is given (no NULL_TERM) and the path formula with all
 * of them fixed is satisfiable. */
bool cegar_replay(cfa *c, const char *backend, uint32_t len, const uint32_t *edges, const term_t *vals);
void cegar_write_dot(FILE *out, const cegar_result *r, const cfa *c);
#endif
