/* Runs a transition-system engine and prints its answer. The portfolio
 * (portfolio.h) forks one process per engine: k-induction, whose base case
 * is BMC, and IC3/PDR in parallel, then IMC; the first definite verdict is
 * printed and the others are killed. */
#include "lang/ts_run.h"
#include "ir/chc_ts.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lang/lang_common.h"
#include "core/alloc.h"
#include "engine/ts_check.h"

typedef zeta_verdict (*ts_engine_fn)(const ts *, const ts_engine_opts *, ts_result *);

static const struct { const char *name; ts_engine_fn run; } engines[] = {
  {"bmc", bmc_run}, {"kind", kind_run}, {"pdr", pdr_run}, {"imc", imc_run},
};

bool cli_ts_algorithm(const char *a) {
  for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
    if (option_is(a, engines[i].name)) return true;
  return option_is(a, "portfolio");
}

void cli_ts_print_values(FILE *out, const ts *sys, const ts_trace *t, uint32_t k, uint32_t first,
                         uint32_t end) {
  for (uint32_t c = first; c < end && c < t->width; c++) {
    term_t v = c < sys->vars.size ? sys->vars.data[c] : sys->inputs.data[c - sys->vars.size];
    fputc(' ', out);
    term_print_var_name(out, v);
    fputs(" = ", out);
    if (ts_trace_value(t, k, c) == NULL_TERM) fputc('?', out);
    else term_print(out, ts_trace_value(t, k, c));
  }
}

static void default_step(FILE *out, const ts *sys, const ts_trace *t, uint32_t k, void *ctx) {
  (void)ctx;
  fprintf(out, "step %u:", k);
  cli_ts_print_values(out, sys, t, k, 0, t->width);
  fputc('\n', out);
}

static void default_invariant(FILE *out, const ts *sys, term_t inv, void *ctx) {
  (void)sys, (void)ctx;
  fputs("invariant: ", out);
  term_print_let(out, inv);
  fputc('\n', out);
}

/* Verdict line (+ evidence, stats) to out; returns the exit code. */

/* --validate: the evidence re-checked by the second solver; a failure turns
 * the answer into UNKNOWN (a wrong verdict is worse than none). */
static void validate(ts_result *r, const ts *sys) {
  if (r->verdict == ZETA_UNSAFE && ts_trace_replay_with(ZETA_SECOND_SOLVER, sys, &r->trace) != SOLVER_SAT) {
    r->verdict = ZETA_UNKNOWN;
    r->reason = "validation of the counterexample failed";
  }
  if (r->verdict == ZETA_SAFE && r->invariant != NULL_TERM &&
      ts_invariant_check_with(ZETA_SECOND_SOLVER, sys, r->invariant) != TS_INV_OK) {
    r->verdict = ZETA_UNKNOWN;
    r->reason = "validation of the invariant failed";
  }
}

static int print_result(FILE *out, const zeta_options *o, const ts *sys, const char *engine, ts_result *r,
                        const cli_ts_hooks *h, double seconds) {
  int code;
  if (o->validate) validate(r, sys);
  switch (r->verdict) {
  case ZETA_SAFE: fputs("SAFE\n", out); code = ZETA_EXIT_VERDICT; break;
  case ZETA_UNSAFE: fputs("UNSAFE\n", out); code = ZETA_EXIT_VERDICT; break;
  default:
    fprintf(out, "UNKNOWN (%s)\n", r->reason && *r->reason ? r->reason : "incomplete");
    code = ZETA_EXIT_UNKNOWN;
  }
  if (r->verdict == ZETA_UNSAFE) {
    if (h && h->print_trace_header) h->print_trace_header(out, sys, &r->trace, h->ctx);
    else fprintf(out, "counterexample (%u states):\n", r->trace.length);
    for (uint32_t k = 0; k < r->trace.length; k++)
      (h && h->print_step ? h->print_step : default_step)(out, sys, &r->trace, k, h ? h->ctx : NULL);
  }
  if (o->validate && r->verdict != ZETA_UNKNOWN)
    fprintf(out, "validated: %s\n", r->verdict == ZETA_UNSAFE ? "trace replayed by cvc5"
                                     : r->invariant != NULL_TERM ? "invariant checked by cvc5" : "no invariant to check");
  if (r->verdict == ZETA_SAFE && o->invariant) {
    if (r->invariant != NULL_TERM)
      (h && h->print_invariant ? h->print_invariant : default_invariant)(out, sys, r->invariant, h ? h->ctx : NULL);
    else if (r->k > 1)
      fprintf(out, "invariant: none printed; the property is %u-inductive\n", r->k);
    else
      fputs("invariant: none printed; the system has no path longer than the explored depth\n", out);
  }
  if (o->stats)
    fprintf(out, "stats: engine %s time %.3f depth %u frames %u predicates %u refinements %u lemmas %u k %u solver-calls %llu\n",
            engine, seconds, r->depth, r->frames, r->preds, r->refinements, r->lemmas, r->k,
            (unsigned long long)r->solver_calls);
  return code;
}

