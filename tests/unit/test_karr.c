/* Karr's analysis (analysis/karr.h): the affine equalities it finds are the
 * ones that hold, it keeps none that do not, and joins, havoc and
 * non-affine assignments lose exactly what they should. */
#include "check.h"
#include "cfa_util.h"
#include "analysis/karr.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

/* k = i at the head of `while (*) { i++; k++ }` and i + j = n after a second
 * loop moving j up and i down; i >= 0 is not an equality, so not claimed. */
static void test_loops(void) {
  const char *text =
      "main process p { var i : int var k : int var j : int var n : int\n"
      " init loc I loc H loc H2 error loc E\n"
      " I -> H { i := 0 k := 0 }\n"
      " H -> H { i := i + 1 k := k + 1 }\n"
      " H -> H2 { havoc n assume n = i j := 0 }\n"
      " H2 -> H2 { j := j + 1 i := i - 1 }\n"
      " H2 -> E { assume k < 0 } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *inv;
  CHECK(cfa_affine_invariants(&c, 5000, &inv));
  if (!inv) return;
  term_t h = inv[cfa_find_loc(&c, "H")], h2 = inv[cfa_find_loc(&c, "H2")];
  CHECK(implies(h, term_eq(iv("k"), iv("i"))));
  CHECK(!implies(h, term_le(term_int(0), iv("i"))));
  /* assumptions are ignored: n = i is not known at H2, but i + j = k is */
  CHECK(implies(h2, term_eq(term_add2(iv("i"), iv("j")), iv("k"))));
  CHECK(!implies(h2, term_eq(iv("n"), iv("k"))));
  free(inv);
  cfa_free(&c);
}

/* a choice of x := 1 or x := 3 with y := 2x keeps y = 2x, not x = 1; a
 * non-affine assignment (x * x) forgets x; havoc forgets y */
static void test_join_havoc(void) {
  const char *text =
      "main process p { var x : int var y : int var z : int\n"
      " init loc I loc A loc B loc C loc D error loc E\n"
      " I -> A { x := 1 } I -> A { x := 3 }\n"
      " A -> B { y := 2 * x z := 5 }\n"
      " B -> C { x := x * x }\n"
      " C -> D { havoc y }\n"
      " D -> E { assume z = 4 } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *inv;
  CHECK(cfa_affine_invariants(&c, 5000, &inv));
  if (!inv) return;
  term_t b = inv[cfa_find_loc(&c, "B")], cl = inv[cfa_find_loc(&c, "C")], d = inv[cfa_find_loc(&c, "D")];
  CHECK(implies(b, term_eq(iv("y"), term_mul2(term_int(2), iv("x")))));
  CHECK(!implies(b, term_eq(iv("x"), term_int(1))));
  CHECK(implies(b, term_eq(iv("z"), term_int(5))));
  CHECK(!implies(cl, term_eq(iv("y"), term_mul2(term_int(2), iv("x")))));
  CHECK(implies(cl, term_eq(iv("z"), term_int(5))));
  CHECK(!implies(d, term_eq(iv("y"), term_int(2))) && implies(d, term_eq(iv("z"), term_int(5))));
  free(inv);
  cfa_free(&c);
}

/* nothing to say: no integer variables, or no equality anywhere */
static void test_nothing(void) {
  cfa c;
  CHECK(parse("main process p { var b : bool init loc I error loc E I -> E { assume b } }", &c));
  term_t *inv;
  CHECK(!cfa_affine_invariants(&c, 5000, &inv) && inv == NULL);
  cfa_free(&c);
  CHECK(parse("main process p { var x : int init loc I loc H error loc E I -> H { havoc x } H -> H { havoc x }"
              " H -> E { assume x = 3 } }", &c));
  CHECK(!cfa_affine_invariants(&c, 5000, &inv) && inv == NULL);
  cfa_free(&c);
}

int main(void) {
  RUN(test_loops);
  RUN(test_join_havoc);
  RUN(test_nothing);
  return CHECK_DONE();
}
