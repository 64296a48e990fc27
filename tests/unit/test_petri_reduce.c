/* Structural reductions (petri_reduce.c): each rule on a hand-made net, and
 * a differential test on random nets (the reduced net's answer equals the
 * full exploration of the original; lifted witnesses replay on it). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "petri_test.h"
#include "lang/petri/petri_explicit.h"
#include "lang/petri/petri_reduce.h"

/* Full exploration without partial-order reduction: the oracle. */
static petri_answer truth(const petri_net *n, const petri_pred *t, petri_result *r) {
  petri_limits big = {0, 0, 50000};
  petri_explicit_opts full = {false, false};
  petri_result_init(r);
  return petri_explicit(n, t, &full, &big, r);
}

/* The reduction's answer: decided structurally or by exploring the reduced
 * net; a witness is lifted and must replay on the original. */
static petri_answer reduced_answer(const petri_net *n, const petri_pred *t, petri_reduced *red) {
  petri_reduce_facts f;
  CHECK(petri_reduce_facts_compute(n, &f));
  bool ok = petri_reduce(n, &f, t, red);
  petri_reduce_facts_free(&f);
  CHECK(ok);
  if (!ok) return PETRI_UNKNOWN;
  petri_result r;
  petri_answer a = petri_reduced_decide(red, &r);
  if (a == PETRI_UNKNOWN) {
    petri_result_free(&r);
    a = truth(red->net, red->target, &r);
  }
  if (a == PETRI_REACHABLE) {
    petri_reduced_lift(red, &r);
    CHECK(replays(n, t, &r));
  }
  petri_result_free(&r);
  return a;
}

static petri_pred *at_least(const petri_net *n, const char *place, int64_t k) {
  petri_pred *l = pred_new(PRED_LIN);
  pred_add_term(l, (uint32_t)petri_place_index(n, place), -1);
  l->bound = -k;
  return l;
}

static petri_pred *fire(const petri_net *n, const char *t, bool neg) {
  petri_pred *f = pred_new(neg ? PRED_NFIRE : PRED_FIRE);
  f->trans = (uint32_t)petri_trans_index(n, t);
  return f;
}

#define ARC(s, t) "<arc id=\"" s t "\" source=\"" s "\" target=\"" t "\"/>"
#define PLACE(p, m) "<place id=\"" p "\"><initialMarking><text>" m "</text></initialMarking></place>"

/* p0 and p1 empty and only fed by each other: an unmarked siphon, so t0,
 * t1 are dead, p0, p1 constant 0, and m(p1) >= 1 folds to false. */
static const char *SIPHON = "<pnml><net id=\"s\" type=\"x\">" PLACE("p0", "0") PLACE("p1", "0") PLACE("q", "1")
  "<transition id=\"t0\"/><transition id=\"t1\"/><transition id=\"u\"/>"
  ARC("p0", "t0") ARC("t0", "p1") ARC("p1", "t1") ARC("t1", "p0") ARC("q", "t1") ARC("q", "u") ARC("u", "q")
  "</net></pnml>";

static void test_siphon(void) {
  petri_net *n = parse(SIPHON);
  petri_pred *t = at_least(n, "p1", 1);
  petri_reduced red;
  CHECK(reduced_answer(n, t, &red) == PETRI_UNREACHABLE);
  CHECK(red.target->op == PRED_FALSE);
  CHECK(red.stats.dead_trans == 2 && red.stats.const_places == 3); /* q: only read once t1 is dead */
  petri_reduced_free(&red);
  pred_free(t);
  /* is-fireable of a dead transition is false, its negation true */
  t = fire(n, "t1", true);
  CHECK(reduced_answer(n, t, &red) == PETRI_REACHABLE && red.target->op == PRED_TRUE);
  petri_reduced_free(&red);
  pred_free(t);
  petri_net_free(n);
}

