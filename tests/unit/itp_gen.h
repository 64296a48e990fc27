/* Generated interpolation problems and an independent checker (cvc5 through
 * the SMT-LIB subprocess backend), shared by the test_itp*.c binaries. */
#ifndef ZETA_TEST_ITP_GEN_H
#define ZETA_TEST_ITP_GEN_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "core/term.h"
#include "solver/itp.h"

static uint64_t gen_state = 0x9E3779B97F4A7C15ULL;
static inline void gen_seed(uint64_t s) { gen_state = s ? s : 1; }
static inline uint32_t gen_rand(uint32_t bound) {   /* xorshift64*, deterministic */
  gen_state ^= gen_state >> 12; gen_state ^= gen_state << 25; gen_state ^= gen_state >> 27;
  return (uint32_t)((gen_state * 0x2545F4914F6CDD1DULL) >> 33) % bound;
}
static inline long gen_range(long lo, long hi) { return lo + (long)gen_rand((uint32_t)(hi - lo + 1)); }

static inline term_t gen_var(const char *name, type_t ty, int32_t idx) { return term_var_at(term_var(name, ty), idx); }

static inline term_t gen_num(type_t ty, long v) {
  term_t t = term_int(v);
  return ty == type_real() ? term_to_real(t) : t;
}

/* A path of n formulas over x, y (Int or Real): F0 sets x@0, y@0; each step
 * updates x and y by random increments, with guards that hold on the path
 * and an unrelated variable; the last formula contradicts the final value
 * (unsat) unless sat is requested. */
static inline void gen_linear_path(type_t ty, uint32_t n, bool sat, term_t *f) {
  long x = gen_range(-5, 5), y = gen_range(-5, 5);
  term_t x0 = gen_var("x", ty, 0), y0 = gen_var("y", ty, 0);
  f[0] = term_and2(term_eq(x0, gen_num(ty, x)), term_eq(y0, gen_num(ty, y)));
  for (uint32_t i = 1; i + 1 < n; i++) {
    long cx = gen_range(-3, 4), cy = gen_range(-2, 2);
    term_t xp = gen_var("x", ty, (int32_t)i - 1), xi = gen_var("x", ty, (int32_t)i);
    term_t yp = gen_var("y", ty, (int32_t)i - 1), yi = gen_var("y", ty, (int32_t)i);
    term_t step = term_eq(xi, term_add2(xp, term_add2(yp, gen_num(ty, cx))));
    x = x + y + cx;
    term_t ystep = term_eq(yi, term_add2(yp, gen_num(ty, cy)));
    y += cy;
    term_t g = term_le(xi, gen_num(ty, x + gen_range(0, 3)));     /* true guard */
    term_t noise = term_ge(gen_var("z", ty, (int32_t)i), gen_num(ty, gen_range(-9, 9)));
    term_t parts[4] = {step, ystep, g, noise};
    f[i] = term_and(4, parts);
  }
  term_t xl = gen_var("x", ty, (int32_t)n - 2);
  f[n - 1] = sat ? term_ge(xl, gen_num(ty, x)) : term_lt(xl, gen_num(ty, x - gen_range(0, 2)));
}

/* Boolean path: three bits updated by random gates; the last formula
 * negates the final value of one bit. */
static inline void gen_bool_path(uint32_t n, term_t *f) {
  enum { NB = 3 };
  bool v[NB];
  const char *names[NB] = {"p", "q", "r"};
  term_t init[NB];
  for (int j = 0; j < NB; j++) {
    v[j] = gen_rand(2);
    term_t b = gen_var(names[j], type_bool(), 0);
    init[j] = v[j] ? b : term_not(b);
  }
  f[0] = term_and(NB, init);
  for (uint32_t i = 1; i + 1 < n; i++) {
    term_t up[NB];
    bool nv[NB];
    for (int j = 0; j < NB; j++) {
      int a = (int)gen_rand(NB), b = (int)gen_rand(NB), op = (int)gen_rand(3);
      term_t ta = gen_var(names[a], type_bool(), (int32_t)i - 1), tb = gen_var(names[b], type_bool(), (int32_t)i - 1);
      term_t rhs = op == 0 ? term_and2(ta, term_not(tb)) : op == 1 ? term_or2(ta, tb) : term_xor(ta, tb);
      nv[j] = op == 0 ? (v[a] && !v[b]) : op == 1 ? (v[a] || v[b]) : (v[a] != v[b]);
      up[j] = term_iff(gen_var(names[j], type_bool(), (int32_t)i), rhs);
    }
    for (int j = 0; j < NB; j++) v[j] = nv[j];
    f[i] = term_and(NB, up);
  }
  int j = (int)gen_rand(NB);
  term_t last = gen_var(names[j], type_bool(), (int32_t)n - 2);
  f[n - 1] = v[j] ? term_not(last) : last;
}

