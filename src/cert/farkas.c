/* Farkas combinations and Fourier-Motzkin elimination, exact (GMP). */
#include "cert/farkas.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void lin_init(lin_cons *c) { memset(c, 0, sizeof *c); mpq_init(c->cst); c->rel = LIN_LE; }

void lin_clear(lin_cons *c) {
  for (uint32_t i = 0; i < c->n; i++) mpq_clear(c->m[i].coef);
  free(c->m);
  mpq_clear(c->cst);
  c->m = NULL; c->n = c->cap = 0;
}

void lin_copy(lin_cons *dst, const lin_cons *src) {
  for (uint32_t i = 0; i < dst->n; i++) mpq_clear(dst->m[i].coef);
  dst->n = 0;
  for (uint32_t i = 0; i < src->n; i++) lin_add_term(dst, src->m[i].var, src->m[i].coef);
  mpq_set(dst->cst, src->cst);
  dst->rel = src->rel;
}

void lin_add_term(lin_cons *c, uint32_t var, const mpq_t k) {
  if (mpq_sgn(k) == 0) return;
  uint32_t lo = 0, hi = c->n;
  while (lo < hi) { uint32_t mid = (lo + hi) / 2; if (c->m[mid].var < var) lo = mid + 1; else hi = mid; }
  if (lo < c->n && c->m[lo].var == var) {
    mpq_add(c->m[lo].coef, c->m[lo].coef, k);
    if (mpq_sgn(c->m[lo].coef) == 0) {
      mpq_clear(c->m[lo].coef);
      memmove(c->m + lo, c->m + lo + 1, (c->n - lo - 1) * sizeof *c->m);
      c->n--;
    }
    return;
  }
  if (c->n == c->cap) { c->cap = c->cap ? 2 * c->cap : 4; c->m = xrealloc(c->m, c->cap * sizeof *c->m); }
  memmove(c->m + lo + 1, c->m + lo, (c->n - lo) * sizeof *c->m);
  c->m[lo].var = var;
  mpq_init(c->m[lo].coef);
  mpq_set(c->m[lo].coef, k);
  c->n++;
}

void lin_addmul(lin_cons *dst, const lin_cons *src, const mpq_t k) {
  mpq_t t;
  mpq_init(t);
  for (uint32_t i = 0; i < src->n; i++) { mpq_mul(t, src->m[i].coef, k); lin_add_term(dst, src->m[i].var, t); }
  mpq_mul(t, src->cst, k);
  mpq_add(dst->cst, dst->cst, t);
  mpq_clear(t);
}

bool lin_equal(const lin_cons *a, const lin_cons *b) {
  if (a->n != b->n || a->rel != b->rel || !mpq_equal(a->cst, b->cst)) return false;
  for (uint32_t i = 0; i < a->n; i++)
    if (a->m[i].var != b->m[i].var || !mpq_equal(a->m[i].coef, b->m[i].coef)) return false;
  return true;
}

void lin_scale(lin_cons *c, const mpq_t k) {
  for (uint32_t i = 0; i < c->n; i++) mpq_mul(c->m[i].coef, c->m[i].coef, k);
  mpq_mul(c->cst, c->cst, k);
}

void lin_negate(lin_cons *c) {
  switch (c->rel) {
  case LIN_EQ: c->rel = LIN_NE; return;
  case LIN_NE: c->rel = LIN_EQ; return;
  case LIN_LE: c->rel = LIN_LT; break;
  case LIN_LT: c->rel = LIN_LE; break;
  }
  for (uint32_t i = 0; i < c->n; i++) mpq_neg(c->m[i].coef, c->m[i].coef);
  mpq_neg(c->cst, c->cst);
}

bool lin_is_int(const lin_cons *c, lin_domain d) {
  for (uint32_t i = 0; i < c->n; i++)
    if (c->m[i].var >= d.n || !d.is_int[c->m[i].var]) return false;
  return true;
}

