/* Horn-clause transformations for the Solidity front end and solc's
 * queries: calls unfolded until the system is linear (ir/chc_unfold.h),
 * record datatypes scalarised (ir/chc_records.h). */
#include <string.h>
#include "check.h"
#include "core/limits.h"
#include "engine/chc_engine.h"
#include "ir/chc_records.h"
#include "ir/chc_unfold.h"
#include "ir/chc_witness.h"
#include "lang/chc/chc_parser.h"

static bool parse(const char *text, chc_system *s) {
  char *msg = NULL;
  chc_init(s);
  bool ok = chc_parse_string("t.smt2", text, s, &msg) == CHC_PARSE_OK;
  if (!ok) fprintf(stderr, "parse: %s\n", msg ? msg : "?");
  free(msg);
  return ok;
}

/* a loop P, a loop-free callee S with two paths, the call in a non-linear
 * clause; y = 7 is reached through S's second path (x = 5, +2) */
static const char *calls =
    "(set-logic HORN)\n(declare-fun P (Int) Bool)\n(declare-fun S (Int Int) Bool)\n(declare-fun Q (Int) Bool)\n"
    "(assert (forall ((x Int)) (=> (= x 0) (P x))))\n"
    "(assert (forall ((x Int)) (=> (and (P x) (< x 5)) (P (+ x 1)))))\n"
    "(assert (forall ((a Int) (b Int)) (=> (= b (+ a 1)) (S a b))))\n"
    "(assert (forall ((a Int) (b Int)) (=> (and (> a 4) (= b (+ a 2))) (S a b))))\n"
    "(assert (forall ((x Int) (y Int)) (=> (and (P x) (S x y)) (Q y))))\n"
    "(assert (forall ((y Int)) (=> (and (Q y) (= y %d)) false)))\n";

static void test_unfold_linear(void) {
  char text[2048];
  for (int target = 7; target <= 8; target++) {   /* 7 reachable, 8 not */
    snprintf(text, sizeof text, calls, target);
    chc_system s, u;
    CHECK(parse(text, &s));
    CHECK(!chc_is_linear(&s));
    CHECK(chc_unfold_linear(&s, &u, 100));
    CHECK(chc_is_linear(&u));
    zeta_limits lim = {0};
    lim.deadline = limits_now() + 20;
    chc_result r;
    chc_bmc_solve(&u, &lim, 12, &r);
    if (target == 7) CHECK(r.answer == CHC_UNSAT && r.deriv.n > 0 && chc_replay(&u, &r.deriv, 10000));
    else CHECK(r.answer != CHC_UNSAT);
    chc_result_free(&r);
    chc_free(&u);
    chc_free(&s);
  }
}

/* two recursive predicates in one clause cannot be made linear */
static void test_unfold_gives_up(void) {
  const char *text =
      "(set-logic HORN)\n(declare-fun P (Int) Bool)\n"
      "(assert (forall ((x Int)) (=> (= x 1) (P x))))\n"
      "(assert (forall ((x Int) (y Int)) (=> (and (P x) (P y)) (P (+ x y)))))\n"
      "(assert (forall ((x Int)) (=> (and (P x) (= x 6)) false)))\n";
  chc_system s, u;
  CHECK(parse(text, &s));
  CHECK(!chc_unfold_linear(&s, &u, 100));
  CHECK(u.nclauses == 0);
  chc_free(&u);
  chc_free(&s);
}

/* Calls of 24 loop-free summaries S0..S23 of two definitions each, then
 * of Z, which has none: each of the 2^24 combinations is unfolded and
 * dropped at Z, so no clause is added and max_clauses never stops it; the
 * clock does (chc_unfold_linear_within; own's unfolding took seconds on
 * LIA-287 in session 24). */
