/* Runs a transition-system engine and reports its answer. The portfolio
 * (engine/portfolio.h) forks one process per engine: by default
 * k-induction, whose base case is BMC, and IC3/PDR in parallel, then IMC;
 * the first definite verdict wins and the others are killed. */
#include "lang/ts_run.h"
#include "cert/inv_cert.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/ts_check.h"
#include "ir/chc_ts.h"
#include "lang/lang_common.h"

typedef zeta_verdict (*ts_engine_fn)(const ts *, const ts_engine_opts *, ts_result *);

static const struct { const char *name; ts_engine_fn run; } engines[] = {
  {"bmc", bmc_run}, {"kind", kind_run}, {"pdr", pdr_run}, {"imc", imc_run},
};
enum { NENGINES = sizeof engines / sizeof engines[0] };

bool lang_ts_algorithm(const char *a) {
  for (size_t i = 0; i < NENGINES; i++)
    if (option_is(a, engines[i].name)) return true;
  return option_is(a, "portfolio");
}

void lang_ts_values(report *r, const ts *sys, const ts_trace *t, uint32_t k, uint32_t first, uint32_t end) {
  FILE *out = report_out(r);
  for (uint32_t c = first; c < end && c < t->width; c++) {
    term_t v = c < sys->vars.size ? sys->vars.data[c] : sys->inputs.data[c - sys->vars.size];
    term_t val = ts_trace_value(t, k, c);
    fputc(' ', out);
    term_print_var_name(out, v);
    fputs(" = ", out);
    if (val == NULL_TERM) fputc('?', out);
    else term_print(out, val);
    report_value_term(r, term_var_name(v), val);
  }
}

static void default_step(report *r, const ts *sys, const ts_trace *t, uint32_t k, void *ctx) {
  (void)ctx;
  fprintf(report_out(r), "step %u:", k);
  report_step(r, "step %u", k);
  lang_ts_values(r, sys, t, k, 0, t->width);
  fputc('\n', report_out(r));
}

void lang_ts_report_invariant(report *r, term_t inv) {
  char *text = term_to_string_let(inv);
  fprintf(report_out(r), "invariant: %s\n", text);
  report_set_evidence(r, "invariant", text);
  free(text);
}

static void default_invariant(report *r, const ts *sys, term_t inv, void *ctx) {
  (void)sys, (void)ctx;
  lang_ts_report_invariant(r, inv);
}

void lang_ts_validate(ts_result *res, const ts *sys) {
  if (res->verdict == ZETA_UNSAFE && ts_trace_replay_with(ZETA_SECOND_SOLVER, sys, &res->trace) != SOLVER_SAT) {
    res->verdict = ZETA_UNKNOWN;
    res->reason = "validation of the counterexample failed";
  }
  if (res->verdict == ZETA_SAFE && res->invariant != NULL_TERM &&
      ts_invariant_check_with(ZETA_SECOND_SOLVER, sys, res->invariant) != TS_INV_OK) {
    res->verdict = ZETA_UNKNOWN;
    res->reason = "validation of the invariant failed";
  }
}

void lang_ts_stats(report *r, const ts_result *res, double seconds) {
  report_stat(r, "engine-time", "%.3f", seconds);
  report_stat(r, "depth", "%u", res->depth);
  report_stat(r, "frames", "%u", res->frames);
  report_stat(r, "predicates", "%u", res->preds);
  report_stat(r, "refinements", "%u", res->refinements);
  report_stat(r, "lemmas", "%u", res->lemmas);
  report_stat(r, "k", "%u", res->k);
  report_stat(r, "solver-calls", "%llu", (unsigned long long)res->solver_calls);
}

