#include "lang/hw/hw_common.h"
#include "engine/ts_check.h"

bool hw_replay(const ts *s, const ts_trace *t) {
  if (t->length == 0 || t->width != s->vars.size + s->inputs.size) return false;
  return ts_trace_replay_with(NULL, s, t) == SOLVER_SAT;
}
