/* sol_vc: unfolding a non-recursive Horn system into one formula. */
#include "check.h"
#include "core/term.h"
#include "ir/chc.h"
#include "lang/sol/sol_vc.h"
#include "solver/solver.h"

static uint32_t pred(chc_system *s, const char *name) {
  type_t it = type_int();
  return chc_add_pred(s, name, term_var(name, type_fun(1, &it, type_bool())), 1, &it);
}

static solver_result holds_for(term_t g, term_t e, long k) {
  solver *z = solver_new_z3();
  solver_assert(z, g);
  solver_assert(z, term_eq(e, term_int(k)));
  solver_result r = solver_check(z);
  solver_free(z);
  return r;
}

/* P(1). P(2). Q(x + 10) <- P(x). Err(y) <- Q(y) & y > 11. Err(0).
 * Err(12) is derivable, Err(11) and Err(13) are not; each instance of P
 * gets its own variables (Err(y) <- P(a) & P(b) & y = a + b: y = 3). */
static void test_unfold(void) {
  chc_system s;
  chc_init(&s);
  uint32_t P = pred(&s, "P"), Q = pred(&s, "Q"), E = pred(&s, "Err");
  term_t x = term_var("x", type_int()), y = term_var("y", type_int()), a = term_var("a", type_int()), b = term_var("b", type_int());
  term_t one = term_int(1), two = term_int(2), zero = term_int(0);
  chc_add_clause(&s, 0, NULL, term_true(), P, &one, 0);
  chc_add_clause(&s, 0, NULL, term_true(), P, &two, 0);
  chc_app px = {P, &x};
  term_t x10 = term_add2(x, term_int(10));
  chc_add_clause(&s, 1, &px, term_true(), Q, &x10, 0);
  chc_app qy = {Q, &y};
  chc_add_clause(&s, 1, &qy, term_gt(y, term_int(11)), E, &y, 0);
  chc_add_clause(&s, 0, NULL, term_true(), E, &zero, 0);
  chc_app two_p[2] = {{P, &a}, {P, &b}};
  term_t sum = term_add2(term_add2(a, b), term_int(100));
  chc_add_clause(&s, 2, two_p, term_true(), E, &sum, 0);
  sol_vc vc = {1000, NULL, 0, 0, NULL, NULL, NULL};
  term_t e = term_fresh_var("e", type_int());
  term_t g = sol_vc_unfold(&s, E, &e, &vc);
  CHECK(g != NULL_TERM);
  CHECK(holds_for(g, e, 12) == SOLVER_SAT);
  CHECK(holds_for(g, e, 11) == SOLVER_UNSAT);
  CHECK(holds_for(g, e, 13) == SOLVER_UNSAT);
  CHECK(holds_for(g, e, 0) == SOLVER_SAT);
  CHECK(holds_for(g, e, 103) == SOLVER_SAT);   /* two different instances of P */
  CHECK(holds_for(g, e, 104) == SOLVER_SAT);
  CHECK(holds_for(g, e, 105) == SOLVER_UNSAT);
  sol_vc_free(&vc);
  chc_free(&s);
}

/* A recursive system is not unfolded; neither is one beyond the budget. */
static void test_recursive_and_budget(void) {
  chc_system s;
  chc_init(&s);
  uint32_t P = pred(&s, "P");
  term_t x = term_var("x", type_int()), zero = term_int(0);
  chc_add_clause(&s, 0, NULL, term_true(), P, &zero, 0);
  chc_app px = {P, &x};
  term_t x1 = term_add2(x, term_int(1));
  chc_add_clause(&s, 1, &px, term_true(), P, &x1, 0);
  sol_vc vc = {1000, NULL, 0, 0, NULL, NULL, NULL};
  term_t e = term_fresh_var("e", type_int());
  CHECK(sol_vc_unfold(&s, P, &e, &vc) == NULL_TERM);
  sol_vc_free(&vc);
  chc_system t;
  chc_init(&t);
  uint32_t Q = pred(&t, "Q");
  chc_add_clause(&t, 0, NULL, term_true(), Q, &zero, 0);
  sol_vc none = {0, NULL, 0, 0, NULL, NULL, NULL};
  CHECK(sol_vc_unfold(&t, Q, &e, &none) == NULL_TERM);
  sol_vc_free(&none);
  chc_free(&s);
  chc_free(&t);
}

