/* Smart constructors: sort checks, constant folding and local
 * simplification. Normal forms kept here:
 *   - and/or are flat, sorted by term id, without duplicates or constants;
 *   - Boolean = (iff) has un-negated, sorted arguments; xor is a negated iff;
 *   - sums are linear combinations: [constant] + c*t ... sorted by t;
 *     products are [constant] + factors sorted; - and unary - become those;
 *   - >= and > are <= and < with the arguments swapped (bit-vectors alike);
 *   - Int and Real mix by inserting to_real, as SMT-LIB solvers accept. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_internal.h"

/* GCC 12 reports a spurious over-read when it inlines mpq arguments taken
 * from the growable monomial array; the accesses are in bounds. */
#pragma GCC diagnostic ignored "-Wstringop-overread"

static bool is_bool(term_t t) { return type_kind_of(term_type(t)) == TYPE_BOOL; }
static bool is_arith(term_t t) { return type_is_arith(term_type(t)); }
static bool is_real(term_t t) { return type_kind_of(term_type(t)) == TYPE_REAL; }
static bool is_rat(term_t t) { return term_op_of(t) == OP_RAT; }
static bool is_bv(term_t t) { return type_kind_of(term_type(t)) == TYPE_BV; }
static bool is_scalar_literal(term_t t) { return term_is_const(t); }

static int cmp_term(const void *a, const void *b) {
  term_t x = *(const term_t *)a, y = *(const term_t *)b;
  return (x > y) - (x < y);
}

static term_t sort_error(const char *op, term_t t) {
  char *s = type_to_string(term_type(t));
  term_error("sort mismatch: '%s' does not accept an argument of sort %s", op, s);
  free(s);
  return NULL_TERM;
}

static bool any_null(uint32_t n, const term_t *a) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i] == NULL_TERM) return true;
  return false;
}

/* ---- Boolean connectives ---- */
term_t term_not(term_t t) {
  if (t == NULL_TERM) return NULL_TERM;
  if (!is_bool(t)) return sort_error("not", t);
  return t ^ 1;
}

/* A growable array that starts in a caller's buffer (build_junction runs
 * once per rebuilt and/or: the heap calls were a fifth of the reach
 * proof's time, Consensus_epr). */
typedef struct { term_t *data; uint32_t size, cap; term_t *buf; } junction_vec;

static void jv_grow(junction_vec *v) {
  uint32_t c = 2 * v->cap;
  term_t *d = xmalloc(c * sizeof *d);
  memcpy(d, v->data, v->size * sizeof *d);
  if (v->data != v->buf) free(v->data);
  v->data = d, v->cap = c;
}

/* inline, the growth out of line (2 % of SlushSmall's run as a call) */
static inline void jv_push(junction_vec *v, term_t t) {
  if (v->size == v->cap) jv_grow(v);
  v->data[v->size++] = t;
}

static void jv_free(junction_vec *v) {
  if (v->data != v->buf) free(v->data);
}

static void insertion_sort(uint32_t n, term_t *a) {
  for (uint32_t i = 1; i < n; i++) {
    term_t x = a[i];
    uint32_t j = i;
    for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
    a[j] = x;
  }
}

/* Quicksort with the comparison inline (the median of three as pivot,
 * insertion sort below 16, the smaller part first and the larger by the
 * loop: a stack of log n), qsort past depth levels (its merge sort keeps
 * the worst case n log n). qsort's merge sort with its comparison by
 * callback was a tenth of Disruptor_MPMC's run: term_inc rebuilds
 * conjunctions of ~90 arguments almost all of them new, in no order. */
static void quick_sort(uint32_t n, term_t *a, uint32_t depth) {
  while (n > 16) {
    if (depth-- == 0) {
      qsort(a, n, sizeof *a, cmp_term);
      return;
    }
    term_t x = a[0], y = a[n / 2], z = a[n - 1];
    term_t p = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
    uint32_t i = 0, j = n - 1;
    for (;;) {   /* Hoare: a[0..i) <= p <= a(j..n) */
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i >= j) break;
      term_t t = a[i];
      a[i++] = a[j], a[j--] = t;
    }
    uint32_t left = j + 1;   /* a[0..left) <= p <= a[left..n) */
    if (left < n - left) {
      quick_sort(left, a, depth);
      a += left, n -= left;
    } else {
      quick_sort(n - left, a + left, depth);
      n = left;
    }
  }
  insertion_sort(n, a);
}

/* Sorts a by term id: insertion sort when it is short and has few
 * descents (a junction rebuilt with a few arguments substituted,
 * term_inc: qsort's merge sort was 7 % of Consensus_epr's reach proof;
 * the bounds keep its quadratic worst case small), else quick_sort. */
static void sort_terms(uint32_t n, term_t *a) {
  uint32_t descents = 0;
  for (uint32_t i = 1; i < n && descents <= 4; i++) descents += a[i - 1] > a[i];
  if (descents == 0) return;
  if (descents > 4 || n > 256) quick_sort(n, a, 64);
  else insertion_sort(n, a);
}

/* Shared by and/or: absorbing is false for and, true for or. */
static term_t build_junction(term_op op, uint32_t n, const term_t *args) {
  term_t absorbing = op == OP_AND ? term_false() : term_true();
  term_t neutral = absorbing ^ 1;
  term_t vbuf[64], sbuf[64];
  junction_vec v = {vbuf, 0, 64, vbuf};
  term_t result = NULL_TERM;
  /* flatten with an explicit stack: nested junctions of the same kind */
  junction_vec stack = {sbuf, 0, 64, sbuf};
  for (uint32_t i = n; i-- > 0;) jv_push(&stack, args[i]);
  while (stack.size) {
    term_t a = stack.data[--stack.size];
    if (a == NULL_TERM) goto done;
    if (!is_bool(a)) { sort_error(op == OP_AND ? "and" : "or", a); goto done; }
    if (a == absorbing) { result = absorbing; goto done; }
    if (a == neutral) continue;
    if (!term_is_negated(a) && term_op_of(a) == op) {
      for (uint32_t j = term_nargs(a); j-- > 0;) jv_push(&stack, term_arg(a, j));
      continue;
    }
    jv_push(&v, a);
  }
  sort_terms(v.size, v.data);
  uint32_t m = 0;
  for (uint32_t i = 0; i < v.size; i++) {
    if (m && v.data[m - 1] == v.data[i]) continue;
    if (m && v.data[m - 1] == (v.data[i] ^ 1)) { result = absorbing; goto done; }
    v.data[m++] = v.data[i];
  }
  if (m == 0) result = neutral;
  else if (m == 1) result = v.data[0];
  else result = term_intern(op, type_bool(), m, v.data, 0, NULL);
done:
  jv_free(&v);
  jv_free(&stack);
  return result;
}

