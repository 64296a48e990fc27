#include "engine/hw_bmc.h"
#include <stdio.h>
#include <string.h>
#include "core/alloc.h"

void hw_trace_from_model(const ts *s, solver *sv, uint32_t length, ts_trace *trace) {
  trace->length = length;
  trace->width = s->vars.size + s->inputs.size;
  trace->values = xmalloc(((size_t)length * trace->width + 1) * sizeof *trace->values);
  for (uint32_t k = 0; k < length; k++)
    for (uint32_t i = 0; i < trace->width; i++) {
      term_t v = i < s->vars.size ? s->vars.data[i] : s->inputs.data[i - s->vars.size];
      term_t val = solver_value(sv, term_shift(v, (int32_t)k));
      trace->values[(size_t)k * trace->width + i] = val;
    }
}

zeta_verdict hw_bmc(const ts *s, uint32_t bound, const zeta_limits *lim, ts_trace *trace, char *reason,
                    size_t reason_size) {
  memset(trace, 0, sizeof *trace);
  solver *sv = solver_new_z3();
  solver_assert(sv, s->init);
  zeta_verdict v = ZETA_UNKNOWN;
  snprintf(reason, reason_size, "bound reached");
  for (uint32_t k = 0; bound == 0 || k <= bound; k++) {
    if (limits_expired(lim)) { snprintf(reason, reason_size, "timeout"); break; }
    solver_set_timeout(sv, limits_remaining_ms(lim));
    term_t bad = term_not(term_shift(s->prop, (int32_t)k));
    solver_result r = solver_check_assuming(sv, 1, &bad);
    if (r == SOLVER_SAT) {
      hw_trace_from_model(s, sv, k + 1, trace);
      v = ZETA_UNSAFE;
      break;
    }
    if (r == SOLVER_UNKNOWN) {
      snprintf(reason, reason_size, "%s", limits_expired(lim) ? "timeout" : "solver unknown");
      break;
    }
    /* no violation at depth k: keep it as a lemma for the deeper checks */
    solver_assert(sv, term_shift(s->prop, (int32_t)k));
    solver_assert(sv, term_shift(s->trans, (int32_t)k));
  }
  solver_free(sv);
  return v;
}