/* Bit-vector path: x@i = x@(i-1) * c + d over width w; last formula: x != value. */
static inline void gen_bv_path(uint32_t w, uint32_t n, term_t *f) {
  uint64_t mask = w >= 64 ? ~0ULL : ((1ULL << w) - 1), x = gen_rand(1u << (w < 16 ? w : 16)) & mask;
  type_t ty = type_bv(w);
  f[0] = term_eq(gen_var("b", ty, 0), term_bv_u64(w, x));
  for (uint32_t i = 1; i + 1 < n; i++) {
    uint64_t c = gen_rand(5) + 1, d = gen_rand(200);
    term_t xp = gen_var("b", ty, (int32_t)i - 1), xi = gen_var("b", ty, (int32_t)i);
    term_t rhs;
    if (gen_rand(3) == 0) { rhs = term_bvop2(OP_BVXOR, xp, term_bv_u64(w, d)); x = (x ^ d) & mask; }
    else { rhs = term_bvop2(OP_BVADD, term_bvop2(OP_BVMUL, xp, term_bv_u64(w, c)), term_bv_u64(w, d)); x = (x * c + d) & mask; }
    f[i] = term_eq(xi, rhs);
  }
  f[n - 1] = term_not(term_eq(gen_var("b", ty, (int32_t)n - 2), term_bv_u64(w, x)));
}

/* Array path: a@i = store(a@(i-1), k, v) with constant and symbolic
 * indices; the last formula reads a cell back with the wrong value. */
static inline void gen_array_path(uint32_t n, term_t *f) {
  type_t ty = type_array(type_int(), type_int());
  long cells[8] = {0};
  bool known[8] = {0};
  term_t a0 = gen_var("a", ty, 0);
  f[0] = term_eq(term_select(a0, term_int(0)), term_int(0));
  cells[0] = 0; known[0] = true;
  for (uint32_t i = 1; i + 1 < n; i++) {
    int k = (int)gen_rand(8);
    long v = gen_range(-9, 9);
    term_t ap = gen_var("a", ty, (int32_t)i - 1), ai = gen_var("a", ty, (int32_t)i);
    term_t idx = gen_var("k", type_int(), (int32_t)i);
    term_t parts[2] = {term_eq(idx, term_int(k)), term_eq(ai, term_store(ap, idx, term_int(v)))};
    f[i] = term_and(2, parts);
    cells[k] = v; known[k] = true;
  }
  int k = 0;
  for (int j = 0; j < 8; j++) if (known[j] && gen_rand(2)) k = j;
  f[n - 1] = term_not(term_eq(term_select(gen_var("a", ty, (int32_t)n - 2), term_int(k)), term_int(cells[k])));
}

/* ---- the independent check ---- */

static inline bool gen_unsat(solver *s, term_t a, term_t b) {
  solver_push(s);
  solver_assert(s, a);
  solver_assert(s, b);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  solver_result r = solver_check(s);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double dt = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  if (dt > 1.0 && getenv("ITP_GEN_SLOW")) {
    char *sa = term_to_string(a), *sb = term_to_string(b);
    fprintf(stderr, "slow check %.1fs: %s /// %s\n", dt, sa, sb);
    free(sa); free(sb);
  }
  solver_pop(s, 1);
  return r == SOLVER_UNSAT;
}

static inline bool gen_symbols_ok(uint32_t n, const term_t *f, uint32_t cut, term_t itp) {
  term_t *pre, *suf, *iv;
  uint32_t np = term_free_vars_n(cut + 1, f, true, &pre);
  uint32_t ns = term_free_vars_n(n - cut - 1, f + cut + 1, true, &suf);
  uint32_t ni = term_free_vars_n(1, &itp, true, &iv);
  bool ok = true;
  for (uint32_t i = 0; i < ni && ok; i++) {
    bool inp = false, ins = false;
    for (uint32_t j = 0; j < np; j++) inp |= pre[j] == iv[i];
    for (uint32_t j = 0; j < ns; j++) ins |= suf[j] == iv[i];
    ok = inp && ins;
  }
  free(pre); free(suf); free(iv);
  return ok;
}

/* The three conditions and the symbol condition, by cvc5. */
static inline bool gen_check_itp(solver *cvc, uint32_t n, const term_t *f, const term_t *itp) {
  for (uint32_t c = 0; c + 1 < n; c++) {
    if (!gen_symbols_ok(n, f, c, itp[c])) { fprintf(stderr, "cut %u: foreign symbols\n", c); return false; }
    term_t pre = c ? term_and2(itp[c - 1], f[c]) : f[c];
    if (!gen_unsat(cvc, pre, term_not(itp[c]))) { fprintf(stderr, "cut %u: not implied\n", c); return false; }
  }
  if (!gen_unsat(cvc, itp[n - 2], f[n - 1])) { fprintf(stderr, "last interpolant consistent with Fn\n"); return false; }
  return true;
}
#endif