term_t term_and(uint32_t n, const term_t *args) { return build_junction(OP_AND, n, args); }
term_t term_or(uint32_t n, const term_t *args) { return build_junction(OP_OR, n, args); }
term_t term_and_nested(uint32_t n, const term_t *args) {
  term_t buf[16], *a = n <= 16 ? buf : xmalloc(n * sizeof *a);
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (args[i] == NULL_TERM || !is_bool(args[i]) || term_is_const(args[i])) goto flat;
    a[m++] = args[i];
  }
  sort_terms(m, a);
  uint32_t k = 0;
  for (uint32_t i = 0; i < m; i++) {
    if (k && a[k - 1] == a[i]) continue;
    if (k && a[k - 1] == (a[i] ^ 1)) goto flat;
    a[k++] = a[i];
  }
  if (k < 2) goto flat;
  term_t r = term_intern(OP_AND, type_bool(), k, a, 0, NULL);
  if (a != buf) free(a);
  return r;
flat:
  if (a != buf) free(a);
  return term_and(n, args);
}
term_t term_and2(term_t a, term_t b) { term_t x[2] = {a, b}; return term_and(2, x); }
term_t term_or2(term_t a, term_t b) { term_t x[2] = {a, b}; return term_or(2, x); }
term_t term_implies(term_t a, term_t b) { return a == NULL_TERM ? a : term_or2(term_not(a), b); }

term_t term_iff(term_t a, term_t b) {
  if (a == NULL_TERM || b == NULL_TERM) return NULL_TERM;
  if (!is_bool(a)) return sort_error("=", a);
  if (!is_bool(b)) return sort_error("=", b);
  if (a == b) return term_true();
  if (a == (b ^ 1)) return term_false();
  if (term_is_true(a)) return b;
  if (term_is_false(a)) return b ^ 1;
  if (term_is_true(b)) return a;
  if (term_is_false(b)) return a ^ 1;
  /* push negations out: (not a) = b  is  not (a = b) */
  term_t sign = (a & 1) ^ (b & 1);
  a = term_unsigned(a);
  b = term_unsigned(b);
  if (a > b) { term_t t = a; a = b; b = t; }
  term_t x[2] = {a, b};
  return term_intern(OP_EQ, type_bool(), 2, x, 0, NULL) ^ sign;
}

term_t term_xor(term_t a, term_t b) { return term_not(term_iff(a, b)); }

/* ---- arithmetic: linear combinations ---- */
typedef struct { term_t t; mpq_t c; } mono;
typedef struct { mono *m; uint32_t n, cap; mpq_t constant; bool real; } lincomb;

static void lc_init(lincomb *lc) { memset(lc, 0, sizeof *lc); mpq_init(lc->constant); }
static void lc_free(lincomb *lc) {
  for (uint32_t i = 0; i < lc->n; i++) mpq_clear(lc->m[i].c);
  free(lc->m);
  mpq_clear(lc->constant);
}

/* Adds coef * t to lc, looking through sums and constant multiples. */
static void lc_add(lincomb *lc, term_t t, const mpq_t coef) {
  switch (term_op_of(t)) {
  case OP_RAT: {
    mpq_t p;
    mpq_init(p);
    mpq_mul(p, coef, *term_rat_ref(t));
    mpq_add(lc->constant, lc->constant, p);
    mpq_clear(p);
    return;
  }
  case OP_ADD:
    for (uint32_t i = 0; i < term_nargs(t); i++) lc_add(lc, term_arg(t, i), coef);
    return;
  case OP_MUL:
    if (is_rat(term_arg(t, 0))) {
      mpq_t p;
      mpq_init(p);
      mpq_mul(p, coef, *term_rat_ref(term_arg(t, 0)));
      uint32_t k = term_nargs(t) - 1;
      term_t rest = k == 1 ? term_arg(t, 1)
                           : term_intern(OP_MUL, term_type(t), k, term_args(t) + 1, 0, NULL);
      lc_add(lc, rest, p);
      mpq_clear(p);
      return;
    }
    break;
  default: break;
  }
  size_t cap = lc->cap;
  xgrow((void **)&lc->m, sizeof *lc->m, &cap, (size_t)lc->n + 1);
  lc->cap = (uint32_t)cap;
  lc->m[lc->n].t = t;
  mpq_init(lc->m[lc->n].c);
  mpq_set(lc->m[lc->n].c, coef);
  lc->n++;
}

static int cmp_mono(const void *a, const void *b) {
  return cmp_term(&((const mono *)a)->t, &((const mono *)b)->t);
}

static term_t rat_literal(bool real, mpq_srcptr v) { return term_rat(real ? type_real() : type_int(), v); }

/* Builds the normal-form term of lc. */
static term_t lc_build(lincomb *lc) {
  if (lc->n) qsort(lc->m, lc->n, sizeof *lc->m, cmp_mono);
  uint32_t k = 0;
  for (uint32_t i = 0; i < lc->n; i++) {
    if (k && lc->m[k - 1].t == lc->m[i].t) {
      mpq_add(lc->m[k - 1].c, lc->m[k - 1].c, lc->m[i].c);
      continue;
    }
    if (k != i) { mpq_swap(lc->m[k].c, lc->m[i].c); lc->m[k].t = lc->m[i].t; }
    k++;
  }
  for (uint32_t i = k; i < lc->n; i++) mpq_set_ui(lc->m[i].c, 0, 1);
  type_t ty = lc->real ? type_real() : type_int();
  term_vec args = {0};
  if (mpq_sgn(lc->constant) != 0) term_vec_push(&args, rat_literal(lc->real, lc->constant));
  for (uint32_t i = 0; i < k; i++) {
    if (mpq_sgn(lc->m[i].c) == 0) continue;
    term_t t = lc->m[i].t;
    if (mpq_cmp_ui(lc->m[i].c, 1, 1) != 0) {
      term_t c = rat_literal(lc->real, lc->m[i].c);
      if (term_op_of(t) == OP_MUL) {  /* c * (x * y) is the product (c x y) */
        term_vec f = {0};
        term_vec_push(&f, c);
        for (uint32_t j = 0; j < term_nargs(t); j++) term_vec_push(&f, term_arg(t, j));
        t = term_intern(OP_MUL, ty, f.size, f.data, 0, NULL);
        term_vec_free(&f);
      } else {
        term_t f[2] = {c, t};
        t = term_intern(OP_MUL, ty, 2, f, 0, NULL);
      }
    }
    term_vec_push(&args, t);
  }
  term_t r;
  if (args.size == 0) {
    mpq_t zero;
    mpq_init(zero);
    r = rat_literal(lc->real, zero);
    mpq_clear(zero);
  } else if (args.size == 1) {
    r = args.data[0];
  } else {
    r = term_intern(OP_ADD, ty, args.size, args.data, 0, NULL);
  }
  term_vec_free(&args);
  return r;
}