static int default_finish(report *r, const zeta_options *o, const ts *sys, ts_result *res, const lang_ts_hooks *h) {
  if (o->validate) lang_ts_validate(res, sys);
  char cert[256];
  lang_ts_certify(o, sys, res, cert, sizeof cert);
  int code = lang_verdict(r, res->verdict, res->reason);
  FILE *out = report_out(r);
  if (cert[0] && res->verdict == ZETA_SAFE) fprintf(out, "%s\n", cert);
  void *ctx = h ? h->ctx : NULL;
  if (res->verdict == ZETA_UNSAFE) {
    report_set_evidence(r, "trace", NULL);
    if (h && h->trace_header) h->trace_header(r, sys, &res->trace, ctx);
    else fprintf(out, "counterexample (%u states):\n", res->trace.length);
    for (uint32_t k = 0; k < res->trace.length; k++)
      (h && h->step ? h->step : default_step)(r, sys, &res->trace, k, ctx);
  }
  if (o->validate && res->verdict != ZETA_UNKNOWN)
    fprintf(out, "validated: %s\n", res->verdict == ZETA_UNSAFE ? "trace replayed by cvc5"
                                    : res->invariant != NULL_TERM ? "invariant checked by cvc5" : "no invariant to check");
  if (res->verdict == ZETA_SAFE && o->invariant) {
    if (res->invariant != NULL_TERM) (h && h->invariant ? h->invariant : default_invariant)(r, sys, res->invariant, ctx);
    else if (res->k > 1) fprintf(out, "invariant: none printed; the property is %u-inductive\n", res->k);
    else fputs("invariant: none printed; the system has no path longer than the explored depth\n", out);
  }
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
}

/* Engine i: the generic ones first, then the hooks' own. */
static const char *engine_name(const lang_ts_hooks *h, size_t i) {
  return i < NENGINES ? engines[i].name : h->engines[i - NENGINES].name;
}

static size_t engine_index(const lang_ts_hooks *h, const char *name) {
  for (size_t i = 0; i < NENGINES + (h ? h->nengines : 0); i++)
    if (option_is(name, engine_name(h, i))) return i;
  return SIZE_MAX;
}

/* Runs engine i and reports; returns the exit code. */
static int run_one(report *r, const zeta_options *o, const ts *sys, size_t i, const zeta_limits *lim,
                   const lang_ts_hooks *h, bool *weak) {
  ts_engine_opts eo;
  engine_opts(o, lim, &eo);
  ts_result res;
  double t0 = limits_now();
  if (i < NENGINES) engines[i].run(sys, &eo, &res);
  else h->engines[i - NENGINES].run(h->engines[i - NENGINES].ctx, &eo, &res);
  const char *name = engine_name(h, i);
  report_set_engine(r, name);
  lang_ts_stats(r, &res, limits_now() - t0);
  /* asked for an invariant, got SAFE without one (k-induction with k > 1,
   * BMC's exhausted paths): a fallback for the portfolio, not a winner */
  if (weak) *weak = res.verdict == ZETA_SAFE && o->invariant && res.invariant == NULL_TERM;
  int code = h && h->finish ? h->finish(r, o, sys, name, &res, h->ctx) : default_finish(r, o, sys, &res, h);
  ts_result_free(&res);
  return code;
}

typedef struct {
  const zeta_options *o;
  const ts *sys;
  size_t engine;
  const lang_ts_hooks *h;
} ts_job;

static int ts_job_run(report *r, const zeta_limits *lim, void *ctx) {
  ts_job *j = ctx;
  bool weak;
  int code = run_one(r, j->o, j->sys, j->engine, lim, j->h, &weak);
  return weak && code == ZETA_EXIT_VERDICT ? PORTFOLIO_EXIT_WEAK : code;
}

int lang_ts_job(const zeta_options *o, const ts *sys, const char *engine, const lang_ts_hooks *h,
                portfolio_job *job) {
  size_t i = engine_index(h, engine);
  if (i == SIZE_MAX) return -1;
  ts_job *j = xmalloc(sizeof *j);
  *j = (ts_job){o, sys, i, h};
  *job = (portfolio_job){engine_name(h, i), ts_job_run, j, 0};
  return 0;
}

