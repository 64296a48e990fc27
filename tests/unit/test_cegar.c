/* CEGAR engine regressions on small inline CFAs: fully concrete array
 * counterexamples (Z3 lambda model values), Theta's binary interpolation
 * cuts (backward refines an early contradicting assignment in fewer rounds
 * than forward), verdicts of every refiner on a tiny safe/unsafe pair. */
#include <string.h>
#include "check.h"
#include "engine/cegar.h"
#include "lang/cfa/cfa_parser.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

static bool parse(const char *text, cfa *c) {
  char err[512];
  bool ok = cfa_parse("t.cfa", text, strlen(text), c, err, sizeof err);
  if (!ok) fprintf(stderr, "%s\n", err);
  return ok;
}

static void config(cegar_config *cfg, cegar_domain d, cegar_refinement r) {
  memset(cfg, 0, sizeof *cfg);
  cfg->domain = d;
  cfg->refinement = r;
  cfg->search = SEARCH_BFS;
  cfg->granularity = PREC_GLOBAL;
  cfg->split = SPLIT_WHOLE;
  cfg->maxiter = 50;
}

/* Z3's incremental solver answers array model values as lambdas; they
 * must come back as store chains (the solver layer's conversion). */
static void test_array_value_under_push(void) {
  solver *s = solver_new("z3", NULL);
  CHECK(s != NULL);
  if (!s) return;
  type_t at = type_array(type_int(), type_bool());
  term_t a = term_var("a", at);
  term_t v = term_store(term_store(term_const_array(at, term_false()), term_int(0), term_true()), term_int(1), term_true());
  solver_push(s);
  solver_assert(s, term_eq(a, term_store(v, term_int(0), term_false())));
  CHECK(solver_check(s) == SOLVER_SAT);
  term_t val = solver_value(s, a);
  CHECK(val != NULL_TERM);
  if (val != NULL_TERM) {
    /* the value is a literal array: select 1 is true, select 0 and 7 false */
    CHECK(term_is_true(term_eval(term_select(val, term_int(1)), 0, NULL, NULL)));
    CHECK(term_is_false(term_eval(term_select(val, term_int(0)), 0, NULL, NULL)));
    CHECK(term_is_false(term_eval(term_select(val, term_int(7)), 0, NULL, NULL)));
  }
  solver_pop(s, 1);
  solver_free(s);
}

static const char *arrays_unsafe =
    "main process p {\n var arr : [int] -> bool\n var i : int\n init loc L0\n loc L1\n error loc E\n"
    " L0 -> L1 { arr := [0 <- true, default <- false] arr := arr[1 <- true] havoc i }\n"
    " L1 -> E { assume arr[i] and i > 0 }\n}\n";

/* Every value of an UNSAFE trace is concrete (no '?') and it replays. */
static void test_array_cex_concrete(void) {
  cfa c;
  CHECK(parse(arrays_unsafe, &c));
  for (int enc = 0; enc < 2; enc++) {
    cfa d;
    CHECK(parse(arrays_unsafe, &d));
    cfa_prune(&d);
    if (enc) cfa_lbe(&d);
    cegar_config cfg;
    config(&cfg, CEGAR_PRED_CART, REF_SEQ_ITP);
    cegar_result r;
    CHECK(cegar_run(&d, &cfg, &r));
    CHECK(r.verdict == ZETA_UNSAFE);
    if (r.verdict == ZETA_UNSAFE) {
      uint32_t nv = d.vars.size;
      for (uint32_t k = 0; k < (r.cex_len + 1) * nv; k++) CHECK(r.cex_vals[k] != NULL_TERM);
      CHECK(cegar_replay(&d, NULL, r.cex_len, r.cex_edges, r.cex_vals));
    }
    cegar_result_free(&r);
    cfa_free(&d);
  }
  cfa_free(&c);
}

/* The replay rejects a trace with an open value. */
static void test_replay_needs_values(void) {
  cfa c;
  CHECK(parse(arrays_unsafe, &c));
  cfa_prune(&c);
  cfa_lbe(&c);
  cegar_config cfg;
  config(&cfg, CEGAR_PRED_CART, REF_SEQ_ITP);
  cegar_result r;
  CHECK(cegar_run(&c, &cfg, &r));
  if (r.verdict == ZETA_UNSAFE) {
    r.cex_vals[0] = NULL_TERM;
    CHECK(!cegar_replay(&c, NULL, r.cex_len, r.cex_edges, r.cex_vals));
  }
  cegar_result_free(&r);
  cfa_free(&c);
}

static const char *early_assign =
    "main process p {\n var x : int\n var y : int\n var z : int\n init loc L0\n loc L1\n loc L2\n loc L3\n"
    " error loc E\n L0 -> L1 { x := 0 }\n L1 -> L2 { y := 1 }\n L2 -> L3 { z := 2 }\n"
    " L3 -> E { assume x > 5 }\n}\n";