void lin_tighten(lin_cons *c) {
  /* integral coefficients: multiply by the lcm of the denominators */
  mpz_t l, g;
  mpz_init_set_ui(l, 1);
  mpz_init(g);
  for (uint32_t i = 0; i < c->n; i++) mpz_lcm(l, l, mpq_denref(c->m[i].coef));
  mpz_lcm(l, l, mpq_denref(c->cst));
  mpq_t k;
  mpq_init(k);
  mpq_set_z(k, l);
  lin_scale(c, k);
  /* now every coefficient and the constant are integers */
  if (c->rel == LIN_LT) {               /* t < 0 over integers: t + 1 <= 0 */
    mpz_add_ui(mpq_numref(c->cst), mpq_numref(c->cst), 1);
    c->rel = LIN_LE;
  }
  mpz_set_ui(g, 0);
  for (uint32_t i = 0; i < c->n; i++) mpz_gcd(g, g, mpq_numref(c->m[i].coef));
  if (c->n && mpz_cmp_ui(g, 1) > 0) {
    mpz_ptr cn = mpq_numref(c->cst);
    if (c->rel == LIN_EQ || c->rel == LIN_NE) {
      if (!mpz_divisible_p(cn, g)) {
        /* a*x = c without solutions: false (and its negation true) */
        bool eq = c->rel == LIN_EQ;
        for (uint32_t i = 0; i < c->n; i++) mpq_clear(c->m[i].coef);
        c->n = 0;
        mpq_set_si(c->cst, 1, 1);
        c->rel = eq ? LIN_LE : LIN_NE;
        goto done;
      }
      mpz_divexact(cn, cn, g);
    } else {
      mpz_cdiv_q(cn, cn, g);            /* a*x + c <= 0 ~> a/g*x + ceil(c/g) <= 0 */
    }
    for (uint32_t i = 0; i < c->n; i++) mpz_divexact(mpq_numref(c->m[i].coef), mpq_numref(c->m[i].coef), g);
  }
done:
  mpq_clear(k);
  mpz_clear(l);
  mpz_clear(g);
}

int lin_const_truth(const lin_cons *c) {
  if (c->n) return -1;
  int s = mpq_sgn(c->cst);
  switch (c->rel) {
  case LIN_LE: return s <= 0;
  case LIN_LT: return s < 0;
  case LIN_EQ: return s == 0;
  case LIN_NE: return s != 0;
  }
  return -1;
}

/* The combination sum mult[i] * cs[i] is a false constant constraint. */
static bool combination_false(uint32_t n, const lin_cons *cs, mpq_t *mult, lin_domain d) {
  lin_cons sum;
  lin_init(&sum);
  bool strict = false, ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    int s = mpq_sgn(mult[i]);
    if (s == 0) continue;
    if (cs[i].rel == LIN_NE) { ok = false; break; }
    if (cs[i].rel != LIN_EQ && s < 0) { ok = false; break; }
    if (cs[i].rel == LIN_LT) strict = true;
    lin_addmul(&sum, &cs[i], mult[i]);
  }
  if (ok) {
    sum.rel = sum.n == 0 ? (strict ? LIN_LT : LIN_LE) : LIN_LE;
    if (sum.n == 0) ok = lin_const_truth(&sum) == 0;
    else if (lin_is_int(&sum, d)) {
      /* only equalities used: a*x + c = 0 may have no integer solution */
      bool alleq = true;
      for (uint32_t i = 0; i < n; i++) if (mpq_sgn(mult[i]) && cs[i].rel != LIN_EQ) alleq = false;
      if (alleq) { sum.rel = LIN_EQ; lin_tighten(&sum); ok = lin_const_truth(&sum) == 0; }
      else ok = false;
    } else ok = false;
  }
  lin_clear(&sum);
  return ok;
}

bool farkas_check(uint32_t n, const lin_cons *cs, mpq_t *mult, lin_domain d) {
  if (combination_false(n, cs, mult, d)) return true;
  /* again with the integer constraints tightened */
  lin_cons *t = xcalloc(n + 1, sizeof *t);
  bool any = false;
  for (uint32_t i = 0; i < n; i++) {
    lin_init(&t[i]);
    lin_copy(&t[i], &cs[i]);
    if (cs[i].rel != LIN_NE && lin_is_int(&cs[i], d)) { lin_tighten(&t[i]); any = true; }
  }
  bool ok = any && combination_false(n, t, mult, d);
  for (uint32_t i = 0; i < n; i++) lin_clear(&t[i]);
  free(t);
  return ok;
}

