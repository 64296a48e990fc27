/* A small incremental BMC over a transition system, used by the hardware
 * drivers when the generic TS engines are not available: it finds
 * counterexamples and never claims SAFE. */
#ifndef ZETA_ENGINE_HW_BMC_H
#define ZETA_ENGINE_HW_BMC_H
#include "core/limits.h"
#include "model/ts.h"
#include "solver/solver.h"
#include "zeta/zeta.h"

/* bound 0 = until the limits expire. On UNSAFE, *trace holds the path
 * (length = states, vars then inputs per row). reason receives a short
 * text for UNKNOWN. */
zeta_verdict hw_bmc(const ts *s, uint32_t bound, const zeta_limits *lim, ts_trace *trace, char *reason,
                    size_t reason_size);

/* Reads the values of s's vars and inputs at steps 0..length-1 from a
 * solver model (variables at step k are term_shift(v, k)). */
void hw_trace_from_model(const ts *s, solver *sv, uint32_t length, ts_trace *trace);
#endif
