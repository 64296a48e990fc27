/* The parts of solc-verify's annotation language that are not Solidity
 * expressions, rewritten into Solidity so that solc resolves and types
 * them like the rest (see sol_annot.h):
 *   forall (T1 x1, ...) B    ->  __zeta_all(M, B)
 *   exists (T1 x1, ...) B    ->  __zeta_ex(M, B)
 *   property(a) (i, ...) B   ->  __zeta_all(M, !(0 <= i && i < (a).length && ...) || (B))
 *   __verifier_eq(A, B)      ->  __zeta_eq(K)
 *   __verifier_sum_uint(A)   ->  __zeta_sum(K)   (_int: __zeta_sumi)
 * A quantifier's variables are the declarations k (bit k of the mask M,
 * one declaration per name) of the block the marker is put into; the operands of the verifier functions
 * are that block's expression statements K (and K+1). A quantifier's body reaches as far
 * right as possible (to the end of its parenthesised group). */
#ifndef ZETA_LANG_SOL_QUANT_H
#define ZETA_LANG_SOL_QUANT_H
#include <stdbool.h>

/* e rewritten: *pre = the declarations and statements the marker's block
 * needs first ("" if none), *out = the expression (both malloc'ed).
 * Returns false with *why when e uses these forms in a way not handled
 * (a variable name bound with two types, more than 32 variables,
 * unbalanced parentheses). */
bool sol_quant_rewrite(const char *e, char **pre, char **out, const char **why);
/* solc-verify's specification cases `[ case P1: Q1; ... case Pn: Qn; ]`
 * as one postcondition: each Pk at the entry implies Qk, and where none
 * held the state is unchanged (__zeta_noop(0)). NULL if e is not of that
 * form. */
bool sol_quant_cases(const char *e, char **out);
#endif
