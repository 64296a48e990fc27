/* sol_houdini: the candidates left are inductive with exactly each other
 * assumed; a site proven only while a candidate was assumed is checked
 * again after that candidate's drop. */
#include <stdbool.h>
#include "check.h"
#include "core/limits.h"
#include "core/term.h"
#include "lang/sol/sol_houdini.h"
#include "lang/sol/sol_lower.h"

static term_t I(const char *n) { return term_var(n, type_int()); }
static term_t G(uint32_t i) { return sol_cand_guard(i); }

/* Loop A: x from 0, while x < 10, x = x + 1; candidates at its head:
 * 0: x <= 10, 1: x <= 5 (a stronger rung of 0's ladder), 2: x >= 0.
 * Loop B after A: y = x on entry; candidate 3: y <= 9 on B's entry.
 * Site formulas (satisfiable iff the site fails), B's entry first (lower
 * index, the same number of guards as A's keep sites). */
static term_t head_a(term_t x) {
  term_t h[3] = {term_implies(G(0), term_le(x, term_int(10))), term_implies(G(1), term_le(x, term_int(5))),
                 term_implies(G(2), term_ge(x, term_int(0)))};
  return term_and(3, h);
}

static term_t bound(uint32_t c, term_t v) {
  return c == 0 ? term_le(v, term_int(10)) : c == 1 ? term_le(v, term_int(5)) : term_ge(v, term_int(0));
}

/* A's keep site of candidate c: the head, the condition, one iteration */
static term_t keep_a(uint32_t c, const char *xn, const char *x1n) {
  term_t x = I(xn), x1 = I(x1n);
  term_t p[4] = {head_a(x), term_lt(x, term_int(10)), term_eq(x1, term_add2(x, term_int(1))), term_not(bound(c, x1))};
  return term_and(4, p);
}

static void build(term_t *f, uint32_t *cand) {
  /* 1: B's entry: A exited (x >= 10 under A's head), y = x, y > 9 */
  term_t x = I("bx"), y = I("by");
  term_t b[4] = {head_a(x), term_ge(x, term_int(10)), term_eq(y, x), term_not(term_le(y, term_int(9)))};
  f[1] = term_and(4, b), cand[1] = 4;
  /* 2..4: A's entry sites (x = 0) */
  for (uint32_t c = 0; c < 3; c++) f[2 + c] = term_not(bound(c, term_int(0))), cand[2 + c] = c + 1;
  /* 5..7: A's keep sites */
  f[5] = keep_a(0, "x0", "x0'"), cand[5] = 1;
  f[6] = keep_a(1, "x1", "x1'"), cand[6] = 2;
  f[7] = keep_a(2, "x2", "x2'"), cand[7] = 3;
}

static void test_houdini(void) {
  term_t f[8];
  uint32_t cand[8] = {0};
  build(f, cand);
  bool dropped[4] = {false, false, false, false};
  sol_rung rungs[4] = {{1, 10, true}, {1, 5, true}, {0, 0, false}, {0, 0, false}};
  sol_houdini_stats st;
  sol_houdini(f, cand, 7, 4, rungs, 4, limits_now() + 60, dropped, NULL, &st);
  CHECK(!dropped[0]);   /* x <= 10: inductive (without its stronger rung) */
  CHECK(dropped[1]);    /* x <= 5: not kept by an iteration */
  CHECK(!dropped[2]);   /* x >= 0 */
  CHECK(dropped[3]);    /* y <= 9: proven only while x <= 5 was assumed (A's exit unreachable) */
  CHECK(st.checks > 7); /* B's entry was checked again */
}

/* Without ladders the same answer (the weaker rung is then proven with
 * the stronger one assumed first, and again after its drop). */
static void test_houdini_no_ladders(void) {
  term_t f[8];
  uint32_t cand[8] = {0};
  build(f, cand);
  bool dropped[4] = {false, false, false, false};
  sol_houdini(f, cand, 7, 4, NULL, 0, limits_now() + 60, dropped, NULL, NULL);
  CHECK(!dropped[0]);
  CHECK(dropped[1]);
  CHECK(!dropped[2]);
  CHECK(dropped[3]);
}

/* Out of time before any check: nothing is assumed unproven. */
static void test_houdini_no_time(void) {
  term_t f[8];
  uint32_t cand[8] = {0};
  build(f, cand);
  bool dropped[4] = {false, false, false, false};
  bool refuted[4] = {false, false, false, false};
  sol_houdini_stats st;
  sol_houdini(f, cand, 7, 4, NULL, 0, limits_now() - 1, dropped, refuted, &st);
  for (int i = 0; i < 4; i++) CHECK(dropped[i] && !refuted[i]);   /* dropped for the time: not refuted */
  CHECK(st.out_of_time);
}

/* The refuted candidates (SAT answers, no unknown before) of one run
 * carried into a second run as dropped: the same set is left, with fewer
 * checks. */
static void test_houdini_carry(void) {
  term_t f[8];
  uint32_t cand[8] = {0};
  build(f, cand);
  bool dropped[4] = {false, false, false, false}, refuted[4] = {false, false, false, false};
  sol_rung rungs[4] = {{1, 10, true}, {1, 5, true}, {0, 0, false}, {0, 0, false}};
  sol_houdini_stats st1, st2;
  sol_houdini(f, cand, 7, 4, rungs, 4, limits_now() + 60, dropped, refuted, &st1);
  CHECK(!st1.out_of_time && st1.timeouts == 0);
  CHECK(!refuted[0] && refuted[1] && !refuted[2] && refuted[3]);
  bool again[4];
  for (int i = 0; i < 4; i++) again[i] = refuted[i];
  sol_houdini(f, cand, 7, 4, rungs, 4, limits_now() + 60, again, NULL, &st2);
  for (int i = 0; i < 4; i++) CHECK(again[i] == dropped[i]);
  CHECK(st2.checks < st1.checks);
}

int main(void) {
  RUN(test_houdini);
  RUN(test_houdini_no_ladders);
  RUN(test_houdini_no_time);
  RUN(test_houdini_carry);
  return CHECK_DONE();
}
