/* Shared pieces of the interpolation strategies (itp_spacer.c, itp_mbp.c). */
#ifndef ZETA_SOLVER_ITP_INTERNAL_H
#define ZETA_SOLVER_ITP_INTERNAL_H
#include <z3.h>
#include "solver/itp.h"
#include "solver/z3_conv.h"

/* Symbols (variables and function symbols) shared by f[0..c] and
 * f[c+1..n-1], for each cut c = 0..n-2, in order of first occurrence.
 * NULL on allocation failure; free with itp_shared_free. */
term_vec *itp_shared_symbols(uint32_t n, const term_t *f);
void itp_shared_free(uint32_t n, term_vec *shared);

/* The strategies; same contract as itp_sequence without the final check.
 * *why receives a static reason when the answer is SOLVER_UNKNOWN. */
solver_result itp_spacer(uint32_t n, const term_t *f, const term_vec *shared, term_t *out,
                         uint32_t timeout_ms, const char **why);
solver_result itp_mbp(uint32_t n, const term_t *f, const term_vec *shared, term_t *out,
                      uint32_t timeout_ms, const char **why);

/* Tests only: called in itp_mbp's projection loop after each satisfiable
 * check (a unit test interrupts Z3 there, as the watchdog may). */
extern void (*itp_mbp_after_sat_hook)(Z3_context z);

typedef solver_result (*itp_strategy_fn)(uint32_t n, const term_t *f, const term_vec *shared,
                                        term_t *out, uint32_t timeout_ms, const char **why);
/* fn run in a forked child (Z3 may abort the process on internal errors);
 * the interpolants come back through SMT-LIB text, read in conv's context. */
solver_result itp_isolated(z3conv *conv, itp_strategy_fn fn, uint32_t n, const term_t *f, const term_vec *shared,
                           term_t *out, uint32_t timeout_ms, const char **why);

/* Tree interpolants by binary cuts (itp_tree_mbp): node k's cut is
 * f[0] = node[k] ∧ its children's interpolants, f[1] = the nodes before k
 * ∧ the interpolants of the finished subtrees elsewhere (itp[u], u > k,
 * parent[u] < k); itp[u] for u > k must be set. */
void itp_tree_cut(uint32_t m, const term_t *node, const uint32_t *parent, const term_t *itp, uint32_t k, term_t f[2]);
/* Every cut's MBP interpolant in one forked child (one fork per tree, not
 * per node: a fork costs ~70 ms of page faults on a VM), read back in
 * conv's context over syms (every symbol of the nodes) into out[1..m-1];
 * not checked. */
solver_result itp_isolated_tree(z3conv *conv, uint32_t m, const term_t *node, const uint32_t *parent,
                                const term_vec *syms, term_t *out, uint32_t timeout_ms, const char **why);

/* The three conditions and the symbol condition, checked with a Z3 solver
 * in conv's context; true when all hold. */
bool itp_check(z3conv *conv, uint32_t n, const term_t *f, const term_vec *shared, const term_t *itp, uint32_t timeout_ms);
#endif
