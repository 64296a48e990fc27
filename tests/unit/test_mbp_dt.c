/* Model-based projection with datatypes (solver/mbp_dt.h): each result is
 * free of the eliminated variables, true in the model, and implies the
 * formula (Z3 on r ∧ ∀locals. ¬a, when it decides it); most results must
 * be exactly the expected generalization, not the model's point. */
#include <string.h>
#include "check.h"
#include "core/smtlib.h"
#include "solver/mbp_dt.h"
#include "solver/z3_watchdog.h"

static const char *decls =
    "(declare-datatypes ((L 0)) (((cons (hd Int) (tl L)) (nil))))"
    "(declare-datatypes ((N 0)) (((Z) (S (p N)))))"
    "(declare-datatypes ((E 0)) (((red) (green) (blue))))"
    "(declare-const y L) (declare-const z L) (declare-const w L) (declare-const k Int) (declare-const x Int)"
    "(declare-const u L) (declare-const n N) (declare-const m N) (declare-const e E) (declare-const f E)"
    "(declare-const b Bool)";

static smtlib_parser *P;

static term_t T(const char *s) {
  term_t t = smtlib_parse_term(P, s);
  if (t == NULL_TERM) fprintf(stderr, "  parse error: %s\n", smtlib_error(P));
  return t;
}

/* Projects a onto `keep` (names separated by spaces) in a model of a ∧ extra;
 * checks the result; returns it (NULL_TERM when the projection failed). */
static term_t project(const char *a_text, const char *extra, const char *keep) {
  term_t a = T(a_text), ex = extra ? T(extra) : term_true();
  CHECK(a != NULL_TERM && ex != NULL_TERM);
  if (a == NULL_TERM || ex == NULL_TERM) return NULL_TERM;
  term_vec shared = {0};
  char buf[256];
  snprintf(buf, sizeof buf, "%s", keep);
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) term_vec_push(&shared, smtlib_lookup(P, tok));
  Z3_context z = z3conv_mk_context();
  z3conv *conv = z3conv_new(z);
  Z3_solver s = z3conv_mk_solver(z, false);
  Z3_solver_assert(z, s, z3conv_to_z3(conv, term_and2(a, ex)));
  CHECK(z3_watchdog_check(z, s, 10000, 0, NULL, NULL) == Z3_L_TRUE);
  Z3_model mod = Z3_solver_get_model(z, s);
  Z3_model_inc_ref(z, mod);
  const char *why = NULL;
  term_t r = mbp_dt_project(conv, mod, a, &shared, &why);
  CHECK(r != NULL_TERM);
  if (r == NULL_TERM) fprintf(stderr, "  projection failed: %s\n", why);
  else {
    /* free of locals */
    term_t *vs;
    uint32_t nv = term_free_vars(r, &vs);
    for (uint32_t i = 0; i < nv; i++) {
      bool in = false;
      for (uint32_t j = 0; j < shared.size; j++) in |= shared.data[j] == vs[i];
      if (!in) fprintf(stderr, "  local left: %s\n", term_var_name(vs[i]));
      CHECK(in);
    }
    free(vs);
    /* true in the model */
    Z3_ast v = NULL;
    CHECK(Z3_model_eval(z, mod, z3conv_to_z3(conv, r), true, &v) && Z3_get_bool_value(z, v) == Z3_L_TRUE);
    /* r ⇒ ∃locals. a: r ∧ ∀locals. ¬a unsat */
    term_t *av;
    uint32_t na = term_free_vars(a, &av);
    term_vec loc = {0};
    for (uint32_t i = 0; i < na; i++) {
      bool in = false;
      for (uint32_t j = 0; j < shared.size; j++) in |= shared.data[j] == av[i];
      if (!in) term_vec_push(&loc, av[i]);
    }
    free(av);
    term_t q = loc.size ? term_forall(loc.size, loc.data, term_not(a)) : term_not(a);
    Z3_solver s2 = z3conv_mk_solver(z, false);
    Z3_solver_assert(z, s2, z3conv_to_z3(conv, term_and2(r, q)));
    Z3_lbool res = z3_watchdog_check(z, s2, 10000, 0, NULL, NULL);
    /* Z3 may not decide the quantifier (then the exact checks below judge) */
    if (res == Z3_L_TRUE) fprintf(stderr, "  %s: projection does not imply the formula: %s\n", a_text, term_to_string(r));
    CHECK(res != Z3_L_TRUE);
    Z3_solver_dec_ref(z, s2);
    term_vec_free(&loc);
  }
  Z3_model_dec_ref(z, mod);
  Z3_solver_dec_ref(z, s);
  z3conv_free(conv);
  Z3_del_context(z);
  term_vec_free(&shared);
  return r;
}

