/* Propositional refutation with a proof: CaDiCaL solves a CNF while its
 * learned clauses are recorded as a DRUP proof, which rup.c then checks.
 *
 * Debian's CaDiCaL (1.5.3) has proof tracing only in its C++ API
 * (Solver::trace_proof); its C API offers the learned-clause callback of
 * IPASIR. With the inprocessing that derives clauses outside conflict
 * analysis switched off (elimination, subsumption, vivification, probing,
 * on-the-fly strengthening, ...), every clause CaDiCaL derives is a learned
 * clause, each RUP with respect to the clauses before it; the recorded
 * sequence plus the empty clause is the proof. Nothing relies on that
 * argument: the proof is checked, and an unchecked proof is no proof.
 *
 * CNFs and proofs are DIMACS literal arrays, each clause ended by 0. */
#ifndef ZETA_CERT_SAT_REFUTE_H
#define ZETA_CERT_SAT_REFUTE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct { int *data; size_t size, cap; } int_vec;
void int_vec_push(int_vec *v, int x);
void int_vec_free(int_vec *v);

/* 0 = unsatisfiable (proof filled, ending with the empty clause "0"),
 * 1 = satisfiable (model[v] = 1 or -1 for v = 1..nvars when model is not
 * NULL), -1 = stopped (stop(ctx) returned true) or error. */
int sat_refute(const int_vec *cnf, int_vec *proof, signed char *model, uint32_t nvars, bool (*stop)(void *), void *ctx);
/* Checks proof against cnf with rup.c; true when it refutes cnf. */
bool sat_proof_check(const int_vec *cnf, const int_vec *proof, char *why, uint32_t whylen);
/* The same, giving up (false, why says so) after the monotonic time
 * deadline (limits_now(); 0 = none). */
bool sat_proof_check_until(const int_vec *cnf, const int_vec *proof, double deadline, char *why, uint32_t whylen);
#endif