/* Checks arithmetic arguments; sets *real when any is Real. */
static bool arith_args(const char *op, uint32_t n, const term_t *a, bool *real) {
  *real = false;
  for (uint32_t i = 0; i < n; i++) {
    if (a[i] == NULL_TERM) return false;
    if (!is_arith(a[i])) { sort_error(op, a[i]); return false; }
    if (is_real(a[i])) *real = true;
  }
  return true;
}

static term_t coerce(term_t t, bool real) { return real && !is_real(t) ? term_to_real(t) : t; }

static term_t sum_scaled(uint32_t n, const term_t *args, const mpq_t *scale, bool real) {
  lincomb lc;
  lc_init(&lc);
  lc.real = real;
  mpq_t one;
  mpq_init(one);
  mpq_set_ui(one, 1, 1);
  for (uint32_t i = 0; i < n; i++) lc_add(&lc, coerce(args[i], real), scale ? scale[i] : one);
  term_t r = lc_build(&lc);
  mpq_clear(one);
  lc_free(&lc);
  return r;
}

term_t term_add(uint32_t n, const term_t *args) {
  bool real;
  if (!arith_args("+", n, args, &real)) return NULL_TERM;
  return sum_scaled(n, args, NULL, real);
}
term_t term_add2(term_t a, term_t b) { term_t x[2] = {a, b}; return term_add(2, x); }

term_t term_sub(term_t a, term_t b) {
  term_t x[2] = {a, b};
  bool real;
  if (!arith_args("-", 2, x, &real)) return NULL_TERM;
  mpq_t s[2];
  mpq_init(s[0]); mpq_init(s[1]);
  mpq_set_si(s[0], 1, 1); mpq_set_si(s[1], -1, 1);
  term_t r = sum_scaled(2, x, (const mpq_t *)s, real);
  mpq_clear(s[0]); mpq_clear(s[1]);
  return r;
}

term_t term_neg(term_t a) {
  bool real;
  if (!arith_args("-", 1, &a, &real)) return NULL_TERM;
  mpq_t s[1];
  mpq_init(s[0]);
  mpq_set_si(s[0], -1, 1);
  term_t r = sum_scaled(1, &a, (const mpq_t *)s, real);
  mpq_clear(s[0]);
  return r;
}

term_t term_mul(uint32_t n, const term_t *args) {
  bool real;
  if (!arith_args("*", n, args, &real)) return NULL_TERM;
  mpq_t c;
  mpq_init(c);
  mpq_set_ui(c, 1, 1);
  term_vec f = {0}, stack = {0};
  for (uint32_t i = n; i-- > 0;) term_vec_push(&stack, coerce(args[i], real));
  while (stack.size) {
    term_t a = stack.data[--stack.size];
    if (is_rat(a)) mpq_mul(c, c, *term_rat_ref(a));
    else if (term_op_of(a) == OP_MUL)
      for (uint32_t j = term_nargs(a); j-- > 0;) term_vec_push(&stack, term_arg(a, j));
    else term_vec_push(&f, a);
  }
  term_t r;
  if (mpq_sgn(c) == 0 || f.size == 0) {
    r = rat_literal(real, c);
  } else if (f.size == 1) {  /* c * t: a linear combination */
    r = sum_scaled(1, f.data, (const mpq_t *)&c, real);
  } else {
    if (f.size) qsort(f.data, f.size, sizeof *f.data, cmp_term);
    term_t prod = term_intern(OP_MUL, real ? type_real() : type_int(), f.size, f.data, 0, NULL);
    r = sum_scaled(1, &prod, (const mpq_t *)&c, real);
  }
  mpq_clear(c);
  term_vec_free(&f);
  term_vec_free(&stack);
  return r;
}
term_t term_mul2(term_t a, term_t b) { term_t x[2] = {a, b}; return term_mul(2, x); }

term_t term_div(term_t a, term_t b) {
  term_t x[2] = {a, b};
  bool real;
  if (!arith_args("/", 2, x, &real)) return NULL_TERM;
  a = coerce(a, true);
  b = coerce(b, true);
  if (is_rat(b) && mpq_sgn(*term_rat_ref(b)) != 0) {  /* a / c = (1/c) * a */
    mpq_t inv;
    mpq_init(inv);
    mpq_inv(inv, *term_rat_ref(b));
    term_t r = sum_scaled(1, &a, (const mpq_t *)&inv, true);
    mpq_clear(inv);
    return r;
  }
  term_t y[2] = {a, b};
  return term_intern(OP_DIV, type_real(), 2, y, 0, NULL);
}

static bool int_args(const char *op, uint32_t n, const term_t *a) {
  for (uint32_t i = 0; i < n; i++) {
    if (a[i] == NULL_TERM) return false;
    if (type_kind_of(term_type(a[i])) != TYPE_INT) { sort_error(op, a[i]); return false; }
  }
  return true;
}

/* SMT-LIB div/mod: a = b*q + r with 0 <= r < |b|. */
static term_t div_mod(term_op op, term_t a, term_t b) {
  term_t x[2] = {a, b};
  if (!int_args(op == OP_IDIV ? "div" : "mod", 2, x)) return NULL_TERM;
  if (is_rat(b) && mpq_sgn(*term_rat_ref(b)) != 0) {
    mpz_srcptr bv = mpq_numref(*term_rat_ref(b));
    if (mpz_cmp_ui(bv, 1) == 0) return op == OP_IDIV ? a : term_int(0);
    if (is_rat(a)) {
      mpz_t q, r;
      mpz_init(q); mpz_init(r);
      mpz_srcptr av = mpq_numref(*term_rat_ref(a));
      if (mpz_sgn(bv) > 0) mpz_fdiv_qr(q, r, av, bv);
      else mpz_cdiv_qr(q, r, av, bv);   /* b < 0: q = ceil(a/b) keeps r >= 0 */
      term_t res = term_int_mpz(op == OP_IDIV ? q : r);
      mpz_clear(q); mpz_clear(r);
      return res;
    }
  }
  return term_intern(op, type_int(), 2, x, 0, NULL);
}
term_t term_idiv(term_t a, term_t b) { return div_mod(OP_IDIV, a, b); }
term_t term_mod(term_t a, term_t b) { return div_mod(OP_MOD, a, b); }

