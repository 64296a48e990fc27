/* Programs with procedures checked with BDDs (the pushdown-CEGAR thesis's
 * setting, built up in steps; docs/STATUS-pds.md says which are done).
 * Every variable is bit-blasted (engine/bv_bdd.h) and procedure summaries
 * are computed as BDD relations to a fixpoint over the sets, per procedure
 * f (E: the globals and parameters at f's entry, X: the globals and f's
 * variables now; for main, E is unconstrained):
 *   reach[f][L](E, X)     reachable states of f at location L
 *   entry[f](E)           the calling contexts of f
 *   summary[f](E, G', r)  f entered with E returns with globals G' and
 *                         result r
 * Modes (--pds-refine):
 *   concrete   the exact fixpoint (the thesis's "Moped without
 *              abstraction" baseline): the error is reachable iff a reach
 *              set of an error location is nonempty.
 *   strongest  CEGAR with predicates localized per location: each
 *              predicate is a BDD over the location's concrete bits with an
 *              abstract Boolean variable (the abstract variables come first
 *              in the BDD order); every location's set is closed under its
 *              predicates by existential abstraction (initially: control
 *              flow only). An abstract error after N sweeps is checked by N
 *              concrete sweeps (the strongest interpolants over all
 *              counterexamples of that depth at once): reached -> UNSAFE;
 *              otherwise each location gets its concrete set as a new
 *              predicate (N doubles when nothing new was learned).
 *   weakest    the same loop refined by weakest interpolants, approximated:
 *              the states from which an error location is reachable within
 *              N backward steps, through the procedure's edges and into
 *              callees (a call that returns may change globals and its
 *              result arbitrarily), and (our addition) that set's
 *              projection onto each single variable.
 *   both       strongest and weakest predicates together.
 * SAFE evidence: the final sets, as interpretations of the predicates of
 * the program's Horn encoding (ir/cfa_proc_chc.h), for the caller to
 * re-check with an SMT solver, independent of the bit-blasting. UNSAFE
 * comes only from concrete sets; the caller finds the trace.
 */
#ifndef ZETA_ENGINE_PDS_H
#define ZETA_ENGINE_PDS_H
#include "core/limits.h"
#include "core/report.h"
#include "ir/cfa_proc_chc.h"

#define PDS_MAX_PREDS 64   /* predicates per location (abstract BDD variables) */

typedef enum { PDS_CONCRETE, PDS_STRONGEST, PDS_WEAKEST, PDS_BOTH, PDS_CONCILIATED, PDS_SKIP, PDS_SKIP_CONCILIATED } pds_refine_mode;

typedef struct {
  zeta_verdict verdict;
  char reason[200];
  uint32_t sweeps;        /* rounds over all edges, all runs together */
  uint32_t cycles;        /* refinement cycles */
  uint32_t max_preds;     /* most predicates at one location */
  uint32_t untracked;     /* refinements after which a counterexample as short came back */
  uint32_t bdd_vars;
  uint64_t peak_nodes;
  term_t *interp;         /* SAFE: one interpretation per predicate of s (malloc'd) */
} pds_result;

/* Runs the analysis on p; s and m are p's Horn encoding (for the evidence). */
void pds_check(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_limits *lim,
               pds_refine_mode mode, pds_result *out);
#endif
