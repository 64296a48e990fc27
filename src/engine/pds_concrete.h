/* Concrete BDD reachability for programs with procedures (the pushdown
 * CEGAR thesis's baseline, "Moped without abstraction"): every variable
 * bit-blasted (engine/bv_bdd.h), procedure summaries computed as BDD
 * relations to a fixpoint.
 *
 * Sets, per procedure f (E: the globals and parameters at f's entry, X:
 * the globals and f's variables now; for main, E is unconstrained):
 *   reach[f][L](E, X)   reachable states of f at location L
 *   entry[f](E)         the calling contexts of f
 *   summary[f](E, G', r)  f entered with E returns with globals G' and
 *                         result r
 * The analysis is exact for programs whose variables are Booleans,
 * bit-vectors and arrays with small bit-vector indices: an error location
 * with a nonempty reach set is reachable (UNSAFE; the caller finds the
 * trace), and at the fixpoint with every error set empty the program is
 * SAFE. The SAFE evidence is the fixpoint itself, as an interpretation of
 * the predicates of the program's Horn encoding (ir/cfa_proc_chc.h), which
 * the caller re-checks with an SMT solver, independent of the bit-blasting.
 */
#ifndef ZETA_ENGINE_PDS_CONCRETE_H
#define ZETA_ENGINE_PDS_CONCRETE_H
#include "core/limits.h"
#include "core/report.h"
#include "ir/cfa_proc_chc.h"

typedef struct {
  zeta_verdict verdict;
  char reason[200];
  uint32_t sweeps;        /* rounds over all edges until the fixpoint */
  uint32_t bdd_vars;
  uint64_t peak_nodes;
  uint32_t err_proc;      /* UNSAFE: a procedure whose error location is reachable */
  term_t *interp;         /* SAFE: one interpretation per predicate of s (malloc'd) */
} pds_concrete_result;

/* Runs the analysis on p; s and m are p's Horn encoding (for the evidence). */
void pds_concrete_check(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_limits *lim,
                        pds_concrete_result *out);
#endif