/* c holds 1 token and nothing changes it: t needs 2 (dead), u is
 * inhibited by it (dead), v only reads it (kept without the arc). */
static const char *CONSTANT = "<pnml><net id=\"c\" type=\"x\">" PLACE("c", "1") PLACE("a", "1") PLACE("b", "0")
  "<transition id=\"t\"/><transition id=\"u\"/><transition id=\"v\"/>"
  "<arc id=\"ct\" source=\"c\" target=\"t\"><inscription><text>2</text></inscription></arc>"
  "<arc id=\"ct2\" source=\"t\" target=\"c\"><inscription><text>2</text></inscription></arc>"
  ARC("t", "b") "<arc id=\"cu\" source=\"c\" target=\"u\" type=\"inhibitor\"/>" ARC("u", "b")
  ARC("c", "v") ARC("v", "c") ARC("a", "v") ARC("v", "b")
  "</net></pnml>";

static void test_constant(void) {
  petri_net *n = parse(CONSTANT);
  /* m(b) >= 2 needs t or u: unreachable; m(b) >= 1 via v */
  petri_pred *t2 = at_least(n, "b", 2), *t1 = at_least(n, "b", 1);
  petri_reduced red;
  CHECK(reduced_answer(n, t2, &red) == PETRI_UNREACHABLE);
  CHECK(red.stats.dead_trans == 2 && red.stats.const_places == 1);
  CHECK(red.net->nplaces == 2 && red.net->ntrans == 1);
  petri_reduced_free(&red);
  CHECK(reduced_answer(n, t1, &red) == PETRI_REACHABLE);
  petri_reduced_free(&red);
  /* an atom on the constant place folds to its value */
  petri_pred *c = at_least(n, "c", 1);
  CHECK(reduced_answer(n, c, &red) == PETRI_REACHABLE && red.target->op == PRED_TRUE);
  petri_reduced_free(&red);
  pred_free(t1); pred_free(t2); pred_free(c);
  petri_net_free(n);
}

/* t0 and t1 have the same arcs: t1 goes, is-fireable(t1) becomes
 * is-fireable(t0); the witness fires original transitions. */
static const char *DUPS = "<pnml><net id=\"d\" type=\"x\">" PLACE("a", "1") PLACE("b", "0") PLACE("c", "0")
  "<transition id=\"t0\"/><transition id=\"t1\"/><transition id=\"t2\"/>"
  ARC("a", "t0") ARC("t0", "b") ARC("a", "t1") ARC("t1", "b") ARC("b", "t2") ARC("t2", "c")
  "</net></pnml>";

static void test_duplicates(void) {
  petri_net *n = parse(DUPS);
  petri_pred *t = pred_new(PRED_AND);
  pred_add_kid(t, at_least(n, "c", 1));
  petri_reduced red;
  CHECK(reduced_answer(n, t, &red) == PETRI_REACHABLE);
  CHECK(red.stats.dup_trans == 1 && red.net->ntrans == 2);
  petri_reduced_free(&red);
  pred_free(t);
  t = fire(n, "t1", false);
  CHECK(reduced_answer(n, t, &red) == PETRI_REACHABLE);
  CHECK(red.target->op == PRED_FIRE && strcmp(red.net->trans_id[red.target->trans], "t0") == 0);
  petri_reduced_free(&red);
  pred_free(t);
  petri_net_free(n);
}

/* Two independent components: the cone of m(y) keeps only y's. A
 * deadlock target keeps both (every transition decides a deadlock). */
static const char *TWO = "<pnml><net id=\"two\" type=\"x\">" PLACE("x0", "1") PLACE("x1", "0") PLACE("y0", "1")
  PLACE("y1", "0") PLACE("w", "1") PLACE("z", "0")
  "<transition id=\"a\"/><transition id=\"b\"/><transition id=\"c\"/><transition id=\"d\"/><transition id=\"e\"/>"
  ARC("x0", "a") ARC("a", "x1") ARC("x1", "b") ARC("b", "x0") ARC("y0", "c") ARC("c", "y1") ARC("y1", "d")
  ARC("d", "y0") ARC("y1", "e") ARC("e", "y1") ARC("w", "e") ARC("e", "z")
  "</net></pnml>";

