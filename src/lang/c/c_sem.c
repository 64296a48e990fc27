#include "lang/c/c_sem.h"
#include "core/term_intops.h"

const c_int c_int_int = {32, true, C_RANK_INT}, c_int_uint = {32, false, C_RANK_INT}, c_int_bool = {1, false, C_RANK_BOOL};

bool c_int_equal(c_int a, c_int b) { return a.width == b.width && a.is_signed == b.is_signed && a.rank == b.rank; }

const char *c_type_name(c_int t) {
  switch (t.width) {
  case 1: return "_Bool";
  case 8: return t.is_signed ? "signed char" : "unsigned char";
  case 16: return t.is_signed ? "short" : "unsigned short";
  case 32: return t.is_signed ? "int" : "unsigned int";
  case 64: return t.is_signed ? "long long" : "unsigned long long";
  default: return t.is_signed ? "__int128" : "unsigned __int128";
  }
}

/* C11 6.3.1.1: types of lower rank than int become int when int holds all
 * their values, else unsigned int. */
c_int c_promote(c_int t) {
  if (t.rank >= C_RANK_INT) return t;
  if (t.width < c_int_int.width || (t.is_signed && t.width == c_int_int.width)) return c_int_int;
  return c_int_uint;
}

/* C11 6.3.1.8 for integer operands. */
c_int c_usual_conversions(c_int a, c_int b) {
  a = c_promote(a), b = c_promote(b);
  if (a.is_signed == b.is_signed) return a.rank >= b.rank ? a : b;
  c_int u = a.is_signed ? b : a, s = a.is_signed ? a : b;
  if (u.rank >= s.rank) return u;
  if (s.width > u.width) return s;   /* the signed type holds every value of the unsigned one */
  s.is_signed = false;
  return s;
}

type_t c_sem_sort(c_int t, bool math) { return math ? type_int() : type_bv(t.width); }

static void range_of(c_int t, mpz_t lo, mpz_t hi) {
  if (t.is_signed) {
    mpz_set_ui(hi, 1), mpz_mul_2exp(hi, hi, t.width - 1), mpz_neg(lo, hi), mpz_sub_ui(hi, hi, 1);
  } else {
    mpz_set_ui(lo, 0), mpz_set_ui(hi, 1), mpz_mul_2exp(hi, hi, t.width), mpz_sub_ui(hi, hi, 1);
  }
}

/* v reduced into t's range (two's complement wrap-around). */
static void wrap(mpz_t v, c_int t) {
  mpz_t m;
  mpz_init_set_ui(m, 1);
  mpz_mul_2exp(m, m, t.width);
  mpz_fdiv_r(v, v, m);
  if (t.is_signed) {
    mpz_t half;
    mpz_init(half);
    mpz_fdiv_q_2exp(half, m, 1);
    if (mpz_cmp(v, half) >= 0) mpz_sub(v, v, m);
    mpz_clear(half);
  }
  mpz_clear(m);
}

term_t c_sem_const(c_int t, const mpz_t v, bool math) {
  if (!math) return term_bv_mpz(t.width, v);
  mpz_t w;
  mpz_init_set(w, v);
  wrap(w, t);
  term_t r = term_int_mpz(w);
  mpz_clear(w);
  return r;
}

term_t c_sem_const_si(c_int t, long v, bool math) {
  mpz_t z;
  mpz_init_set_si(z, v);
  term_t r = c_sem_const(t, z, math);
  mpz_clear(z);
  return r;
}


term_t c_sem_range(term_t v, c_int t, bool math) {
  if (!math) return term_true();
  mpz_t lo, hi;
  mpz_inits(lo, hi, NULL);
  range_of(t, lo, hi);
  term_t r = term_and2(term_le(term_int_mpz(lo), v), term_le(v, term_int_mpz(hi)));
  mpz_clears(lo, hi, NULL);
  return r;
}

/* True when every value of from is a value of to. */
static bool fits(c_int from, c_int to) {
  if (from.is_signed && !to.is_signed) return false;
  if (from.is_signed == to.is_signed) return from.width <= to.width;
  return from.width < to.width;   /* unsigned into signed */
}

/* An Int v into t's range: mod 2^w, shifted for signed types. */
static term_t wrap_term(term_t v, c_int t) {
  if (!t.is_signed) return term_mod(v, term_pow2(t.width));
  term_t half = term_pow2(t.width - 1);
  return term_sub(term_mod(term_add2(v, half), term_pow2(t.width)), half);
}

/* The same for a v at most one period 2^w outside t's range (a sum or
 * difference of two values of the range, a conversion between types of
 * equal width): a case split instead of mod, which Spacer, interpolation
 * and quantifier elimination handle far better. */
static term_t wrap_once(term_t v, c_int t) {
  term_t p = term_pow2(t.width);
  term_t lo = t.is_signed ? term_neg(term_pow2(t.width - 1)) : term_int(0);
  term_t hi = t.is_signed ? term_pow2(t.width - 1) : p;   /* exclusive */
  return term_ite(term_lt(v, lo), term_add2(v, p), term_ite(term_le(hi, v), term_sub(v, p), v));
}

