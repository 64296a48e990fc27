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
 *              B, the states that can reach an error location (within as
 *              many backward rounds as the abstract error took sweeps),
 *              through the procedure's edges, into callees (their errors)
 *              and through returns (each call site's condition after the
 *              call becomes an exit condition on the callee's globals and
 *              result, propagated back through the callee); each
 *              location gets B and (our addition) B's projection onto
 *              each single variable. When no state at main's entry is in
 *              B, the counterexamples are spurious without the concrete
 *              sweeps.
 *   both       strongest and weakest predicates together.
 *   conciliated  one predicate per location between the concrete set and
 *              B: among B and its projections that exclude the concrete
 *              set, the one valid at the most locations of the procedure,
 *              then the smallest.
 *   skip, skip-conciliated  B computed assuming skip: across a step or a
 *              whole call that writes none of its variables, a set is kept
 *              unchanged instead of taking the step's guards (callees the
 *              error does not depend on get no predicates); when that
 *              loses the tracking (a state at main's entry in B), on the
 *              callees' return conditions only, then not at all. Then
 *              weakest's or conciliated's choice.
 * Tracking: when a refinement is followed by an abstract error in no more
 * sweeps than the last one, it is counted (pds_result.untracked) and the
 * next refinement adds the strongest interpolants too (conciliated: falls
 * back to weakest's predicates from then on).
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
