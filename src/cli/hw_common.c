#include "hw_common.h"
#include <stdio.h>
#include <string.h>
#include "engine/hw_bmc.h"
#include "solver/solver.h"

bool hw_run(const zeta_options *o, const ts *s, const zeta_limits *lim, hw_result *r) {
  memset(r, 0, sizeof *r);
  r->invariant = NULL_TERM;
  if (!option_is(o->algorithm, "portfolio") && !option_is(o->algorithm, "bmc")) {
    fprintf(stderr, "zeta: --algorithm %s is not available for circuits yet (use bmc or portfolio)\n", o->algorithm);
    return false;
  }
  r->engine = "bmc";
  r->verdict = hw_bmc(s, (uint32_t)o->bound, lim, &r->trace, r->reason, sizeof r->reason);
  return true;
}

void hw_result_free(hw_result *r) { ts_trace_free(&r->trace); }

bool hw_replay(const ts *s, const ts_trace *t) {
  if (t->length == 0 || t->width != s->vars.size + s->inputs.size) return false;
  solver *sv = solver_new_z3();
  for (uint32_t k = 0; k < t->length; k++) {
    for (uint32_t i = 0; i < t->width; i++) {
      term_t v = i < s->vars.size ? s->vars.data[i] : s->inputs.data[i - s->vars.size];
      term_t val = t->values[(size_t)k * t->width + i];
      if (val != NULL_TERM) solver_assert(sv, term_eq(term_shift(v, (int32_t)k), val));
    }
    if (k + 1 < t->length) solver_assert(sv, term_shift(s->trans, (int32_t)k));
  }
  solver_assert(sv, s->init);
  solver_assert(sv, term_not(term_shift(s->prop, (int32_t)(t->length - 1))));
  bool ok = solver_check(sv) == SOLVER_SAT;
  solver_free(sv);
  return ok;
}
