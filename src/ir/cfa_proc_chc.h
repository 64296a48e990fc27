/* Programs with procedures (cfa_proc.h) as non-linear Horn clauses:
 * procedure summaries.
 *
 * Predicates (E: copies of the globals and parameters at the procedure's
 * entry, X: the globals and the procedure's variables now):
 *   main@L(X)               a reachable state of main at location L
 *   f@L(E, X)               f at L, entered with E (f != main)
 *   f#entry(G, P)           f is called with globals G and arguments P
 *   f#sum(E, G', r)         f entered with E returns with globals G' and
 *                           result r (r only when f returns a value)
 * Clauses: main's init (any X); f's init from f#entry (parameters = the
 * arguments, other locals arbitrary); one clause per plain edge (its
 * transition formula, cfa_path.h); per call edge, the callee's entry and
 * the return through its summary (caller locals kept, globals from the
 * summary, the result assigned); f@final gives f#sum; every error location
 * gives a query. A model is then per-procedure summaries and per-location
 * invariants; a derivation is an interprocedural run (cfa_proc_chc_trace).
 */
#ifndef ZETA_IR_CFA_PROC_CHC_H
#define ZETA_IR_CFA_PROC_CHC_H
#include "ir/cfa_proc_trace.h"
#include "ir/chc.h"
#include "ir/chc_witness.h"

typedef enum { PCHC_INIT, PCHC_ENTRY_INIT, PCHC_EDGE, PCHC_CALL, PCHC_RETURN, PCHC_SUMMARY, PCHC_ERROR } pchc_kind;

typedef struct {
  pchc_kind kind;
  uint32_t proc, edge;   /* edge: EDGE, CALL, RETURN */
} pchc_origin;

typedef struct {
  uint32_t nprocs;
  uint32_t **loc_pred;   /* loc_pred[f][l] */
  uint32_t *entry, *sum; /* CHC_FALSE for main */
  pchc_origin *origin;   /* per clause */
  uint32_t norigin;
} cfa_proc_chc_map;

/* Builds the clauses into s (initialized here) and the map. */
void cfa_proc_to_chc(const cfa_prog *p, chc_system *s, cfa_proc_chc_map *m);
void cfa_proc_chc_map_free(cfa_proc_chc_map *m);
/* The run a derivation of s (as built, not normalized) describes; false
 * when the derivation does not have the expected shape. */
bool cfa_proc_chc_trace(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const chc_derivation *d,
                        cfa_trace *out);
#endif