void lang_ts_certify(const zeta_options *o, const ts *sys, ts_result *res, char *line, size_t n) {
  line[0] = 0;
  if (!o->certify || res->verdict != ZETA_SAFE) return;
  if (res->invariant == NULL_TERM && res->k <= 1) {
    snprintf(line, n, "certificate: none (no invariant: no longer path exists)");
    return;
  }
  char why[200], what[64];
  uint32_t nq;
  cert_status s;
  if (res->invariant != NULL_TERM) {
    s = cert_ts_invariant(sys, res->invariant, 10000, &nq, why, sizeof why);
    snprintf(what, sizeof what, "invariant");
  } else {
    s = cert_ts_kinduction(sys, res->k, o->simple_path, 10000, &nq, why, sizeof why);
    snprintf(what, sizeof what, "%u-induction", res->k);
  }
  lang_cert_text(line, n, s, what, nq, why);
  if (s == CERT_VIOLATED) { res->verdict = ZETA_UNKNOWN; res->reason = "internal: the invariant failed certification"; }
}

bool lang_ts_skip_for_certify(const zeta_options *o, const char *engine) {
  return o->certify && strcmp(engine, "bmc") == 0;
}

/* The hooks' portfolio (default: k-induction and IC3/PDR in parallel; IMC
 * takes the place of the first one that gives up). */
static int portfolio(const zeta_options *o, const ts *sys, const zeta_limits *lim, const lang_ts_hooks *h,
                     report *r) {
  char names[256];
  snprintf(names, sizeof names, "%s", h && h->portfolio ? h->portfolio : "kind,pdr,imc");
  portfolio_job jobs[16];
  size_t n = 0;
  for (char *save = NULL, *t = strtok_r(names, ",", &save); t && n < 16; t = strtok_r(NULL, ",", &save))
    if (!lang_ts_skip_for_certify(o, t) && lang_ts_job(o, sys, t, h, &jobs[n]) == 0) n++;
  portfolio_outcome po;
  int code = portfolio_run(jobs, n, portfolio_width(h && h->width ? h->width : 2), lim, r, &po);
  if (po.winner < 0) {
    ts_result none;
    ts_result_init(&none);
    none.reason = po.reason;
    report_set_engine(r, "portfolio");
    code = h && h->finish ? h->finish(r, o, sys, "portfolio", &none, h->ctx) : default_finish(r, o, sys, &none, h);
    ts_result_free(&none);
    if (po.internal) code = ZETA_EXIT_INTERNAL;
  }
  report_stat(r, "portfolio-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  report_stat(r, "portfolio-time", "%.3f", po.seconds);
  for (size_t i = 0; i < n; i++) free(jobs[i].ctx);
  return code;
}

int lang_ts_export(const zeta_options *o, const ts *sys, report *r) {
  FILE *out = report_out(r);
  if (option_is(o->export_fmt, "vmt")) {
    ts_write_vmt(out, sys);
    return ZETA_EXIT_VERDICT;
  }
  chc_system c;
  bool ok = ts_to_chc(sys, &c);
  if (ok) chc_write(out, &c);
  chc_free(&c);
  return ok ? ZETA_EXIT_VERDICT : ZETA_EXIT_INTERNAL;
}

int lang_ts_check(const zeta_options *o, const ts *sys, const lang_ts_hooks *hooks, const zeta_limits *lim,
                  report *r, diag *d) {
  if (!option_is(o->export_fmt, "none")) return lang_ts_export(o, sys, r);
  if (option_is(o->algorithm, "portfolio")) return portfolio(o, sys, lim, hooks, r);
  size_t i = engine_index(hooks, o->algorithm);
  if (i != SIZE_MAX) return run_one(r, o, sys, i, lim, hooks, NULL);
  diag_set(d, ZETA_EXIT_INPUT, "zeta: --algorithm %s is not available for this input (use bmc, kind, pdr, imc%s%s or portfolio)",
           o->algorithm, hooks && hooks->nengines ? ", " : "", hooks && hooks->nengines ? hooks->engines[0].name : "");
  return ZETA_EXIT_INPUT;
}
