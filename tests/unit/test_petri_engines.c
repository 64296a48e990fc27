/* Petri-net engines: the state-equation ILP on tiny nets, the seed nets,
 * and a differential test on random small nets (no engine may contradict
 * the full state-space exploration; every witness must replay). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "petri_test.h"
#include "lang/petri/petri_explicit.h"
#include "lang/petri/petri_portfolio.h"
#include "lang/petri/petri_secegar.h"
#include "lang/petri/petri_walk.h"
#include "lang/petri/pnml.h"

/* target: m == want on every place */
static petri_pred *exact(const petri_net *n, const petri_tok *want) {
  petri_pred *a = pred_new(PRED_AND);
  for (uint32_t p = 0; a && p < n->nplaces; p++) {
    petri_pred *le = pred_new(PRED_LIN), *ge = pred_new(PRED_LIN);
    if (!le || !ge || !pred_add_term(le, p, 1) || !pred_add_term(ge, p, -1)) { pred_free(le); pred_free(ge); continue; }
    le->bound = want[p];
    ge->bound = -(int64_t)want[p];
    pred_add_kid(a, le);
    pred_add_kid(a, ge);
  }
  return a;
}

/* seed-starved: the state equation is feasible, the unmarked siphon {p0,p1}
 * makes it infeasible. */
static const char *STARVED =
  "<pnml><net id=\"s\" type=\"x\"><place id=\"p0\"/><place id=\"p1\"/><transition id=\"t0\"/>"
  "<arc id=\"a1\" source=\"p1\" target=\"t0\"/><arc id=\"a2\" source=\"t0\" target=\"p1\"/>"
  "<arc id=\"a3\" source=\"t0\" target=\"p0\"/></net></pnml>";

static void test_state_equation(void) {
  petri_net *n = parse(STARVED);
  if (!n) { CHECK(0); return; }
  petri_tok want[2] = {1, 0};
  petri_pred *t = exact(n, want);
  petri_result r;
  petri_result_init(&r);
  CHECK(secegar_state_equation(n, t, NULL, &r) == PETRI_UNREACHABLE);
  petri_result_free(&r);
  petri_tok want0[2] = {0, 0};
  petri_pred *t0 = exact(n, want0);
  petri_result_init(&r);
  CHECK(secegar_state_equation(n, t0, NULL, &r) == PETRI_UNKNOWN);
  secegar_opts o = {SECEGAR_HYBRID, false};
  petri_result_free(&r);
  petri_result_init(&r);
  CHECK(secegar_check(n, t0, &o, NULL, &r) == PETRI_REACHABLE && r.ntrace == 0);
  petri_result_free(&r);
  pred_free(t); pred_free(t0);
  petri_net_free(n);
}

/* The trap {q1, q2} holds one token; t_c needs two of them to put a token
 * on y. The state equation alone allows y = 1 (x_c = 1 empties the trap);
 * the trap constraint q1 + q2 >= 1 refutes it. */
static const char *TRAPNET =
  "<pnml><net id=\"t\" type=\"x\"><place id=\"q1\"><initialMarking><text>1</text></initialMarking></place>"
  "<place id=\"q2\"/><place id=\"y\"/><transition id=\"ta\"/><transition id=\"tb\"/><transition id=\"tc\"/>"
  "<arc id=\"a1\" source=\"q1\" target=\"ta\"/><arc id=\"a2\" source=\"ta\" target=\"q2\"/>"
  "<arc id=\"a3\" source=\"q2\" target=\"tb\"/><arc id=\"a4\" source=\"tb\" target=\"q1\"/>"
  "<arc id=\"a5\" source=\"q1\" target=\"tc\"/><arc id=\"a6\" source=\"q2\" target=\"tc\"/>"
  "<arc id=\"a7\" source=\"tc\" target=\"q1\"/><arc id=\"a8\" source=\"tc\" target=\"y\"/></net></pnml>";

static void test_traps(void) {
  petri_net *n = parse(TRAPNET);
  if (!n) { CHECK(0); return; }
  petri_pred *t = pred_new(PRED_LIN); /* y >= 1 */
  if (!t || !pred_add_term(t, 2, -1)) { CHECK(0); pred_free(t); petri_net_free(n); return; }
  t->bound = -1;
  petri_result r;
  petri_result_init(&r);
  CHECK(secegar_state_equation(n, t, NULL, &r) == PETRI_UNREACHABLE && strcmp(r.technique, "STATE_EQUATION TRAPS") == 0);
  petri_result_free(&r);
  petri_explicit_opts full = {false, false};
  petri_result_init(&r);
  CHECK(petri_explicit(n, t, &full, NULL, &r) == PETRI_UNREACHABLE);
  petri_result_free(&r);
  /* a target too large for the DNF (2^8 cubes) is weakened: its conjunct
   * y >= 1 alone is refuted */
  petri_pred *big = pred_new(PRED_AND);
  pred_add_kid(big, pred_copy(t));
  for (int i = 0; i < 8; i++) {
    petri_pred *o = pred_new(PRED_OR), *a = pred_new(PRED_LIN), *b = pred_new(PRED_LIN);
    pred_add_term(a, 0, 1);
    a->bound = i;
    pred_add_term(b, 1, 1);
    b->bound = i;
    pred_add_kid(o, a);
    pred_add_kid(o, b);
    pred_add_kid(big, o);
  }
  petri_result_init(&r);
  CHECK(secegar_state_equation(n, big, NULL, &r) == PETRI_UNREACHABLE);
  petri_result_free(&r);
  pred_free(big);
  pred_free(t);
  petri_net_free(n);
}

