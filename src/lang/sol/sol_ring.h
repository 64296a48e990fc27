/* Ring normalization of a verification condition before Z3: the identities
 * of integer arithmetic that Z3's nonlinear solver does not find by itself
 * through the wrap-around of uint256 (`(cnt - i) * v` kept by a loop whose
 * counter steps by one: distributivity through `mod 2^256`).
 * - (mod x N), N a positive literal: x's sums and products lose their inner
 *   (mod y M) with N | M (y and (mod y M) are congruent modulo N), and x is
 *   expanded into monomials (cnt*v - i*v);
 * - a product of two non-constant factors with sums or such mods in its
 *   factors gets the lemma "each mod's argument lies in [0, M) -> the
 *   product equals its expansion with the mods dropped".
 * Both are identities over the integers, whatever Solidity arithmetic built
 * the terms (every mode's VC is integer terms with explicit mods), so the
 * result has exactly the models of t: UNSAT and SAT answers are t's. */
#ifndef ZETA_LANG_SOL_RING_H
#define ZETA_LANG_SOL_RING_H
#include "core/term.h"

term_t sol_ring_normalize(term_t t);
#endif
