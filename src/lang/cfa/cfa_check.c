/* zeta FILE.cfa: parse, encode (LBE/SBE), run CEGAR, a TS engine or the
 * portfolio of both, print the verdict and its evidence. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/lang_common.h"
#include "lang/lang.h"
#include "engine/cegar.h"
#include "lang/cfa/cfa_parser.h"
#include "ir/cfa_path.h"
#include "ir/cfa_to_ts.h"
#include "lang/ts_run.h"

static void progress(void *ctx, uint64_t iter, uint32_t arg_size, uint32_t prec_size) {
  (void)ctx;
  fprintf(stderr, "cegar: iteration %llu, ARG %u nodes, precision %u items\n", (unsigned long long)iter,
          arg_size, prec_size);
}

static bool config_from(const zeta_options *o, const zeta_limits *lim, cegar_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  if (!cegar_parse_domain(o->domain, &cfg->domain)) {
    fprintf(stderr, "zeta: --domain %s is not supported by the CFA engine\n", o->domain);
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

static void print_invariant(FILE *out, cfa *c, const term_t *inv) {
  for (uint32_t l = 0; l < c->nlocs; l++) {
    fprintf(out, "(define-fun ");
    char name[300];
    snprintf(name, sizeof name, "inv_%s", c->locs[l].name);
    term_print_symbol(out, name);
    fprintf(out, " (");
    for (uint32_t i = 0; i < c->vars.size; i++) {
      fprintf(out, i ? " (" : "(");
      term_print_var_name(out, c->vars.data[i]);
      fputc(' ', out);
      type_print(out, term_type(c->vars.data[i]));
      fputc(')', out);
    }
    fprintf(out, ") Bool ");
    term_print(out, inv[l]);
    fprintf(out, ")\n");
  }
}

static void print_cex(FILE *out, cfa *c, const cegar_result *r) {
  uint32_t nv = c->vars.size;
  fprintf(out, "counterexample (%u steps):\n", r->cex_len);
  for (uint32_t k = 0; k <= r->cex_len; k++) {
    fprintf(out, "  state %u at %s:", k, c->locs[r->cex_locs[k]].name);
    for (uint32_t i = 0; i < nv; i++) {
      fprintf(out, " ");
      term_print_var_name(out, c->vars.data[i]);
      fprintf(out, " = ");
      if (r->cex_vals[k * nv + i] == NULL_TERM) fprintf(out, "?");
      else term_print(out, r->cex_vals[k * nv + i]);
    }
    fprintf(out, "\n");
    if (k < r->cex_len) {
      const cfa_edge *e = &c->edges[r->cex_edges[k]];
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
 * prints the verdict and its evidence to out, returns the exit code. */
static int cegar_answer(FILE *out, const zeta_options *o, cfa *c, const zeta_limits *lim) {
  cegar_config cfg;
  if (!config_from(o, lim, &cfg)) return ZETA_EXIT_INPUT;
  cegar_result r;
  if (!cegar_run(c, &cfg, &r)) {
    fprintf(stderr, "zeta: %s\n", r.reason);
    cegar_result_free(&r);
    return ZETA_EXIT_INTERNAL;
  }
  if (r.verdict == ZETA_SAFE && o->validate) {
    const char *why = NULL;
    if (!validate_invariant(c, r.invariant, ZETA_SECOND_SOLVER, &why)) {
      r.verdict = ZETA_UNKNOWN;
      snprintf(r.reason, sizeof r.reason, "internal: invariant failed %s check", why ? why : "its");
    }
  }
  int code;
  switch (r.verdict) {
  case ZETA_SAFE: fputs("SAFE\n", out); code = ZETA_EXIT_VERDICT; break;
  case ZETA_UNSAFE: fputs("UNSAFE\n", out); code = ZETA_EXIT_VERDICT; break;
  default: fprintf(out, "UNKNOWN (%s)\n", r.reason[0] ? r.reason : "incomplete"); code = ZETA_EXIT_UNKNOWN;
  }
  if (r.verdict == ZETA_UNSAFE) print_cex(out, c, &r);
  if (r.verdict == ZETA_SAFE && o->validate) fprintf(out, "validated: invariant checked by cvc5\n");
  if (r.verdict == ZETA_SAFE && o->invariant) print_invariant(out, c, r.invariant);
  if (o->stats) {
    fprintf(out, "stats: engine cegar\n");
    fprintf(out, "iterations: %llu\nrefinements: %llu\narg-nodes: %u\narg-depth: %u\nprecision-size: %u\n",
            (unsigned long long)r.iterations, (unsigned long long)r.refinements, r.arg_nodes, r.arg_depth, r.prec_size);
    fprintf(out, "abstraction-time: %.3f\nrefinement-time: %.3f\ncex-length: %u\nsolver-calls: %llu\n",
            r.abstraction_time, r.refinement_time, r.cex_len, (unsigned long long)r.solver_calls);
  }
  if (o->dot) {
    FILE *f = fopen(o->dot, "w");
    if (f) {
      cegar_write_dot(f, &r, c);
      fclose(f);
    } else {
      fprintf(stderr, "zeta: cannot write %s\n", o->dot);
    }
  }
  cegar_result_free(&r);
  return code;
}

