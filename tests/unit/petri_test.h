/* Shared by the Petri engine tests (test_petri_engines.c, test_petri_ts.c):
 * parsing nets from strings, replaying an engine's firing sequence, and
 * random small nets and reachability targets for differential tests
 * (deterministic: a xorshift seeded by petri_random_seed). */
#ifndef ZETA_TEST_PETRI_TEST_H
#define ZETA_TEST_PETRI_TEST_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/petri/petri_result.h"
#include "lang/petri/pnml.h"
#include "lang/petri/petri.h"
#include "lang/petri/petri_pred.h"

static petri_net *parse(const char *s) {
  petri_diag d = {0};
  petri_net *n = pnml_read_string(s, strlen(s), "t.pnml", &d);
  if (!n) fprintf(stderr, "parse: %s\n", d.message);
  return n;
}

/* r's firing sequence is enabled from the initial marking and ends in a
 * marking that satisfies target. */
static bool replays(const petri_net *n, const petri_pred *target, const petri_result *r) {
  petri_tok *m = malloc(((size_t)n->nplaces + 1) * sizeof *m);
  bool ok = m && petri_replay(n, r->trace, r->ntrace, m, NULL) == PETRI_REPLAY_OK && pred_eval(n, target, m);
  free(m);
  return ok;
}

static uint64_t rng = 0x243f6a8885a308d3ull;
static void petri_random_seed(uint64_t seed) { rng = seed | 1; }
static uint32_t rnd(uint32_t k) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)(rng % k);
}

/* A net of 2..1+spread places and transitions with normal, inhibitor and
 * read arcs of weight 1 or 2. */
static petri_net *random_net(uint32_t spread) {
  petri_builder *b = petri_builder_new();
  petri_diag d = {0};
  uint32_t P = 2 + rnd(spread), T = 2 + rnd(spread);
  char id[32], id2[32];
  for (uint32_t p = 0; p < P; p++) {
    snprintf(id, sizeof id, "p%u", p);
    petri_builder_place(b, id, NULL, rnd(3), 1, 1, &d);
  }
  for (uint32_t t = 0; t < T; t++) {
    snprintf(id, sizeof id, "t%u", t);
    petri_builder_transition(b, id, NULL, 1, 1, &d);
    uint32_t arcs = 1 + rnd(4);
    for (uint32_t a = 0; a < arcs; a++) {
      snprintf(id2, sizeof id2, "p%u", rnd(P));
      uint32_t kind = rnd(10);
      if (kind < 4) petri_builder_arc(b, id2, id, 1 + rnd(2), PETRI_ARC_NORMAL, 1, 1, &d);
      else if (kind < 8) petri_builder_arc(b, id, id2, 1 + rnd(2), PETRI_ARC_NORMAL, 1, 1, &d);
      else if (kind < 9) petri_builder_arc(b, id2, id, 1 + rnd(2), PETRI_ARC_INHIBITOR, 1, 1, &d);
      else petri_builder_arc(b, id2, id, 1, PETRI_ARC_READ, 1, 1, &d);
    }
  }
  petri_net *n = petri_builder_finish(b, "random", &d);
  petri_builder_free(b);
  return n;
}

static petri_pred *random_target(const petri_net *n) {
  uint32_t k = rnd(10);
  if (k == 0) return pred_new(PRED_DEAD);
  if (k == 1) { petri_pred *f = pred_new(PRED_FIRE); if (f) f->trans = rnd(n->ntrans); return f; }
  petri_pred *a = pred_new(k < 8 ? PRED_AND : PRED_OR);
  uint32_t atoms = 1 + rnd(3);
  for (uint32_t i = 0; a && i < atoms; i++) {
    petri_pred *l = pred_new(PRED_LIN);
    if (!l) continue;
    pred_add_term(l, rnd(n->nplaces), rnd(2) ? 1 : -1);
    if (rnd(3) == 0) pred_add_term(l, rnd(n->nplaces), 1);
    l->bound = (int64_t)rnd(5) - 2;
    pred_add_kid(a, l);
  }
  return a;
}

#endif
