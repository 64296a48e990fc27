/* The check of a control flow automaton (src/ir/cfa.h), shared by every
 * room whose language lowers to one (the CFA language, C, programs with
 * procedures): CEGAR with the options' configuration, the transition-system
 * engines on cfa_to_ts, or the portfolio of both; the answer in CFA terms
 * whichever engine found it, which a room's hook translates back into its
 * own terms (a C line, a source variable). */
#ifndef ZETA_LANG_CFA_RUN_H
#define ZETA_LANG_CFA_RUN_H
#include "core/diag.h"
#include "core/limits.h"
#include "core/options.h"
#include "core/report.h"
#include "ir/cfa.h"

/* One answer in CFA terms. */
typedef struct {
  zeta_verdict verdict;
  const char *reason;      /* UNKNOWN: why */
  const char *engine;
  /* UNSAFE: states 0..len at locs[k] with vals[k * nvars + i] (NULL_TERM:
   * left open by the engine), edges[k] between state k and k+1 (NULL when
   * the engine does not know them: the transition-system engines) */
  uint32_t len;
  const uint32_t *locs, *edges;
  const term_t *vals;
  /* SAFE: inv[l] over the variables for every location, or NULL (k > 1:
   * the property is k-inductive; otherwise no longer path exists) */
  const term_t *inv;
  uint32_t k;
  bool validated;          /* --validate: the evidence passed the second solver */
} cfa_answer;

typedef struct {
  /* Checks the answer the language's own way (it may turn it into
   * UNKNOWN) and reports it in the language's terms; returns the exit code.
   * NULL: cfa_run_report. */
  int (*finish)(report *r, const zeta_options *o, const cfa *c, cfa_answer *a, void *ctx);
  void *ctx;
} cfa_run_hooks;

/* Prunes and encodes c (--encoding), then runs --algorithm (cegar, bmc,
 * kind, pdr, imc, portfolio) or --export; returns the exit code (with d set
 * for option errors). hooks may be NULL. */
int cfa_run_check(cfa *c, const zeta_options *o, const zeta_limits *lim, const cfa_run_hooks *hooks, report *r,
                  diag *d);
/* The CFA language's answer: the verdict line, the counterexample as
 * `state k at LOC: x = v` lines (with the edges when known) and report
 * steps labelled by location, `validated: ...`, the per-location invariant
 * under --invariant; returns the exit code. */
int cfa_run_report(report *r, const zeta_options *o, const cfa *c, const cfa_answer *a);
/* Re-checks a location-indexed invariant with a solver (backend NULL: Z3):
 * initiation, consecution along every edge, safety; false with the failed
 * condition in *why. */
bool cfa_run_invariant_holds(cfa *c, const term_t *inv, const char *backend, const char **why);
/* One (define-fun inv_LOC (vars) Bool ...) per location, to the text and
 * as the report's invariant evidence. */
void cfa_run_report_invariant(report *r, const cfa *c, const term_t *inv);
#endif
