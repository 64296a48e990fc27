/* What the AIGER and BTOR2 drivers share: running a transition-system
 * engine chosen by --algorithm within the limits. */
#ifndef ZETA_CLI_HW_COMMON_H
#define ZETA_CLI_HW_COMMON_H
#include "core/limits.h"
#include "model/ts.h"
#include "options.h"
#include "zeta/zeta.h"

typedef struct {
  zeta_verdict verdict;
  ts_trace trace;        /* UNSAFE: the path, vars then inputs per row */
  term_t invariant;      /* SAFE: an inductive invariant, or NULL_TERM */
  char reason[128];      /* UNKNOWN */
  const char *engine;
} hw_result;

/* Returns false (message on stderr) when --algorithm names no engine for
 * transition systems. */
bool hw_run(const zeta_options *o, const ts *s, const zeta_limits *lim, hw_result *r);
void hw_result_free(hw_result *r);
/* Replays a counterexample on the model with a fresh solver: the trace's
 * values must satisfy init, trans at every step and violate prop at the
 * last step. */
bool hw_replay(const ts *s, const ts_trace *t);
#endif
