/* The transition-system check that several languages share (VMT, CFA
 * through cfa_to_ts, AIGER and BTOR2, Horn clauses through chc_ts): runs
 * --algorithm bmc|kind|pdr|imc|portfolio on a ts and reports the verdict,
 * the trace, the invariant (--invariant) and statistics, with hooks that
 * put traces and invariants in the language's own terms. */
#ifndef ZETA_LANG_TS_RUN_H
#define ZETA_LANG_TS_RUN_H
#include "core/options.h"
#include "core/diag.h"
#include "core/report.h"
#include "engine/portfolio.h"
#include "engine/ts_engine.h"

/* An engine of the input's own model (e.g. bit-level IC3 on the AIG),
 * selected by --algorithm NAME and usable in the portfolio by name. */
typedef struct {
  const char *name;
  zeta_verdict (*run)(void *ctx, const ts_engine_opts *o, ts_result *res);
  void *ctx;
} lang_ts_engine;

typedef struct {
  /* Reports step k of a trace: text to report_out(r) and a report_step with
   * its values (NULL: "step k:" with every variable and input by name). */
  void (*step)(report *r, const ts *sys, const ts_trace *t, uint32_t k, void *ctx);
  /* Reports a SAFE invariant (NULL: one SMT-LIB term over the variables). */
  void (*invariant)(report *r, const ts *sys, term_t inv, void *ctx);
  /* The header line of a counterexample (NULL: "counterexample (N states):"). */
  void (*trace_header)(report *r, const ts *sys, const ts_trace *t, void *ctx);
  /* Checks the evidence (it may turn res into UNKNOWN) and reports the
   * answer in the language's own convention instead of the default
   * (NULL: default). Returns the exit code. */
  int (*finish)(report *r, const zeta_options *o, const ts *sys, const char *engine, ts_result *res, void *ctx);
  void *ctx;
  /* the language's own engines, and the portfolio's jobs by name, started
   * in this order `width` at a time (NULL: "kind,pdr,imc", width 2) */
  const lang_ts_engine *engines;
  size_t nengines;
  const char *portfolio;
  size_t width;
} lang_ts_hooks;

/* Columns [first, end) of step k of a trace (variables, then inputs):
 * " name = value" to the text and each value to the current report step. */
void lang_ts_values(report *r, const ts *sys, const ts_trace *t, uint32_t k, uint32_t first, uint32_t end);
/* True when the algorithm option names a transition-system engine. */
bool lang_ts_algorithm(const char *algorithm);
/* --export chc|vmt: writes sys to the report text; returns the exit code. */
int lang_ts_export(const zeta_options *o, const ts *sys, report *r);
/* Runs and reports; returns the exit code (ZETA_EXIT_INPUT with d set for an
 * algorithm that does not run on transition systems). hooks may be NULL. */
int lang_ts_check(const zeta_options *o, const ts *sys, const lang_ts_hooks *hooks, const zeta_limits *lim,
                  report *r, diag *d);
/* A portfolio job running one engine (bmc, kind, pdr, imc, or one of the
 * hooks' engines) on sys and
 * reporting like lang_ts_check; job->ctx is allocated (free it). o, sys and
 * h must outlive the job. Returns -1 for an unknown engine name. */
int lang_ts_job(const zeta_options *o, const ts *sys, const char *engine, const lang_ts_hooks *h,
                portfolio_job *job);
/* --validate: the evidence re-checked by the second solver; a failure turns
 * the answer into UNKNOWN (a wrong verdict is worse than none). */
void lang_ts_validate(ts_result *res, const ts *sys);
/* "invariant: TERM" in the answer and the term as the report's evidence. */
void lang_ts_report_invariant(report *r, term_t inv);
/* The engine's statistics under the report's stats. */
void lang_ts_stats(report *r, const ts_result *res, double seconds);
/* --certify: certifies a SAFE answer's invariant or k-induction proof
 * (cert/inv_cert.h) and
 * writes the line to print ("" when there is nothing to say); a failed
 * certification turns the answer into UNKNOWN. */
void lang_ts_certify(const zeta_options *o, const ts *sys, ts_result *res, char *line, size_t n);
/* --certify wants SAFE answers with a certificate: the portfolios leave out
 * BMC, whose SAFE answers (exhausted paths) have none; counterexamples come
 * from the others too. (k-induction answers are certified as such.) */
bool lang_ts_skip_for_certify(const zeta_options *o, const char *engine);
#endif