term_t term_abs(term_t a) {
  bool real;
  if (!arith_args("abs", 1, &a, &real)) return NULL_TERM;
  if (is_rat(a)) {
    mpq_t v;
    mpq_init(v);
    mpq_abs(v, *term_rat_ref(a));
    term_t r = rat_literal(real, v);
    mpq_clear(v);
    return r;
  }
  return term_intern(OP_ABS, term_type(a), 1, &a, 0, NULL);
}

static term_t compare(term_op op, term_t a, term_t b) {
  term_t x[2] = {a, b};
  bool real;
  if (!arith_args(op == OP_LE ? "<=" : "<", 2, x, &real)) return NULL_TERM;
  a = coerce(a, real);
  b = coerce(b, real);
  if (a == b) return term_bool(op == OP_LE);
  if (is_rat(a) && is_rat(b)) {
    int c = mpq_cmp(*term_rat_ref(a), *term_rat_ref(b));
    return term_bool(op == OP_LE ? c <= 0 : c < 0);
  }
  term_t y[2] = {a, b};
  return term_intern(op, type_bool(), 2, y, 0, NULL);
}
term_t term_le(term_t a, term_t b) { return compare(OP_LE, a, b); }
term_t term_lt(term_t a, term_t b) { return compare(OP_LT, a, b); }
term_t term_ge(term_t a, term_t b) { return compare(OP_LE, b, a); }
term_t term_gt(term_t a, term_t b) { return compare(OP_LT, b, a); }

term_t term_to_real(term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_arith(a)) return sort_error("to_real", a);
  if (is_real(a)) return a;
  if (is_rat(a)) return term_rat(type_real(), *term_rat_ref(a));
  return term_intern(OP_TO_REAL, type_real(), 1, &a, 0, NULL);
}

term_t term_to_int(term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_arith(a)) return sort_error("to_int", a);
  if (!is_real(a)) return a;
  if (is_rat(a)) {
    mpz_t f;
    mpz_init(f);
    mpz_fdiv_q(f, mpq_numref(*term_rat_ref(a)), mpq_denref(*term_rat_ref(a)));
    term_t r = term_int_mpz(f);
    mpz_clear(f);
    return r;
  }
  if (term_op_of(a) == OP_TO_REAL) return term_arg(a, 0);
  return term_intern(OP_TO_INT, type_int(), 1, &a, 0, NULL);
}

term_t term_is_int(term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_arith(a)) return sort_error("is_int", a);
  if (!is_real(a)) return term_true();
  if (is_rat(a)) return term_bool(term_rat_is_int(a));
  if (term_op_of(a) == OP_TO_REAL) return term_true();
  return term_intern(OP_IS_INT, type_bool(), 1, &a, 0, NULL);
}

/* ---- equality, ite, distinct ---- */
static bool same_sort_or_arith(term_t a, term_t b, bool *real) {
  *real = false;
  if (term_type(a) == term_type(b)) { *real = is_real(a); return true; }
  if (is_arith(a) && is_arith(b)) { *real = true; return true; }
  return false;
}

/* A store of an array value: its index, value and depth in the chain. */
typedef struct { term_t idx, val; uint32_t depth; } array_slot;

static int cmp_slot(const void *x, const void *y) {
  const array_slot *a = x, *b = y;
  if (a->idx != b->idx) return a->idx < b->idx ? -1 : 1;
  return (a->depth > b->depth) - (a->depth < b->depth);
}

/* The stores of the array value t that a read sees (the topmost per
 * index), sorted by index; *base: the constant under them. NULL when an
 * index is not a scalar literal. */
static array_slot *array_slots(term_t t, uint32_t *n, term_t *base) {
  uint32_t k = 0;
  for (term_t u = t; term_op_of(u) == OP_STORE; u = term_arg(u, 0)) k++;
  array_slot *sl = xmalloc((k + 1) * sizeof *sl);
  k = 0;
  for (; term_op_of(t) == OP_STORE; t = term_arg(t, 0), k++) {
    sl[k] = (array_slot){term_arg(t, 1), term_arg(t, 2), k};
    if (!is_scalar_literal(sl[k].idx)) { free(sl); return NULL; }
  }
  *base = term_arg(t, 0);
  qsort(sl, k, sizeof *sl, cmp_slot);
  uint32_t m = 0;
  for (uint32_t i = 0; i < k; i++)
    if (!m || sl[m - 1].idx != sl[i].idx) sl[m++] = sl[i];
  *n = m;
  return sl;
}

/* Two array values (store chains of literals over constant arrays) are
 * equal iff they agree at every index either chain stores and, unless those
 * indices cover the whole index domain, in their constant bases. 1 equal,
 * 0 different, -1 undecided (elements whose equality does not fold). */
static int array_values_eq(term_t a, term_t b) {
  uint32_t na = 0, nb = 0;
  term_t ba = NULL_TERM, bb = NULL_TERM;
  array_slot *sa = array_slots(a, &na, &ba), *sb = sa ? array_slots(b, &nb, &bb) : NULL;
  int r = sa && sb ? 1 : -1;
  uint32_t i = 0, j = 0, distinct = 0;
  while (r == 1 && (i < na || j < nb)) {
    term_t x, y;
    if (j == nb || (i < na && sa[i].idx < sb[j].idx)) x = sa[i++].val, y = bb;
    else if (i == na || sb[j].idx < sa[i].idx) x = ba, y = sb[j++].val;
    else x = sa[i++].val, y = sb[j++].val;
    distinct++;
    term_t e = term_eq(x, y);
    r = term_is_true(e) ? 1 : term_is_false(e) ? 0 : -1;
  }
  free(sa), free(sb);
  if (r != 1) return r;
  term_t e = term_eq(ba, bb);
  if (term_is_true(e)) return 1;
  type_t it = type_array_index(term_type(a));
  bool covered = (type_kind_of(it) == TYPE_BOOL && distinct >= 2) ||
                 (type_kind_of(it) == TYPE_BV && type_bv_width(it) < 32 && distinct >= (1u << type_bv_width(it)));
  if (covered) return 1;
  return term_is_false(e) ? 0 : -1;
}

/* A store chain of literals over a constant array; top down, so that a
 * symbolic write on top (the common case while encoding) answers at once. */
