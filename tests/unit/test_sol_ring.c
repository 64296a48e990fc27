/* sol_ring: the ring normalization keeps a formula's value everywhere and
 * makes the wrap-around loop checks (BecToken's batchTransfer) linear in
 * monomials. */
#include <gmp.h>
#include "check.h"
#include "core/term.h"
#include "lang/sol/sol_ring.h"
#include "solver/solver.h"

static term_t N(void) {   /* 2^256 */
  mpz_t n;
  mpz_init(n);
  mpz_ui_pow_ui(n, 2, 256);
  term_t t = term_int_mpz(n);
  mpz_clear(n);
  return t;
}

static term_t I(long v) { return term_int(v); }

/* Inside (mod _ 2^256) the inner mods go and the product is expanded:
 * (v * ((c - i) mod N)) mod N = (v*c - v*i) mod N. */
static void test_mod_expanded(void) {
  term_t v = term_var("v", type_int()), c = term_var("c", type_int()), i = term_var("i", type_int()), z = term_var("z", type_int());
  term_t f = term_eq(term_mod(term_mul2(v, term_mod(term_sub(c, i), N())), N()), z);
  term_t want = term_eq(term_mod(term_sub(term_mul2(v, c), term_mul2(v, i)), N()), z);
  CHECK(sol_ring_normalize(f) == want);
  /* a linear formula is left as it is */
  term_t lin = term_le(term_mod(term_add2(c, i), N()), z);
  CHECK(sol_ring_normalize(lin) == lin);
}

/* The value of every formula is kept at every point of a grid with
 * negative values and wrap-arounds: a mod dropped where its modulus is not
 * a multiple of the outer one (6 under 4), or a product lemma without its
 * range condition, changes some value. */
static void test_same_values(void) {
  term_t x = term_var("x", type_int()), y = term_var("y", type_int()), z = term_var("z", type_int());
  term_t fs[] = {
    term_le(term_mod(term_add2(term_mul2(term_mod(x, I(8)), y), z), I(4)), I(1)),             /* 4 | 8: dropped */
    term_le(term_mod(term_add2(term_mod(x, I(6)), y), I(4)), I(1)),                          /* 4 does not divide 6: kept */
    term_eq(term_mul2(y, term_mod(term_sub(x, z), I(5))), I(3)),                             /* a product lemma under 0 <= x - z < 5 */
    term_le(term_mod(term_mul2(y, term_mod(term_sub(x, term_mod(term_add2(z, I(1)), I(7))), I(7))), I(7)), I(2)),
    term_eq(term_mod(term_mul2(term_sub(x, y), term_add2(x, y)), I(3)), z),                  /* distributivity */
    term_lt(term_add2(term_mul2(y, term_mod(term_sub(x, z), I(9))), term_mod(term_mul2(z, term_mod(x, I(4))), I(2))), I(7)),
  };
  term_t vars[3] = {x, y, z};
  for (unsigned k = 0; k < sizeof fs / sizeof fs[0]; k++) {
    term_t g = sol_ring_normalize(fs[k]);
    if (k == 1) CHECK(g == fs[k]);
    if (k == 2 || k == 3) CHECK(g != fs[k]);
    int bad = 0;
    for (long a = -5; a <= 10; a++)
      for (long b = -5; b <= 10; b++)
        for (long c = -5; c <= 10; c++) {
          term_t vals[3] = {I(a), I(b), I(c)};
          term_t ef = term_eval(fs[k], 3, vars, vals), eg = term_eval(g, 3, vars, vals);
          if (ef == NULL_TERM || ef != eg) bad++;
        }
    if (bad) fprintf(stderr, "formula %u: %d points differ\n", k, bad);
    CHECK(bad == 0);
  }
}

/* BecToken's loop: totalSupply == sum + (cnt - i) * v, its computation
 * not overflowing, kept by one iteration (sum += v, i++) in uint256
 * wrap-around arithmetic. Normalized: UNSAT (the invariant and its
 * no-overflow are kept) in a few seconds; with sum += v + 1: SAT. */
static term_t in_range(term_t x) { return term_and2(term_le(I(0), x), term_lt(x, N())); }

static term_t loop_step(bool keep_overflow, long extra) {
  term_t v = term_var("v", type_int()), c = term_var("c", type_int()), i = term_var("i", type_int());
  term_t s = term_var("s", type_int()), t = term_var("t", type_int());
  term_t d1 = term_sub(c, i), p1 = term_mul2(v, term_mod(d1, N())), s1 = term_add2(s, term_mod(p1, N()));
  term_t s2 = term_add(3, (term_t[]){s, v, I(extra)}), i2 = term_mod(term_add2(i, I(1)), N());
  term_t d2 = term_sub(c, i2), p2 = term_mul2(v, term_mod(d2, N())), s3 = term_add2(term_mod(s2, N()), term_mod(p2, N()));
  term_t hyp = term_and(13, (term_t[]){in_range(v), in_range(c), in_range(i), in_range(s), term_lt(I(0), v), term_le(c, I(20)), term_lt(i, c),
                                      in_range(d1), in_range(p1), in_range(s1), term_eq(t, term_mod(s1, N())), in_range(s2),
                                      term_le(I(0), I(extra))});
  term_t goal = keep_overflow ? term_and(3, (term_t[]){in_range(d2), in_range(p2), in_range(s3)}) : term_eq(t, term_mod(s3, N()));
  return term_and2(hyp, term_not(goal));
}

static void test_loop_keep(void) {
  CHECK(solver_check_formula(sol_ring_normalize(loop_step(false, 0)), 20000) == SOLVER_UNSAT);
  CHECK(solver_check_formula(sol_ring_normalize(loop_step(true, 0)), 20000) == SOLVER_UNSAT);
  CHECK(solver_check_formula(sol_ring_normalize(loop_step(false, 1)), 20000) == SOLVER_SAT);
}

int main(void) {
  RUN(test_mod_expanded);
  RUN(test_same_values);
  RUN(test_loop_keep);
  return CHECK_DONE();
}