/* A head variable takes the caller's constant: F(x) <- x * x > c, Err(1)
 * <- F(7) folds to a constant before any solver sees it (BitPreciseArith's
 * constant calls), and the instance variable is recorded with that value. */
static void test_constants_fold(void) {
  for (int c = 40; c <= 50; c += 10) {
    chc_system s;
    chc_init(&s);
    uint32_t F = pred(&s, "F"), E = pred(&s, "Err");
    term_t x = term_var("x", type_int()), seven = term_int(7), one = term_int(1);
    chc_add_clause(&s, 0, NULL, term_gt(term_mul2(x, x), term_int(c)), F, &x, 0);
    chc_app f7 = {F, &seven};
    chc_add_clause(&s, 1, &f7, term_true(), E, &one, 0);
    sol_vc vc = {1000, NULL, 0, 0, NULL, NULL, NULL};
    term_t e = term_fresh_var("e", type_int());
    term_t g = sol_vc_unfold(&s, E, &e, &vc);
    CHECK(g != NULL_TERM);
    term_t g1 = term_subst(g, 1, &e, &one);
    CHECK(g1 == (c == 40 ? term_true() : term_false()));
    bool recorded = false;
    for (uint32_t i = 0; i < vc.nseen; i++) recorded |= vc.seen[2 * i] == x && vc.seen[2 * i + 1] == seven;
    CHECK(recorded);
    sol_vc_free(&vc);
    chc_free(&s);
  }
}

/* The sites' formulas of one unfolding: Err(e) at e = k, only the nodes
 * with e rebuilt per k: the same terms as a full substitution, in any
 * order of k (the memo is per k), the same answers. */
static void test_family(void) {
  chc_system s;
  chc_init(&s);
  uint32_t P = pred(&s, "P"), E = pred(&s, "Err");
  term_t x = term_var("x", type_int()), y = term_var("y", type_int());
  term_t one = term_int(1), two = term_int(2), seven = term_int(7);
  chc_add_clause(&s, 0, NULL, term_true(), P, &one, 0);
  chc_add_clause(&s, 0, NULL, term_true(), P, &two, 0);
  chc_app px = {P, &x};
  term_t x5 = term_add2(x, term_int(5));
  chc_add_clause(&s, 1, &px, term_gt(x, term_int(1)), E, &x5, 0);   /* Err(7) */
  chc_app py = {P, &y};
  chc_add_clause(&s, 1, &py, term_lt(y, term_int(0)), E, &seven, 0); /* never */
  sol_vc vc = {1000, NULL, 0, 0, NULL, NULL, NULL};
  term_t e = term_fresh_var("e", type_int());
  term_t g = sol_vc_unfold(&s, E, &e, &vc);
  CHECK(g != NULL_TERM);
  sol_vc_family fam;
  sol_vc_family_init(&fam, g, e);
  long ks[] = {7, 6, 8, 7, 0};
  for (int i = 0; i < 5; i++) {
    term_t k = term_int(ks[i]), fk = sol_vc_family_at(&fam, k);
    CHECK(fk == term_subst(g, 1, &e, &k));
    CHECK(!term_has_free_var(fk, e));
    solver *z = solver_new_z3();
    solver_assert(z, fk);
    CHECK(solver_check(z) == (ks[i] == 7 ? SOLVER_SAT : SOLVER_UNSAT));
    solver_free(z);
  }
  sol_vc_family_free(&fam);
  sol_vc_free(&vc);
  chc_free(&s);
}

int main(void) {
  RUN(test_family);
  RUN(test_unfold);
  RUN(test_recursive_and_budget);
  RUN(test_constants_fold);
  return CHECK_DONE();
}
