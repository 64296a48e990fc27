#include "lang/sol/sol_split.h"
#include "core/alloc.h"
#include "core/limits.h"
#include "core/term_map.h"
#include <stdlib.h>

#define MAX_CANDS 8     /* variables tried for a split */
#define MAX_VALUE 64    /* a split needs 0 <= x <= MAX_VALUE on every model */

typedef struct {
  term_map seen, cand;
  term_t *lemmas; uint32_t nlem, caplem;
  term_t *cands; uint32_t ncand;
} walk;

static void push_lemma(walk *w, term_t l) {
  if (w->nlem == w->caplem) w->lemmas = xrealloc(w->lemmas, (w->caplem = w->caplem ? 2 * w->caplem : 16) * sizeof(term_t));
  w->lemmas[w->nlem++] = l;
}

/* Integer variables of a factor of a product with two non-constant
 * factors: where Z3's nonlinear arithmetic gets stuck. */
static void note_factors(walk *w, term_t t) {
  uint32_t nonconst = 0;
  for (uint32_t i = 0; i < term_nargs(t); i++) nonconst += !term_is_const(term_arg(t, i));
  if (nonconst < 2) return;
  for (uint32_t i = 0; i < term_nargs(t) && w->ncand < MAX_CANDS; i++) {
    term_t *vs;
    uint32_t n = term_free_vars(term_arg(t, i), &vs);
    for (uint32_t j = 0; j < n && w->ncand < MAX_CANDS; j++)
      if (term_type(vs[j]) == type_int() && !term_map_has(&w->cand, vs[j])) {
        term_map_put(&w->cand, vs[j], 1);
        w->cands[w->ncand++] = vs[j];
      }
    free(vs);
  }
}

static void visit(walk *w, term_t t) {
  t = term_unsigned(t);
  if (term_map_has(&w->seen, t)) return;
  term_map_put(&w->seen, t, 1);
  term_op op = term_op_of(t);
  if (op == OP_FORALL || op == OP_EXISTS) return;   /* bound variables: no lemma over them */
  for (uint32_t i = 0; i < term_nargs(t); i++) visit(w, term_arg(t, i));
  if (op == OP_IDIV && term_type(t) == type_int()) {
    /* SMT-LIB: for b != 0, a = b*q + r with 0 <= r < |b| (q = div a b), so
     * b*q = a - r lies in (a - |b|, a]: valid for all integers a, b,
     * whatever Solidity arithmetic built a and b (every mode's VC uses
     * integer div; a wrap-around is an explicit mod, never this product). */
    term_t a = term_arg(t, 0), b = term_arg(t, 1), bq = term_mul2(b, t);
    term_t nz = term_not(term_eq(b, term_int(0)));
    push_lemma(w, term_implies(nz, term_and2(term_le(bq, a), term_lt(a, term_add2(bq, term_abs(b))))));
  } else if (op == OP_MUL) {
    note_factors(w, t);
  }
}

static void walk_run(walk *w, term_t t) {
  term_map_init(&w->seen);
  term_map_init(&w->cand);
  w->lemmas = NULL, w->nlem = w->caplem = 0;
  w->cands = xcalloc(MAX_CANDS, sizeof(term_t));
  w->ncand = 0;
  visit(w, t);
}

static void walk_free(walk *w) {
  term_map_free(&w->seen);
  term_map_free(&w->cand);
  free(w->lemmas);
  free(w->cands);
}

term_t sol_div_lemmas(term_t t) {
  walk w;
  walk_run(&w, t);
  term_t l = term_and(w.nlem, w.lemmas);
  walk_free(&w);
  return l;
}

/* f and extra in Z3's default solver, whose non-incremental
 * preprocessing decides these formulas far more often than the
 * incremental one (0.03 s against a timeout); on SAT the incremental one
 * gives the model, if it finds it in the time given (else *keep holds no
 * model: the counterexample line stays empty). */
static solver_result check_one(term_t f, term_t extra, double seconds, solver **keep) {
  if (seconds < 0.01) return SOLVER_UNKNOWN;
  solver *z = solver_new_z3();
  uint32_t ms = (uint32_t)(seconds * 1000) + 1;
  solver_set_timeout(z, ms);
  term_t g = term_and2(f, extra);
  solver_result r = solver_check_alone(z, g);
  if (r == SOLVER_SAT && keep) {
    solver_assert(z, g);
    solver_check(z);
    *keep = z;
  } else {
    solver_free(z);
  }
  return r;
}

