/* sol_split: division lemmas and case splits keep a formula's answer. */
#include <gmp.h>
#include "check.h"
#include "core/term.h"
#include "lang/sol/sol_split.h"
#include "solver/solver.h"

static term_t N(void) {   /* 2^256 */
  mpz_t n;
  mpz_init(n);
  mpz_ui_pow_ui(n, 2, 256);
  term_t t = term_int_mpz(n);
  mpz_clear(n);
  return t;
}

/* The lemma of (div x y) holds for every sign of x and y (and y = 0). */
static void test_lemma_valid(void) {
  term_t x = term_var("x", type_int()), y = term_var("y", type_int());
  term_t l = sol_div_lemmas(term_idiv(x, y));
  CHECK(!term_is_true(l));
  long vals[] = {-7, -3, -1, 0, 1, 3, 7};
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7; j++) {
      term_t from[2] = {x, y}, to[2] = {term_int(vals[i]), term_int(vals[j])};
      term_t li = term_subst(l, 2, from, to);
      solver *z = solver_new_z3();
      solver_assert(z, term_not(li));
      CHECK(solver_check(z) == SOLVER_UNSAT);
      solver_free(z);
    }
}

/* SafeMath: c = (a*b) mod 2^256, a != 0, c div a == b: no wrap (UNSAT with
 * a*b >= 2^256). Without the equality the product may wrap (SAT, and the
 * model's product is >= 2^256): the lemma constrains the division only. */
static void test_safemath(void) {
  term_t a = term_var("a", type_int()), b = term_var("b", type_int());
  term_t ab = term_mul2(a, b), c = term_mod(ab, N());
  term_t range = term_and(4, (term_t[]){term_ge(a, term_int(1)), term_lt(a, N()), term_ge(b, term_int(0)), term_lt(b, N())});
  term_t wraps = term_ge(ab, N());
  solver *m = NULL;
  CHECK(sol_split_check(term_and(3, (term_t[]){range, wraps, term_eq(term_idiv(c, a), b)}), 20, &m) == SOLVER_UNSAT);
  CHECK(m == NULL);
  CHECK(sol_split_check(term_and(3, (term_t[]){range, wraps, term_not(term_eq(term_idiv(c, a), b))}), 20, &m) == SOLVER_SAT);
  solver_free(m);
}

/* A split on x in [0, 20]: x^3 = 19^3 is SAT, x^3 = 19^3 + 1 UNSAT. */
static void test_split(void) {
  term_t x = term_var("x", type_int());
  term_t cube = term_mul(3, (term_t[]){x, x, x});
  term_t range = term_and2(term_ge(x, term_int(0)), term_le(x, term_int(20)));
  solver *m = NULL;
  CHECK(sol_split_check(term_and2(range, term_eq(cube, term_int(6859))), 20, &m) == SOLVER_SAT);
  solver_free(m);
  CHECK(sol_split_check(term_and2(range, term_eq(cube, term_int(6860))), 20, &m) == SOLVER_UNSAT);
}

/* The cases cover x's whole range, its ends included ([3, 17] here), and
 * nothing beyond: x^3 = 17^3 SAT with x = 17, = 2^3 UNSAT. (No case
 * that runs into a timeout here: Z3 4.8.12's default solver can hang when
 * its timer fires under ASan, see docs/STATUS-sol-modular.md.) */
static void test_split_ends(void) {
  term_t x = term_var("x", type_int());
  term_t cube = term_mul(3, (term_t[]){x, x, x});
  term_t range = term_and2(term_ge(x, term_int(3)), term_le(x, term_int(17)));
  solver *m = NULL;
  CHECK(sol_split_on(term_and2(range, term_eq(cube, term_int(4913))), x, 20, &m) == SOLVER_SAT);
  CHECK(m && solver_value(m, x) == term_int(17));
  solver_free(m);
  CHECK(sol_split_on(term_and2(range, term_eq(cube, term_int(8))), x, 20, &m) == SOLVER_UNSAT);
}

/* The top of the range (x = 64, MAX_VALUE) and a range Z3 bounds only
 * coarsely (x in [33, 64]: the halving stops at 32) are cases too. */
static void test_split_top(void) {
  term_t x = term_var("x", type_int());
  term_t cube = term_mul(3, (term_t[]){x, x, x});
  term_t range = term_and2(term_ge(x, term_int(33)), term_le(x, term_int(64)));
  solver *m = NULL;
  CHECK(sol_split_on(term_and2(range, term_eq(cube, term_int(262144))), x, 20, &m) == SOLVER_SAT);
  CHECK(m && solver_value(m, x) == term_int(64));
  solver_free(m);
  CHECK(sol_split_on(term_and2(range, term_eq(cube, term_int(262145))), x, 20, &m) == SOLVER_UNSAT);
}

/* What counts as nonlinear (pass 1 sends it to both solvers briefly). */
static void test_nonlinear(void) {
  term_t x = term_var("x", type_int()), y = term_var("y", type_int()), z = term_var("z", type_int());
  CHECK(sol_nonlinear(term_eq(term_mul2(x, y), z)));
  CHECK(!sol_nonlinear(term_eq(term_mul2(x, term_int(3)), z)));
  CHECK(sol_nonlinear(term_eq(term_idiv(x, y), z)));
  CHECK(sol_nonlinear(term_eq(term_mod(x, y), z)));
  CHECK(!sol_nonlinear(term_eq(term_mod(x, N()), z)));
  CHECK(!sol_nonlinear(term_le(term_add2(x, y), z)));
}

int main(void) {
  RUN(test_nonlinear);
  RUN(test_split_top);
  RUN(test_split_ends);
  RUN(test_lemma_valid);
  RUN(test_safemath);
  RUN(test_split);
  return CHECK_DONE();
}