static bool is_array_value(term_t t) {
  for (; term_op_of(t) == OP_STORE; t = term_arg(t, 0))
    if (!term_is_value(term_arg(t, 1)) || !term_is_value(term_arg(t, 2))) return false;
  return term_op_of(t) == OP_CONST_ARRAY && term_is_value(term_arg(t, 0));
}

term_t term_eq(term_t a, term_t b) {
  if (a == NULL_TERM || b == NULL_TERM) return NULL_TERM;
  if (is_bool(a) || is_bool(b)) return term_iff(a, b);
  bool real;
  if (!same_sort_or_arith(a, b, &real)) return sort_error("=", b);
  a = coerce(a, real);
  b = coerce(b, real);
  if (a == b) return term_true();
  if (is_scalar_literal(a) && is_scalar_literal(b)) return term_false();
  if (is_array_value(a) && is_array_value(b)) {
    int r = array_values_eq(a, b);
    if (r >= 0) return r ? term_true() : term_false();
  }
  /* different constructors never meet (equal ones are not split here:
   * keeping the equation keeps clauses small) */
  if (term_op_of(a) == OP_DT_CONS && term_op_of(b) == OP_DT_CONS && term_param(a, 1) != term_param(b, 1))
    return term_false();
  if (a > b) { term_t t = a; a = b; b = t; }
  term_t x[2] = {a, b};
  return term_intern(OP_EQ, type_bool(), 2, x, 0, NULL);
}

term_t term_ite(term_t c, term_t a, term_t b) {
  if (c == NULL_TERM || a == NULL_TERM || b == NULL_TERM) return NULL_TERM;
  if (!is_bool(c)) return sort_error("ite", c);
  bool real;
  if (!same_sort_or_arith(a, b, &real)) return sort_error("ite", b);
  a = coerce(a, real);
  b = coerce(b, real);
  if (term_is_true(c)) return a;
  if (term_is_false(c)) return b;
  if (a == b) return a;
  if (term_is_negated(c)) { term_t t = a; a = b; b = t; c ^= 1; }
  if (is_bool(a)) {
    if (term_is_true(a)) return term_or2(c, b);
    if (term_is_false(a)) return term_and2(term_not(c), b);
    if (term_is_true(b)) return term_or2(term_not(c), a);
    if (term_is_false(b)) return term_and2(c, a);
    if (a == c) return term_or2(c, b);
    if (b == c) return term_and2(c, a);
  }
  term_t x[3] = {c, a, b};
  return term_intern(OP_ITE, term_type(a), 3, x, 0, NULL);
}

term_t term_distinct(uint32_t n, const term_t *args) {
  if (any_null(n, args)) return NULL_TERM;
  if (n < 2) return term_true();
  if (n == 2) return term_not(term_eq(args[0], args[1]));
  term_vec v = {0};
  bool all_literals = true;
  term_t result = NULL_TERM;
  for (uint32_t i = 0; i < n; i++) {
    if (term_type(args[i]) != term_type(args[0])) { result = sort_error("distinct", args[i]); goto done; }
    if (!is_scalar_literal(args[i])) all_literals = false;
    term_vec_push(&v, args[i]);
  }
  if (v.size) qsort(v.data, v.size, sizeof *v.data, cmp_term);
  for (uint32_t i = 1; i < v.size; i++)
    if (v.data[i] == v.data[i - 1]) { result = term_false(); goto done; }
  if (all_literals) result = term_true();
  else if (is_bool(args[0])) result = term_false();  /* three Booleans cannot differ */
  else result = term_intern(OP_DISTINCT, type_bool(), v.size, v.data, 0, NULL);
done:
  term_vec_free(&v);
  return result;
}

/* ---- arrays ---- */
term_t term_select(term_t a, term_t i) {
  if (a == NULL_TERM || i == NULL_TERM) return NULL_TERM;
  type_t ty = term_type(a);
  if (type_kind_of(ty) != TYPE_ARRAY) return sort_error("select", a);
  if (term_type(i) != type_array_index(ty)) {
    if (is_arith(i) && type_is_arith(type_array_index(ty)))
      i = type_kind_of(type_array_index(ty)) == TYPE_REAL ? term_to_real(i) : i;
    if (term_type(i) != type_array_index(ty)) return sort_error("select", i);
  }
  /* read over writes while the indices are known to differ */
  while (term_op_of(a) == OP_STORE) {
    term_t j = term_arg(a, 1);
    if (j == i) return term_arg(a, 2);
    if (!(is_scalar_literal(i) && is_scalar_literal(j))) break;
    a = term_arg(a, 0);
  }
  if (term_op_of(a) == OP_CONST_ARRAY) return term_arg(a, 0);
  term_t x[2] = {a, i};
  return term_intern(OP_SELECT, type_array_elem(ty), 2, x, 0, NULL);
}

term_t term_store(term_t a, term_t i, term_t v) {
  if (a == NULL_TERM || i == NULL_TERM || v == NULL_TERM) return NULL_TERM;
  type_t ty = term_type(a);
  if (type_kind_of(ty) != TYPE_ARRAY) return sort_error("store", a);
  if (type_kind_of(type_array_index(ty)) == TYPE_REAL) i = term_to_real(i);
  if (type_kind_of(type_array_elem(ty)) == TYPE_REAL && is_arith(v)) v = term_to_real(v);
  if (term_type(i) != type_array_index(ty)) return sort_error("store", i);
  if (term_type(v) != type_array_elem(ty)) return sort_error("store", v);
  if (term_op_of(a) == OP_STORE && term_arg(a, 1) == i) a = term_arg(a, 0);
  if (term_op_of(a) == OP_CONST_ARRAY && term_arg(a, 0) == v) return a;
  term_t x[3] = {a, i, v};
  return term_intern(OP_STORE, ty, 3, x, 0, NULL);
}

term_t term_const_array(type_t ty, term_t v) {
  if (v == NULL_TERM) return v;
  if (type_kind_of(ty) != TYPE_ARRAY) return term_error("const array of a non-array sort");
  if (type_kind_of(type_array_elem(ty)) == TYPE_REAL && is_arith(v)) v = term_to_real(v);
  if (term_type(v) != type_array_elem(ty)) return sort_error("const", v);
  return term_intern(OP_CONST_ARRAY, ty, 1, &v, 0, NULL);
}

term_t term_zero(type_t ty) {
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: return term_false();
  case TYPE_INT: return term_int(0);
  case TYPE_REAL: return term_to_real(term_int(0));
  case TYPE_BV: return term_bv_u64(type_bv_width(ty), 0);
  case TYPE_ARRAY: return term_const_array(ty, term_zero(type_array_elem(ty)));
  default: return NULL_TERM;
  }
}

