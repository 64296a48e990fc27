/* Control flow automata (.cfa): parse, encode (LBE/SBE), run CEGAR, a
 * transition-system engine or the portfolio of both; report the verdict
 * and its evidence. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/cegar.h"
#include "ir/cfa_path.h"
#include "ir/cfa_to_ts.h"
#include "lang/cfa/cfa_check.h"
#include "lang/cfa/cfa_parser.h"
#include "lang/lang.h"
#include "lang/lang_common.h"

static void progress(void *ctx, uint64_t iter, uint32_t arg_size, uint32_t prec_size) {
  (void)ctx;
  progress_say("cegar: iteration %llu, ARG %u nodes, precision %u items", (unsigned long long)iter, arg_size,
               prec_size);
}

static bool config_from(const zeta_options *o, const zeta_limits *lim, cegar_config *cfg, diag *d) {
  memset(cfg, 0, sizeof *cfg);
  if (!cegar_parse_domain(o->domain, &cfg->domain)) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --domain %s is not supported by the CFA engine", o->domain);
    return false;
  }
  if (!cegar_parse_refinement(o->refinement, &cfg->refinement) || !cegar_parse_search(o->search, &cfg->search))
    return false;
  cfg->maxenum = o->maxenum;
  cfg->granularity = option_is(o->precgranularity, "LOCAL") ? PREC_LOCAL : PREC_GLOBAL;
  cfg->split = option_is(o->predsplit, "ATOMS") ? SPLIT_ATOMS : option_is(o->predsplit, "CONJUNCTS") ? SPLIT_CONJUNCTS : SPLIT_WHOLE;
  cfg->prune_full = option_is(o->prunestrategy, "FULL");
  cfg->initprec = option_is(o->initprec, "ALLVARS") ? INITPREC_ALLVARS
                  : option_is(o->initprec, "ALLASSUMES") ? INITPREC_ALLASSUMES : INITPREC_EMPTY;
  cfg->maxiter = (uint64_t)o->maxiter;
  itp_strategy_parse(o->itp, &cfg->itp);
  cfg->backend = o->backend;
  cfg->lim = lim;
  if (o->verbose > 0) cfg->progress = progress;
  return true;
}

/* Re-checks a location-indexed invariant with a solver: initiation,
 * consecution along every edge, safety. */
static bool validate_invariant(cfa *c, const term_t *inv, const char *backend, const char **why) {
  solver *s = solver_new(backend, why);
  if (!s) return false;
  bool ok = true;
  for (uint32_t q = 0; q < c->nedges + 2 && ok; q++) {
    term_t f;
    if (q == c->nedges) f = term_not(inv[c->init]), *why = "initiation";
    else if (q == c->nedges + 1) f = inv[c->error], *why = "safety";
    else f = term_and(3, (term_t[]){inv[c->edges[q].src], cfa_edge_formula(c, q), term_not(term_shift(inv[c->edges[q].dst], 1))}), *why = "consecution";
    solver_push(s);
    solver_assert(s, f);
    ok = solver_check(s) == SOLVER_UNSAT;
    solver_pop(s, 1);
  }
  solver_free(s);
  return ok;
}

void cfa_report_invariant(report *r, const cfa *c, const term_t *inv) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) alloc_fail(0);
  for (uint32_t l = 0; l < c->nlocs; l++) {
    fprintf(m, "(define-fun ");
    char name[300];
    snprintf(name, sizeof name, "inv_%s", c->locs[l].name);
    term_print_symbol(m, name);
    fprintf(m, " (");
    for (uint32_t i = 0; i < c->vars.size; i++) {
      fprintf(m, i ? " (" : "(");
      term_print_var_name(m, c->vars.data[i]);
      fputc(' ', m);
      type_print(m, term_type(c->vars.data[i]));
      fputc(')', m);
    }
    fprintf(m, ") Bool ");
    term_print(m, inv[l]);
    fprintf(m, ")\n");
  }
  fclose(m);
  fputs(buf, report_out(r));
  report_set_evidence(r, "invariant", buf);
  free(buf);
}

