/* Bit-vector constant folding with the SMT-LIB semantics (including
 * division by zero: bvudiv x 0 = all ones, bvurem x 0 = x). Values are
 * unsigned residues modulo 2^w held in GMP integers. */
#include "core/term_internal.h"

static uint32_t width_of(term_t t) { return type_bv_width(term_type(t)); }

static void to_signed(mpz_t r, const mpz_t v, uint32_t w) {
  mpz_set(r, v);
  if (mpz_tstbit(v, w - 1)) {
    mpz_t m;
    mpz_init(m);
    mpz_setbit(m, w);
    mpz_sub(r, r, m);
    mpz_clear(m);
  }
}

static void wrap(mpz_t r, uint32_t w) { mpz_fdiv_r_2exp(r, r, w); }
static void neg(mpz_t r, const mpz_t v, uint32_t w) { mpz_neg(r, v); wrap(r, w); }

static void udiv(mpz_t r, const mpz_t a, const mpz_t b, uint32_t w) {
  if (mpz_sgn(b) == 0) { mpz_set_ui(r, 0); mpz_setbit(r, w); mpz_sub_ui(r, r, 1); }
  else mpz_fdiv_q(r, a, b);
}

static void urem(mpz_t r, const mpz_t a, const mpz_t b) {
  if (mpz_sgn(b) == 0) mpz_set(r, a);
  else mpz_fdiv_r(r, a, b);
}

/* bvsdiv, bvsrem, bvsmod by their SMT-LIB definitions over bvudiv/bvurem. */
static void signed_divrem(term_op op, mpz_t r, const mpz_t s, const mpz_t t, uint32_t w) {
  bool ms = mpz_tstbit(s, w - 1), mt = mpz_tstbit(t, w - 1);
  mpz_t as, at;
  mpz_init(as); mpz_init(at);
  if (ms) neg(as, s, w); else mpz_set(as, s);
  if (mt) neg(at, t, w); else mpz_set(at, t);
  if (op == OP_BVSDIV) {
    udiv(r, as, at, w);
    if (ms != mt) neg(r, r, w);
  } else if (op == OP_BVSREM) {
    urem(r, as, at);
    if (ms) neg(r, r, w);
  } else {  /* bvsmod */
    mpz_t u;
    mpz_init(u);
    urem(u, as, at);
    if (mpz_sgn(u) == 0 || (!ms && !mt)) mpz_set(r, u);
    else if (ms && !mt) { neg(r, u, w); mpz_add(r, r, t); }
    else if (!ms && mt) mpz_add(r, u, t);
    else neg(r, u, w);
    wrap(r, w);
    mpz_clear(u);
  }
  mpz_clear(as); mpz_clear(at);
}

static bool all_literals(uint32_t n, const term_t *a) {
  for (uint32_t i = 0; i < n; i++)
    if (term_op_of(a[i]) != OP_BV) return false;
  return true;
}

term_t term_bv_fold(term_op op, uint32_t n, const term_t *args, uint32_t np, const uint32_t *p) {
  (void)np;
  if (!all_literals(n, args)) return NULL_TERM;
  uint32_t w = width_of(args[0]);
  const mpz_t *a = term_bv_ref(args[0]);
  const mpz_t *b = n > 1 ? term_bv_ref(args[1]) : NULL;
  mpz_t r, x;
  mpz_init(r); mpz_init(x);
  term_t res = NULL_TERM;
  uint32_t rw = w;
  switch (op) {
  case OP_BVNOT: mpz_com(r, *a); wrap(r, w); break;
  case OP_BVNEG: neg(r, *a, w); break;
  case OP_BVAND: mpz_and(r, *a, *b); break;
  case OP_BVOR: mpz_ior(r, *a, *b); break;
  case OP_BVXOR: mpz_xor(r, *a, *b); break;
  case OP_BVADD: mpz_add(r, *a, *b); wrap(r, w); break;
  case OP_BVSUB: mpz_sub(r, *a, *b); wrap(r, w); break;
  case OP_BVMUL: mpz_mul(r, *a, *b); wrap(r, w); break;
  case OP_BVUDIV: udiv(r, *a, *b, w); break;
  case OP_BVUREM: urem(r, *a, *b); break;
  case OP_BVSDIV: case OP_BVSREM: case OP_BVSMOD: signed_divrem(op, r, *a, *b, w); break;
  case OP_BVSHL:
    if (mpz_cmp_ui(*b, w) >= 0) mpz_set_ui(r, 0);
    else { mpz_mul_2exp(r, *a, mpz_get_ui(*b)); wrap(r, w); }
    break;
  case OP_BVLSHR:
    if (mpz_cmp_ui(*b, w) >= 0) mpz_set_ui(r, 0);
    else mpz_fdiv_q_2exp(r, *a, mpz_get_ui(*b));
    break;
  case OP_BVASHR:
    to_signed(x, *a, w);
    mpz_fdiv_q_2exp(r, x, mpz_cmp_ui(*b, w) >= 0 ? w : mpz_get_ui(*b));
    wrap(r, w);
    break;
  case OP_CONCAT:
    rw = w + width_of(args[1]);
    mpz_mul_2exp(r, *a, width_of(args[1]));
    mpz_ior(r, r, *b);
    break;
  case OP_BVCOMP: rw = 1; mpz_set_ui(r, mpz_cmp(*a, *b) == 0); break;
  case OP_BVULT: res = term_bool(mpz_cmp(*a, *b) < 0); break;
  case OP_BVULE: res = term_bool(mpz_cmp(*a, *b) <= 0); break;
  case OP_BVSLT: case OP_BVSLE:
    to_signed(x, *a, w);
    to_signed(r, *b, w);
    res = term_bool(op == OP_BVSLT ? mpz_cmp(x, r) < 0 : mpz_cmp(x, r) <= 0);
    break;
  case OP_EXTRACT:
    rw = p[0] - p[1] + 1;
    mpz_fdiv_q_2exp(r, *a, p[1]);
    wrap(r, rw);
    break;
  case OP_ZERO_EXTEND: rw = w + p[0]; mpz_set(r, *a); break;
  case OP_SIGN_EXTEND: rw = w + p[0]; to_signed(r, *a, w); wrap(r, rw); break;
  case OP_ROTATE_LEFT: case OP_ROTATE_RIGHT: {
    uint32_t k = p[0] % w;
    if (op == OP_ROTATE_RIGHT) k = (w - k) % w;
    mpz_mul_2exp(r, *a, k);
    mpz_fdiv_q_2exp(x, *a, w - k);
    mpz_ior(r, r, x);
    wrap(r, w);
    break;
  }
  case OP_REPEAT:
    rw = w * p[0];
    for (uint32_t i = 0; i < p[0]; i++) { mpz_mul_2exp(r, r, w); mpz_ior(r, r, *a); }
    break;
  case OP_BV2NAT: res = term_int_mpz(*a); break;
  default: goto done;
  }
  if (res == NULL_TERM) res = term_bv_mpz(rw, r);
done:
  mpz_clear(r); mpz_clear(x);
  return res;
}