/* ---- functions and quantifiers ---- */
term_t term_apply(term_t f, uint32_t n, const term_t *args) {
  if (f == NULL_TERM || any_null(n, args)) return NULL_TERM;
  type_t ty = term_type(f);
  if (n == 0) return f;
  if (type_kind_of(ty) != TYPE_FUN || type_fun_arity(ty) != n)
    return term_error("'%s' applied to %u arguments", term_is_var(f) ? term_var_name(f) : "?", n);
  term_vec x = {0};
  term_vec_push(&x, f);
  for (uint32_t i = 0; i < n; i++) {
    term_t a = args[i];
    if (type_kind_of(type_fun_domain(ty, i)) == TYPE_REAL && is_arith(a)) a = term_to_real(a);
    if (term_type(a) != type_fun_domain(ty, i)) { term_vec_free(&x); return sort_error(term_var_name(f), a); }
    term_vec_push(&x, a);
  }
  term_t r = term_intern(OP_APPLY, type_fun_range(ty), x.size, x.data, 0, NULL);
  term_vec_free(&x);
  return r;
}

static term_t quantifier(term_op op, uint32_t n, const term_t *vars, term_t body) {
  if (body == NULL_TERM || any_null(n, vars)) return NULL_TERM;
  if (!is_bool(body)) return sort_error(op == OP_FORALL ? "forall" : "exists", body);
  for (uint32_t i = 0; i < n; i++)
    if (!term_is_var(vars[i])) return term_error("quantifier over a non-variable");
  if (n == 0 || term_is_const(body)) return body;
  term_vec x = {0};
  for (uint32_t i = 0; i < n; i++) term_vec_push(&x, vars[i]);
  term_vec_push(&x, body);
  term_t r = term_intern(op, type_bool(), x.size, x.data, 0, NULL);
  term_vec_free(&x);
  return r;
}
term_t term_forall(uint32_t n, const term_t *v, term_t b) { return quantifier(OP_FORALL, n, v, b); }
term_t term_exists(uint32_t n, const term_t *v, term_t b) { return quantifier(OP_EXISTS, n, v, b); }

/* ---- bit-vectors ---- */
static term_t bv_result(term_op op, uint32_t n, const term_t *args, uint32_t np,
                        const uint32_t *params, type_t ty) {
  term_t folded = term_bv_fold(op, n, args, np, params);
  if (folded != NULL_TERM) return folded;
  return term_intern(op, ty, n, args, np, params);
}

static bool bv_args(term_op op, uint32_t n, const term_t *a, bool same_width) {
  for (uint32_t i = 0; i < n; i++) {
    if (a[i] == NULL_TERM) return false;
    if (!is_bv(a[i]) || (same_width && term_type(a[i]) != term_type(a[0]))) {
      sort_error(term_op_name(op), a[i]);
      return false;
    }
  }
  return true;
}

term_t term_bvop2(term_op op, term_t a, term_t b) {
  term_t x[2] = {a, b};
  switch (op) {  /* reduce to fewer operators */
  case OP_BVUGT: return term_bvop2(OP_BVULT, b, a);
  case OP_BVUGE: return term_bvop2(OP_BVULE, b, a);
  case OP_BVSGT: return term_bvop2(OP_BVSLT, b, a);
  case OP_BVSGE: return term_bvop2(OP_BVSLE, b, a);
  case OP_BVNAND: return term_bvop(OP_BVNOT, 1, (term_t[]){term_bvop2(OP_BVAND, a, b)});
  case OP_BVNOR: return term_bvop(OP_BVNOT, 1, (term_t[]){term_bvop2(OP_BVOR, a, b)});
  case OP_BVXNOR: return term_bvop(OP_BVNOT, 1, (term_t[]){term_bvop2(OP_BVXOR, a, b)});
  default: break;
  }
  if (!bv_args(op, 2, x, op != OP_CONCAT)) return NULL_TERM;
  type_t ty = term_type(a);
  switch (op) {
  case OP_BVULT: case OP_BVULE: case OP_BVSLT: case OP_BVSLE:
    if (a == b) return term_bool(op == OP_BVULE || op == OP_BVSLE);
    ty = type_bool();
    break;
  case OP_CONCAT: ty = type_bv(type_bv_width(term_type(a)) + type_bv_width(term_type(b))); break;
  case OP_BVCOMP: ty = type_bv(1); break;
  case OP_BVAND: case OP_BVOR:
    if (a == b) return a;
    break;
  case OP_BVXOR: case OP_BVSUB:
    /* x - x and x ^ x: unsatisfiable guards such as `6 <u (m ^ m)` then
       fold to false, so slicing drops their clauses (Spacer gives no
       model for predicates it never needed) */
    if (a == b) return term_bv_u64(type_bv_width(ty), 0);
    break;
  case OP_BVADD: case OP_BVMUL: case OP_BVUDIV: case OP_BVUREM: case OP_BVSDIV:
  case OP_BVSREM: case OP_BVSMOD: case OP_BVSHL: case OP_BVLSHR: case OP_BVASHR:
    break;
  default:
    return term_error("'%s' is not a binary bit-vector operator", term_op_name(op));
  }
  return bv_result(op, 2, x, 0, NULL, ty);
}

term_t term_bvop(term_op op, uint32_t n, const term_t *args) {
  if (any_null(n, args)) return NULL_TERM;
  if (op == OP_BVNOT || op == OP_BVNEG) {
    if (n != 1) return term_error("'%s' takes one argument", term_op_name(op));
    if (!bv_args(op, 1, args, false)) return NULL_TERM;
    if (op == OP_BVNOT && term_op_of(args[0]) == OP_BVNOT) return term_arg(args[0], 0);
    return bv_result(op, 1, args, 0, NULL, term_type(args[0]));
  }
  if (n < 2) return term_error("'%s' takes at least two arguments", term_op_name(op));
  term_t acc = args[0];
  for (uint32_t i = 1; i < n && acc != NULL_TERM; i++) acc = term_bvop2(op, acc, args[i]);
  return acc;
}

term_t term_extract(uint32_t hi, uint32_t lo, term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_bv(a)) return sort_error("extract", a);
  uint32_t w = type_bv_width(term_type(a));
  if (hi < lo || hi >= w) return term_error("extract %u %u out of range for width %u", hi, lo, w);
  if (lo == 0 && hi == w - 1) return a;
  uint32_t p[2] = {hi, lo};
  return bv_result(OP_EXTRACT, 1, &a, 2, p, type_bv(hi - lo + 1));
}