static void report_cex(report *r, cfa *c, const cegar_result *res) {
  FILE *out = report_out(r);
  uint32_t nv = c->vars.size;
  report_set_evidence(r, "trace", NULL);
  fprintf(out, "counterexample (%u steps):\n", res->cex_len);
  for (uint32_t k = 0; k <= res->cex_len; k++) {
    const char *loc = c->locs[res->cex_locs[k]].name;
    fprintf(out, "  state %u at %s:", k, loc);
    report_step(r, "%s", loc);
    for (uint32_t i = 0; i < nv; i++) {
      term_t val = res->cex_vals[k * nv + i];
      fprintf(out, " ");
      term_print_var_name(out, c->vars.data[i]);
      fprintf(out, " = ");
      if (val == NULL_TERM) fprintf(out, "?");
      else term_print(out, val);
      report_value_term(r, term_var_name(c->vars.data[i]), val);
    }
    fprintf(out, "\n");
    if (k < res->cex_len) {
      const cfa_edge *e = &c->edges[res->cex_edges[k]];
      fprintf(out, "  edge %s -> %s {", c->locs[e->src].name, c->locs[e->dst].name);
      for (uint32_t s = 0; s < e->nstmts; s++) {
        fprintf(out, s ? "; " : " ");
        cfa_print_stmt(out, &e->stmts[s]);
      }
      fprintf(out, " }\n");
    }
  }
}

/* CEGAR with the options' configuration on the (pruned, encoded) CFA:
 * reports the verdict and its evidence, returns the exit code. */
static int cegar_answer(report *r, const zeta_options *o, cfa *c, const zeta_limits *lim, diag *d) {
  cegar_config cfg;
  if (!config_from(o, lim, &cfg, d)) return ZETA_EXIT_INPUT;
  cegar_result res;
  report_set_engine(r, "cegar");
  if (!cegar_run(c, &cfg, &res)) {
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta: %s", res.reason);
    cegar_result_free(&res);
    return ZETA_EXIT_INTERNAL;
  }
  if (res.verdict == ZETA_SAFE && o->validate) {
    const char *why = NULL;
    if (!validate_invariant(c, res.invariant, ZETA_SECOND_SOLVER, &why)) {
      res.verdict = ZETA_UNKNOWN;
      snprintf(res.reason, sizeof res.reason, "internal: invariant failed %s check", why ? why : "its");
    }
  }
  int code = lang_verdict(r, res.verdict, res.reason);
  if (res.verdict == ZETA_UNSAFE) report_cex(r, c, &res);
  if (res.verdict == ZETA_SAFE && o->validate) fprintf(report_out(r), "validated: invariant checked by cvc5\n");
  if (res.verdict == ZETA_SAFE && o->invariant) cfa_report_invariant(r, c, res.invariant);
  report_stat(r, "iterations", "%llu", (unsigned long long)res.iterations);
  report_stat(r, "refinements", "%llu", (unsigned long long)res.refinements);
  report_stat(r, "arg-nodes", "%u", res.arg_nodes);
  report_stat(r, "arg-depth", "%u", res.arg_depth);
  report_stat(r, "precision-size", "%u", res.prec_size);
  report_stat(r, "abstraction-time", "%.3f", res.abstraction_time);
  report_stat(r, "refinement-time", "%.3f", res.refinement_time);
  report_stat(r, "cex-length", "%u", res.cex_len);
  report_stat(r, "solver-calls", "%llu", (unsigned long long)res.solver_calls);
  if (o->dot) {
    FILE *f = fopen(o->dot, "w");
    if (f) {
      cegar_write_dot(f, &res, c);
      fclose(f);
    } else {
      progress_say("zeta: cannot write %s", o->dot);
    }
  }
  cegar_result_free(&res);
  return code;
}

typedef struct { const zeta_options *o; cfa *c; } cegar_job;

static int cegar_job_run(report *r, const zeta_limits *lim, void *ctx) {
  cegar_job *j = ctx;
  diag d = {0};
  int code = cegar_answer(r, j->o, j->c, lim, &d);
  if (d.code) report_set_verdict(r, ZETA_UNKNOWN, d.message);
  return code;
}

