/* The check of a program with procedures (src/ir/cfa_proc.h), shared by
 * every room whose language has procedures (the CFA language, C):
 * - a program without recursion is inlined into one cfa and checked by
 *   cfa_run_check (every CFA engine), unless --algorithm spacer / own asks
 *   for the Horn route;
 * - a recursive one goes to the Horn route: procedure summaries as
 *   non-linear Horn clauses (ir/cfa_proc_chc.h) solved by Spacer (spacer),
 *   zeta's predicate abstraction (own, cegar) or bounded unfolding (bmc);
 *   portfolio: that route (Spacer, then the own engine with the time left)
 *   raced against pds in forked processes;
 * - --algorithm pds: the pushdown CEGAR engine (engine/pds.h).
 * SAFE from the Horn route: the model (per-procedure summaries, per-location
 * invariants) is re-checked clause by clause with Z3, and with cvc5 under
 * --validate; printed under --invariant. UNSAFE: the derivation becomes an
 * interprocedural trace (values at every step, the call stack), replayed
 * concretely (cfa_trace_replay) before it is printed.
 */
#ifndef ZETA_LANG_PROC_RUN_H
#define ZETA_LANG_PROC_RUN_H
#include "core/diag.h"
#include "core/limits.h"
#include "core/options.h"
#include "core/report.h"
#include "ir/cfa_proc_chc.h"
#include "ir/cfa_proc_trace.h"

int proc_run_check(cfa_prog *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d);
/* What a language adds (C): unsafe turns a concretely replayed trace into
 * the answer (its own checks, its own verdict and evidence); a SAFE becomes
 * UNKNOWN (safe_unknown) when the language says so. */
typedef struct {
  int (*unsafe)(report *r, const cfa_prog *p, const cfa_trace *t, void *ctx);
  const char *safe_unknown;
  void *ctx;
} proc_run_hooks;
/* A SAFE answer from an interpretation that build fills (one term per
 * predicate of cfa_proc_to_chc(p) over its parameters), printed as the
 * Horn route's (report_safe) when it satisfies every clause; -1 (r
 * untouched) when build fails or the interpretation is not a model. */
int proc_run_check_interp(cfa_prog *p, const zeta_options *o, const proc_run_hooks *h, report *r,
                          bool (*build)(const chc_system *, const cfa_proc_chc_map *, term_t *, void *), void *ctx,
                          const char *what);
int proc_run_check_hooks(cfa_prog *p, const zeta_options *o, const zeta_limits *lim, const proc_run_hooks *h,
                         report *r, diag *d);
/* The UNSAFE answer: "UNSAFE", then one line per step with the call stack
 * and the values, as text and report steps. */
void proc_run_report_trace(report *r, const cfa_prog *p, const cfa_trace *t);
#endif
