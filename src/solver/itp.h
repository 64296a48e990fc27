/* Craig interpolation on top of Z3 4.8.12, which has no interpolation API.
 *
 * Sequence interpolants for F1 ∧ … ∧ Fn unsat: I1..In-1 with F1 ⇒ I1,
 * Ik ∧ Fk+1 ⇒ Ik+1, In-1 ∧ Fn unsat, each Ik over the symbols shared by
 * F1..Fk and Fk+1..Fn. Strategies:
 *   ITP_SPACER  the chain as a linear CHC system solved by Z3's Spacer;
 *   ITP_MBP     model-based projection of prefix models onto the shared
 *               symbols, each cube generalized against the suffix with cores;
 *   ITP_AUTO    one, falling back to the other when it cannot answer
 *               (Spacer first for arithmetic sequences under 50 formulas,
 *               MBP first otherwise and always with bit-vectors).
 * An explicit strategy is tried first and the other is the fallback.
 * Every returned interpolant has been checked (the three conditions and the
 * symbols) with Z3. Each strategy runs in a forked child process, because
 * Z3 4.8.12 aborts the process on some internal errors in Spacer and MBP.
 */
#ifndef ZETA_SOLVER_ITP_H
#define ZETA_SOLVER_ITP_H
#include "solver/solver.h"

typedef enum { ITP_AUTO, ITP_SPACER, ITP_MBP } itp_strategy;

/* Parses "auto" | "spacer" | "mbp". */
bool itp_strategy_parse(const char *s, itp_strategy *out);

/* n >= 2 formulas. On SOLVER_UNSAT out[0..n-2] hold the interpolants.
 * SOLVER_SAT: the conjunction is satisfiable. SOLVER_UNKNOWN: no strategy
 * could answer within timeout_ms for the whole call (0 = none): the
 * fallback gets what the first strategy left. */
solver_result itp_sequence(itp_strategy st, uint32_t n, const term_t *f, term_t *out,
                           uint32_t timeout_ms);
/* Strategy runs started in this process (each one a forked child). */
uint64_t itp_strategy_runs(void);
/* One strategy (ITP_SPACER or ITP_MBP), no fallback; *why (may be NULL)
 * receives a static reason when the answer is SOLVER_UNKNOWN. */
solver_result itp_sequence_only(itp_strategy st, uint32_t n, const term_t *f, term_t *out,
                                uint32_t timeout_ms, const char **why);
/* Tree interpolants by model-based projection: node[0..m-1] (m >= 2) the
 * formulas of a tree's nodes, node 0 the root, parent[k] < k for k >= 1
 * (preorder); node k shares symbols only with its parent and children.
 * On SOLVER_UNSAT out[k], k >= 1, over the symbols node k's subtree
 * shares with the rest, is implied by node[k] and its children's
 * interpolants, and out[k] of the root's children ∧ node[0] is unsat: each
 * found as a binary interpolant, children before parents, all in one
 * forked child, and each checked. *why (may be NULL) as itp_sequence_only. */
solver_result itp_tree_mbp(uint32_t m, const term_t *node, const uint32_t *parent, term_t *out,
                           uint32_t timeout_ms, const char **why);
solver_result itp_binary(itp_strategy st, term_t a, term_t b, term_t *out, uint32_t timeout_ms);
#endif
