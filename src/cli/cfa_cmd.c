/* zeta FILE.cfa: parse, encode (LBE/SBE), run CEGAR (or the portfolio),
 * print the verdict and its evidence. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_common.h"
#include "drivers.h"
#include "engine/cegar.h"
#include "frontend/cfa_parser.h"
#include "model/cfa_path.h"
#include "ts_run.h"

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

static void print_invariant(cfa *c, const term_t *inv) {
  for (uint32_t l = 0; l < c->nlocs; l++) {
    printf("(define-fun ");
    char name[300];
    snprintf(name, sizeof name, "inv_%s", c->locs[l].name);
    term_print_symbol(stdout, name);
    printf(" (");
    for (uint32_t i = 0; i < c->vars.size; i++) {
      printf(i ? " (" : "(");
      term_print_var_name(stdout, c->vars.data[i]);
      putchar(' ');
      type_print(stdout, term_type(c->vars.data[i]));
      putchar(')');
    }
    printf(") Bool ");
    term_print(stdout, inv[l]);
    printf(")\n");
  }
}

static void print_cex(cfa *c, const cegar_result *r) {
  uint32_t nv = c->vars.size;
  printf("counterexample (%u steps):\n", r->cex_len);
  for (uint32_t k = 0; k <= r->cex_len; k++) {
    printf("  state %u at %s:", k, c->locs[r->cex_locs[k]].name);
    for (uint32_t i = 0; i < nv; i++) {
      printf(" ");
      term_print_var_name(stdout, c->vars.data[i]);
      printf(" = ");
      if (r->cex_vals[k * nv + i] == NULL_TERM) printf("?");
      else term_print(stdout, r->cex_vals[k * nv + i]);
    }
    printf("\n");
    if (k < r->cex_len) {
      const cfa_edge *e = &c->edges[r->cex_edges[k]];
      printf("  edge %s -> %s {", c->locs[e->src].name, c->locs[e->dst].name);
      for (uint32_t s = 0; s < e->nstmts; s++) {
        printf(s ? "; " : " ");
        cfa_print_stmt(stdout, &e->stmts[s]);
      }
      printf(" }\n");
    }
  }
}

/* The portfolio for CFAs: for now the strongest CEGAR configuration
 * (the options' defaults). Other engines (BMC, k-induction, PDR over the
 * CFA's transition system) hook in here. */
int cfa_run_portfolio(cfa *c, const cegar_config *cfg, cegar_result *r);
__attribute__((weak)) int cfa_run_portfolio(cfa *c, const cegar_config *cfg, cegar_result *r) {
  return cegar_run(c, cfg, r) ? 0 : -1;
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
  if (!config_from(o, &lim, &cfg)) {
    cfa_free(&c);
    return ZETA_EXIT_INPUT;
  }
  bool is_cegar = option_is(o->algorithm, "cegar"), is_portfolio = option_is(o->algorithm, "portfolio");
  if (!is_cegar && !is_portfolio && cli_ts_algorithm(o->algorithm)) {
    /* bmc, kind, pdr, imc: through the transition system (ts_run.h) */
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
  cegar_result r;
  int rc = is_portfolio ? cfa_run_portfolio(&c, &cfg, &r) : (cegar_run(&c, &cfg, &r) ? 0 : -1);
  if (rc != 0) {
    fprintf(stderr, "zeta: %s\n", r.reason);
    cegar_result_free(&r);
    cfa_free(&c);
    return ZETA_EXIT_INTERNAL;
  }
  if (r.verdict == ZETA_SAFE && o->validate) {
    const char *why = NULL;
    if (!validate_invariant(&c, r.invariant, "smtlib:cvc5 --incremental --lang smt2", &why)) {
      r.verdict = ZETA_UNKNOWN;
      snprintf(r.reason, sizeof r.reason, "internal: invariant failed %s check", why ? why : "its");
    }
  }
  int code = cli_print_verdict(r.verdict, r.reason);
  if (r.verdict == ZETA_UNSAFE) print_cex(&c, &r);
  if (r.verdict == ZETA_SAFE && o->invariant) print_invariant(&c, r.invariant);
  if (r.verdict == ZETA_SAFE && o->validate) printf("invariant validated (cvc5)\n");
  if (o->stats) {
    printf("iterations: %llu\nrefinements: %llu\narg-nodes: %u\narg-depth: %u\nprecision-size: %u\n",
           (unsigned long long)r.iterations, (unsigned long long)r.refinements, r.arg_nodes, r.arg_depth, r.prec_size);
    printf("abstraction-time: %.3f\nrefinement-time: %.3f\ncex-length: %u\nsolver-calls: %llu\n", r.abstraction_time,
           r.refinement_time, r.cex_len, (unsigned long long)r.solver_calls);
  }
  if (o->dot) {
    FILE *f = fopen(o->dot, "w");
    if (f) {
      cegar_write_dot(f, &r, &c);
      fclose(f);
    } else {
      fprintf(stderr, "zeta: cannot write %s\n", o->dot);
    }
  }
  cegar_result_free(&r);
  cfa_free(&c);
  return code;
}