static void test_cone(void) {
  petri_net *n = parse(TWO);
  petri_pred *t = at_least(n, "y1", 1);
  petri_reduced red;
  CHECK(reduced_answer(n, t, &red) == PETRI_REACHABLE);
  CHECK(red.net->nplaces == 2 && red.net->ntrans == 2); /* y0, y1; c, d (e reads y1 only) */
  CHECK(red.stats.coi_places == 4 && red.stats.coi_trans == 3);
  petri_reduced_free(&red);
  pred_free(t);
  /* is-fireable(e) pulls in e's pre-set, not its output z */
  t = fire(n, "e", false);
  CHECK(reduced_answer(n, t, &red) == PETRI_REACHABLE);
  CHECK(red.net->nplaces == 3 && red.net->ntrans == 3);
  petri_reduced_free(&red);
  pred_free(t);
  t = pred_new(PRED_DEAD);
  CHECK(reduced_answer(n, t, &red) == PETRI_UNREACHABLE);
  CHECK(red.net->ntrans == 5 && red.stats.coi_places == 0);
  petri_reduced_free(&red);
  pred_free(t);
  petri_net_free(n);
}

/* A chain a -t1-> b -t2-> c -t3-> d: for m(d) >= 1, b is agglomerated
 * (t1 becomes "t1 t2"), c is not (t3 feeds the target's place d); the
 * witness expands to three original transitions. An inhibitor arc on c's
 * successor blocks the rule where an early token could disable it. */
static const char *CHAIN = "<pnml><net id=\"ch\" type=\"x\">" PLACE("a", "1") PLACE("b", "0") PLACE("c", "0")
  PLACE("d", "0") PLACE("e", "0")
  "<transition id=\"t1\"/><transition id=\"t2\"/><transition id=\"t3\"/><transition id=\"t4\"/>"
  ARC("a", "t1") ARC("t1", "b") ARC("b", "t2") ARC("t2", "c") ARC("c", "t3") ARC("t3", "d") ARC("t3", "e")
  "<arc id=\"ei\" source=\"e\" target=\"t4\" type=\"inhibitor\"/>" ARC("t4", "a")
  "</net></pnml>";

static void test_agglomeration(void) {
  petri_net *n = parse(CHAIN);
  petri_pred *t = at_least(n, "d", 1);
  petri_reduced red;
  petri_reduce_facts f;
  CHECK(petri_reduce_facts_compute(n, &f));
  CHECK(petri_reduce(n, &f, t, &red));
  CHECK(red.stats.agglomerated == 1 && red.net->nplaces == 4 && red.net->ntrans == 3);
  petri_result r;
  petri_result_init(&r);
  CHECK(truth(red.net, red.target, &r) == PETRI_REACHABLE && r.ntrace == 2);
  petri_reduced_lift(&red, &r);
  CHECK(r.ntrace == 3 && replays(n, t, &r));
  petri_result_free(&r);
  petri_reduced_free(&red);
  /* t4 is observed: its inhibitor place e is in the support, t3 outputs to it */
  pred_free(t);
  t = fire(n, "t4", true);
  CHECK(petri_reduce(n, &f, t, &red));
  CHECK(red.stats.agglomerated == 1);
  petri_reduced_free(&red);
  petri_reduce_facts_free(&f);
  CHECK(reduced_answer(n, t, &red) == PETRI_REACHABLE);
  petri_reduced_free(&red);
  pred_free(t);
  petri_net_free(n);
}

/* Sequential processes: most transitions move one token from one place to
 * one or two others (what agglomeration merges), some synchronise two
 * places, some are inhibited. */
