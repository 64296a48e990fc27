/* Incremental SAT under assumptions with failed-assumption cores, on the
 * CaDiCaL library (libcadical-dev). For the bit-level engines (IC3 and BMC
 * on AIGs), whose many tiny queries cost too much through an SMT solver.
 *
 * Literals are 2*var + sign (sign 1 = negated). */
#ifndef ZETA_SOLVER_SAT_H
#define ZETA_SOLVER_SAT_H
#include <stdbool.h>
#include <stdint.h>

typedef struct sat sat;

static inline uint32_t sat_lit(uint32_t var, bool neg) { return 2 * var + (neg ? 1u : 0u); }
static inline uint32_t sat_neg(uint32_t lit) { return lit ^ 1u; }

sat *sat_new(void);
void sat_free(sat *s);
uint32_t sat_new_var(sat *s);
uint32_t sat_nvars(const sat *s);
/* Adds a clause (between solve calls); false once the clauses are
 * unsatisfiable without assumptions. */
bool sat_add_clause(sat *s, uint32_t n, const uint32_t *lits);
/* 1 = satisfiable, 0 = unsatisfiable under the assumptions, -1 = stopped
 * (stop(ctx) returned true; polled every few hundred conflicts). */
int sat_solve(sat *s, uint32_t n, const uint32_t *assumptions, bool (*stop)(void *), void *ctx);
/* After 1: the model's value of a literal. */
bool sat_model_value(const sat *s, uint32_t lit);
/* After 0: is assumption lit in the final conflict (a subset of the
 * assumptions that is unsatisfiable with the clauses)? */
bool sat_in_core(const sat *s, uint32_t lit);
/* Number of solve calls so far (statistics). */
uint64_t sat_solves(const sat *s);
/* Drops the clauses satisfied by the top-level assignment (e.g. those of
 * retired activation literals); call now and then between solves. */
void sat_simplify(sat *s);
#endif
