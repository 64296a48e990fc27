/* Houdini over candidate inequalities (analysis/houdini.h) and liveness
 * (ir/cfa_live.h): the facts kept hold and are inductive together, facts
 * that fail are dropped, guards' negations after a loop are found, the
 * differences x - y < c with the program's constants, facts under a mode
 * guard, and nothing about variables that are dead where nothing ties
 * them to live ones. */
#include "check.h"
#include "cfa_util.h"
#include "analysis/houdini.h"
#include "analysis/karr.h"
#include "ir/cfa_live.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

/* every query but safety is unsatisfiable */
static bool inductive(cfa *c, const term_t *inv) {
  for (uint32_t q = 0; q <= c->nedges; q++)
    if (solver_check_formula(cfa_invariant_query(c, inv, q), 5000) != SOLVER_UNSAT) return false;
  return true;
}

/* i <= n in `for (i = 0; i < n; i++)` with n >= 0, i >= n after it, and
 * a >= 0 for a counter that only grows; i <= 5 is not claimed. */
static void test_bounds(void) {
  const char *text =
      "main process p { var i : int var n : int var a : int\n"
      " init loc I loc H loc X error loc E\n"
      " I -> H { havoc n assume n >= 0 assume n <= 1000 i := 0 a := 0 }\n"
      " H -> H { assume i < n i := i + 1 a := a + 2 }\n"
      " H -> X { assume i >= n }\n"
      " X -> E { assume a < 0 } X -> E { assume i < n } X -> E { assume i > 5 } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *inv;
  CHECK(cfa_houdini_invariants(&c, NULL, 5000, 60000, &inv));
  if (!inv) return;
  term_t h = inv[cfa_find_loc(&c, "H")], x = inv[cfa_find_loc(&c, "X")];
  CHECK(implies(h, term_le(iv("i"), iv("n"))));
  CHECK(implies(h, term_le(term_int(0), iv("a"))));
  CHECK(implies(h, term_le(iv("n"), term_int(1000))));
  CHECK(implies(x, term_le(iv("n"), iv("i"))));
  CHECK(!implies(x, term_le(iv("i"), term_int(5))));
  CHECK(inductive(&c, inv));
  free(inv);
  cfa_free(&c);
}

/* C's machine integers: a 32-bit counter of `for (i = 0; i < 3; i++)`
 * gets 0 <=s i <=s 3 at the head (from the program's small constants),
 * the bound it does not have (i <=s 2) is not claimed, and of the bounds
 * that hold only the tightest per direction and signedness is kept. */
static void test_bv_bounds(void) {
  const char *text =
      "main process p { var i : bv[32] var x : bv[8]\n"
      " init loc I loc H loc X error loc E\n"
      " I -> H { i := 32'd0 havoc x assume x bvule 8'd9 }\n"
      " H -> H { assume i bvslt 32'd3 i := i bvadd 32'd1 }\n"
      " H -> X { assume not (i bvslt 32'd3) }\n"
      " X -> E { assume not (i = 32'd3) } X -> E { assume x bvugt 8'd200 } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *inv;
  CHECK(cfa_houdini_invariants(&c, NULL, 5000, 60000, &inv));
  if (!inv) return;
  term_t h = inv[cfa_find_loc(&c, "H")], i = term_var("i", type_bv(32)), x = term_var("x", type_bv(8));
  CHECK(implies(h, term_bvop2(OP_BVSLE, term_bv_u64(32, 0), i)));
  CHECK(implies(h, term_bvop2(OP_BVSLE, i, term_bv_u64(32, 3))));
  CHECK(implies(h, term_bvop2(OP_BVULE, x, term_bv_u64(8, 9))));
  CHECK(!implies(h, term_bvop2(OP_BVSLE, i, term_bv_u64(32, 2))));
  /* the kept conjuncts at H: one bound per variable, direction and kind */
  CHECK(term_op_of(h) == OP_AND && term_nargs(h) <= 8);
  CHECK(inductive(&c, inv));
  free(inv);
  cfa_free(&c);
}

