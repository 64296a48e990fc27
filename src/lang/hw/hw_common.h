/* What the AIGER and BTOR2 checks share beyond lang/ts_run.h. */
#ifndef ZETA_LANG_HW_COMMON_H
#define ZETA_LANG_HW_COMMON_H
#include "engine/ts_engine.h"

/* Replays a counterexample on the model with a fresh solver: the trace's
 * values must satisfy init, trans at every step and violate prop at the
 * last step. */
bool hw_replay(const ts *s, const ts_trace *t);
#endif
