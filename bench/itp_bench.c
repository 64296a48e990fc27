/* Interpolation cost on path-shaped queries of growing length.
 *
 *   itp_bench [TIMEOUT_S] [LENGTHS...]     (default 60 s; 10 25 50 100 150 200)
 *
 * For each length n a path F1..Fn over x, y (x@i = x@i-1 + y@i-1 + c,
 * y@i = y@i-1 + d, a guard that holds, an unrelated variable) ends in a
 * contradiction with the final value; the n-1 sequence interpolants are
 * computed by each strategy alone (no fallback, result checked) and timed.
 * Theories: LIA, LRA, and 16-bit bit-vectors. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "core/term.h"
#include "solver/itp.h"

static uint64_t rng = 12345;
static long rnd(long lo, long hi) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return lo + (long)((rng >> 33) % (uint64_t)(hi - lo + 1));
}

static term_t var(const char *n, type_t ty, int32_t i) { return term_var_at(term_var(n, ty), i); }

static term_t num(type_t ty, long v) {
  if (type_kind_of(ty) == TYPE_BV) return term_bv_u64(type_bv_width(ty), (uint64_t)v);
  term_t t = term_int(v);
  return ty == type_real() ? term_to_real(t) : t;
}

static term_t add(type_t ty, term_t a, term_t b) {
  return type_kind_of(ty) == TYPE_BV ? term_bvop2(OP_BVADD, a, b) : term_add2(a, b);
}

static term_t le(type_t ty, term_t a, term_t b) {
  return type_kind_of(ty) == TYPE_BV ? term_bvop2(OP_BVULE, a, b) : term_le(a, b);
}

static void path(type_t ty, uint32_t n, term_t *f) {
  bool bv = type_kind_of(ty) == TYPE_BV;
  long x = rnd(0, 5), y = rnd(0, 3);
  f[0] = term_and2(term_eq(var("x", ty, 0), num(ty, x)), term_eq(var("y", ty, 0), num(ty, y)));
  for (uint32_t i = 1; i + 1 < n; i++) {
    long c = rnd(0, 3), d = rnd(0, 1);
    term_t xp = var("x", ty, (int32_t)i - 1), yp = var("y", ty, (int32_t)i - 1);
    term_t xi = var("x", ty, (int32_t)i), yi = var("y", ty, (int32_t)i);
    x = x + y + c;
    y = y + d;
    if (bv) { x &= 0xffff; y &= 0xffff; }
    term_t parts[4] = {
      term_eq(xi, add(ty, xp, add(ty, yp, num(ty, c)))),
      term_eq(yi, add(ty, yp, num(ty, d))),
      bv ? term_true() : le(ty, xi, num(ty, x + rnd(0, 3))),
      bv ? term_true() : term_le(num(ty, -100), var("z", ty, (int32_t)i)),
    };
    f[i] = term_and(4, parts);
  }
  term_t last = var("x", ty, (int32_t)n - 2);
  f[n - 1] = bv ? term_not(term_eq(last, num(ty, x))) : term_lt(last, num(ty, x));
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  uint32_t timeout_s = argc > 1 ? (uint32_t)atoi(argv[1]) : 60;
  uint32_t lens[32] = {10, 25, 50, 100, 150, 200}, nl = 6;
  if (argc > 2) {
    nl = 0;
    for (int i = 2; i < argc && nl < 32; i++) lens[nl++] = (uint32_t)atoi(argv[i]);
  }
  struct { const char *name; type_t ty; } th[3] = {{"LIA", type_int()}, {"LRA", type_real()}, {"BV16", type_bv(16)}};
  printf("%-5s %6s %-7s %-8s %9s\n", "logic", "steps", "strategy", "result", "seconds");
  for (int t = 0; t < 3; t++) {
    bool gave_up[2] = {false, false};
    for (uint32_t l = 0; l < nl; l++) {
      uint32_t n = lens[l];
      term_t *f = malloc(n * sizeof *f), *out = malloc(n * sizeof *out);
      if (!f || !out) return 3;
      rng = 12345 + n;
      path(th[t].ty, n, f);
      itp_strategy sts[2] = {ITP_SPACER, ITP_MBP};
      for (int s = 0; s < 2; s++) {
        const char *name = s ? "mbp" : "spacer";
        if (gave_up[s]) { printf("%-5s %6u %-7s %-8s %9s\n", th[t].name, n, name, "skipped", "-"); continue; }
        const char *why = NULL;
        double t0 = now();
        solver_result r = itp_sequence_only(sts[s], n, f, out, timeout_s * 1000, &why);
        double dt = now() - t0;
        const char *res = r == SOLVER_UNSAT ? "ok" : r == SOLVER_SAT ? "sat?!" : "unknown";
        printf("%-5s %6u %-7s %-8s %9.2f%s%s\n", th[t].name, n, name, res, dt,
               r == SOLVER_UNKNOWN ? "  " : "", r == SOLVER_UNKNOWN && why ? why : "");
        fflush(stdout);
        if (r != SOLVER_UNSAT) gave_up[s] = true;   /* longer paths will not do better */
      }
      free(f); free(out);
    }
  }
  terms_reset();
  return 0;
}