typedef struct { const zeta_options *o; cfa *c; } cegar_job;

static int cegar_job_run(FILE *out, const zeta_limits *lim, void *ctx) {
  cegar_job *j = ctx;
  return cegar_answer(out, j->o, j->c, lim);
}

/* The CFA portfolio: CEGAR (the options' configuration) and the
 * transition-system engines on cfa_to_ts of the same CFA, as forked jobs
 * (portfolio.h); the first definite verdict is printed with its evidence.
 * Order = start order when fewer slots than jobs: PDR proves the loops
 * CEGAR's interpolants diverge on, k-induction (BMC base case) finds deep
 * counterexamples, plain BMC is cheapest per depth. */
static int cfa_portfolio(const zeta_options *o, cfa *c, const zeta_limits *lim) {
  ts sys;
  cfa_to_ts(c, &sys);
  cli_ts_hooks h = cli_cfa_ts_hooks(c);
  const char *order = getenv("ZETA_CFA_PORTFOLIO"); /* measurements: e.g. "cegar,pdr" */
  if (!order || !*order) order = "cegar,pdr,kind,bmc";
  portfolio_job jobs[8];
  size_t n = 0;
  cegar_job cj = {o, c};
  char names[256];
  snprintf(names, sizeof names, "%s", order);
  for (char *save = NULL, *t = strtok_r(names, ",", &save); t && n < 8; t = strtok_r(NULL, ",", &save)) {
    if (strcmp(t, "cegar") == 0) jobs[n++] = (portfolio_job){"cegar", cegar_job_run, &cj, 0};
    else if (cli_ts_job(o, &sys, t, &h, &jobs[n]) == 0) n++;
  }
  portfolio_outcome po;
  int code = portfolio_run(jobs, n, portfolio_width(n), lim, &po);
  if (o->stats) printf("stats: portfolio winner %s time %.3f\n", po.winner >= 0 ? jobs[po.winner].name : "none", po.seconds);
  for (size_t i = 0; i < n; i++)
    if (jobs[i].ctx != &cj) free(jobs[i].ctx);
  ts_free(&sys);
  return code;
}

int cli_cfa(const zeta_options *o) {
  const char *file = o->files[0];
  cfa c;
  char err[1024];
  if (!cfa_parse_file(file, &c, err, sizeof err)) {
    fprintf(stderr, "zeta: %s\n", err);
    return ZETA_EXIT_INPUT;
  }
  zeta_limits lim = cli_limits(o);
  cegar_config cfg;
  if (!config_from(o, &lim, &cfg)) { /* option errors before any engine runs */
    cfa_free(&c);
    return ZETA_EXIT_INPUT;
  }
  bool is_cegar = option_is(o->algorithm, "cegar"), is_portfolio = option_is(o->algorithm, "portfolio");
  bool exporting = !option_is(o->export_fmt, "none");
  if (exporting || (!is_cegar && !is_portfolio && cli_ts_algorithm(o->algorithm))) {
    /* bmc, kind, pdr, imc, and --export chc|vmt: through the transition
     * system (ts_run.h) */
    int code = cli_cfa_ts(o, &c);
    cfa_free(&c);
    return code;
  }
  if (!is_cegar && !is_portfolio) {
    fprintf(stderr, "zeta: --algorithm %s is not available for CFA input yet\n", o->algorithm);
    cfa_free(&c);
    return ZETA_EXIT_INPUT;
  }
  cfa_prune(&c);
  if (option_is(o->encoding, "LBE")) cfa_lbe(&c);
  int code = is_portfolio ? cfa_portfolio(o, &c, &lim) : cegar_answer(stdout, o, &c, &lim);
  cfa_free(&c);
  return code;
}