/* ---- Fourier-Motzkin ---- */

typedef struct { lin_cons *c; uint32_t n, cap; } lin_set;

static void set_push(lin_set *s, const lin_cons *c) {
  if (s->n == s->cap) { s->cap = s->cap ? 2 * s->cap : 16; s->c = xrealloc(s->c, s->cap * sizeof *s->c); }
  lin_init(&s->c[s->n]);
  lin_copy(&s->c[s->n], c);
  s->n++;
}
static void set_free(lin_set *s) {
  for (uint32_t i = 0; i < s->n; i++) lin_clear(&s->c[i]);
  free(s->c);
  s->c = NULL; s->n = s->cap = 0;
}

/* Adds a derived constraint (tightened when integral, normalized so the
 * first coefficient is +-1 otherwise); returns false when it is a false
 * constant (refuted). True constants and duplicates are dropped. */
static bool add_derived(lin_set *s, lin_cons *c, lin_domain d) {
  if (c->n && lin_is_int(c, d)) lin_tighten(c);
  else if (c->n) {
    mpq_t k;
    mpq_init(k);
    mpq_abs(k, c->m[0].coef);
    mpq_inv(k, k);
    lin_scale(c, k);
    mpq_clear(k);
  }
  int t = lin_const_truth(c);
  if (t == 0) return false;
  if (t == 1) return true;
  for (uint32_t i = 0; i < s->n; i++) if (lin_equal(&s->c[i], c)) return true;
  set_push(s, c);
  return true;
}

static int fm_run(lin_set *s, lin_domain d, uint32_t max_cons, uint32_t depth);

/* b is -a with both non-strict: the pair is the equality a = 0 */
static bool opposite(const lin_cons *a, const lin_cons *b) {
  if (a->rel != LIN_LE || b->rel != LIN_LE || a->n != b->n || a->n == 0) return false;
  mpq_t t;
  mpq_init(t);
  mpq_neg(t, b->cst);
  bool same = mpq_equal(a->cst, t);
  for (uint32_t i = 0; i < a->n && same; i++) {
    mpq_neg(t, b->m[i].coef);
    same = a->m[i].var == b->m[i].var && mpq_equal(a->m[i].coef, t);
  }
  mpq_clear(t);
  return same;
}

/* Turns pairs t <= 0, -t <= 0 into t = 0: substituting an equality keeps
 * integer information that eliminating its variables pairwise loses. */
static void find_equalities(lin_set *s) {
  for (uint32_t i = 0; i < s->n; i++)
    for (uint32_t j = i + 1; j < s->n; j++)
      if (opposite(&s->c[i], &s->c[j])) {
        s->c[i].rel = LIN_EQ;
        lin_clear(&s->c[j]);
        s->c[j] = s->c[--s->n];
        break;
      }
}

/* Splits the first disequality t != 0 into t < 0 and -t < 0. */
static int split_ne(lin_set *s, uint32_t at, lin_domain d, uint32_t max_cons, uint32_t depth) {
  if (depth >= 8) return -1;
  int res = 1;
  for (int side = 0; side < 2 && res == 1; side++) {
    lin_set b = {0};
    lin_cons c;
    lin_init(&c);
    bool refuted = false;
    for (uint32_t i = 0; i < s->n && !refuted; i++) {
      lin_copy(&c, &s->c[i]);
      if (i == at) {
        c.rel = LIN_LT;
        if (side) { mpq_t m1; mpq_init(m1); mpq_set_si(m1, -1, 1); lin_scale(&c, m1); mpq_clear(m1); }
      }
      refuted = !add_derived(&b, &c, d);
    }
    lin_clear(&c);
    int r = refuted ? 1 : fm_run(&b, d, max_cons, depth + 1);
    set_free(&b);
    if (r != 1) res = r;
  }
  return res;
}