/* A bound of x on g's models, known to lie in [0, MAX_VALUE]: a binary
 * search with UNSAT answers only (an unknown widens the range). */
static long bound(term_t g, term_t x, bool upper, double until) {
  long lo = 0, hi = MAX_VALUE;   /* the bound lies in [lo, hi] */
  while (lo < hi) {
    long m = upper ? (lo + hi) / 2 : (lo + hi + 1) / 2;
    double left = until - limits_now();
    term_t beyond = upper ? term_gt(x, term_int(m)) : term_lt(x, term_int(m));
    bool holds = check_one(g, beyond, left < 0.5 ? left : 0.5, NULL) == SOLVER_UNSAT;
    if (upper) { if (holds) hi = m; else lo = m + 1; }
    else { if (holds) lo = m; else hi = m - 1; }
  }
  return lo;
}

static bool bounded(term_t g, term_t x, double until) {
  double left = until - limits_now();
  term_t out = term_or2(term_lt(x, term_int(0)), term_gt(x, term_int(MAX_VALUE)));
  return check_one(g, out, left < 0.5 ? left : 0.5, NULL) == SOLVER_UNSAT;
}

#define MAX_DEPTH 2

/* g split on x = lo..hi (x's whole range on g's models): UNSAT if every
 * case is; SAT with the first case that is; else unknown. A case Z3 does
 * not decide quickly is split again on the other candidates cs[0..n). */
static solver_result split_on(term_t g, term_t x, const term_t *cs, uint32_t n, int depth, double until, solver **model) {
  long lo = bound(g, x, false, until), hi = bound(g, x, true, until);
  for (long c = lo; c <= hi; c++) {
    term_t gc = term_and2(g, term_eq(x, term_int(c)));
    double left = until - limits_now(), most = depth + 1 < MAX_DEPTH && n ? 0.3 : 2;
    solver_result r = check_one(gc, term_true(), left < most ? left : most, model);
    for (uint32_t i = 0; r == SOLVER_UNKNOWN && depth + 1 < MAX_DEPTH && i < n && limits_now() < until; i++)
      if (cs[i] != x && bounded(gc, cs[i], until)) r = split_on(gc, cs[i], cs, n, depth + 1, until, model);
    if (r != SOLVER_UNSAT) return r;
  }
  return SOLVER_UNSAT;
}

solver_result sol_split_on(term_t f, term_t x, double seconds, solver **model) {
  *model = NULL;
  double until = limits_now() + seconds;
  if (!bounded(f, x, until)) return SOLVER_UNKNOWN;
  return split_on(f, x, NULL, 0, 0, until, model);
}

solver_result sol_split_check(term_t f, double seconds, solver **model) {
  *model = NULL;
  double until = limits_now() + seconds;
  walk w;
  walk_run(&w, f);
  term_t g = term_and2(f, term_and(w.nlem, w.lemmas));
  solver_result r = check_one(g, term_true(), seconds / 4, model);
  /* the bounded candidates, each probed at the middle of its range: the
   * split goes first on the one whose probe Z3 decides fastest */
  term_t best = NULL_TERM;
  double bestt = 1e9;
  for (uint32_t i = 0; i < w.ncand && r == SOLVER_UNKNOWN && limits_now() < until; i++) {
    term_t x = w.cands[i];
    if (!bounded(g, x, until)) continue;
    double t0 = limits_now();
    solver_result p = check_one(g, term_eq(x, term_int(bound(g, x, true, until) / 2)), bestt < 1 ? bestt : 1, model);
    double t = limits_now() - t0;
    if (p == SOLVER_SAT) r = p;   /* a model of g: of f */
    else if (p == SOLVER_UNSAT && t < bestt) best = x, bestt = t;
  }
  if (r == SOLVER_UNKNOWN && best != NULL_TERM) r = split_on(g, best, w.cands, w.ncand, 0, until, model);
  walk_free(&w);
  return r;
}