term_t term_bv_extend(term_op op, uint32_t k, term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_bv(a)) return sort_error(term_op_name(op), a);
  if (k == 0) return a;
  return bv_result(op, 1, &a, 1, &k, type_bv(type_bv_width(term_type(a)) + k));
}

term_t term_bv_rotate(term_op op, uint32_t k, term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_bv(a)) return sort_error(term_op_name(op), a);
  k %= type_bv_width(term_type(a));
  if (k == 0) return a;
  return bv_result(op, 1, &a, 1, &k, term_type(a));
}

term_t term_bv_repeat(uint32_t k, term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_bv(a) || k == 0) return sort_error("repeat", a);
  if (k == 1) return a;
  return bv_result(OP_REPEAT, 1, &a, 1, &k, type_bv(type_bv_width(term_type(a)) * k));
}

term_t term_bv2nat(term_t a) {
  if (a == NULL_TERM) return a;
  if (!is_bv(a)) return sort_error("bv2nat", a);
  return bv_result(OP_BV2NAT, 1, &a, 0, NULL, type_int());
}

term_t term_nat2bv(uint32_t w, term_t a) {
  if (a == NULL_TERM) return a;
  if (type_kind_of(term_type(a)) != TYPE_INT || w == 0) return sort_error("nat2bv", a);
  if (is_rat(a)) return term_bv_mpz(w, mpq_numref(*term_rat_ref(a)));
  return bv_result(OP_NAT2BV, 1, &a, 1, &w, type_bv(w));
}

/* ---- generic constructor ---- */
static term_t left_assoc(term_t (*f)(term_t, term_t), uint32_t n, const term_t *a) {
  if (n == 0) return term_error("operator needs arguments");
  term_t acc = a[0];
  for (uint32_t i = 1; i < n; i++) acc = f(acc, a[i]);
  return acc;
}

/* Chainable comparisons: (op a b c) is (and (op a b) (op b c)). */
static term_t chain(term_t (*f)(term_t, term_t), uint32_t n, const term_t *a) {
  if (n < 2) return term_error("comparison needs two or more arguments");
  if (n == 2) return f(a[0], a[1]);
  term_vec v = {0};
  for (uint32_t i = 0; i + 1 < n; i++) term_vec_push(&v, f(a[i], a[i + 1]));
  term_t r = term_and(v.size, v.data);
  term_vec_free(&v);
  return r;
}

static term_t implies_right(uint32_t n, const term_t *a) {
  if (n == 0) return term_error("=> needs arguments");
  term_t acc = a[n - 1];
  for (uint32_t i = n - 1; i-- > 0;) acc = term_implies(a[i], acc);
  return acc;
}

/* ---- datatypes ---- */
static bool dt_ctor_ok(type_t dt, uint32_t c) {
  return dt != NULL_TYPE && (uint32_t)dt < 0x7fffffffu && type_kind_of(dt) == TYPE_DATATYPE && type_dt_defined(dt) &&
         c < type_dt_nctors(dt);
}

term_t term_dt_cons(type_t dt, uint32_t c, uint32_t n, const term_t *args) {
  if (!dt_ctor_ok(dt, c)) return term_error("not a datatype constructor");
  if (n != type_dt_nfields(dt, c))
    return term_error("constructor '%s' takes %u arguments, got %u", type_dt_ctor_name(dt, c), type_dt_nfields(dt, c), n);
  for (uint32_t i = 0; i < n; i++)
    if (args[i] == NULL_TERM || term_type(args[i]) != type_dt_field_type(dt, c, i))
      return term_error("argument %u of constructor '%s' has the wrong sort", i + 1, type_dt_ctor_name(dt, c));
  uint32_t p[2] = {(uint32_t)dt, c};
  return term_intern(OP_DT_CONS, dt, n, args, 2, p);
}

/* A selector applied to a constructor term folds; applied to another
 * constructor it stays (its value is unspecified there, as in SMT-LIB). */
term_t term_dt_sel(type_t dt, uint32_t c, uint32_t f, term_t a) {
  if (!dt_ctor_ok(dt, c) || f >= type_dt_nfields(dt, c)) return term_error("not a datatype selector");
  if (a == NULL_TERM || term_type(a) != dt) return term_error("selector '%s' applied to the wrong sort", type_dt_field_name(dt, c, f));
  if (term_op_of(a) == OP_DT_CONS && term_param(a, 1) == c) return term_arg(a, f);
  uint32_t p[3] = {(uint32_t)dt, c, f};
  return term_intern(OP_DT_SEL, type_dt_field_type(dt, c, f), 1, &a, 3, p);
}

term_t term_dt_is(type_t dt, uint32_t c, term_t a) {
  if (!dt_ctor_ok(dt, c)) return term_error("not a datatype tester");
  if (a == NULL_TERM || term_type(a) != dt) return term_error("tester of '%s' applied to the wrong sort", type_dt_ctor_name(dt, c));
  if (term_op_of(a) == OP_DT_CONS) return term_bool(term_param(a, 1) == c);
  if (type_dt_nctors(dt) == 1) return term_true();
  uint32_t p[2] = {(uint32_t)dt, c};
  return term_intern(OP_DT_IS, type_bool(), 1, &a, 2, p);
}

