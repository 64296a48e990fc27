/* The CFA room's own pieces shared by its two checks (CEGAR, and the
 * transition-system engines on cfa_to_ts). */
#ifndef ZETA_LANG_CFA_CHECK_H
#define ZETA_LANG_CFA_CHECK_H
#include "ir/cfa.h"
#include "lang/ts_run.h"

/* The hooks that report CFA locations in traces and per-location invariants. */
lang_ts_hooks cfa_ts_hooks(cfa *c);
/* One (define-fun inv_LOC (vars) Bool ...) per location, to the text and
 * as the report's invariant evidence. */
void cfa_report_invariant(report *r, const cfa *c, const term_t *inv);
#endif
