/* term_intops: truncating / and %, products and bitwise ops keep their
 * values everywhere, and a divisor or factor whose shape bounds it to a
 * few values (a remainder by a constant) leaves no nonlinear term. */
#include <stdio.h>
#include "check.h"
#include "core/term.h"
#include "core/term_intops.h"

static term_t I(long v) { return term_int(v); }

static long eval_long(term_t t, uint32_t n, const term_t *vars, const term_t *vals, bool *ok) {
  term_t e = term_eval(t, n, vars, vals);
  long v = 0;
  *ok = e != NULL_TERM && term_is_const(e);
  if (*ok) {
    mpq_t q;
    mpq_init(q);
    term_rat_value(e, q);
    v = mpz_get_si(mpq_numref(q));
    mpq_clear(q);
  }
  return v;
}

static long emod(long a, long m) { return ((a % m) + m) % m; }

/* no mod/div by a non-constant, no product of two non-constants */
static bool linear(term_t t) {
  term_op op = term_op_of(t);
  if ((op == OP_MOD || op == OP_IDIV) && !term_is_const(term_arg(t, 1))) return false;
  if (op == OP_MUL) {
    int nonconst = 0;
    for (uint32_t i = 0; i < term_nargs(t); i++) nonconst += !term_is_const(term_arg(t, i));
    if (nonconst > 1) return false;
  }
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (!linear(term_arg(t, i))) return false;
  return true;
}

static void test_ranges(void) {
  term_t x = term_var("x", type_int()), y = term_var("y", type_int());
  long lo, hi;
  CHECK(term_shape_range(term_mod(x, I(7)), &lo, &hi) && lo == 0 && hi == 6);
  CHECK(term_shape_range(term_add2(term_mod(x, I(7)), I(1)), &lo, &hi) && lo == 1 && hi == 7);
  CHECK(term_shape_range(term_mul2(I(-2), term_mod(x, I(3))), &lo, &hi) && lo == -4 && hi == 0);
  CHECK(term_shape_range(term_ite(term_lt(x, y), I(-3), term_mod(y, I(2))), &lo, &hi) && lo == -3 && hi == 1);
  CHECK(!term_shape_range(x, &lo, &hi));
  CHECK(!term_shape_range(term_add2(x, term_mod(y, I(2))), &lo, &hi));
  /* mod by something that may be 0 has no known range */
  CHECK(!term_shape_range(term_mod(y, term_mod(x, I(3))), &lo, &hi));
}

/* truncation towards zero as C99 has it, on a grid with negative values,
 * for a divisor with a small range and for a plain variable divisor */
static void test_values(void) {
  term_t a = term_var("a", type_int()), s = term_var("s", type_int()), b = term_var("b", type_int());
  term_t small = term_add2(term_mod(s, I(7)), I(-3));   /* -3 .. 3 */
  term_t rem_small = term_trunc_rem(a, small), div_small = term_trunc_div(a, small);
  term_t rem_var = term_trunc_rem(a, b), div_var = term_trunc_div(a, b);
  term_t prod = term_product_split(a, term_mod(s, I(5))), prod2 = term_product_split(term_mod(s, I(4)), term_mod(b, I(6)));
  CHECK(linear(rem_small) && linear(div_small) && linear(prod) && linear(prod2));
  CHECK(!linear(rem_var));
  term_t vars[3] = {a, s, b};
  int bad = 0;
  for (long av = -20; av <= 20; av++)
    for (long sv = -9; sv <= 9; sv++)
      for (long bv = -6; bv <= 6; bv++) {
        term_t vals[3] = {I(av), I(sv), I(bv)};
        long d = emod(sv, 7) - 3;
        bool ok;
        if (d != 0) {
          if (eval_long(rem_small, 3, vars, vals, &ok) != av % d || !ok) bad++;
          if (eval_long(div_small, 3, vars, vals, &ok) != av / d || !ok) bad++;
        }
        if (bv != 0) {
          if (eval_long(rem_var, 3, vars, vals, &ok) != av % bv || !ok) bad++;
          if (eval_long(div_var, 3, vars, vals, &ok) != av / bv || !ok) bad++;
        }
        if (eval_long(prod, 3, vars, vals, &ok) != av * emod(sv, 5) || !ok) bad++;
        if (eval_long(prod2, 3, vars, vals, &ok) != emod(sv, 4) * emod(bv, 6) || !ok) bad++;
      }
  if (bad) fprintf(stderr, "%d values differ\n", bad);
  CHECK(bad == 0);
}

/* bitwise ops with a constant or a small-range side against the
 * bit-vector definition, for 8-bit patterns of values of either sign */
static void test_bitops(void) {
  term_t x = term_var("x", type_int()), s = term_var("s", type_int());
  term_op ops[3] = {OP_BVAND, OP_BVOR, OP_BVXOR};
  long cs[] = {0, 1, 3, 7, 100, 200, 255, 0x5A, -1, 300};
  term_t vars[2] = {x, s};
  int bad = 0, n = 0;
  for (int k = 0; k < 3; k++) {
    term_t fs[12], bvs[12];
    int nf = 0;
    for (unsigned j = 0; j < sizeof cs / sizeof cs[0]; j++) {
      fs[nf] = term_bitop_int(ops[k], 8, x, I(cs[j]));
      bvs[nf++] = term_bv2nat(term_bvop2(ops[k], term_nat2bv(8, x), term_nat2bv(8, I(cs[j]))));
    }
    term_t small = term_add2(term_mod(s, I(5)), I(1));   /* 1 .. 5 */
    fs[nf] = term_bitop_int(ops[k], 8, small, x);
    bvs[nf++] = term_bv2nat(term_bvop2(ops[k], term_nat2bv(8, small), term_nat2bv(8, x)));
    CHECK(term_bitop_int(ops[k], 8, x, s) == NULL_TERM);   /* two unbounded sides: bit-vectors stay */
    CHECK(term_bitop_int(ops[k], 40, x, I(0x5555555555L)) == NULL_TERM);   /* 20 runs of ones: bit-vectors stay */
    for (int f = 0; f < nf; f++) {
      CHECK(fs[f] != NULL_TERM && linear(fs[f]));
      for (long xv = -300; xv <= 300; xv += 7)
        for (long sv = -3; sv <= 3; sv++) {
          term_t vals[2] = {I(xv), I(sv)};
          bool ok1, ok2;
          long got = eval_long(fs[f], 2, vars, vals, &ok1), want = eval_long(bvs[f], 2, vars, vals, &ok2);
          n++;
          if (!ok1 || !ok2 || got != want) bad++;
        }
    }
  }
  if (bad) fprintf(stderr, "%d of %d values differ\n", bad, n);
  CHECK(bad == 0);
}

/* A counter after n sequential ifs: n nested ites over shared operands.
 * Its range [0, n] comes in time linear in the DAG (without the memo the
 * walk took 2^n paths and this test did not end). */
static void test_shared_dag(void) {
  term_t x = term_int(0);
  for (int i = 0; i < 60; i++) {
    char name[16];
    snprintf(name, sizeof name, "c%d", i);
    x = term_ite(term_var(name, type_bool()), term_add2(x, I(1)), x);
  }
  long lo, hi;
  CHECK(term_shape_range(x, &lo, &hi) && lo == 0 && hi == 60);
}

int main(void) {
  RUN(test_shared_dag);
  RUN(test_bitops);
  RUN(test_ranges);
  RUN(test_values);
  return CHECK_DONE();
}
