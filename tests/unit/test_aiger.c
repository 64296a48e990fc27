/* AIGER reader, simulator and AIG -> transition system. */
#include <string.h>
#include "check.h"
#include "lang/hw/aiger.h"
#include "lang/hw/aig_reduce.h"
#include "lang/hw/aig_ts.h"

/* One-bit counter with enable input 2, latch 4 (reset 0), bad = latch
 * (the AIGER 1.9 format document's example). */
static const char counter_aag[] = "aag 5 1 1 0 3 1\n2\n4 10 0\n4\n6 5 3\n8 4 2\n10 9 7\ni0 enable\nl0 q\nc\ncomment\n";

static bool read_str(const char *s, size_t n, aig *g, aiger_diag *d) { return aiger_read_string(s, n, "t.aag", g, d); }

static void test_ascii(void) {
  aig g;
  aiger_diag d;
  CHECK(read_str(counter_aag, sizeof counter_aag - 1, &g, &d));
  CHECK(g.maxvar == 5 && g.ninputs == 1 && g.nlatches == 1 && g.nands == 3 && g.nbad == 1);
  CHECK(g.latches[0].lit == 4 && g.latches[0].next == 10 && g.latches[0].reset == 0);
  CHECK(aig_nproperties(&g) == 1 && aig_property(&g, 0) == 4);
  CHECK(g.input_names[0] && strcmp(g.input_names[0], "enable") == 0);
  uint8_t in0[3] = {0, 0, 0}, in1[3] = {1, 0, 0};
  CHECK(aig_simulate(&g, 0, NULL, in0, 3) == -1);
  CHECK(aig_simulate(&g, 0, NULL, in1, 3) == 1);
  aig_free(&g);
}

static void test_binary(void) {
  /* the same counter in binary: latch line "10 0", bad "4", and gates
   * 6 = 5 & 3 (deltas 1, 2), 8 = 4 & 2 (4, 2), 10 = 9 & 7 (1, 2) */
  static const char bin[] = "aig 5 1 1 0 3 1\n10 0\n4\n\x01\x02\x04\x02\x01\x02i0 en\n";
  aig g;
  aiger_diag d;
  CHECK(read_str(bin, sizeof bin - 1, &g, &d));
  CHECK(g.nands == 3 && g.ands[0].lhs == 6 && g.ands[0].rhs0 == 5 && g.ands[0].rhs1 == 3);
  CHECK(g.ands[2].lhs == 10 && g.ands[2].rhs0 == 9 && g.ands[2].rhs1 == 7);
  uint8_t in1[3] = {1, 1, 1};
  CHECK(aig_simulate(&g, 0, NULL, in1, 3) == 1);
  aig_free(&g);
  /* truncated delta: error names a byte offset */
  static const char trunc[] = "aig 5 1 1 0 3 1\n10 0\n4\n\x01\x02\x84";
  CHECK(!read_str(trunc, sizeof trunc - 1, &g, &d));
  CHECK(strstr(d.message, "t.aag: byte ") != NULL);
}

static void test_old_style_and_order(void) {
  /* no B section: the output is the bad state; gates out of order; an
   * uninitialized latch (reset = own literal) */
  static const char s[] = "aag 4 1 1 1 2\n2\n4 8 4\n6\n6 8 2\n8 5 2\n";
  aig g;
  aiger_diag d;
  CHECK(read_str(s, sizeof s - 1, &g, &d));
  CHECK(g.ands[0].lhs == 8 && g.ands[1].lhs == 6);    /* sorted */
  CHECK(aig_nproperties(&g) == 1 && aig_property(&g, 0) == 6);
  uint8_t in[2] = {1, 1}, init1 = 1, init0 = 0;
  /* 6 = (!l & i) & i: bad at step 0 iff the latch starts at 0 */
  CHECK(aig_simulate(&g, 0, &init0, in, 1) == 0);
  CHECK(aig_simulate(&g, 0, &init1, in, 1) == -1);
  CHECK(aig_simulate(&g, 0, &init1, in, 2) == 1);
  aig_free(&g);
}

static void test_constraints(void) {
  /* bad = latch, latch' = 1, constraint = input: the bad state at step 1
   * only counts when the input is 1 at steps 0 and 1 */
  static const char s[] = "aag 2 1 1 0 0 1 1\n2\n4 1\n4\n2\n";
  aig g;
  aiger_diag d;
  CHECK(read_str(s, sizeof s - 1, &g, &d));
  uint8_t a[2] = {1, 1}, b[2] = {1, 0}, c[2] = {0, 1};
  CHECK(aig_simulate(&g, 0, NULL, a, 2) == 1);
  CHECK(aig_simulate(&g, 0, NULL, b, 2) == -1);
  CHECK(aig_simulate(&g, 0, NULL, c, 2) == -1);
  ts t;
  CHECK(aig_to_ts(&g, 0, &t));
  /* prop is false only in a bad state where the constraint holds */
  term_t l = t.vars.data[0], i = t.inputs.data[0];
  term_t vars[2] = {l, i}, v11[2] = {term_true(), term_true()}, v10[2] = {term_true(), term_false()};
  CHECK(term_is_false(term_eval(t.prop, 2, vars, v11)));
  CHECK(term_is_true(term_eval(t.prop, 2, vars, v10)));
  CHECK(term_is_false(term_eval(t.init, 1, &l, &v11[0])));
  ts_free(&t);
  aig_free(&g);
}