/* The CFA portfolio: CEGAR (the options' configuration) and the
 * transition-system engines on cfa_to_ts of the same CFA, as forked jobs
 * (portfolio.h); the first definite verdict wins with its evidence.
 * Order = start order when fewer slots than jobs: PDR proves the loops
 * CEGAR's interpolants diverge on, k-induction (BMC base case) finds deep
 * counterexamples, plain BMC is cheapest per depth. */
static int cfa_portfolio(const zeta_options *o, cfa *c, const zeta_limits *lim, report *r) {
  ts sys;
  cfa_to_ts(c, &sys);
  lang_ts_hooks h = cfa_ts_hooks(c);
  const char *order = getenv("ZETA_CFA_PORTFOLIO"); /* measurements: e.g. "cegar,pdr" */
  if (!order || !*order) order = "cegar,pdr,kind,bmc";
  portfolio_job jobs[8];
  size_t n = 0;
  cegar_job cj = {o, c};
  char names[256];
  snprintf(names, sizeof names, "%s", order);
  for (char *save = NULL, *t = strtok_r(names, ",", &save); t && n < 8; t = strtok_r(NULL, ",", &save)) {
    if (strcmp(t, "cegar") == 0) jobs[n++] = (portfolio_job){"cegar", cegar_job_run, &cj, 0};
    else if (lang_ts_job(o, &sys, t, &h, &jobs[n]) == 0) n++;
  }
  portfolio_outcome po;
  int code = portfolio_run(jobs, n, portfolio_width(n), lim, r, &po);
  if (po.winner < 0) {
    report_set_engine(r, "portfolio");
    code = lang_verdict(r, ZETA_UNKNOWN, po.reason);
    if (po.internal) code = ZETA_EXIT_INTERNAL;
  }
  report_stat(r, "portfolio-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  report_stat(r, "portfolio-time", "%.3f", po.seconds);
  for (size_t i = 0; i < n; i++)
    if (jobs[i].ctx != &cj) free(jobs[i].ctx);
  ts_free(&sys);
  return code;
}

static void *cfa_load(const char *path, const zeta_options *o, diag *d) {
  (void)o;
  cfa *c = xmalloc(sizeof *c);
  char err[1024];
  if (!cfa_parse_file(path, c, err, sizeof err)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", err);
    free(c);
    return NULL;
  }
  return c;
}

static int cfa_check(void *m, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  cfa *c = m;
  cegar_config cfg;
  if (!config_from(o, lim, &cfg, d)) return ZETA_EXIT_INPUT; /* option errors before any engine runs */
  bool is_cegar = option_is(o->algorithm, "cegar"), is_portfolio = option_is(o->algorithm, "portfolio");
  bool exporting = !option_is(o->export_fmt, "none");
  if (!is_cegar && !is_portfolio && !exporting && !lang_ts_algorithm(o->algorithm)) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --algorithm %s is not available for CFA input", o->algorithm);
    return ZETA_EXIT_INPUT;
  }
  cfa_prune(c);
  if (option_is(o->encoding, "LBE")) cfa_lbe(c);
  if (exporting || (!is_cegar && !is_portfolio)) {
    /* bmc, kind, pdr, imc, and --export chc|vmt: through the transition
     * system (ts_run.h) */
    ts sys;
    cfa_to_ts(c, &sys);
    lang_ts_hooks h = cfa_ts_hooks(c);
    int code = lang_ts_check(o, &sys, &h, lim, r, d);
    ts_free(&sys);
    return code;
  }
  return is_portfolio ? cfa_portfolio(o, c, lim, r) : cegar_answer(r, o, c, lim, d);
}

static void cfa_free_model(void *m) {
  cfa_free(m);
  free(m);
}

const lang lang_cfa = {"cfa", "", ".cfa", "control flow automata in the textual CFA language (Theta-compatible)",
                       cfa_load, cfa_check, cfa_free_model};
