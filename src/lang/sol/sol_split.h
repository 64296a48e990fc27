/* A hard (nonlinear) verification condition decided in pieces: valid
 * division lemmas conjoined, then a case split on a variable of a
 * nonlinear product that the formula itself bounds to a few values
 * (`require(cnt <= 20)`, a loop counter below it). Both keep the formula's
 * models exactly: the lemmas hold in every integer interpretation and the
 * cases cover every value the formula allows, so UNSAT and SAT answers
 * are the formula's own. */
#ifndef ZETA_LANG_SOL_SPLIT_H
#define ZETA_LANG_SOL_SPLIT_H
#include "core/term.h"
#include "solver/solver.h"

/* For every integer (div a b) in t: b != 0 -> b*(div a b) <= a < b*(div a b) + |b|.
 * The conjunction (true when t has none). */
term_t sol_div_lemmas(term_t t);

/* t has a product of two non-constant factors or a division by a
 * non-constant (outside quantifiers): where Z3's incremental solver gets stuck. */
bool sol_nonlinear(term_t t);

/* Satisfiability of f with its division lemmas within seconds (wall), by
 * Z3's default solver, no split; *model as for sol_split_check. */
solver_result sol_lemma_check(term_t f, double seconds, solver **model);

/* Satisfiability of f within seconds (wall): f with its division lemmas,
 * then, if undecided, split on a bounded variable of a product. On SAT
 * *model is a solver holding a model of f (caller frees), else NULL. */
solver_result sol_split_check(term_t f, double seconds, solver **model);
/* f decided case by case on x's values (x in [0, 64] on every model of f,
 * else unknown): UNSAT if every case is, SAT (with *model) if one is. */
solver_result sol_split_on(term_t f, term_t x, double seconds, solver **model);
#endif
