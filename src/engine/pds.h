/* Programs with procedures checked with BDDs: the pushdown-CEGAR thesis's
 * engine (--algorithm pds).
 *
 * The loop (--pds-refine other than concrete):
 * 1. The abstract Boolean pushdown system of the current predicates
 *    (engine/pds_abs.h: predicates localized per control point, entry,
 *    pivot and effect; initially none, i.e. control flow only; abstract
 *    rules by existential abstraction over BDDs).
 * 2. post* saturation of its P-automaton with a witness graph
 *    (engine/pds_post.h). No error location reached: SAFE.
 * 3. The DAG of abstract counterexamples from the first error increment
 *    (engine/pds_cex.h); strongest interpolants top-down: when the error
 *    node's set is not empty the DAG is real: UNSAFE with the run
 *    (pds_result.trace, from the concrete states picked backwards).
 * 4. Otherwise interpolants per DAG node by the heuristic, added as
 *    predicates (the tracking property holds by construction; re-checked
 *    by running the DAG on the refined abstraction, counted in
 *    pds_result.untracked); back to 1.
 * --pds-refine concrete: the concrete BDD summaries (engine/pds_conc.h),
 * the thesis's "Moped without abstraction"; UNSAFE there has no trace.
 *
 * SAFE evidence: the reachable states as interpretations of the predicates
 * of the program's Horn encoding (ir/cfa_proc_chc.h) for the caller to
 * re-check with an SMT solver, independent of the bit-blasting: per
 * location the concrete states of its reachable abstract states (with the
 * entry's abstract state over the input copies), per procedure its calling
 * contexts and its effects.
 */
#ifndef ZETA_ENGINE_PDS_H
#define ZETA_ENGINE_PDS_H
#include "core/limits.h"
#include "core/report.h"
#include "engine/pds_cex.h"
#include "ir/cfa_proc_chc.h"

/* Concrete sets as BDDs, as formulas with the SMT solver (engine/pds_smt.h),
 * or BDDs when every variable has a BDD encoding. */
typedef enum { PDS_SETS_AUTO, PDS_SETS_BDD, PDS_SETS_SMT } pds_sets_kind;

typedef struct {
  zeta_verdict verdict;
  bool smt;               /* the sets were formulas */
  char reason[200];
  uint32_t sweeps;        /* concrete: rounds over all edges */
  uint32_t cycles;        /* refinement cycles */
  uint32_t max_preds;     /* most predicates at one symbol */
  uint32_t untracked;     /* refinements whose DAG the refined abstraction still follows (0 by construction) */
  bool rechecked;         /* untracked was counted (pds_check's recheck) */
  uint32_t witnesses;     /* label increments of the last saturation */
  uint32_t dag_nodes;     /* nodes of the last counterexample DAG */
  double cpu;             /* CPU seconds of the analysis (BuDDy's set-up and the evidence's SMT check excluded) */
  uint32_t bdd_vars;
  uint64_t peak_nodes;
  term_t *interp;         /* SAFE: one interpretation per predicate of s (malloc'd) */
  cfa_trace trace;        /* UNSAFE from the abstraction: the run (not yet replayed) */
} pds_result;

/* Runs the analysis on p; s and m are p's Horn encoding (for the evidence).
 * recheck: after each refinement, run the DAG on the refined abstraction
 * (pds_dag_excluded; counts untracked): the tracking property holds by
 * construction, so this is a test of the engine (unit tests, --validate),
 * ~5% of a small run. */
void pds_check(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_limits *lim,
               pds_refine_mode mode, pds_sets_kind sets, bool recheck, pds_result *out);
void pds_result_free(pds_result *r);
#endif
