#include "hw_common.h"
#include <stdio.h>
#include <string.h>
#include "engine/hw_bmc.h"

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
