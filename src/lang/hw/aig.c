#include "lang/hw/aig.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void aig_init(aig *g) { memset(g, 0, sizeof *g); }

static void free_names(char **names, uint32_t n) {
  if (!names) return;
  for (uint32_t i = 0; i < n; i++) free(names[i]);
  free(names);
}

void aig_free(aig *g) {
  free(g->inputs);
  free(g->latches);
  free(g->outputs);
  free(g->ands);
  free(g->bad);
  free(g->constraints);
  free_names(g->input_names, g->ninputs);
  free_names(g->latch_names, g->nlatches);
  memset(g, 0, sizeof *g);
}

uint32_t aig_nproperties(const aig *g) { return g->nbad ? g->nbad : g->noutputs; }

uint32_t aig_property(const aig *g, uint32_t i) { return g->nbad ? g->bad[i] : g->outputs[i]; }

void aig_eval_step(const aig *g, uint8_t *vals) {
  vals[0] = 0;
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    vals[a->lhs >> 1] = aig_lit_value(vals, a->rhs0) & aig_lit_value(vals, a->rhs1);
  }
}

int64_t aig_simulate(const aig *g, uint32_t prop, const uint8_t *init,
                     const uint8_t *inputs, uint32_t nsteps) {
  if (prop >= aig_nproperties(g)) return -1;
  uint32_t bad = aig_property(g, prop);
  uint8_t *vals = xcalloc((size_t)g->maxvar + 1, 1);
  uint8_t *next = xcalloc(g->nlatches ? g->nlatches : 1, 1);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    const aig_latch *l = &g->latches[j];
    vals[l->lit >> 1] = l->reset == l->lit ? (init ? init[j] & 1 : 0) : (uint8_t)(l->reset & 1);
  }
  int64_t hit = -1;
  for (uint32_t k = 0; k < nsteps && hit < 0; k++) {
    for (uint32_t i = 0; i < g->ninputs; i++) vals[g->inputs[i] >> 1] = inputs[(size_t)k * g->ninputs + i] & 1;
    aig_eval_step(g, vals);
    bool ok = true;
    for (uint32_t c = 0; c < g->nconstraints && ok; c++) ok = aig_lit_value(vals, g->constraints[c]);
    if (!ok) break;
    if (aig_lit_value(vals, bad)) { hit = k; break; }
    for (uint32_t j = 0; j < g->nlatches; j++) next[j] = aig_lit_value(vals, g->latches[j].next);
    for (uint32_t j = 0; j < g->nlatches; j++) vals[g->latches[j].lit >> 1] = next[j];
  }
  free(vals);
  free(next);
  return hit;
}