term_t c_sem_truth(term_t v, c_int t, bool math) {
  /* a comparison's 0/1 value (c_sem_from_bool, maybe converted): its condition itself, which keeps predicates
   * and interpolants readable */
  if (term_op_of(v) == OP_ITE && !term_is_negated(v) && term_is_const(term_arg(v, 1)) && term_is_const(term_arg(v, 2))) {
    term_t one = term_eq(term_arg(v, 1), c_sem_const_si(t, 0, math)), two = term_eq(term_arg(v, 2), c_sem_const_si(t, 0, math));
    if (term_is_false(one) && term_is_true(two)) return term_arg(v, 0);
    if (term_is_true(one) && term_is_false(two)) return term_not(term_arg(v, 0));
  }
  return term_not(term_eq(v, c_sem_const_si(t, 0, math)));
}

term_t c_sem_from_bool(term_t b, bool math) {
  return term_ite(b, c_sem_const_si(c_int_int, 1, math), c_sem_const_si(c_int_int, 0, math));
}

term_t c_sem_convert(term_t v, c_int from, c_int to, bool math) {
  if (to.rank == C_RANK_BOOL && from.rank != C_RANK_BOOL)
    return term_ite(c_sem_truth(v, from, math), c_sem_const_si(to, 1, math), c_sem_const_si(to, 0, math));
  if (math) return fits(from, to) ? v : from.width <= to.width ? wrap_once(v, to) : wrap_term(v, to);
  if (to.width < from.width) return term_extract(to.width - 1, 0, v);
  if (to.width > from.width) return term_bv_extend(from.is_signed ? OP_SIGN_EXTEND : OP_ZERO_EXTEND, to.width - from.width, v);
  return v;
}

static term_t bv_min(c_int t) {
  mpz_t lo, hi;
  mpz_inits(lo, hi, NULL);
  range_of(t, lo, hi);
  term_t r = term_bv_mpz(t.width, lo);
  mpz_clears(lo, hi, NULL);
  return r;
}

/* a & b, a | b, a ^ b on mathematical integers: folded for constants, else
 * the two's complement pattern without bit-vectors where one side is a
 * constant or has a small range (core/term_intops.h), read back in t
 * (operands are in t's range: overflow is undefined or wrapped before) */
static term_t fold_bitwise(c_binop op, term_t a, term_t b, c_int t) {
  if (!term_is_const(a) || !term_is_const(b)) {
    term_t p = term_bitop_int(op == C_BAND ? OP_BVAND : op == C_BOR ? OP_BVOR : OP_BVXOR, t.width, a, b);
    return p == NULL_TERM || !t.is_signed ? p : wrap_once(p, t);   /* the pattern in [0, 2^w) read as signed */
  }
  mpq_t qa, qb;
  mpz_t r;
  mpq_inits(qa, qb, NULL);
  mpz_init(r);
  term_rat_value(a, qa), term_rat_value(b, qb);
  if (op == C_BAND) mpz_and(r, mpq_numref(qa), mpq_numref(qb));
  else if (op == C_BOR) mpz_ior(r, mpq_numref(qa), mpq_numref(qb));
  else mpz_xor(r, mpq_numref(qa), mpq_numref(qb));
  wrap(r, t);
  term_t res = term_int_mpz(r);
  mpq_clears(qa, qb, NULL);
  mpz_clear(r);
  return res;
}

static term_t shift_ub(term_t b, c_int t, c_int bt, bool math) {
  /* the count is negative or at least the width of the promoted left operand */
  term_t w = c_sem_const_si(bt, t.width, math);
  term_t neg = bt.is_signed ? (math ? term_lt(b, term_int(0)) : term_bvop2(OP_BVSLT, b, c_sem_const_si(bt, 0, false)))
                            : term_false();
  term_t big = math ? term_le(w, b) : term_bvop2(bt.is_signed ? OP_BVSGE : OP_BVUGE, b, w);
  if (!math && bt.width < 32 && t.width >= (1u << bt.width)) big = term_false();
  return term_or2(neg, big);
}