static void test_unfold_clock(void) {
  enum { K = 24 };
  size_t cap = 64 * 1024;
  char *text = malloc(cap);
  int n = snprintf(text, cap, "(set-logic HORN)\n(declare-fun P (Int) Bool)\n(declare-fun Z (Int) Bool)\n");
  for (int i = 0; i < K; i++)
    n += snprintf(text + n, cap - n,
                  "(declare-fun S%d (Int) Bool)\n(assert (forall ((x Int)) (=> (= x %d) (S%d x))))\n"
                  "(assert (forall ((x Int)) (=> (= x %d) (S%d x))))\n", i, i, i, i + 1, i);
  n += snprintf(text + n, cap - n, "(assert (forall ((x Int)) (=> (= x 0) (P x))))\n"
                "(assert (forall ((x Int)) (=> (and (P x) (< x 5)) (P (+ x 1)))))\n"
                "(assert (forall ((x Int)) (=> (and");
  for (int i = 0; i < K; i++) n += snprintf(text + n, cap - n, " (S%d x)", i);
  snprintf(text + n, cap - n, " (Z x) (P x)) false)))\n");
  chc_system s, u;
  CHECK(parse(text, &s));
  zeta_limits past = {0};
  past.deadline = limits_now() - 1;
  CHECK(!chc_unfold_linear_within(&s, &u, 4000, &past));   /* expired: nothing done */
  CHECK(u.nclauses == 0);
  double t0 = limits_now();
  zeta_limits lim = limits_from_timeout(0.2);
  CHECK(!chc_unfold_linear_within(&s, &u, 4000, &lim));
  CHECK(u.nclauses == 0);
  CHECK(limits_now() - t0 < 5);
  chc_free(&s);
  free(text);
}

/* records: arguments become fields, an array indexed by a record nested
 * arrays; the same answers as the input (unsat, and sat when 9 is never
 * stored) */
static void test_records(void) {
  const char *text =
      "(set-logic HORN)\n(declare-datatypes ((Pair 0)) (((mk (fst Int) (snd Int)))))\n"
      "(declare-fun Inv (Pair (Array Pair Int)) Bool)\n"
      "(assert (forall ((p Pair) (m (Array Pair Int))) (=> (and (= p (mk 1 2)) (= m ((as const (Array Pair Int)) 0))) (Inv p m))))\n"
      "(assert (forall ((p Pair) (m (Array Pair Int)) (q Pair)) (=> (and (Inv p m) (= q (mk (snd p) (fst p))))"
      " (Inv q (store m p (+ (fst p) (snd p)))))))\n"
      "(assert (forall ((p Pair) (m (Array Pair Int))) (=> (and (Inv p m) (= (select m (mk 2 1)) %d)) false)))\n";
  char buf[2048];
  for (int v = 3; v <= 9; v += 6) {
    snprintf(buf, sizeof buf, text, v);
    chc_system s, f;
    const char *why = NULL;
    CHECK(parse(buf, &s));
    CHECK(chc_has_records(&s));
    CHECK(chc_scalarize_records(&s, &f, &why));
    CHECK(!chc_has_records(&f));
    CHECK(f.npreds == s.npreds && f.preds[0].arity == 3);   /* fst, snd, a nested array */
    zeta_limits lim = {0};
    lim.deadline = limits_now() + 30;
    chc_result r;
    chc_bmc_solve(&f, &lim, 6, &r);
    if (v == 3) CHECK(r.answer == CHC_UNSAT && chc_replay(&f, &r.deriv, 10000));   /* after two steps m[(2,1)] = 3 */
    else CHECK(r.answer != CHC_UNSAT);
    chc_result_free(&r);
    chc_free(&f);
    chc_free(&s);
  }
}

/* a datatype with two constructors is not a record: left alone */
static void test_records_not_records(void) {
  const char *text =
      "(set-logic HORN)\n(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))\n"
      "(declare-fun P (L) Bool)\n(assert (forall ((l L)) (=> (= l nil) (P l))))\n"
      "(assert (forall ((l L)) (=> (and (P l) ((_ is cons) l)) false)))\n";
  chc_system s, f;
  const char *why = NULL;
  CHECK(parse(text, &s));
  CHECK(chc_has_records(&s));
  CHECK(!chc_scalarize_records(&s, &f, &why) && why && f.nclauses == 0);
  chc_free(&f);
  chc_free(&s);
}

int main(void) {
  RUN(test_unfold_linear);
  RUN(test_unfold_gives_up);
  RUN(test_unfold_clock);
  RUN(test_records);
  RUN(test_records_not_records);
  return CHECK_DONE();
}