static void engine_opts(const zeta_options *o, const zeta_limits *lim, ts_engine_opts *eo) {
  ts_engine_opts_default(eo);
  eo->backend = o->backend;
  eo->limits = lim;
  eo->bound = (uint32_t)o->bound;
  eo->simple_path = o->simple_path;
  eo->refine_specific = option_is(o->pdr_refine, "specific");
  itp_strategy_parse(o->itp, &eo->itp);
  eo->verbose = (int)o->verbose;
}

/* Runs engine i and prints to out; returns the exit code. */
static int run_one(FILE *out, const zeta_options *o, const ts *sys, size_t i, const zeta_limits *lim,
                   const cli_ts_hooks *h, zeta_verdict *v, bool *has_invariant) {
  ts_engine_opts eo;
  engine_opts(o, lim, &eo);
  ts_result r;
  double t0 = limits_now();
  engines[i].run(sys, &eo, &r);
  *v = r.verdict;
  if (has_invariant) *has_invariant = r.invariant != NULL_TERM;
  int code = print_result(out, o, sys, engines[i].name, &r, h, limits_now() - t0);
  ts_result_free(&r);
  return code;
}

typedef struct {
  const zeta_options *o;
  const ts *sys;
  size_t engine;
  const cli_ts_hooks *h;
} ts_job;

static int ts_job_run(FILE *out, const zeta_limits *lim, void *ctx) {
  ts_job *j = ctx;
  zeta_verdict v;
  bool inv;
  int code = run_one(out, j->o, j->sys, j->engine, lim, j->h, &v, &inv);
  /* asked for an invariant, got SAFE without one (k-induction with k > 1,
   * BMC's exhausted paths): a fallback for the portfolio, not a winner */
  return v == ZETA_SAFE && j->o->invariant && !inv ? PORTFOLIO_EXIT_WEAK : code;
}

static size_t engine_index(const char *name) {
  for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
    if (option_is(name, engines[i].name)) return i;
  return SIZE_MAX;
}

int cli_ts_job(const zeta_options *o, const ts *sys, const char *engine, const cli_ts_hooks *h,
               portfolio_job *job) {
  size_t i = engine_index(engine);
  if (i == SIZE_MAX) return -1;
  ts_job *j = xmalloc(sizeof *j);
  *j = (ts_job){o, sys, i, h};
  *job = (portfolio_job){engines[i].name, ts_job_run, j, 0};
  return 0;
}

/* k-induction (whose base case is BMC) and IC3/PDR in parallel; IMC takes
 * the place of the first one that gives up. */
static int portfolio(const zeta_options *o, const ts *sys, const zeta_limits *lim, const cli_ts_hooks *h) {
  static const char *const names[] = {"kind", "pdr", "imc"};
  portfolio_job jobs[3];
  for (size_t i = 0; i < 3; i++) cli_ts_job(o, sys, names[i], h, &jobs[i]);
  portfolio_outcome po;
  int code = portfolio_run(jobs, 3, portfolio_width(2), lim, &po);
  if (o->stats) printf("stats: portfolio winner %s time %.3f\n", po.winner >= 0 ? jobs[po.winner].name : "none", po.seconds);
  for (size_t i = 0; i < 3; i++) free(jobs[i].ctx);
  return code;
}

int cli_run_ts(const zeta_options *o, const ts *sys, const cli_ts_hooks *hooks) {
  if (!option_is(o->export_fmt, "none")) {   /* --export chc|vmt: write and stop */
    if (option_is(o->export_fmt, "vmt")) { ts_write_vmt(stdout, sys); return ZETA_EXIT_VERDICT; }
    chc_system c;
    bool ok = ts_to_chc(sys, &c);
    if (ok) chc_write(stdout, &c);
    chc_free(&c);
    return ok ? ZETA_EXIT_VERDICT : ZETA_EXIT_INTERNAL;
  }
  zeta_limits lim = cli_limits(o);
  if (option_is(o->algorithm, "portfolio")) return portfolio(o, sys, &lim, hooks);
  size_t i = engine_index(o->algorithm);
  if (i != SIZE_MAX) {
    zeta_verdict v;
    return run_one(stdout, o, sys, i, &lim, hooks, &v, NULL);
  }
  fprintf(stderr, "zeta: --algorithm %s is not available for transition systems (use bmc, kind, pdr, imc or portfolio)\n",
          o->algorithm);
  return ZETA_EXIT_INPUT;
}
