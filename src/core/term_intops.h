/* Programming languages' integer operations over SMT integers (C's and
 * Solidity's truncating division and remainder, products, bitwise ops on
 * two's complement patterns). Where a divisor or a factor has a small
 * range that its shape alone implies (a remainder by a constant, sums and
 * multiples of such), the operation becomes a choice over that range's
 * values, which is linear: Z3 and Spacer give up on division by a
 * variable. Every rewrite is an identity over the integers. */
#ifndef ZETA_TERM_INTOPS_H
#define ZETA_TERM_INTOPS_H
#include <stdbool.h>
#include "core/term.h"

#define TERM_SPLIT_VALUES 16   /* at most this many values in a choice */

/* The integer 2^k. */
term_t term_pow2(uint32_t k);

/* The range [lo, hi] of t's values in every model, from t's shape only
 * (no variable bounds); false when none is known. */
bool term_shape_range(term_t t, long *lo, long *hi);

/* a / b and a % b truncating towards zero (C, Solidity); exact for
 * b != 0 (callers make b = 0 revert or undefined). */
term_t term_trunc_div(term_t a, term_t b);
term_t term_trunc_rem(term_t a, term_t b);

/* a * b; a choice over the values of a factor with a small range when
 * both are non-constant. */
term_t term_product_split(term_t a, term_t b);

/* The value (an integer in [0, 2^bits)) of the bitwise op (OP_BVAND,
 * OP_BVOR, OP_BVXOR) of a's and b's bits-bit two's complement patterns,
 * without bit-vectors when one side is a constant (a mask's runs of ones
 * are differences of remainders by powers of 2) or has a small range (a
 * choice over its values); NULL_TERM otherwise. */
term_t term_bitop_int(term_op op, uint32_t bits, term_t a, term_t b);

#endif
