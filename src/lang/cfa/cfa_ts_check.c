/* CFA input through the transition-system engines (cfa_to_ts): hooks that
 * report locations in traces and the invariant per location, in the format
 * of the CEGAR answer. */
#include <stdio.h>
#include <stdlib.h>
#include "core/alloc.h"
#include "ir/cfa.h"
#include "ir/cfa_to_ts.h"
#include "engine/ts_check.h"
#include "lang/cfa/cfa_check.h"

static void cfa_step(report *r, const ts *sys, const ts_trace *t, uint32_t k, void *ctx) {
  const cfa *c = ctx;
  uint32_t l = cfa_ts_location(c, ts_trace_value(t, k, 0));
  const char *loc = l == CFA_NONE ? "?" : c->locs[l].name;
  fprintf(report_out(r), "  state %u at %s:", k, loc);
  report_step(r, "%s", loc);
  /* the CFA's variables (column 0 is the location); the inputs are havoc
   * auxiliaries, whose values show in the next state */
  lang_ts_values(r, sys, t, k, 1, sys->vars.size);
  fputc('\n', report_out(r));
}

static void cfa_invariant(report *r, const ts *sys, term_t inv, void *ctx) {
  (void)sys;
  const cfa *c = ctx;
  term_t *at = xmalloc((c->nlocs + 1) * sizeof *at);
  for (uint32_t l = 0; l < c->nlocs; l++) at[l] = cfa_ts_invariant_at(inv, l);
  cfa_report_invariant(r, c, at);
  free(at);
}

static void cfa_trace_header(report *r, const ts *sys, const ts_trace *t, void *ctx) {
  (void)sys, (void)ctx;
  fprintf(report_out(r), "counterexample (%u steps):\n", t->length ? t->length - 1 : 0);
}

lang_ts_hooks cfa_ts_hooks(cfa *c) {
  return (lang_ts_hooks){.step = cfa_step, .invariant = cfa_invariant, .trace_header = cfa_trace_header, .ctx = c};
}