/* The transition relation agrees with the simulator on every state/input. */
static void test_ts_matches_sim(void) {
  aig g;
  aiger_diag d;
  CHECK(read_str(counter_aag, sizeof counter_aag - 1, &g, &d));
  ts t;
  CHECK(aig_to_ts(&g, 0, &t));
  for (int q = 0; q < 2; q++)
    for (int en = 0; en < 2; en++) {
      uint8_t vals[6] = {0};
      vals[2] = (uint8_t)q;
      vals[1] = (uint8_t)en;
      aig_eval_step(&g, vals);
      int nq = aig_lit_value(vals, g.latches[0].next);
      for (int nx = 0; nx < 2; nx++) {
        term_t vars[3] = {t.vars.data[0], t.inputs.data[0], term_prime(t.vars.data[0])};
        term_t vv[3] = {term_bool(q), term_bool(en), term_bool(nx)};
        term_t r = term_eval(t.trans, 3, vars, vv);
        CHECK(term_is_true(r) == (nx == nq));
      }
    }
  ts_free(&t);
  aig_free(&g);
}

static void expect_error(const char *s, const char *needle) {
  aig g;
  aiger_diag d;
  bool ok = read_str(s, strlen(s), &g, &d);
  CHECK(!ok);
  if (!ok && !strstr(d.message, needle)) fprintf(stderr, "message '%s' lacks '%s'\n", d.message, needle);
  CHECK(ok || strstr(d.message, needle) != NULL);
}

static void test_malformed(void) {
  expect_error("aag 1 1 0 1\n", "t.aag:1:");                              /* short header */
  expect_error("aag 3 1 0 1 1\n2\n6\n6 2 5\n", "t.aag:4:");              /* var 2 undefined */
  expect_error("aag 3 1 0 1 1\n3\n6\n6 2 2\n", "t.aag:2:1: input literal 3 must be even"); /* odd input */
  expect_error("aag 3 0 0 1 2\n4\n4 6 1\n6 4 1\n", "cycle");             /* cycle */
  expect_error("aag 2 1 1 0 0 0 0 1\n2\n4 2\n1\n4\n", "justice");        /* J */
  expect_error("aag 2 1 1 1 0\n2\n4 2 3\n4\n", "t.aag:3:");              /* bad reset */
  expect_error("aag 2 1 1 1 0\n2\n4 9\n4\n", "exceeds");                  /* literal range */
  expect_error("aag 1 1 0 1 0\n2\n2", "t.aag:3:");                         /* missing newline */
  expect_error("aag 1 1 0 0 0\n2\nx0 foo\n", "symbol");
  expect_error("hello\n", "t.aag:1:1:");
}

/* Reduction: latch a (reset 0, next a & i) is constant 0, c (toggling)
 * is outside the cone of bad = (b & !i) & !a, the gates b & !i and !i & b
 * are one gate, and !x & !x, x & 1 fold away. */
static void test_reduce(void) {
  static const char src[] = "aag 9 1 3 0 5 1\n2\n4 10 0\n6 2 0\n8 9 0\n18\n10 4 2\n12 6 3\n14 3 6\n16 13 15\n18 17 5\n";
  aig g;
  aiger_diag d;
  CHECK(read_str(src, sizeof src - 1, &g, &d));
  aig_reduced r;
  aig_reduce(&g, 0, &r);
  CHECK(r.nconst == 1 && r.const_val[0] == 0 && r.const_val[1] == 2 && r.const_val[2] == 2);
  CHECK(r.g.ninputs == 1 && r.input_orig[0] == 0);
  CHECK(r.g.nlatches == 1 && r.latch_orig[0] == 1);
  CHECK(r.g.nands == 1 && r.g.nbad == 1 && r.g.bad[0] == r.g.ands[0].lhs);
  /* same answer on both: bad at step 1 after inputs 1, 0 */
  uint8_t in[2] = {1, 0};
  CHECK(aig_simulate(&g, 0, NULL, in, 2) == 1 && aig_simulate(&r.g, 0, NULL, in, 2) == 1);
  aig_reduced_free(&r);
  aig_free(&g);
}

int main(void) {
  RUN(test_ascii);
  RUN(test_binary);
  RUN(test_old_style_and_order);
  RUN(test_constraints);
  RUN(test_ts_matches_sim);
  RUN(test_malformed);
  RUN(test_reduce);
  return CHECK_DONE();
}
