/* CFA input through the transition-system engines: cfa_to_ts, then
 * cli_run_ts with hooks that print locations in traces and the invariant
 * per location (in the format of the CEGAR driver). */
#include <stdio.h>
#include "ir/cfa.h"
#include "ir/cfa_to_ts.h"
#include "lang/ts_run.h"
#include "zeta/zeta.h"
#include "engine/ts_check.h"

static void cfa_step(FILE *out, const ts *sys, const ts_trace *t, uint32_t k, void *ctx) {
  const cfa *c = ctx;
  uint32_t l = cfa_ts_location(c, ts_trace_value(t, k, 0));
  fprintf(out, "  state %u at %s:", k, l == CFA_NONE ? "?" : c->locs[l].name);
  /* the CFA's variables (column 0 is the location); the inputs are havoc
   * auxiliaries, whose values show in the next state */
  cli_ts_print_values(out, sys, t, k, 1, sys->vars.size);
  fputc('\n', out);
}

static void cfa_invariant(FILE *out, const ts *sys, term_t inv, void *ctx) {
  (void)sys;
  const cfa *c = ctx;
  for (uint32_t l = 0; l < c->nlocs; l++) {
    char name[300];
    snprintf(name, sizeof name, "inv_%s", c->locs[l].name);
    fputs("(define-fun ", out);
    term_print_symbol(out, name);
    fputs(" (", out);
    for (uint32_t i = 0; i < c->vars.size; i++) {
      fputs(i ? " (" : "(", out);
      term_print_var_name(out, c->vars.data[i]);
      fputc(' ', out);
      type_print(out, term_type(c->vars.data[i]));
      fputc(')', out);
    }
    fputs(") Bool ", out);
    term_print(out, cfa_ts_invariant_at(inv, l));
    fputs(")\n", out);
  }
}

static void cfa_trace_header(FILE *out, const ts *sys, const ts_trace *t, void *ctx) {
  (void)sys, (void)ctx;
  fprintf(out, "counterexample (%u steps):\n", t->length ? t->length - 1 : 0);
}

cli_ts_hooks cli_cfa_ts_hooks(struct cfa *c) {
  return (cli_ts_hooks){cfa_step, cfa_invariant, cfa_trace_header, c};
}

int cli_cfa_ts(const zeta_options *o, struct cfa *c) {
  cfa_prune(c);
  if (option_is(o->encoding, "LBE")) cfa_lbe(c);
  ts sys;
  cfa_to_ts(c, &sys);
  cli_ts_hooks h = cli_cfa_ts_hooks(c);
  int code = cli_run_ts(o, &sys, &h);
  ts_free(&sys);
  return code;
}