static int fm_run(lin_set *s, lin_domain d, uint32_t max_cons, uint32_t depth) {
  for (uint32_t i = 0; i < s->n; i++)
    if (s->c[i].rel == LIN_NE) return split_ne(s, i, d, max_cons, depth);
  lin_cons c;
  lin_init(&c);
  mpq_t k;
  mpq_init(k);
  int res = 0;
  for (;;) {
    if (s->n > max_cons) { res = -1; break; }
    find_equalities(s);
    /* an equality: solve it for its first variable and substitute */
    uint32_t eq = UINT32_MAX;
    for (uint32_t i = 0; i < s->n && eq == UINT32_MAX; i++) if (s->c[i].rel == LIN_EQ) eq = i;
    lin_set next = {0};
    bool refuted = false;
    if (eq != UINT32_MAX) {
      lin_cons *e = &s->c[eq];
      uint32_t v = e->m[0].var;
      for (uint32_t i = 0; i < s->n && !refuted; i++) {
        if (i == eq) continue;
        lin_copy(&c, &s->c[i]);
        for (uint32_t j = 0; j < c.n; j++)
          if (c.m[j].var == v) {               /* c -= (coef_c / coef_e) * e */
            mpq_div(k, c.m[j].coef, e->m[0].coef);
            mpq_neg(k, k);
            lin_addmul(&c, e, k);
            break;
          }
        refuted = !add_derived(&next, &c, d);
      }
    } else {
      if (s->n == 0) { set_free(&next); break; }
      /* the variable with the fewest new constraints */
      uint32_t best = UINT32_MAX;
      uint64_t cost = UINT64_MAX;
      for (uint32_t i = 0; i < s->n; i++)
        for (uint32_t j = 0; j < s->c[i].n; j++) {
          uint32_t v = s->c[i].m[j].var;
          uint64_t pos = 0, neg = 0;
          for (uint32_t a = 0; a < s->n; a++)
            for (uint32_t b = 0; b < s->c[a].n; b++)
              if (s->c[a].m[b].var == v) { if (mpq_sgn(s->c[a].m[b].coef) > 0) pos++; else neg++; }
          uint64_t x = pos * neg;
          if (x < cost || (x == cost && v < best)) { cost = x; best = v; }
        }
      if (best == UINT32_MAX) { set_free(&next); break; }   /* only constants left: all true */
      /* constraints without best stay; each (positive, negative) pair is combined */
      for (uint32_t i = 0; i < s->n && !refuted; i++) {
        const lin_cons *p = &s->c[i];
        const mpq_t *cp = NULL;
        for (uint32_t j = 0; j < p->n; j++) if (p->m[j].var == best) cp = &p->m[j].coef;
        if (!cp) { lin_copy(&c, p); refuted = !add_derived(&next, &c, d); continue; }
        if (mpq_sgn(*cp) < 0) continue;
        for (uint32_t a = 0; a < s->n && !refuted; a++) {
          const lin_cons *q = &s->c[a];
          const mpq_t *cq = NULL;
          for (uint32_t j = 0; j < q->n; j++) if (q->m[j].var == best) cq = &q->m[j].coef;
          if (!cq || mpq_sgn(*cq) > 0) continue;
          /* (-cq) * p + cp * q: best cancels; strict when either is */
          lin_copy(&c, p);
          mpq_neg(k, *cq);
          lin_scale(&c, k);
          lin_addmul(&c, q, *cp);
          c.rel = (p->rel == LIN_LT || q->rel == LIN_LT) ? LIN_LT : LIN_LE;
          refuted = !add_derived(&next, &c, d);
          if (next.n > max_cons) break;
        }
      }
    }
    set_free(s);
    *s = next;
    if (refuted) { res = 1; break; }
  }
  mpq_clear(k);
  lin_clear(&c);
  return res;
}

int fm_refute(uint32_t n, const lin_cons *cs, lin_domain d, uint32_t max_cons) {
  lin_set s = {0};
  lin_cons c;
  lin_init(&c);
  bool refuted = false;
  for (uint32_t i = 0; i < n && !refuted; i++) { lin_copy(&c, &cs[i]); refuted = !add_derived(&s, &c, d); }
  lin_clear(&c);
  int r = refuted ? 1 : fm_run(&s, d, max_cons, 0);
  set_free(&s);
  return r;
}