term_t term_make(term_op op, uint32_t n, const term_t *a, uint32_t np, const uint32_t *p) {
  if (any_null(n, a)) return NULL_TERM;
#define ARITY(k) if (n != (k)) return term_error("'%s' takes %u arguments, got %u", term_op_name(op), (unsigned)(k), n)
#define PARAMS(k) if (np != (k)) return term_error("'%s' takes %u indices", term_op_name(op), (unsigned)(k))
  switch (op) {
  case OP_TRUE: return term_true();
  case OP_AND: return term_and(n, a);
  case OP_OR: return term_or(n, a);
  case OP_XOR: return left_assoc(term_xor, n, a);
  case OP_IMPLIES: return implies_right(n, a);
  case OP_ITE: ARITY(3); return term_ite(a[0], a[1], a[2]);
  case OP_EQ: return chain(term_eq, n, a);
  case OP_DISTINCT: return term_distinct(n, a);
  case OP_ADD: return term_add(n, a);
  case OP_MUL: return term_mul(n, a);
  case OP_NEG: ARITY(1); return term_neg(a[0]);
  case OP_SUB: return n == 1 ? term_neg(a[0]) : left_assoc(term_sub, n, a);
  case OP_DIV: return left_assoc(term_div, n, a);
  case OP_IDIV: return left_assoc(term_idiv, n, a);
  case OP_MOD: ARITY(2); return term_mod(a[0], a[1]);
  case OP_ABS: ARITY(1); return term_abs(a[0]);
  case OP_LE: return chain(term_le, n, a);
  case OP_LT: return chain(term_lt, n, a);
  case OP_TO_REAL: ARITY(1); return term_to_real(a[0]);
  case OP_TO_INT: ARITY(1); return term_to_int(a[0]);
  case OP_IS_INT: ARITY(1); return term_is_int(a[0]);
  case OP_SELECT: ARITY(2); return term_select(a[0], a[1]);
  case OP_STORE: ARITY(3); return term_store(a[0], a[1], a[2]);
  case OP_APPLY: if (n < 1) return term_error("apply needs a function"); return term_apply(a[0], n - 1, a + 1);
  case OP_FORALL: if (n < 1) return term_error("forall needs a body"); return term_forall(n - 1, a, a[n - 1]);
  case OP_EXISTS: if (n < 1) return term_error("exists needs a body"); return term_exists(n - 1, a, a[n - 1]);
  case OP_BVNOT: case OP_BVNEG: return term_bvop(op, n, a);
  case OP_BVULT: case OP_BVULE: case OP_BVUGT: case OP_BVUGE: case OP_BVSLT: case OP_BVSLE:
  case OP_BVSGT: case OP_BVSGE: case OP_BVCOMP: case OP_BVNAND: case OP_BVNOR: case OP_BVXNOR:
  case OP_BVUDIV: case OP_BVUREM: case OP_BVSDIV: case OP_BVSREM: case OP_BVSMOD:
  case OP_BVSHL: case OP_BVLSHR: case OP_BVASHR:
    ARITY(2); return term_bvop2(op, a[0], a[1]);
  case OP_BVAND: case OP_BVOR: case OP_BVXOR: case OP_BVADD: case OP_BVSUB: case OP_BVMUL:
  case OP_CONCAT:
    return term_bvop(op, n, a);
  case OP_EXTRACT: ARITY(1); PARAMS(2); return term_extract(p[0], p[1], a[0]);
  case OP_ZERO_EXTEND: case OP_SIGN_EXTEND: ARITY(1); PARAMS(1); return term_bv_extend(op, p[0], a[0]);
  case OP_ROTATE_LEFT: case OP_ROTATE_RIGHT: ARITY(1); PARAMS(1); return term_bv_rotate(op, p[0], a[0]);
  case OP_REPEAT: ARITY(1); PARAMS(1); return term_bv_repeat(p[0], a[0]);
  case OP_BV2NAT: ARITY(1); return term_bv2nat(a[0]);
  case OP_NAT2BV: ARITY(1); PARAMS(1); return term_nat2bv(p[0], a[0]);
  case OP_DT_CONS: PARAMS(2); return term_dt_cons((type_t)p[0], p[1], n, a);
  case OP_DT_SEL: ARITY(1); PARAMS(3); return term_dt_sel((type_t)p[0], p[1], p[2], a[0]);
  case OP_DT_IS: ARITY(1); PARAMS(2); return term_dt_is((type_t)p[0], p[1], a[0]);
  case OP_CONST_ARRAY: case OP_RAT: case OP_BV: case OP_VAR: case OP_COUNT_:
    break;
  }
#undef ARITY
#undef PARAMS
  return term_error("term_make: operator '%s' needs its own constructor", term_op_name(op));
}

static const char *const op_names[OP_COUNT_] = {
  [OP_TRUE] = "true", [OP_RAT] = "<rational>", [OP_BV] = "<bitvector>", [OP_VAR] = "<var>",
  [OP_ITE] = "ite", [OP_EQ] = "=", [OP_DISTINCT] = "distinct", [OP_AND] = "and", [OP_OR] = "or",
  [OP_XOR] = "xor", [OP_IMPLIES] = "=>", [OP_ADD] = "+", [OP_MUL] = "*", [OP_NEG] = "-", [OP_SUB] = "-", [OP_DIV] = "/",
  [OP_IDIV] = "div", [OP_MOD] = "mod", [OP_ABS] = "abs", [OP_LE] = "<=", [OP_LT] = "<",
  [OP_TO_REAL] = "to_real", [OP_TO_INT] = "to_int", [OP_IS_INT] = "is_int",
  [OP_SELECT] = "select", [OP_STORE] = "store", [OP_CONST_ARRAY] = "const", [OP_APPLY] = "<apply>",
  [OP_FORALL] = "forall", [OP_EXISTS] = "exists", [OP_BVNOT] = "bvnot", [OP_BVNEG] = "bvneg",
  [OP_BVAND] = "bvand", [OP_BVOR] = "bvor", [OP_BVXOR] = "bvxor", [OP_BVNAND] = "bvnand",
  [OP_BVNOR] = "bvnor", [OP_BVXNOR] = "bvxnor", [OP_BVADD] = "bvadd", [OP_BVSUB] = "bvsub",
  [OP_BVMUL] = "bvmul", [OP_BVUDIV] = "bvudiv", [OP_BVUREM] = "bvurem", [OP_BVSDIV] = "bvsdiv",
  [OP_BVSREM] = "bvsrem", [OP_BVSMOD] = "bvsmod", [OP_BVSHL] = "bvshl", [OP_BVLSHR] = "bvlshr",
  [OP_BVASHR] = "bvashr", [OP_CONCAT] = "concat", [OP_BVCOMP] = "bvcomp", [OP_BVULT] = "bvult",
  [OP_BVULE] = "bvule", [OP_BVUGT] = "bvugt", [OP_BVUGE] = "bvuge", [OP_BVSLT] = "bvslt",
  [OP_BVSLE] = "bvsle", [OP_BVSGT] = "bvsgt", [OP_BVSGE] = "bvsge", [OP_EXTRACT] = "extract",
  [OP_ZERO_EXTEND] = "zero_extend", [OP_SIGN_EXTEND] = "sign_extend",
  [OP_ROTATE_LEFT] = "rotate_left", [OP_ROTATE_RIGHT] = "rotate_right", [OP_REPEAT] = "repeat",
  [OP_BV2NAT] = "bv2nat", [OP_NAT2BV] = "int2bv", [OP_DT_CONS] = "<constructor>", [OP_DT_SEL] = "<selector>",
  [OP_DT_IS] = "is",
};

const char *term_op_name(term_op op) { return op < OP_COUNT_ && op_names[op] ? op_names[op] : "?"; }