static petri_net *process_net(void) {
  petri_builder *b = petri_builder_new();
  petri_diag d = {0};
  uint32_t P = 3 + rnd(8), T = P - rnd(3);
  char id[32], id2[32];
  for (uint32_t p = 0; p < P; p++) {
    snprintf(id, sizeof id, "p%u", p);
    petri_builder_place(b, id, NULL, rnd(4) == 0, 1, 1, &d);
  }
  for (uint32_t t = 0; t < T; t++) {
    snprintf(id, sizeof id, "t%u", t);
    petri_builder_transition(b, id, NULL, 1, 1, &d);
    /* mostly one consumer per place: place t % P; some choices */
    for (uint32_t a = 0, k = 1 + (rnd(5) == 0); a < k; a++) {
      snprintf(id2, sizeof id2, "p%u", a || rnd(4) == 0 ? rnd(P) : t % P);
      petri_builder_arc(b, id2, id, 1, PETRI_ARC_NORMAL, 1, 1, &d);
    }
    for (uint32_t a = 0, k = 1 + rnd(2); a < k; a++) {
      snprintf(id2, sizeof id2, "p%u", rnd(P));
      petri_builder_arc(b, id, id2, 1 + (rnd(6) == 0), PETRI_ARC_NORMAL, 1, 1, &d);
    }
    if (rnd(8) == 0) {
      snprintf(id2, sizeof id2, "p%u", rnd(P));
      petri_builder_arc(b, id2, id, 1 + rnd(2), PETRI_ARC_INHIBITOR, 1, 1, &d);
    }
  }
  petri_net *n = petri_builder_finish(b, "process", &d);
  petri_builder_free(b);
  return n;
}

/* Random nets with the shapes the rules look for: empty places, copies of
 * transitions, several components; targets with (negated) fireability. */
static petri_net *shaped_net(void) {
  petri_builder *b = petri_builder_new();
  petri_diag d = {0};
  uint32_t P = 2 + rnd(7), T = 2 + rnd(7);
  char id[32], id2[32];
  for (uint32_t p = 0; p < P; p++) {
    snprintf(id, sizeof id, "p%u", p);
    petri_builder_place(b, id, NULL, rnd(3) ? rnd(3) : 0, 1, 1, &d);
  }
  uint32_t *arcs_p = calloc(T * 4, sizeof *arcs_p), *arcs_k = calloc(T * 4, sizeof *arcs_k), *arcs_w = calloc(T * 4, sizeof *arcs_w);
  uint32_t *narcs = calloc(T, sizeof *narcs);
  for (uint32_t t = 0; t < T; t++) {
    snprintf(id, sizeof id, "t%u", t);
    petri_builder_transition(b, id, NULL, 1, 1, &d);
    uint32_t src = t && rnd(4) == 0 ? rnd(t) : t; /* a copy of an earlier transition */
    if (src == t) {
      narcs[t] = 1 + rnd(4);
      /* components: transitions of an even index stay on the first half */
      uint32_t half = P / 2 ? P / 2 : 1;
      for (uint32_t a = 0; a < narcs[t]; a++) {
        arcs_p[t * 4 + a] = t % 2 ? half + rnd(P - half) : rnd(half);
        arcs_k[t * 4 + a] = rnd(10);
        arcs_w[t * 4 + a] = 1 + rnd(2);
      }
    } else {
      narcs[t] = narcs[src];
      memcpy(arcs_p + t * 4, arcs_p + src * 4, 4 * sizeof *arcs_p);
      memcpy(arcs_k + t * 4, arcs_k + src * 4, 4 * sizeof *arcs_k);
      memcpy(arcs_w + t * 4, arcs_w + src * 4, 4 * sizeof *arcs_w);
    }
    for (uint32_t a = 0; a < narcs[t]; a++) {
      snprintf(id2, sizeof id2, "p%u", arcs_p[t * 4 + a]);
      uint32_t kind = arcs_k[t * 4 + a], w = arcs_w[t * 4 + a];
      if (kind < 4) petri_builder_arc(b, id2, id, w, PETRI_ARC_NORMAL, 1, 1, &d);
      else if (kind < 8) petri_builder_arc(b, id, id2, w, PETRI_ARC_NORMAL, 1, 1, &d);
      else if (kind < 9) petri_builder_arc(b, id2, id, w, PETRI_ARC_INHIBITOR, 1, 1, &d);
      else petri_builder_arc(b, id2, id, 1, PETRI_ARC_READ, 1, 1, &d);
    }
  }
  free(arcs_p); free(arcs_k); free(arcs_w); free(narcs);
  petri_net *n = petri_builder_finish(b, "shaped", &d);
  petri_builder_free(b);
  return n;
}

