#include "lang/hw/aig_bmc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "solver/sat.h"

static bool expired(void *ctx) { return ts_engine_expired(ctx); }

static uint32_t fresh(sat *s) { return sat_lit(sat_new_var(s), false); }

static void clause2(sat *s, uint32_t a, uint32_t b) { uint32_t c[2] = {a, b}; sat_add_clause(s, 2, c); }

/* Encodes one frame: lit[v] for inputs (fresh), latches (given) and gates. */
static void encode_frame(sat *s, const aig *g, uint32_t *lit) {
  for (uint32_t i = 0; i < g->ninputs; i++) lit[g->inputs[i] >> 1] = fresh(s);
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    uint32_t o = fresh(s), x = lit[a->rhs0 >> 1] ^ (a->rhs0 & 1), y = lit[a->rhs1 >> 1] ^ (a->rhs1 & 1);
    clause2(s, sat_neg(o), x);
    clause2(s, sat_neg(o), y);
    uint32_t c[3] = {o, sat_neg(x), sat_neg(y)};
    sat_add_clause(s, 3, c);
    lit[a->lhs >> 1] = o;
  }
  for (uint32_t c = 0; c < g->nconstraints; c++) {
    uint32_t l = lit[g->constraints[c] >> 1] ^ (g->constraints[c] & 1);
    sat_add_clause(s, 1, &l);
  }
}

zeta_verdict aig_bmc_run(const aig *g, uint32_t prop, const ts *sys, const ts_engine_opts *o, ts_result *r) {
  ts_result_init(r);
  r->verdict = ZETA_UNKNOWN;
  r->reason = "bound reached";
  sat *s = sat_new();
  size_t nv = (size_t)g->maxvar + 1;
  uint32_t *lit = xmalloc(nv * sizeof *lit);
  uint32_t **inputs = NULL;   /* per frame: input literals */
  uint32_t *latch0 = xmalloc((g->nlatches + 1) * sizeof *latch0);
  lit[0] = fresh(s);
  uint32_t f = sat_neg(lit[0]);
  sat_add_clause(s, 1, &f);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    const aig_latch *l = &g->latches[j];
    uint32_t x = fresh(s);
    if (l->reset != l->lit) { uint32_t u = x ^ (l->reset ? 0u : 1u); sat_add_clause(s, 1, &u); }
    lit[l->lit >> 1] = latch0[j] = x;
  }
  uint32_t bad = aig_property(g, prop);
  uint32_t *nextl = xmalloc((g->nlatches + 1) * sizeof *nextl), nframes = 0;
  for (uint32_t k = 0; o->bound == 0 || k <= o->bound; k++) {
    if (ts_engine_expired(o)) { r->reason = "timeout"; break; }
    encode_frame(s, g, lit);
    inputs = xrealloc(inputs, (k + 1) * sizeof *inputs);
    inputs[k] = xmalloc((g->ninputs + 1) * sizeof **inputs);
    for (uint32_t i = 0; i < g->ninputs; i++) inputs[k][i] = lit[g->inputs[i] >> 1];
    nframes = k + 1;
    uint32_t b = lit[bad >> 1] ^ (bad & 1);
    r->solver_calls++;
    int res = sat_solve(s, 1, &b, expired, (void *)o);
    r->depth = k;
    if (res < 0) { r->reason = "timeout"; break; }
    if (res == 1) {
      /* concrete trace by simulation from the model's initial state */
      ts_trace *t = &r->trace;
      t->length = k + 1;
      t->width = sys->vars.size + sys->inputs.size;
      t->values = xmalloc(((size_t)t->length * t->width + 1) * sizeof *t->values);
      uint8_t *v = xcalloc(nv, 1), *nx = xcalloc(g->nlatches + 1, 1);
      for (uint32_t j = 0; j < g->nlatches; j++) v[g->latches[j].lit >> 1] = sat_model_value(s, latch0[j]);
      for (uint32_t step = 0; step <= k; step++) {
        term_t *row = t->values + (size_t)step * t->width;
        for (uint32_t i = 0; i < g->ninputs; i++) {
          v[g->inputs[i] >> 1] = sat_model_value(s, inputs[step][i]);
          row[g->nlatches + i] = term_bool(v[g->inputs[i] >> 1]);
        }
        for (uint32_t j = 0; j < g->nlatches; j++) row[j] = term_bool(v[g->latches[j].lit >> 1]);
        aig_eval_step(g, v);
        for (uint32_t j = 0; j < g->nlatches; j++) nx[j] = aig_lit_value(v, g->latches[j].next);
        for (uint32_t j = 0; j < g->nlatches; j++) v[g->latches[j].lit >> 1] = nx[j];
      }
      free(v);
      free(nx);
      r->verdict = ZETA_UNSAFE;
      break;
    }
    uint32_t nb = sat_neg(b);
    sat_add_clause(s, 1, &nb);   /* no bad state at depth k: a lemma for deeper frames */
    for (uint32_t j = 0; j < g->nlatches; j++) nextl[j] = lit[g->latches[j].next >> 1] ^ (g->latches[j].next & 1);
    for (uint32_t j = 0; j < g->nlatches; j++) lit[g->latches[j].lit >> 1] = nextl[j];
  }
  for (uint32_t k = 0; k < nframes; k++) free(inputs[k]);
  free(inputs);
  free(nextl);
  free(latch0);
  free(lit);
  sat_free(s);
  return r->verdict;
}
