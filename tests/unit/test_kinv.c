/* k-induction invariants (analysis/kinv.h): a 3-inductive property (the
 * error location one edge after the states that matter) gets the
 * invariant "no path of fewer than 3 edges to the error" (checked
 * inductive), k = 2 is refused for it, and a base invariant is part of
 * the result. */
#include "check.h"
#include "cfa_util.h"
#include "analysis/kinv.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

/* x alternates 0, 1 (x := 1 - x, a havoc in between to leave something to
 * eliminate): at H, x != 2 is 2-inductive, not 1-inductive (x = -1 leads
 * to 2); with the edge into the error that is k = 3 for the locations */
static void test_toggle(void) {
  const char *text =
      "main process p { var x : int var y : int\n"
      " init loc I loc H error loc E\n"
      " I -> H { x := 0 y := 0 }\n"
      " H -> H { havoc y assume y = 1 - x x := y }\n"
      " H -> E { assume x = 2 } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *inv = cfa_kinduction_invariant(&c, 2, NULL, 30000);
  CHECK(inv == NULL);
  free(inv);
  inv = cfa_kinduction_invariant(&c, 3, NULL, 30000);
  CHECK(inv != NULL);
  if (inv) {
    term_t h = inv[cfa_find_loc(&c, "H")];
    CHECK(implies(h, term_not(term_eq(iv("x"), term_int(2)))));
    CHECK(implies(h, term_not(term_eq(iv("x"), term_int(-1)))));
    CHECK(!implies(h, term_eq(iv("x"), term_int(0))));
  }
  free(inv);
  /* a base invariant (0 <= x <= 1 at H) is kept in the result */
  term_t base[3];
  for (uint32_t l = 0; l < c.nlocs; l++) base[l] = term_true();
  base[cfa_find_loc(&c, "H")] = term_and2(term_le(term_int(0), iv("x")), term_le(iv("x"), term_int(1)));
  inv = cfa_kinduction_invariant(&c, 2, base, 30000);   /* with the base, 2 is enough */
  CHECK(inv && implies(inv[cfa_find_loc(&c, "H")], term_le(iv("x"), term_int(1))));
  free(inv);
  cfa_free(&c);
}

int main(void) {
  RUN(test_toggle);
  return CHECK_DONE();
}