/* seed-distant1: reachable, but only via an invariant that the minimal
 * solutions never touch. */
static const char *DISTANT1 =
  "<pnml><net id=\"d\" type=\"x\"><place id=\"p0\"/><place id=\"p1\"><initialMarking><text>1</text></initialMarking></place>"
  "<place id=\"p2\"/><transition id=\"t0\"/><transition id=\"t1\"/><transition id=\"t2\"/><transition id=\"t3\"/><transition id=\"t4\"/>"
  "<arc id=\"a1\" source=\"p1\" target=\"t0\"><inscription><text>2</text></inscription></arc>"
  "<arc id=\"a2\" source=\"t0\" target=\"p1\"><inscription><text>2</text></inscription></arc>"
  "<arc id=\"a3\" source=\"t0\" target=\"p0\"/><arc id=\"a4\" source=\"p2\" target=\"t1\"/><arc id=\"a5\" source=\"t1\" target=\"p1\"/>"
  "<arc id=\"a6\" source=\"p1\" target=\"t2\"/><arc id=\"a7\" source=\"t2\" target=\"p2\"/><arc id=\"a8\" source=\"t3\" target=\"p2\"/>"
  "<arc id=\"a9\" source=\"p2\" target=\"t4\"/></net></pnml>";

static void test_distant(void) {
  petri_net *n = parse(DISTANT1);
  if (!n) { CHECK(0); return; }
  petri_tok want[3] = {1, 1, 0};
  petri_pred *t = exact(n, want);
  petri_limits l = {petri_now() + 2.0, 0, 0};
  petri_result r;
  for (int s = 0; s < 3; s++) {
    secegar_opts o = {(secegar_search)s, false};
    petri_result_init(&r);
    CHECK(secegar_check(n, t, &o, &l, &r) == PETRI_REACHABLE && replays(n, t, &r));
    petri_result_free(&r);
  }
  secegar_opts off = {SECEGAR_HYBRID, true};
  petri_limits shortl = {petri_now() + 0.2, 0, 0};
  petri_result_init(&r);
  CHECK(secegar_check(n, t, &off, &shortl, &r) == PETRI_UNKNOWN);
  petri_result_free(&r);
  pred_free(t);
  petri_net_free(n);
}

/* ---- differential test on random nets ---- */

/* A ring p0 -> p1 -> p2 -> p0 with 300 tokens: counts above 128 take
 * several bytes in the explicit engine's compact markings; every
 * distribution of the tokens is reachable (45451 markings). */
static const char *RING300 =
  "<pnml><net id=\"r\" type=\"x\"><place id=\"p0\"><initialMarking><text>300</text></initialMarking></place>"
  "<place id=\"p1\"/><place id=\"p2\"/><transition id=\"t0\"/><transition id=\"t1\"/><transition id=\"t2\"/>"
  "<arc id=\"a0\" source=\"p0\" target=\"t0\"/><arc id=\"a1\" source=\"t0\" target=\"p1\"/>"
  "<arc id=\"a2\" source=\"p1\" target=\"t1\"/><arc id=\"a3\" source=\"t1\" target=\"p2\"/>"
  "<arc id=\"a4\" source=\"p2\" target=\"t2\"/><arc id=\"a5\" source=\"t2\" target=\"p0\"/></net></pnml>";

static void test_compact_markings(void) {
  petri_net *n = parse(RING300);
  if (!n) { CHECK(0); return; }
  petri_explicit_opts full = {false, false};
  /* reachable: p1 = 129, p2 = 171 (multi-byte counts on both) */
  petri_tok want[3] = {0, 129, 171};
  petri_pred *t = exact(n, want);
  petri_result r;
  petri_result_init(&r);
  CHECK(petri_explicit(n, t, &full, NULL, &r) == PETRI_REACHABLE && replays(n, t, &r));
  petri_result_free(&r);
  /* unreachable (the token count is invariant): the whole space is stored
   * and told apart, 45451 = C(302, 2) markings */
  petri_tok none[3] = {100, 100, 99};
  petri_pred *u = exact(n, none);
  petri_result_init(&r);
  CHECK(petri_explicit(n, u, &full, NULL, &r) == PETRI_UNREACHABLE && r.states == 45451);
  petri_result_free(&r);
  /* a memory limit below the space's size: the engine stops, undecided */
  petri_limits tiny = {0, 64 << 10, 0};
  petri_result_init(&r);
  CHECK(petri_explicit(n, u, &full, &tiny, &r) == PETRI_UNKNOWN && r.states < 45451);
  petri_result_free(&r);
  pred_free(t);
  pred_free(u);
  petri_net_free(n);
}

