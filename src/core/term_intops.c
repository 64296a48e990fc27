#include "core/term_intops.h"
#include <gmp.h>
#include <stdlib.h>
#include "core/alloc.h"
#include "core/term_map.h"

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

/* Ranges memoized per query: terms are DAGs (a counter after n sequential
 * ifs is n nested ites over shared operands: 2^n paths without memo). */
typedef struct {
  term_map seen;     /* term -> index into lh, or NO_RANGE */
  long (*lh)[2];
  uint32_t n, cap;
} range_memo;
#define NO_RANGE (-2)

static bool shape(range_memo *m, term_t t, long *lo, long *hi);

static bool shape_of(range_memo *m, term_t t, long *lo, long *hi) {
  long v, alo, ahi, blo, bhi;
  if (small_int(t, &v)) { *lo = *hi = v; return true; }
  if (term_type(t) != type_int()) return false;
  switch (term_op_of(t)) {
  case OP_ADD:
  case OP_MUL: {
    bool add = term_op_of(t) == OP_ADD;
    *lo = *hi = add ? 0 : 1;
    for (uint32_t i = 0; i < term_nargs(t); i++) {
      if (!shape(m, term_arg(t, i), &alo, &ahi)) return false;
      if (add) *lo += alo, *hi += ahi;
      else mul_range(*lo, *hi, alo, ahi, lo, hi);
      if (!bounded(*lo, *hi)) return false;
    }
    return true;
  }
  case OP_ITE:
    if (!shape(m, term_arg(t, 1), &alo, &ahi) || !shape(m, term_arg(t, 2), &blo, &bhi)) return false;
    *lo = alo < blo ? alo : blo, *hi = ahi > bhi ? ahi : bhi;
    return true;
  case OP_MOD:   /* 0 <= (mod a b) < |b| for b != 0 */
    if (!shape(m, term_arg(t, 1), &blo, &bhi) || (blo <= 0 && bhi >= 0)) return false;
    *lo = 0, *hi = (labs(blo) > labs(bhi) ? labs(blo) : labs(bhi)) - 1;
    return true;
  default:
    return false;
  }
}

static bool shape(range_memo *m, term_t t, long *lo, long *hi) {
  int32_t k = term_map_get(&m->seen, t);
  if (k == NO_RANGE) return false;
  if (k >= 0) { *lo = m->lh[k][0], *hi = m->lh[k][1]; return true; }
  bool ok = shape_of(m, t, lo, hi);
  if (ok) {
    if (m->n == m->cap) m->lh = xrealloc(m->lh, (m->cap = m->cap ? 2 * m->cap : 16) * sizeof *m->lh);
    m->lh[m->n][0] = *lo, m->lh[m->n][1] = *hi;
  }
  term_map_put(&m->seen, t, ok ? (int32_t)m->n++ : NO_RANGE);
  return ok;
}

bool term_shape_range(term_t t, long *lo, long *hi) {
  range_memo m = {0};
  term_map_init(&m.seen);
  bool ok = shape(&m, t, lo, hi);
  term_map_free(&m.seen);
  free(m.lh);
  return ok;
}

/* an operation with one side fixed to a value: OP_IDIV, OP_MOD, OP_MUL
 * or a bitwise op over bits-bit patterns */
typedef struct { term_op op; uint32_t bits; } split_op;

static term_t bitop_const(term_op op, uint32_t bits, term_t x, term_t c);

static term_t apply(split_op o, term_t x, term_t v) {
  switch (o.op) {
  case OP_IDIV: return term_idiv(x, v);
  case OP_MOD: return term_mod(x, v);
  case OP_MUL: return term_mul2(x, v);
  default: return bitop_const(o.op, o.bits, x, v);
  }
}

/* o(other, v) chosen by the value v of x in [lo, hi]; divisors leave 0
 * out (the callers make b = 0 revert). The last value is the default:
 * NULL_TERM when there is none. */
static term_t choice(term_t x, long lo, long hi, split_op o, term_t other) {
  bool skip_zero = o.op == OP_IDIV || o.op == OP_MOD;
  term_t r = NULL_TERM;
  for (long v = hi; v >= lo; v--) {
    if (skip_zero && v == 0) continue;
    term_t fv = apply(o, other, term_int(v));
    if (fv == NULL_TERM) return NULL_TERM;
    r = r == NULL_TERM ? fv : term_ite(term_eq(x, term_int(v)), fv, r);
  }
  return r;
}

static bool splits(term_t b, long *lo, long *hi) {
  return !term_is_const(b) && term_shape_range(b, lo, hi) && *hi - *lo < TERM_SPLIT_VALUES;
}

