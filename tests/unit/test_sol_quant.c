/* sol_quant: quantifiers and __verifier_eq rewritten into Solidity text;
 * sol_vc_skolemize: outer existentials replaced by constants. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/term.h"
#include "lang/sol/sol_quant.h"
#include "lang/sol/sol_vc.h"
#include "solver/solver.h"

static bool rewrites(const char *e, const char *pre, const char *out) {
  char *p, *o;
  const char *why;
  if (!sol_quant_rewrite(e, &p, &o, &why)) return false;
  bool ok = strcmp(p, pre) == 0 && strcmp(o, out) == 0;
  if (!ok) fprintf(stderr, "'%s' -> pre '%s' out '%s'\n", e, p, o);
  free(p);
  free(o);
  return ok;
}

static bool rejected(const char *e) {
  char *p, *o;
  const char *why = NULL;
  bool r = !sol_quant_rewrite(e, &p, &o, &why) && why;
  return r;
}

static void test_rewrite(void) {
  CHECK(rewrites("x == y", "", "x == y"));
  CHECK(rewrites("forall (uint i) a[i] > 0", " uint i;", "__zeta_all(1, ( a[i] > 0))"));
  /* the body ends with its group (spaces kept: columns stay close); nesting
   * binds the variables in order */
  CHECK(rewrites("(forall (uint i, int j) i < j) && ok", " uint i; int j;", "(__zeta_all(3, ( i < j))) && ok"));
  CHECK(rewrites("forall (address a) exists (uint j) m[a] == j", " address a; uint j;",
                 "__zeta_all(1, ( __zeta_ex(2, ( m[a] == j))))"));
  CHECK(rewrites("property(xs) (i) xs[i] != 0", " uint256 i;", "__zeta_all(1, !(0 <= i && i < (xs).length) || ( xs[i] != 0))"));
  CHECK(rewrites("__verifier_eq(m, n) && k", " m;  n;", "__zeta_eq(0) && k"));
  CHECK(rewrites("__verifier_sum_uint(m[__verifier_idx_address].x) + __verifier_sum_int(n) == __verifier_eq(a, b)",
                 " m[__verifier_idx_address].x; n; a;  b;", "__zeta_sum(0) + __zeta_sumi(1) == __zeta_eq(2)"));
  /* names that merely contain the keywords stay */
  CHECK(rewrites("s.forall + exists_(1) + my__verifier_eq(2)", "", "s.forall + exists_(1) + my__verifier_eq(2)"));
  CHECK(rewrites("f(\"forall (x)\")", "", "f(\"forall (x)\")"));
  /* a name bound again shares its declaration; with another type it cannot */
  CHECK(rewrites("(forall (uint i) i >= 0) && exists (uint i) i == 1", " uint i;", "(__zeta_all(1, ( i >= 0))) && __zeta_ex(1, ( i == 1))"));
  CHECK(rejected("forall (uint i) forall (int i) i == i"));
  CHECK(rejected("forall (uint i"));
  CHECK(rejected("__verifier_eq(m)"));
}

/* exists x. x > 5 (positive) and not forall y. y > 0 (negative) lose their
 * quantifiers; a universal in positive position stays. */
static void test_skolemize(void) {
  term_t x = term_var("x", type_int()), y = term_var("y", type_int()), c = term_var("c", type_int());
  term_t ex = term_exists(1, &x, term_gt(x, term_int(5)));
  term_t fa = term_forall(1, &y, term_gt(y, term_int(0)));
  term_t fa2 = term_forall(1, &y, term_ge(term_add2(y, c), y));
  term_t g = term_and(3, (term_t[]){ex, term_not(fa), fa2});
  term_t s = sol_vc_skolemize(g);
  CHECK(s != NULL_TERM && term_op_of(term_unsigned(s)) == OP_AND);
  uint32_t nq = 0;
  for (uint32_t i = 0; i < term_nargs(s); i++) {
    term_op op = term_op_of(term_unsigned(term_arg(s, i)));
    nq += op == OP_FORALL || op == OP_EXISTS;
  }
  CHECK(nq == 1);
  solver *z = solver_new_z3();
  solver_assert(z, s);
  CHECK(solver_check(z) == SOLVER_SAT);
  solver_free(z);
}

int main(void) {
  RUN(test_rewrite);
  RUN(test_skolemize);
  return CHECK_DONE();
}
