#include "lang/sol/sol_arith_split.h"
#include <gmp.h>
#include <stdlib.h>

#define RANGE_MAX (1L << 24)   /* bounds beyond this are not tracked (no overflow below) */

static bool small_int(term_t t, long *v) {
  if (!term_is_const(t) || term_type(t) != type_int()) return false;
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  bool ok = mpz_cmpabs_ui(mpq_numref(q), RANGE_MAX) <= 0;
  if (ok) *v = mpz_get_si(mpq_numref(q));
  mpq_clear(q);
  return ok;
}

static bool bounded(long lo, long hi) { return lo >= -RANGE_MAX && hi <= RANGE_MAX; }

static void mul_range(long alo, long ahi, long blo, long bhi, long *lo, long *hi) {
  long p[4] = {alo * blo, alo * bhi, ahi * blo, ahi * bhi};
  *lo = *hi = p[0];
  for (int i = 1; i < 4; i++) {
    if (p[i] < *lo) *lo = p[i];
    if (p[i] > *hi) *hi = p[i];
  }
}

bool sol_shape_range(term_t t, long *lo, long *hi) {
  long v;
  if (small_int(t, &v)) { *lo = *hi = v; return true; }
  if (term_type(t) != type_int()) return false;
  long alo, ahi, blo, bhi;
  switch (term_op_of(t)) {
  case OP_ADD:
  case OP_MUL: {
    bool add = term_op_of(t) == OP_ADD;
    *lo = *hi = add ? 0 : 1;
    for (uint32_t i = 0; i < term_nargs(t); i++) {
      if (!sol_shape_range(term_arg(t, i), &alo, &ahi)) return false;
      if (add) *lo += alo, *hi += ahi;
      else mul_range(*lo, *hi, alo, ahi, lo, hi);
      if (!bounded(*lo, *hi)) return false;
    }
    return true;
  }
  case OP_ITE:
    if (!sol_shape_range(term_arg(t, 1), &alo, &ahi) || !sol_shape_range(term_arg(t, 2), &blo, &bhi)) return false;
    *lo = alo < blo ? alo : blo, *hi = ahi > bhi ? ahi : bhi;
    return true;
  case OP_MOD:   /* 0 <= (mod a b) < |b| for b != 0 */
    if (!sol_shape_range(term_arg(t, 1), &blo, &bhi) || (blo <= 0 && bhi >= 0)) return false;
    *lo = 0, *hi = (labs(blo) > labs(bhi) ? labs(blo) : labs(bhi)) - 1;
    return true;
  default:
    return false;
  }
}

/* f(other, v) chosen by the value v of x in [lo, hi]; divisors leave 0
 * out (the callers make b = 0 revert). The last value is the default:
 * NULL_TERM when there is none. */
static term_t choice(term_t x, long lo, long hi, bool skip_zero, term_t (*f)(term_t, term_t), term_t other) {
  term_t r = NULL_TERM;
  for (long v = hi; v >= lo; v--) {
    if (skip_zero && v == 0) continue;
    term_t fv = f(other, term_int(v));
    r = r == NULL_TERM ? fv : term_ite(term_eq(x, term_int(v)), fv, r);
  }
  return r;
}

static bool splits(term_t b, long *lo, long *hi) {
  return !term_is_const(b) && sol_shape_range(b, lo, hi) && *hi - *lo < SOL_SPLIT_VALUES;
}

static term_t idiv_by(term_t a, term_t v) { return term_idiv(a, v); }
static term_t mod_by(term_t a, term_t v) { return term_mod(a, v); }
static term_t mul_by(term_t a, term_t v) { return term_mul2(a, v); }

/* SMT-LIB's div and mod with b's small range split */
static term_t smt_divmod(bool div, term_t a, term_t b) {
  long lo, hi;
  term_t r = splits(b, &lo, &hi) ? choice(b, lo, hi, true, div ? idiv_by : mod_by, a) : NULL_TERM;
  if (r != NULL_TERM) return r;
  return div ? term_idiv(a, b) : term_mod(a, b);
}

static bool nonneg(term_t a) {
  long lo, hi;
  return sol_shape_range(a, &lo, &hi) && lo >= 0;
}

/* For b != 0, SMT-LIB's div and mod are Euclidean (0 <= mod < |b|), so
 * truncation is them on |a| with a's sign put back. */
term_t sol_trunc_div(term_t a, term_t b) {
  if (nonneg(a)) return smt_divmod(true, a, b);
  return term_ite(term_ge(a, term_int(0)), smt_divmod(true, a, b), term_neg(smt_divmod(true, term_neg(a), b)));
}

term_t sol_trunc_rem(term_t a, term_t b) {
  if (nonneg(a)) return smt_divmod(false, a, b);
  return term_ite(term_ge(a, term_int(0)), smt_divmod(false, a, b), term_neg(smt_divmod(false, term_neg(a), b)));
}

term_t sol_product(term_t a, term_t b) {
  long alo, ahi, blo, bhi;
  if (term_is_const(a) || term_is_const(b)) return term_mul2(a, b);
  bool sa = splits(a, &alo, &ahi), sb = splits(b, &blo, &bhi);
  if (sb && (!sa || bhi - blo < ahi - alo)) return choice(b, blo, bhi, false, mul_by, a);
  if (sa) return choice(a, alo, ahi, false, mul_by, b);
  return term_mul2(a, b);
}