term_t c_sem_binary(c_binop op, term_t a, term_t b, c_int t, c_int bt, bool math, term_t *ub) {
  *ub = term_false();
  bool s = t.is_signed;
  if (op >= C_LT) {
    if (op == C_EQ) return term_eq(a, b);
    if (op == C_NE) return term_not(term_eq(a, b));
    if (math) return op == C_LT ? term_lt(a, b) : op == C_GT ? term_gt(a, b) : op == C_LE ? term_le(a, b) : term_ge(a, b);
    static const term_op sop[] = {OP_BVSLT, OP_BVSGT, OP_BVSLE, OP_BVSGE}, uop[] = {OP_BVULT, OP_BVUGT, OP_BVULE, OP_BVUGE};
    return term_bvop2((s ? sop : uop)[op - C_LT], a, b);
  }
  term_t zero = c_sem_const_si(t, 0, math);
  if (math) {
    term_t r;
    switch (op) {
    case C_ADD: r = term_add2(a, b); break;
    case C_SUB: r = term_sub(a, b); break;
    case C_MUL: r = term_product_split(a, b); break;
    case C_DIV:
    case C_REM: {
      term_t q = term_trunc_div(a, b);
      r = op == C_DIV ? q : term_trunc_rem(a, b);
      *ub = term_eq(b, zero);
      if (s) *ub = term_or2(*ub, term_not(c_sem_range(q, t, true)));
      return r;
    }
    case C_SHL:
    case C_SHR: {
      if (!term_is_const(b)) return NULL_TERM;
      *ub = shift_ub(b, t, bt, true);
      if (!term_is_false(*ub)) return zero;   /* always undefined */
      mpq_t q;
      mpq_init(q);
      term_rat_value(b, q);
      term_t p = term_pow2((uint32_t)mpz_get_ui(mpq_numref(q)));
      mpq_clear(q);
      if (op == C_SHR) return term_idiv(a, p);   /* floor: arithmetic shift for signed */
      r = term_mul2(a, p);
      if (s) {
        *ub = term_or2(term_lt(a, term_int(0)), term_not(c_sem_range(r, t, true)));
        return r;
      }
      return wrap_term(r, t);
    }
    default: return fold_bitwise(op, a, b, t);
    }
    if (s) {
      *ub = term_not(c_sem_range(r, t, true));
      return r;
    }
    return op == C_MUL ? wrap_term(r, t) : wrap_once(r, t);
  }
  switch (op) {
  case C_ADD:
  case C_SUB: {
    term_t r = term_bvop2(op == C_ADD ? OP_BVADD : OP_BVSUB, a, b);
    if (s) {
      term_t ea = term_bv_extend(OP_SIGN_EXTEND, 1, a), eb = term_bv_extend(OP_SIGN_EXTEND, 1, b);
      *ub = term_not(term_eq(term_bvop2(op == C_ADD ? OP_BVADD : OP_BVSUB, ea, eb), term_bv_extend(OP_SIGN_EXTEND, 1, r)));
    }
    return r;
  }
  case C_MUL: {
    term_t r = term_bvop2(OP_BVMUL, a, b);
    if (s) {
      term_t ea = term_bv_extend(OP_SIGN_EXTEND, t.width, a), eb = term_bv_extend(OP_SIGN_EXTEND, t.width, b);
      *ub = term_not(term_eq(term_bvop2(OP_BVMUL, ea, eb), term_bv_extend(OP_SIGN_EXTEND, t.width, r)));
    }
    return r;
  }
  case C_DIV:
  case C_REM:
    *ub = term_eq(b, zero);
    if (s) *ub = term_or2(*ub, term_and2(term_eq(a, bv_min(t)), term_eq(b, c_sem_const_si(t, -1, false))));
    if (op == C_DIV) return term_bvop2(s ? OP_BVSDIV : OP_BVUDIV, a, b);
    return term_bvop2(s ? OP_BVSREM : OP_BVUREM, a, b);
  case C_BAND: return term_bvop2(OP_BVAND, a, b);
  case C_BOR: return term_bvop2(OP_BVOR, a, b);
  case C_BXOR: return term_bvop2(OP_BVXOR, a, b);
  case C_SHL:
  case C_SHR: {
    *ub = shift_ub(b, t, bt, false);
    term_t n = c_sem_convert(b, (c_int){bt.width, false, bt.rank}, (c_int){t.width, false, t.rank}, false);
    if (op == C_SHR) return term_bvop2(s ? OP_BVASHR : OP_BVLSHR, a, n);
    term_t r = term_bvop2(OP_BVSHL, a, n);
    if (s)   /* a negative left operand, or bits shifted into or past the sign */
      *ub = term_or2(*ub, term_or2(term_bvop2(OP_BVSLT, a, zero),
                                   term_or2(term_bvop2(OP_BVSLT, r, zero), term_not(term_eq(term_bvop2(OP_BVASHR, r, n), a)))));
    return r;
  }
  default: return NULL_TERM;
  }
}

term_t c_sem_unary(c_unop op, term_t a, c_int t, bool math, term_t *ub) {
  *ub = term_false();
  if (op == C_NEG) {
    if (!math) {
      if (t.is_signed) *ub = term_eq(a, bv_min(t));
      return term_bvop(OP_BVNEG, 1, &a);
    }
    term_t r = term_neg(a);
    if (t.is_signed) *ub = term_not(c_sem_range(r, t, true));
    return t.is_signed ? r : wrap_once(r, t);
  }
  if (!math) return term_bvop(OP_BVNOT, 1, &a);
  /* ~a = -a - 1 in two's complement; for unsigned 2^w - 1 - a */
  if (t.is_signed) return term_sub(term_neg(a), term_int(1));
  term_t max = term_sub(term_pow2(t.width), term_int(1));
  return term_sub(max, a);
}

void c_sem_value(term_t lit, c_int t, mpz_t out) {
  if (type_kind_of(term_type(lit)) == TYPE_BV) {
    term_bv_value(lit, out);
    if (t.is_signed) wrap(out, t);
    return;
  }
  mpq_t q;
  mpq_init(q);
  term_rat_value(lit, q);
  mpz_set(out, mpq_numref(q));
  mpq_clear(q);
}
