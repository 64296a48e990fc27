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
  bool nonlinear;   /* a product of two non-constant factors, a division by a non-constant */
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
  w->nonlinear = true;
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
  if ((op == OP_IDIV || op == OP_MOD || op == OP_DIV) && !term_is_const(term_arg(t, 1))) w->nonlinear = true;
}

static void walk_run(walk *w, term_t t) {
  term_map_init(&w->seen);
  term_map_init(&w->cand);
  w->lemmas = NULL, w->nlem = w->caplem = 0;
  w->cands = xcalloc(MAX_CANDS, sizeof(term_t));
  w->ncand = 0;
  w->nonlinear = false;
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

bool sol_nonlinear(term_t t) {
  walk w;
  walk_run(&w, t);
  bool nl = w.nonlinear;
  walk_free(&w);
  return nl;
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

/* Time caps (wall seconds) of the small queries: a bound query that
 * holds is decided in a few hundredths; one that does not (a SAT answer
 * on a nonlinear formula) is the slow kind, and an unknown there only
 * widens the range (more cases, each still exact). */
#define BOUND_CAP 0.2
#define PROBE_CAP 1.0

static double cap(double until, double most) {
  double left = until - limits_now();
  return left < most ? left : most;
}

/* An upper bound of x on g's models, x known to lie in [0, MAX_VALUE]:
 * halved while Z3 proves x <= half (a fast UNSAT); the first query it
 * does not prove quickly ends it (such a query is usually SAT, the slow
 * kind). At most twice the least bound: the cases above the least one
 * are empty, each decided quickly. */
static long upper_bound(term_t g, term_t x, double until) {
  long hi = MAX_VALUE;
  while (hi > 0 && check_one(g, term_gt(x, term_int(hi / 2)), cap(until, BOUND_CAP), NULL) == SOLVER_UNSAT) hi /= 2;
  return hi;
}

/* x in [0, MAX_VALUE] on every model of g; then a range [*lo, *hi] holding x on every model. */
static bool range_of(term_t g, term_t x, double until, long *lo, long *hi) {
  term_t out = term_or2(term_lt(x, term_int(0)), term_gt(x, term_int(MAX_VALUE)));
  if (check_one(g, out, cap(until, 2 * BOUND_CAP), NULL) != SOLVER_UNSAT) return false;
  *lo = 0;
  *hi = upper_bound(g, x, until);
  return true;
}

#define MAX_DEPTH 2

/* g split on x = lo..hi (x's whole range on g's models): UNSAT if every
 * case is; SAT with the first case that is; else unknown. A case Z3 does
 * not decide quickly is split again on the other candidates cs[0..n). */
static solver_result split_on(term_t g, term_t x, long lo, long hi, const term_t *cs, uint32_t n, int depth, double until, solver **model) {
  for (long c = lo; c <= hi; c++) {
    term_t gc = term_and2(g, term_eq(x, term_int(c)));
    solver_result r = check_one(gc, term_true(), cap(until, depth + 1 < MAX_DEPTH && n ? 0.3 : 2), model);
    long clo, chi;
    for (uint32_t i = 0; r == SOLVER_UNKNOWN && depth + 1 < MAX_DEPTH && i < n && limits_now() < until; i++)
      if (cs[i] != x && range_of(gc, cs[i], until, &clo, &chi)) r = split_on(gc, cs[i], clo, chi, cs, n, depth + 1, until, model);
    if (r != SOLVER_UNSAT) return r;
  }
  return SOLVER_UNSAT;
}

solver_result sol_split_on(term_t f, term_t x, double seconds, solver **model) {
  *model = NULL;
  double until = limits_now() + seconds;
  long lo, hi;
  if (!range_of(f, x, until, &lo, &hi)) return SOLVER_UNKNOWN;
  return split_on(f, x, lo, hi, NULL, 0, 0, until, model);
}

solver_result sol_lemma_check(term_t f, double seconds, solver **model) {
  *model = NULL;
  return check_one(term_and2(f, sol_div_lemmas(f)), term_true(), seconds, model);
}

solver_result sol_split_check(term_t f, double seconds, solver **model) {
  *model = NULL;
  double until = limits_now() + seconds;
  walk w;
  walk_run(&w, f);
  term_t g = term_and2(f, term_and(w.nlem, w.lemmas));
  /* first briefly as a whole (most are decided in hundredths), then the
   * split (its cases are cheap when a candidate is bounded), then as a
   * whole with all the time left */
  solver_result r = check_one(g, term_true(), cap(until, seconds / 8 < PROBE_CAP ? seconds / 8 : PROBE_CAP), model);
  /* the bounded candidates, each probed at the middle of its range: the
   * split goes first on the one whose probe Z3 decides fastest */
  term_t best = NULL_TERM;
  long blo = 0, bhi = 0;
  double bestt = 1e9;
  for (uint32_t i = 0; i < w.ncand && r == SOLVER_UNKNOWN && limits_now() < until; i++) {
    term_t x = w.cands[i];
    long lo, hi;
    if (!range_of(g, x, until, &lo, &hi)) continue;
    double t0 = limits_now();
    solver_result p = check_one(g, term_eq(x, term_int((lo + hi) / 2)), cap(until, bestt < PROBE_CAP ? bestt : PROBE_CAP), model);
    double t = limits_now() - t0;
    if (p == SOLVER_SAT) r = p;   /* a model of g: of f */
    else if (p == SOLVER_UNSAT && t < bestt) best = x, bestt = t, blo = lo, bhi = hi;
    if (bestt < PROBE_CAP / 10) break;   /* fast enough: the other candidates' ranges cost more than they could save */
  }
  if (r == SOLVER_UNKNOWN && best != NULL_TERM) r = split_on(g, best, blo, bhi, w.cands, w.ncand, 0, until, model);
  if (r == SOLVER_UNKNOWN) r = check_one(g, term_true(), until - limits_now(), model);
  walk_free(&w);
  return r;
}