/* One walk serves several targets at once; the unreachable one stays open. */
static void test_walk_many(void) {
  petri_net *n = parse(RING300);
  if (!n) { CHECK(0); return; }
  petri_tok a[3] = {299, 1, 0}, b[3] = {298, 1, 1}, c[3] = {1, 1, 1};
  petri_pred *ts[3] = {exact(n, a), exact(n, b), exact(n, c)};
  petri_result r[3];
  for (int i = 0; i < 3; i++) petri_result_init(&r[i]);
  petri_limits l = {petri_now() + 0.2, 0, 0};
  CHECK(petri_walk(n, (const petri_pred *const *)ts, 3, r, 0, 7, &l) == 2);
  CHECK(r[0].answer == PETRI_REACHABLE && replays(n, ts[0], &r[0]));
  CHECK(r[1].answer == PETRI_REACHABLE && replays(n, ts[1], &r[1]));
  CHECK(r[2].answer == PETRI_UNKNOWN);
  for (int i = 0; i < 3; i++) { petri_result_free(&r[i]); pred_free(ts[i]); }
  petri_net_free(n);
}

static void test_differential(void) {
  int decided = 0, reach = 0, unreach = 0;
  /* PETRI_FUZZ=N SEED runs a longer campaign */
  int iters = getenv("PETRI_FUZZ") ? atoi(getenv("PETRI_FUZZ")) : 150;
  if (getenv("PETRI_FUZZ_SEED")) petri_random_seed(strtoull(getenv("PETRI_FUZZ_SEED"), NULL, 10));
  for (int iter = 0; iter < iters; iter++) {
    petri_net *n = random_net(4);
    if (!n) { CHECK(0); continue; }
    petri_pred *t = random_target(n);
    if (!t) { petri_net_free(n); CHECK(0); continue; }
    petri_limits big = {0, 0, 20000};
    petri_explicit_opts full = {false, false};
    petri_result truth;
    petri_result_init(&truth);
    petri_answer want = petri_explicit(n, t, &full, &big, &truth);
    if (want == PETRI_REACHABLE) CHECK(replays(n, t, &truth));
    decided += want != PETRI_UNKNOWN;
    reach += want == PETRI_REACHABLE;
    unreach += want == PETRI_UNREACHABLE;
    /* the shared random walk: only REACHABLE, never against the truth */
    {
      petri_result w;
      petri_result_init(&w);
      const petri_pred *ts[1] = {t};
      petri_limits wl = {petri_now() + 0.01, 0, 0};
      petri_walk(n, ts, 1, &w, 0, (uint64_t)iter + 1, &wl);
      CHECK(w.answer != PETRI_UNREACHABLE);
      if (w.answer == PETRI_REACHABLE) CHECK(want != PETRI_UNREACHABLE && replays(n, t, &w));
      petri_result_free(&w);
    }
    for (int e = 0; e < 6; e++) {
      petri_result r;
      petri_result_init(&r);
      petri_limits l = {petri_now() + 0.05, 0, 20000};
      petri_answer a;
      if (e < 2) {
        petri_explicit_opts o = {e == 1, true};
        a = petri_explicit(n, t, &o, &l, &r);
      } else if (e < 5) {
        secegar_opts o = {(secegar_search)(e - 2), false};
        a = secegar_check(n, t, &o, &l, &r);
      } else a = secegar_state_equation(n, t, &l, &r);
      if (a == PETRI_REACHABLE) CHECK(replays(n, t, &r));
      if (want != PETRI_UNKNOWN && a != PETRI_UNKNOWN && a != want) {
        fprintf(stderr, "iteration %d engine %d: %d, expected %d\n", iter, e, a, want);
        CHECK(0);
      }
      petri_result_free(&r);
    }
    petri_result_free(&truth);
    pred_free(t);
    petri_net_free(n);
  }
  CHECK(decided > 100 && reach > 10 && unreach > 10);
}

int main(void) {
  RUN(test_state_equation);
  RUN(test_distant);
  RUN(test_differential);
  RUN(test_traps);
  RUN(test_compact_markings);
  RUN(test_walk_many);
  return CHECK_DONE();
}