static petri_pred *shaped_target(const petri_net *n, int depth) {
  uint32_t k = rnd(depth ? 12 : 8);
  if (k == 0) return pred_new(rnd(2) ? PRED_DEAD : PRED_LIVE);
  if (k < 3) return fire(n, n->trans_id[rnd(n->ntrans)], k == 2);
  if (k < 8) {
    petri_pred *l = pred_new(PRED_LIN);
    pred_add_term(l, rnd(n->nplaces), rnd(2) ? 1 : -1);
    if (rnd(3) == 0) pred_add_term(l, rnd(n->nplaces), 1);
    l->bound = (int64_t)rnd(5) - 2;
    return l;
  }
  petri_pred *j = pred_new(k < 10 ? PRED_AND : PRED_OR);
  for (uint32_t i = 0, m = 1 + rnd(3); i < m; i++) pred_add_kid(j, shaped_target(n, depth - 1));
  return j;
}

static void test_differential(void) {
  int iters = getenv("PETRI_FUZZ") ? atoi(getenv("PETRI_FUZZ")) : 400;
  if (getenv("PETRI_FUZZ_SEED")) petri_random_seed(strtoull(getenv("PETRI_FUZZ_SEED"), NULL, 10));
  int compared = 0, reach = 0, unreach = 0, shrunk = 0, merged = 0;
  for (int iter = 0; iter < iters; iter++) {
    /* every fourth net from the engines' generator */
    bool plain = iter % 4 == 0;
    petri_net *n = plain ? random_net(4) : iter % 4 == 1 ? shaped_net() : process_net();
    if (!n) { CHECK(0); continue; }
    petri_pred *t = plain ? random_target(n) : shaped_target(n, 2);
    petri_result r;
    petri_answer want = truth(n, t, &r);
    petri_result_free(&r);
    petri_reduced red;
    petri_answer got = reduced_answer(n, t, &red);
    if (red.net) shrunk += red.net->nplaces < n->nplaces || red.net->ntrans < n->ntrans;
    merged += red.stats.agglomerated > 0;
    if (want != PETRI_UNKNOWN && got != PETRI_UNKNOWN) {
      compared++;
      reach += want == PETRI_REACHABLE;
      unreach += want == PETRI_UNREACHABLE;
      if (got != want) {
        fprintf(stderr, "iteration %d: reduced %d, original %d\n", iter, got, want);
        CHECK(0);
      }
    }
    petri_reduced_free(&red);
    pred_free(t);
    petri_net_free(n);
  }
  CHECK(compared > 300 && reach > 30 && unreach > 30 && shrunk > 100 && merged > 5);
  if (getenv("PETRI_FUZZ"))
    fprintf(stderr, "compared %d (reachable %d, unreachable %d), reduced %d, agglomerated %d\n", compared, reach,
            unreach, shrunk, merged);
}

int main(void) {
  RUN(test_siphon);
  RUN(test_constant);
  RUN(test_duplicates);
  RUN(test_cone);
  RUN(test_agglomeration);
  RUN(test_differential);
  return CHECK_DONE();
}