/* r and the expected text are equivalent */
static void same(term_t r, const char *expect) {
  term_t e = T(expect);
  Z3_context z = z3conv_mk_context();
  z3conv *conv = z3conv_new(z);
  Z3_solver s = z3conv_mk_solver(z, false);
  Z3_solver_assert(z, s, z3conv_to_z3(conv, term_not(term_iff(r, e))));
  bool eq = z3_watchdog_check(z, s, 10000, 0, NULL, NULL) == Z3_L_FALSE;
  if (!eq) fprintf(stderr, "  got %s, expected %s\n", term_to_string(r), expect);
  CHECK(eq);
  Z3_solver_dec_ref(z, s);
  z3conv_free(conv);
  Z3_del_context(z);
}

static void test_lists(void) {
  /* the head's bounds, not its value (Z3's own projection gives hd(y) = 4) */
  term_t r = project("(and (= y (cons x z)) (> x 3) (< x k))", NULL, "y k");
  if (r != NULL_TERM) same(r, "(and ((_ is cons) y) (> (hd y) 3) (< (hd y) k))");
  /* a local list defined through a selector, then used (selectors of the
   * wrong constructor are unspecified values: no tester needed for them) */
  r = project("(and (= u (tl y)) (= u (cons k w)) (> (hd w) 0))", "(> k 5)", "y k");
  if (r != NULL_TERM)
    same(r, "(and ((_ is cons) (tl y)) (= (hd (tl y)) k) (> (hd (tl (tl y))) 0))");
  /* only disequalities: dropped (lists are infinite) */
  r = project("(and (distinct u y) (distinct u z) (> k 0))", NULL, "y z k");
  if (r != NULL_TERM) same(r, "(> k 0)");
  /* a disequality with a constructor term: the field the model tells apart */
  r = project("(and (not (= y (cons x z))) (= x k))", "(and (= y (cons 7 nil)) (= k 7) (= z y))", "y z k");
  if (r != NULL_TERM) same(r, "(not (= (tl y) z))");
  /* disjunctions and if-then-else: the model's branch */
  r = project("(or (and ((_ is nil) u) (= y u)) (and ((_ is cons) u) (= y (tl u)) (> (ite b (hd u) 0) k)))",
              "(and ((_ is cons) u) b)", "y k b");
  if (r != NULL_TERM) same(r, "b");
}

static void test_finite_and_nat(void) {
  /* a finite sort: disequalities are not dropped, the value is expanded */
  term_t r = project("(and (distinct e f) (distinct e red) (= b (= e green)))", "b", "f b");
  if (r != NULL_TERM) same(r, "(and b (not (= f green)))");
  /* Peano numbers: m = S(S(n')) for a local n' */
  r = project("(and (= m (S (S n))) ((_ is S) n))", NULL, "m");
  if (r != NULL_TERM) same(r, "(and ((_ is S) m) ((_ is S) (p m)) ((_ is S) (p (p m))))");
}

int main(void) {
  P = smtlib_new_string("t.smt2", decls, strlen(decls));
  smtlib_cmd c;
  while (smtlib_next(P, &c) == SMTLIB_OK) {}
  RUN(test_lists);
  RUN(test_finite_and_nat);
  smtlib_free(P);
  return CHECK_DONE();
}
