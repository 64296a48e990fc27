#include "lang/hw/aig_bmc.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "core/progress.h"
#include "solver/sat.h"

static bool expired(void *ctx) { return ts_engine_expired(ctx); }

static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The circuit unrolled into one solver: lit[v] is variable v's literal
 * in the newest frame (inputs fresh per frame, latches the previous
 * frame's next-state literals). */
typedef struct {
  sat *s;
  uint32_t *lit, *nextl;
} unroll;

static uint32_t fresh(sat *s) { return sat_lit(sat_new_var(s), false); }

static void clause2(sat *s, uint32_t a, uint32_t b) { uint32_t c[2] = {a, b}; sat_add_clause(s, 2, c); }

static uint32_t ulit(const unroll *u, uint32_t l) { return u->lit[l >> 1] ^ (l & 1); }

/* Frame 0: latches fresh, held at their reset values when from_init
 * (uninitialized latches stay free). latch0 (may be NULL) receives them. */
static void unroll_init(unroll *u, const aig *g, bool from_init, uint32_t *latch0) {
  u->s = sat_new();
  u->lit = xmalloc(((size_t)g->maxvar + 1) * sizeof *u->lit);
  u->nextl = xmalloc((g->nlatches + 1) * sizeof *u->nextl);
  u->lit[0] = fresh(u->s);
  uint32_t f = sat_neg(u->lit[0]);
  sat_add_clause(u->s, 1, &f);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    const aig_latch *l = &g->latches[j];
    uint32_t x = fresh(u->s);
    if (from_init && l->reset != l->lit) { uint32_t r = x ^ (l->reset ? 0u : 1u); sat_add_clause(u->s, 1, &r); }
    u->lit[l->lit >> 1] = x;
    if (latch0) latch0[j] = x;
  }
}

/* Encodes the gates and constraints of the newest frame; returns its bad literal. */
static uint32_t unroll_frame(unroll *u, const aig *g, uint32_t bad) {
  sat *s = u->s;
  for (uint32_t i = 0; i < g->ninputs; i++) u->lit[g->inputs[i] >> 1] = fresh(s);
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    uint32_t o = fresh(s), x = ulit(u, a->rhs0), y = ulit(u, a->rhs1);
    clause2(s, sat_neg(o), x);
    clause2(s, sat_neg(o), y);
    uint32_t c[3] = {o, sat_neg(x), sat_neg(y)};
    sat_add_clause(s, 3, c);
    u->lit[a->lhs >> 1] = o;
  }
  for (uint32_t c = 0; c < g->nconstraints; c++) {
    uint32_t l = ulit(u, g->constraints[c]);
    sat_add_clause(s, 1, &l);
  }
  return ulit(u, bad);
}

/* Adds ¬bad to the newest frame and moves on to the next one. */
static void unroll_advance(unroll *u, const aig *g, uint32_t bad_lit) {
  uint32_t nb = sat_neg(bad_lit);
  sat_add_clause(u->s, 1, &nb);
  for (uint32_t j = 0; j < g->nlatches; j++) u->nextl[j] = ulit(u, g->latches[j].next);
  for (uint32_t j = 0; j < g->nlatches; j++) u->lit[g->latches[j].lit >> 1] = u->nextl[j];
}

static void unroll_free(unroll *u) {
  if (u->s) sat_free(u->s);
  free(u->lit);
  free(u->nextl);
}

/* The concrete trace of k+1 steps by simulation from the model's initial
 * state and inputs. */
static void build_trace(const aig *g, const ts *sys, sat *s, const uint32_t *latch0, uint32_t **inputs, uint32_t k,
                        ts_result *r) {
  ts_trace *t = &r->trace;
  t->length = k + 1;
  t->width = sys->vars.size + sys->inputs.size;
  t->values = xmalloc(((size_t)t->length * t->width + 1) * sizeof *t->values);
  uint8_t *v = xcalloc((size_t)g->maxvar + 1, 1), *nx = xcalloc(g->nlatches + 1, 1);
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
}

zeta_verdict aig_bmc_run(const aig *g, uint32_t prop, const ts *sys, const ts_engine_opts *o, bool induction,
                         ts_result *r) {
  ts_result_init(r);
  r->verdict = ZETA_UNKNOWN;
  r->reason = "bound reached";
  uint32_t bad = aig_property(g, prop);
  uint32_t *latch0 = xmalloc((g->nlatches + 1) * sizeof *latch0);
  uint32_t **inputs = NULL;   /* per frame: input literals */
  unroll base, step = {0};
  unroll_init(&base, g, true, latch0);
  if (induction) unroll_init(&step, g, false, NULL);
  uint32_t nframes = 0, step_bad = induction ? unroll_frame(&step, g, bad) : 0;
  double base_cpu = 0, step_cpu = 0;
  uint32_t step_len = 0;   /* states without bad before the step's last frame */
  for (uint32_t k = 0; o->bound == 0 || k <= o->bound; k++) {
    if (ts_engine_expired(o)) { r->reason = "timeout"; break; }
    uint32_t b = unroll_frame(&base, g, bad);
    inputs = xrealloc(inputs, (k + 1) * sizeof *inputs);
    inputs[k] = xmalloc((g->ninputs + 1) * sizeof **inputs);
    for (uint32_t i = 0; i < g->ninputs; i++) inputs[k][i] = base.lit[g->inputs[i] >> 1];
    nframes = k + 1;
    r->solver_calls++;
    double t0 = cpu_now();
    int res = sat_solve(base.s, 1, &b, expired, (void *)o);
    base_cpu += cpu_now() - t0;
    r->depth = k;
    if (res < 0) { r->reason = "timeout"; break; }
    if (res == 1) {
      build_trace(g, sys, base.s, latch0, inputs, k, r);
      r->verdict = ZETA_UNSAFE;
      break;
    }
    unroll_advance(&base, g, b);   /* no bad state at depth k: a lemma for deeper frames */
    progress_tick("zeta: %s: no violation at depth %u", induction ? "kind" : "bmc", k);
    /* step: k+1 states without bad (and constraints) are followed by one
     * without bad; with no bad state up to depth k, the property holds.
     * Given up once it costs more than the base case (deep BMC tasks). */
    if (induction && step_cpu <= base_cpu + 1.0) {
      unroll_advance(&step, g, step_bad);
      step_len++;
      step_bad = unroll_frame(&step, g, bad);
      r->solver_calls++;
      t0 = cpu_now();
      res = sat_solve(step.s, 1, &step_bad, expired, (void *)o);
      step_cpu += cpu_now() - t0;
      if (res < 0) { r->reason = "timeout"; break; }
      if (res == 0) {
        r->verdict = ZETA_SAFE;
        r->k = step_len;   /* k + 1 unless steps were skipped: step_len <= k + 1 */
        break;
      }
    }
  }
  r->frames = nframes;
  for (uint32_t k = 0; k < nframes; k++) free(inputs[k]);
  free(inputs);
  free(latch0);
  unroll_free(&base);
  unroll_free(&step);
  return r->verdict;
}
