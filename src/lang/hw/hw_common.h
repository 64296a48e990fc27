/* What the AIGER and BTOR2 drivers share: running the transition-system
 * engines (--algorithm bmc|kind|pdr|imc|portfolio) and handing the result
 * to the driver's own checking and printing (the HWMCC conventions differ
 * from the generic TS output). The portfolio forks one process per engine;
 * each child checks and prints into a pipe, the parent copies the first
 * definite answer (child exit code 0) and kills the others. */
#ifndef ZETA_CLI_HW_COMMON_H
#define ZETA_CLI_HW_COMMON_H
#include <stdio.h>
#include "core/limits.h"
#include "engine/ts_engine.h"
#include "core/options.h"

/* Checks the evidence of r (it may turn r into UNKNOWN), prints the answer
 * to out and returns the exit code. */
typedef int (*hw_finish_fn)(FILE *out, const zeta_options *o, const ts *sys, const char *engine, ts_result *r,
                            void *ctx);

/* An engine of the input's own model (e.g. bit-level IC3 on the AIG),
 * selected by --algorithm NAME and preferred in the portfolio. */
typedef struct {
  const char *name;
  zeta_verdict (*run)(void *ctx, const ts_engine_opts *o, ts_result *r);
  void *ctx;
  /* runs next to it in the portfolio (may be NULL) */
  zeta_verdict (*partner)(void *ctx, const ts_engine_opts *o, ts_result *r);
  const char *partner_name;
} hw_native;

/* Runs and finishes; returns the exit code (ZETA_EXIT_INPUT with a message
 * when --algorithm names no engine for transition systems). native may be
 * NULL; the portfolio runs it in parallel with its partner and
 * k-induction, otherwise k-induction in parallel with PDR. */
int hw_run(const zeta_options *o, const ts *sys, const zeta_limits *lim, hw_finish_fn finish, void *ctx,
           const hw_native *native);

/* Replays a counterexample on the model with a fresh solver: the trace's
 * values must satisfy init, trans at every step and violate prop at the
 * last step. */
bool hw_replay(const ts *s, const ts_trace *t);
#endif
