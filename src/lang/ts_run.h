/* The generic transition-system driver: runs --algorithm
 * bmc|kind|pdr|imc|portfolio on a ts and prints the verdict, the trace,
 * --invariant and --stats. Used by the VMT, CFA, AIGER, BTOR2 and CHC
 * drivers. */
#ifndef ZETA_CLI_TS_RUN_H
#define ZETA_CLI_TS_RUN_H
#include <stdio.h>
#include "engine/ts_engine.h"
#include "core/options.h"
#include "engine/portfolio.h"

typedef struct {
  /* Prints step k of a trace (NULL: every variable and input by name). */
  void (*print_step)(FILE *out, const ts *sys, const ts_trace *t, uint32_t k, void *ctx);
  /* Prints a SAFE invariant (NULL: one SMT-LIB term over the variables). */
  void (*print_invariant)(FILE *out, const ts *sys, term_t inv, void *ctx);
  /* Prints the header of a counterexample (NULL: "counterexample (N states):"). */
  void (*print_trace_header)(FILE *out, const ts *sys, const ts_trace *t, void *ctx);
  void *ctx;
} cli_ts_hooks;

/* Prints " name = value" for columns [first, end) of step k of a trace
 * (variables, then inputs; "?" for a value the solver did not give). */
void cli_ts_print_values(FILE *out, const ts *sys, const ts_trace *t, uint32_t k, uint32_t first,
                         uint32_t end);
/* True when the algorithm option names a transition-system engine. */
bool cli_ts_algorithm(const char *algorithm);
/* Runs and prints; returns the exit code. hooks may be NULL. */
int cli_run_ts(const zeta_options *o, const ts *sys, const cli_ts_hooks *hooks);
/* A portfolio job running one engine (bmc, kind, pdr, imc) on sys and
 * printing like cli_run_ts; job->ctx is allocated (free it). o, sys and h
 * must outlive the job. Returns -1 for an unknown engine name. */
int cli_ts_job(const zeta_options *o, const ts *sys, const char *engine, const cli_ts_hooks *h,
               portfolio_job *job);
#endif

/* CFA input through the TS engines (cfa_to_ts); c is pruned and, with
 * --encoding LBE, large-block encoded first. Prints locations in traces and
 * a per-location invariant. */
struct cfa;
int cli_cfa_ts(const zeta_options *o, struct cfa *c);
/* The hooks that print CFA locations in traces and per-location invariants. */
cli_ts_hooks cli_cfa_ts_hooks(struct cfa *c);