/* SMT-LIB's div and mod with b's small range split */
static term_t smt_divmod(bool div, term_t a, term_t b) {
  long lo, hi;
  term_t r = splits(b, &lo, &hi) ? choice(b, lo, hi, (split_op){div ? OP_IDIV : OP_MOD, 0}, a) : NULL_TERM;
  if (r != NULL_TERM) return r;
  return div ? term_idiv(a, b) : term_mod(a, b);
}

static bool nonneg(term_t a) {
  long lo, hi;
  return term_shape_range(a, &lo, &hi) && lo >= 0;
}

/* For b != 0, SMT-LIB's div and mod are Euclidean (0 <= mod < |b|), so
 * truncation is them on |a| with a's sign put back. */
static term_t trunc_op(bool div, term_t a, term_t b) {
  term_t pos = smt_divmod(div, a, b);
  if (nonneg(a)) return pos;
  return term_ite(term_ge(a, term_int(0)), pos, term_neg(smt_divmod(div, term_neg(a), b)));
}

term_t term_trunc_div(term_t a, term_t b) { return trunc_op(true, a, b); }
term_t term_trunc_rem(term_t a, term_t b) { return trunc_op(false, a, b); }

/* o(a, b) as a choice over the values of the side with the smaller small
 * range; NULL_TERM when neither side has one */
static term_t split_either(split_op o, term_t a, term_t b) {
  long alo, ahi, blo, bhi;
  bool sa = splits(a, &alo, &ahi), sb = splits(b, &blo, &bhi);
  if (sb && (!sa || bhi - blo < ahi - alo)) return choice(b, blo, bhi, o, a);
  if (sa) return choice(a, alo, ahi, o, b);
  return NULL_TERM;
}

term_t term_product_split(term_t a, term_t b) {
  term_t r = term_is_const(a) || term_is_const(b) ? NULL_TERM : split_either((split_op){OP_MUL, 0}, a, b);
  return r != NULL_TERM ? r : term_mul2(a, b);
}

term_t term_pow2(uint32_t k) {
  mpz_t z;
  mpz_init(z);
  mpz_ui_pow_ui(z, 2, k);
  term_t t = term_int_mpz(z);
  mpz_clear(z);
  return t;
}

/* x & c for the constant c in [0, 2^bits): each run of ones of c, bits i
 * to j - 1, keeps x's bits there, mod(x, 2^j) - mod(x, 2^i) (floor
 * remainders: x's two's complement bits, whatever x's sign) */
static term_t and_const(uint32_t bits, term_t x, mpz_srcptr c) {
  term_t r = term_int(0);
  for (uint32_t i = 0; i < bits;) {
    if (!mpz_tstbit(c, i)) { i++; continue; }
    uint32_t j = i;
    while (j < bits && mpz_tstbit(c, j)) j++;
    term_t lowj = term_mod(x, term_pow2(j)), lowi = i ? term_mod(x, term_pow2(i)) : term_int(0);
    r = term_add2(r, term_sub(lowj, lowi));
    i = j;
  }
  return r;
}

#define MAX_RUNS 16   /* masks with more runs of ones stay bit-vector operations */

static uint32_t runs(uint32_t bits, mpz_srcptr c) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < bits; i++) n += mpz_tstbit(c, i) && (i == 0 || !mpz_tstbit(c, i - 1));
  return n;
}

static term_t bitop_const(term_op op, uint32_t bits, term_t x, term_t c) {
  mpq_t q;
  mpz_t m;
  mpq_init(q);
  mpz_init(m);
  term_rat_value(c, q);
  mpz_fdiv_r_2exp(m, mpq_numref(q), bits);   /* c's pattern */
  if (runs(bits, m) > MAX_RUNS) {
    mpq_clear(q);
    mpz_clear(m);
    return NULL_TERM;
  }
  term_t and = and_const(bits, x, m), xv = term_mod(x, term_pow2(bits)), cv = term_int_mpz(m);
  mpq_clear(q);
  mpz_clear(m);
  if (op == OP_BVAND) return and;
  /* x | c = x + c - (x & c); x ^ c = x + c - 2 (x & c) */
  term_t sum = term_add2(xv, cv);
  return op == OP_BVOR ? term_sub(sum, and) : term_sub(sum, term_mul2(term_int(2), and));
}

term_t term_bitop_int(term_op op, uint32_t bits, term_t a, term_t b) {
  if (op != OP_BVAND && op != OP_BVOR && op != OP_BVXOR) return NULL_TERM;
  if (term_is_const(b)) return bitop_const(op, bits, a, b);
  if (term_is_const(a)) return bitop_const(op, bits, b, a);
  return split_either((split_op){op, bits}, a, b);
}