static uint64_t refinements(const char *text, cegar_refinement how, zeta_verdict *v) {
  cfa c;
  if (!parse(text, &c)) return 0;
  cfa_prune(&c);
  cegar_config cfg;
  config(&cfg, CEGAR_PRED_CART, how);
  cegar_result r;
  CHECK(cegar_run(&c, &cfg, &r));
  *v = r.verdict;
  uint64_t n = r.refinements;
  cegar_result_free(&r);
  cfa_free(&c);
  return n;
}

/* Theta's cuts: forward interpolates at the last node before the guard
 * (x <= 5 at L3, whose parent state stays stale), backward at the first
 * node after the assignment (not x > 5 at L1): backward needs fewer. */
static void test_bw_fewer_than_fw(void) {
  zeta_verdict vf, vb;
  uint64_t fw = refinements(early_assign, REF_FW_BIN_ITP, &vf);
  uint64_t bw = refinements(early_assign, REF_BW_BIN_ITP, &vb);
  CHECK(vf == ZETA_SAFE && vb == ZETA_SAFE);
  CHECK(bw == 1);
  CHECK(bw < fw);
}

/* Every refiner and domain: the expected verdict on a safe and an unsafe
 * variant (never the opposite one). */
static void test_all_refiners(void) {
  const char *unsafe =
      "main process p {\n var x : int\n init loc L0\n loc L1\n error loc E\n L0 -> L1 { x := 0 }\n"
      " L1 -> L1 { assume x < 3 x := x + 1 }\n L1 -> E { assume x = 3 }\n}\n";
  const char *safe =
      "main process p {\n var x : int\n init loc L0\n loc L1\n error loc E\n L0 -> L1 { x := 0 }\n"
      " L1 -> L1 { assume x < 3 x := x + 1 }\n L1 -> E { assume x > 3 }\n}\n";
  for (int d = CEGAR_EXPL; d <= CEGAR_PRED_SPLIT; d++)
    for (int how = REF_SEQ_ITP; how <= REF_MAX_PRUNE; how++)
      for (int w = 0; w < 2; w++) {
        cfa c;
        if (!parse(w ? unsafe : safe, &c)) continue;
        cfa_prune(&c);
        cegar_config cfg;
        config(&cfg, (cegar_domain)d, (cegar_refinement)how);
        cfg.maxenum = 0;
        cegar_result r;
        CHECK(cegar_run(&c, &cfg, &r));
        CHECK(r.verdict == (w ? ZETA_UNSAFE : ZETA_SAFE) || r.verdict == ZETA_UNKNOWN);
        if (r.verdict != (w ? ZETA_UNSAFE : ZETA_SAFE))
          fprintf(stderr, "domain %d refinement %d %s: %s\n", d, how, w ? "unsafe" : "safe", r.reason);
        /* PRED domains with sequence interpolants solve both */
        if (d != CEGAR_EXPL && how == REF_SEQ_ITP) CHECK(r.verdict == (w ? ZETA_UNSAFE : ZETA_SAFE));
        cegar_result_free(&r);
        cfa_free(&c);
      }
}

/* LBE merges the two branches of a diamond into one CHOICE edge (then the
 * chain into one edge); the verdicts and the replayed trace stay right in
 * every domain, also with classic explicit evaluation. */
static void test_lbe_parallel(void) {
  const char *fmt =
      "main process p {\n var x : int\n var y : int\n init loc A\n loc B\n loc C\n loc D\n error loc E\n"
      " A -> B { assume x > 0 y := 1 }\n A -> C { assume x <= 0 y := 2 }\n B -> D\n C -> D { havoc x }\n"
      " D -> E { assume y = %d }\n}\n";
  for (int want = 2; want <= 3; want++) {
    char text[600];
    snprintf(text, sizeof text, fmt, want);
    cfa c;
    if (!parse(text, &c)) continue;
    cfa_prune(&c);
    cfa_lbe(&c);
    CHECK(c.nlocs == 2 && c.nedges == 1);
    CHECK(c.nedges == 1 && c.edges[0].nstmts == 2 && c.edges[0].stmts[0].kind == CFA_CHOICE &&
          c.edges[0].stmts[0].nalts == 2);
    for (int d = CEGAR_EXPL; d <= CEGAR_PRED_SPLIT; d++)
      for (long me = -1; me <= (d == CEGAR_EXPL ? 0 : -1); me++) {
        cegar_config cfg;
        config(&cfg, (cegar_domain)d, REF_SEQ_ITP);
        cfg.maxenum = me;
        cegar_result r;
        CHECK(cegar_run(&c, &cfg, &r));
        CHECK(r.verdict == (want == 2 ? ZETA_UNSAFE : ZETA_SAFE) || (me < 0 && d == CEGAR_EXPL && r.verdict == ZETA_UNKNOWN));
        if (r.verdict == ZETA_UNSAFE) CHECK(cegar_replay(&c, NULL, r.cex_len, r.cex_edges, r.cex_vals));
        cegar_result_free(&r);
      }
    cfa_free(&c);
  }
}

int main(void) {
  RUN(test_array_value_under_push);
  RUN(test_array_cex_concrete);
  RUN(test_replay_needs_values);
  RUN(test_bw_fewer_than_fw);
  RUN(test_all_refiners);
  RUN(test_lbe_parallel);
  return CHECK_DONE();
}
