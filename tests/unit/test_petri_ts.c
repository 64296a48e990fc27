/* Petri nets through the transition-system engines (engine/petri_ts.h):
 * the translation on a tiny net, PDR proving unreachability in an
 * unbounded net, and a differential test on random small nets against the
 * full state-space exploration (every REACHABLE must replay, no answer may
 * contradict the oracle). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "petri_test.h"
#include "lang/petri/petri_explicit.h"
#include "lang/petri/petri_ts.h"
#include "lang/petri/pnml.h"
#include "lang/petri/petri_to_ts.h"

static petri_pred *at_least(uint32_t place, int64_t k) { /* m(place) >= k */
  petri_pred *l = pred_new(PRED_LIN);
  pred_add_term(l, place, -1);
  l->bound = -k;
  return l;
}

/* t0 produces p0 from nothing (unbounded); t1 needs p0 and p2, but p2 is
 * never marked, so p1 stays empty. Explicit search cannot finish; PDR and
 * k-induction prove it. t2 consumes two p0 and inhibited by p1 >= 1. */
static const char *UNBOUNDED =
  "<pnml><net id=\"u\" type=\"x\"><place id=\"p0\"/><place id=\"p1\"/><place id=\"p2\"/><place id=\"p3\"/>"
  "<transition id=\"t0\"/><transition id=\"t1\"/><transition id=\"t2\"/>"
  "<arc id=\"a1\" source=\"t0\" target=\"p0\"/>"
  "<arc id=\"a2\" source=\"p0\" target=\"t1\"/><arc id=\"a3\" source=\"p2\" target=\"t1\"/>"
  "<arc id=\"a4\" source=\"t1\" target=\"p1\"/>"
  "<arc id=\"a5\" source=\"p0\" target=\"t2\"><inscription><text>2</text></inscription></arc>"
  "<arc id=\"a6\" source=\"t2\" target=\"p3\"/>"
  "<arc id=\"a7\" source=\"p1\" target=\"t2\"><type value=\"inhibitor\"/></arc></net></pnml>";

static void test_unbounded(void) {
  petri_net *n = parse(UNBOUNDED);
  CHECK(n != NULL);
  if (!n) return;
  petri_pred *never = at_least(1, 1), *three = at_least(3, 3);
  petri_limits l = {petri_now() + 20, 0, 0};
  petri_result r;
  CHECK(petri_ts_pdr(n, never, &l, &r) == PETRI_UNREACHABLE);
  petri_result_free(&r);
  /* p3 = 3 needs t0 six times and t2 three times (through the inhibitor guard) */
  petri_answer kinds[3] = {petri_ts_bmc(n, three, &l, &r), PETRI_UNKNOWN, PETRI_UNKNOWN};
  CHECK(kinds[0] == PETRI_REACHABLE && replays(n, three, &r) && r.ntrace == 9);
  petri_result_free(&r);
  kinds[1] = petri_ts_kind(n, three, &l, &r);
  CHECK(kinds[1] == PETRI_REACHABLE && replays(n, three, &r));
  petri_result_free(&r);
  kinds[2] = petri_ts_pdr(n, three, &l, &r);
  CHECK(kinds[2] == PETRI_REACHABLE && replays(n, three, &r));
  petri_result_free(&r);
  /* the translation: one variable per place, one input */
  ts sys;
  petri_to_ts(n, never, &sys);
  CHECK(sys.vars.size == 4 && sys.inputs.size == 1);
  ts_free(&sys);
  pred_free(never);
  pred_free(three);
  petri_net_free(n);
}

static void test_differential(void) {
  petri_random_seed(0x9e3779b97f4a7c15ull);
  int iters = getenv("PETRI_FUZZ") ? atoi(getenv("PETRI_FUZZ")) : (getenv("ZETA_TEST_QUICK") ? 6 : 15);
  int agreed = 0;
  for (int iter = 0; iter < iters; iter++) {
    petri_net *n = random_net(3);
    petri_pred *t = n ? random_target(n) : NULL;
    if (!n || !t) { CHECK(0); pred_free(t); petri_net_free(n); continue; }
    petri_limits big = {0, 0, 20000};
    petri_explicit_opts full = {false, false};
    petri_result truth;
    petri_result_init(&truth);
    petri_answer want = petri_explicit(n, t, &full, &big, &truth);
    petri_answer (*engines[3])(const petri_net *, const petri_pred *, const petri_limits *, petri_result *) = {
        petri_ts_bmc, petri_ts_kind, petri_ts_pdr};
    for (int e = 0; e < 3; e++) {
      petri_limits l = {petri_now() + 1.0, 0, 0};
      petri_result r;
      petri_answer a = engines[e](n, t, &l, &r);
      if (a == PETRI_REACHABLE) CHECK(replays(n, t, &r));
      if (want != PETRI_UNKNOWN && a != PETRI_UNKNOWN && a != want) {
        fprintf(stderr, "iteration %d engine %d: %d, expected %d\n", iter, e, a, want);
        CHECK(0);
      }
      agreed += a != PETRI_UNKNOWN && a == want;
      petri_result_free(&r);
    }
    petri_result_free(&truth);
    pred_free(t);
    petri_net_free(n);
  }
  CHECK(agreed >= iters); /* at least one engine per net on average decides */
}

int main(void) {
  RUN(test_unbounded);
  RUN(test_differential);
  return CHECK_DONE();
}