/* string_concat: i - j < 100 on the second loop, from i < 100 after the
 * first and the constant 100; relative to Karr's equalities (none here) */
static void test_difference(void) {
  const char *text =
      "main process p { var i : int var j : int\n"
      " init loc I loc H1 loc M loc H2 error loc E\n"
      " I -> H1 { i := 0 }\n"
      " H1 -> H1 { i := i + 1 }\n"
      " H1 -> M { assume i < 100 j := 0 }\n"
      " M -> M { i := i + 1 j := j + 1 }\n"
      " M -> H2 { assume j < 100 }\n"
      " H2 -> E { assume i >= 200 } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *aff = NULL, *inv;
  cfa_affine_invariants(&c, 5000, &aff);
  CHECK(cfa_houdini_invariants(&c, aff, 5000, 60000, &inv));
  if (!inv) return;
  CHECK(implies(inv[cfa_find_loc(&c, "M")], term_lt(term_sub(iv("i"), iv("j")), term_int(100))));
  CHECK(implies(inv[cfa_find_loc(&c, "H2")], term_lt(iv("i"), term_int(200))));
  free(inv), free(aff);
  cfa_free(&c);
}

/* ddlm2013's shape: with f != 0 the loop keeps a = b (d is 1), without
 * it d = 0 and a = b does not hold; f is set before the loop only, so
 * "f = 0 or a <= b" (and >=) is kept at the head, "a <= b" alone is not. */
static void test_guarded(void) {
  const char *text =
      "main process p { var f : int var d : int var a : int var b : int\n"
      " init loc I loc H loc X error loc E\n"
      " I -> H { havoc f a := 0 b := 0 d := 0 assume not (f = 0) d := 1 }\n"
      " I -> H { havoc f assume f = 0 a := 0 b := 0 d := 0 }\n"
      " H -> H { a := a + 1 b := b + d }\n"
      " H -> X { }\n"
      " X -> E { assume not (f = 0) assume not (a = b) } }";
  cfa c;
  CHECK(parse(text, &c));
  term_t *inv;
  CHECK(cfa_houdini_invariants(&c, NULL, 5000, 60000, &inv));
  if (!inv) return;
  term_t h = inv[cfa_find_loc(&c, "H")], g = term_eq(iv("f"), term_int(0));
  CHECK(implies(h, term_or2(g, term_le(iv("a"), iv("b")))));
  CHECK(implies(h, term_or2(g, term_ge(iv("a"), iv("b")))));
  CHECK(!implies(h, term_le(iv("a"), iv("b"))));
  CHECK(inductive(&c, inv));
  free(inv);
  cfa_free(&c);
}

/* liveness: t is written before every read (dead at H), x is read on the
 * way to the error; nothing is live at the error location */
static void test_live(void) {
  const char *text =
      "main process p { var x : int var t : int\n"
      " init loc I loc H error loc E\n"
      " I -> H { havoc x }\n"
      " H -> H { t := x + 1 x := t }\n"
      " H -> E { assume x = 7 } }";
  cfa c;
  CHECK(parse(text, &c));
  bool *lv = cfa_live_vars(&c);
  uint32_t nv = c.vars.size, h = cfa_find_loc(&c, "H"), e = cfa_find_loc(&c, "E");
  uint32_t x = cfa_var_index(&c, iv("x")), t = cfa_var_index(&c, iv("t"));
  CHECK(lv[h * nv + x] && !lv[h * nv + t]);
  CHECK(!lv[e * nv + x] && !lv[e * nv + t]);
  free(lv);
  cfa_free(&c);
}

int main(void) {
  RUN(test_bounds);
  RUN(test_difference);
  RUN(test_bv_bounds);
  RUN(test_guarded);
  RUN(test_live);
  return CHECK_DONE();
}
