/* The shared CFA check (cfa_run.h). Every engine's answer becomes a
 * cfa_answer: CEGAR's path and per-location invariant directly, the
 * transition-system engines' trace and invariant through cfa_to_ts's
 * location encoding (column 0 of a trace, cfa_ts_invariant_at). */
#include "lang/cfa_run.h"
#include "cert/inv_cert.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/cegar.h"
#include "engine/ts_check.h"
#include "ir/cfa_path.h"
#include "analysis/houdini.h"
#include "analysis/kinv.h"
#include "analysis/karr.h"
#include "ir/cfa_to_ts.h"
#include "lang/lang_common.h"
#include "lang/ts_run.h"

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

bool cfa_run_invariant_holds(cfa *c, const term_t *inv, const char *backend, const char **why) {
  solver *s = solver_new(backend, why);
  if (!s) return false;
  bool ok = true;
  for (uint32_t q = 0; q < c->nedges + 2 && ok; q++) {
    *why = q == c->nedges ? "initiation" : q == c->nedges + 1 ? "safety" : "consecution";
    solver_push(s);
    solver_assert(s, cfa_invariant_query(c, inv, q));
    ok = solver_check(s) == SOLVER_UNSAT;
    solver_pop(s, 1);
  }
  solver_free(s);
  return ok;
}

void cfa_run_report_invariant(report *r, const cfa *c, const term_t *inv) {
  lang_capture cap;
  FILE *m = lang_capture_open(&cap);
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
  lang_emit(r, "invariant", &cap);
}

static void report_path(report *r, const cfa *c, const cfa_answer *a) {
  FILE *out = report_out(r);
  uint32_t nv = c->vars.size;
  report_set_evidence(r, "trace", NULL);
  fprintf(out, "counterexample (%u steps):\n", a->len);
  for (uint32_t k = 0; k <= a->len; k++) {
    const char *loc = a->locs[k] < c->nlocs ? c->locs[a->locs[k]].name : "?";
    fprintf(out, "  state %u at %s:", k, loc);
    report_step(r, "%s", loc);
    for (uint32_t i = 0; i < nv; i++) {
      term_t val = a->vals[k * nv + i];
      fprintf(out, " ");
      term_print_var_name(out, c->vars.data[i]);
      fprintf(out, " = ");
      if (val == NULL_TERM) fprintf(out, "?");
      else term_print(out, val);
      report_value_term(r, term_var_name(c->vars.data[i]), val);
    }
    fprintf(out, "\n");
    if (a->edges && k < a->len) {
      const cfa_edge *e = &c->edges[a->edges[k]];
      fprintf(out, "  edge %s -> %s {", c->locs[e->src].name, c->locs[e->dst].name);
      for (uint32_t s = 0; s < e->nstmts; s++) {
        fprintf(out, s ? "; " : " ");
        cfa_print_stmt(out, &e->stmts[s]);
      }
      fprintf(out, " }\n");
    }
  }
}

int cfa_run_report(report *r, const zeta_options *o, const cfa *c, const cfa_answer *a) {
  int code = lang_verdict(r, a->verdict, a->reason);
  FILE *out = report_out(r);
  if (a->verdict == ZETA_UNSAFE) report_path(r, c, a);
  if (a->verdict != ZETA_UNKNOWN && a->validated)
    fprintf(out, "validated: %s\n", a->verdict == ZETA_UNSAFE ? "trace replayed by cvc5"
                                     : a->inv ? "invariant checked by cvc5" : "no invariant to check");

  if (a->verdict == ZETA_SAFE && o->invariant) {
    if (a->inv) cfa_run_report_invariant(r, c, a->inv);
    else if (a->k > 1) fprintf(out, "invariant: none printed; the property is %u-inductive\n", a->k);
    else fputs("invariant: none printed; the system has no path longer than the explored depth\n", out);
  }
  return code;
}

static int finish(report *r, const zeta_options *o, const cfa *c, cfa_answer *a, const cfa_run_hooks *h) {
  if (a->engine) report_set_engine(r, a->engine);
  char cert[256] = "";
  if (o->certify && a->verdict == ZETA_SAFE) {
    if (!a->inv) snprintf(cert, sizeof cert, "certificate: none (no invariant: %s)",
                          a->k > 1 ? "the property is k-inductive" : "no longer path exists");
    else {
      char why[200];
      uint32_t nq;
      /* cfa_edge_formula only fills the edges' formula cache */
      cert_status s = cert_cfa_invariant((cfa *)c, a->inv, 10000, &nq, why, sizeof why);
      lang_cert_text(cert, sizeof cert, s, "location invariants", nq, why);
      if (s == CERT_VIOLATED) { a->verdict = ZETA_UNKNOWN; a->reason = "internal: the invariant failed certification"; }
    }
  }
  int code = h && h->finish ? h->finish(r, o, c, a, h->ctx) : cfa_run_report(r, o, c, a);
  if (cert[0] && a->verdict == ZETA_SAFE) fprintf(report_out(r), "%s\n", cert);
  return code;
}

/* ---- CEGAR ---- */

typedef struct { const zeta_options *o; cfa *c; const cfa_run_hooks *h; } cegar_job;

/* CEGAR with the options' configuration on the (pruned, encoded) CFA. */
static int cegar_answer(report *r, const zeta_options *o, cfa *c, const zeta_limits *lim, const cfa_run_hooks *h,
                        diag *d) {
  cegar_config cfg;
  if (!config_from(o, lim, &cfg, d)) return ZETA_EXIT_INPUT;
  cegar_result res;
  if (!cegar_run(c, &cfg, &res)) {
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta: %s", res.reason);
    cegar_result_free(&res);
    return ZETA_EXIT_INTERNAL;
  }
  cfa_answer a = {res.verdict, res.reason, "cegar", res.cex_len, res.cex_locs, res.cex_edges, res.cex_vals,
                  res.verdict == ZETA_SAFE ? res.invariant : NULL, 0, false};
  if (res.verdict == ZETA_SAFE && o->validate) {
    const char *why = NULL;
    if (cfa_run_invariant_holds(c, res.invariant, ZETA_SECOND_SOLVER, &why)) {
      a.validated = true;
    } else {
      a.verdict = ZETA_UNKNOWN;
      snprintf(res.reason, sizeof res.reason, "internal: invariant failed %s check", why ? why : "its");
    }
  }
  report_stat(r, "iterations", "%llu", (unsigned long long)res.iterations);
  report_stat(r, "refinements", "%llu", (unsigned long long)res.refinements);
  report_stat(r, "arg-nodes", "%u", res.arg_nodes);
  report_stat(r, "arg-depth", "%u", res.arg_depth);
  report_stat(r, "precision-size", "%u", res.prec_size);
  report_stat(r, "abstraction-time", "%.3f", res.abstraction_time);
  report_stat(r, "refinement-time", "%.3f", res.refinement_time);
  report_stat(r, "cex-length", "%u", res.cex_len);
  report_stat(r, "solver-calls", "%llu", (unsigned long long)res.solver_calls);
  int code = finish(r, o, c, &a, h);
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

static int cegar_job_run(report *r, const zeta_limits *lim, void *ctx) {
  cegar_job *j = ctx;
  diag d = {0};
  int code = cegar_answer(r, j->o, j->c, lim, j->h, &d);
  if (d.code) report_set_verdict(r, ZETA_UNKNOWN, d.message);
  return code;
}

/* ---- the transition-system engines on cfa_to_ts ---- */

/* affine: the location invariant the transition relation was strengthened
 * with (NULL_TERM if none), part of every invariant the engines find. */
typedef struct { const cfa *c; const cfa_run_hooks *h; term_t affine; const zeta_limits *lim; } ts_ctx;

/* Strengthens sys's transition relation with the affine equalities of
 * Karr's analysis and the inequalities Houdini keeps (each set checked
 * inductive) as I(x) ∧ I(x'), where I says at location l its facts hold;
 * returns I, or NULL_TERM if none. An invariant J of the strengthened
 * system makes J ∧ I one of the original. */
static term_t strengthen(cfa *c, ts *sys, const zeta_limits *lim) {
  term_t *aff = NULL, *ineq = NULL;
  bool has_aff = cfa_affine_invariants(c, 2000, &aff);
  const char *h = getenv("ZETA_HOUDINI");   /* measurements: "0" switches it off */
  /* at most 10 s, and a quarter of the time left */
  uint32_t left = limits_remaining_ms(lim), budget = left && left / 4 < 10000 ? left / 4 : 10000;
  bool has_ineq = !(h && strcmp(h, "0") == 0) && cfa_houdini_invariants(c, aff, 2000, budget, &ineq);
  if (!has_aff && !has_ineq) return NULL_TERM;
  term_vec parts = {0};
  for (uint32_t l = 0; l < c->nlocs; l++) {
    term_t f = term_and2(has_aff ? aff[l] : term_true(), has_ineq ? ineq[l] : term_true());
    if (!term_is_true(f)) term_vec_push(&parts, term_implies(term_eq(cfa_ts_loc_var(), term_int(l)), f));
  }
  term_t inv = term_and(parts.size, parts.data);
  term_vec_free(&parts);
  free(aff), free(ineq);
  sys->trans = term_and(3, (term_t[]){sys->trans, inv, term_prime(inv)});
  return inv;
}

/* A TS engine's result as a cfa_answer: locations from column 0, the
 * variables from columns 1.. (the inputs are havoc auxiliaries, whose
 * values show in the next state), the invariant per location. */
static int ts_finish(report *r, const zeta_options *o, const ts *sys, const char *engine, ts_result *res, void *vctx) {
  ts_ctx *x = vctx;
  const cfa *c = x->c;
  if (o->validate) lang_ts_validate(res, sys);
  cfa_answer a = {res->verdict, res->reason, engine, 0, NULL, NULL, NULL, NULL, res->k,
                  o->validate && res->verdict != ZETA_UNKNOWN};
  uint32_t nv = c->vars.size;
  uint32_t *locs = NULL;
  term_t *vals = NULL, *inv = NULL;
  if (res->verdict == ZETA_UNSAFE && res->trace.length > 0) {
    a.len = res->trace.length - 1;
    locs = xcalloc(res->trace.length, sizeof *locs);
    vals = xcalloc((size_t)res->trace.length * nv + 1, sizeof *vals);
    for (uint32_t k = 0; k < res->trace.length; k++) {
      locs[k] = cfa_ts_location(c, ts_trace_value(&res->trace, k, 0));
      for (uint32_t i = 0; i < nv; i++) vals[(size_t)k * nv + i] = ts_trace_value(&res->trace, k, i + 1);
    }
    a.locs = locs, a.vals = vals;
  }
  if (res->verdict == ZETA_SAFE && res->invariant != NULL_TERM && x->affine != NULL_TERM)
    res->invariant = term_and2(res->invariant, x->affine);
  if (res->verdict == ZETA_SAFE && res->invariant != NULL_TERM) {
    inv = xcalloc(c->nlocs + 1, sizeof *inv);
    for (uint32_t l = 0; l < c->nlocs; l++) inv[l] = cfa_ts_invariant_at(res->invariant, l);
    a.inv = inv;
  } else if (res->verdict == ZETA_SAFE && res->k != 1 && (o->witness_file || o->certify || o->invariant)) {
    /* a k-induction proof, or a bounded one (no path longer than depth
     * from init: no state on a path of depth + 1 prop-states either, when
     * the check agrees): its invariant only when evidence is asked for
     * (the SAFE answer waits for it) */
    uint32_t k = res->k ? res->k : res->depth + 1;
    term_t *base = NULL;
    if (x->affine != NULL_TERM) {
      base = xcalloc(c->nlocs + 1, sizeof *base);
      for (uint32_t l = 0; l < c->nlocs; l++) base[l] = cfa_ts_invariant_at(x->affine, l);
    }
    uint32_t left = limits_remaining_ms(x->lim), budget = left && left / 2 < 20000 ? left / 2 : 20000;
    a.inv = inv = k <= 32 ? cfa_kinduction_invariant((cfa *)c, k, base, budget) : NULL;
    free(base);
  }
  int code = finish(r, o, c, &a, x->h);
  free(locs), free(vals), free(inv);
  return code;
}

/* ---- the portfolio: CEGAR and the TS engines on the same CFA ---- */

/* Order = start order when fewer slots than jobs: PDR proves the loops
 * CEGAR's interpolants diverge on, k-induction (BMC base case) finds deep
 * counterexamples, plain BMC is cheapest per depth. */
static int portfolio(const zeta_options *o, cfa *c, const ts *sys, const lang_ts_hooks *th, const zeta_limits *lim,
                     const cfa_run_hooks *h, report *r) {
  const char *order = getenv("ZETA_CFA_PORTFOLIO"); /* measurements: e.g. "cegar,pdr" */
  if (!order || !*order) order = "cegar,pdr,kind,bmc";
  portfolio_job jobs[8];
  size_t n = 0;
  cegar_job cj = {o, c, h};
  char names[256];
  snprintf(names, sizeof names, "%s", order);
  for (char *save = NULL, *t = strtok_r(names, ",", &save); t && n < 8; t = strtok_r(NULL, ",", &save)) {
    if (strcmp(t, "cegar") == 0) jobs[n++] = (portfolio_job){"cegar", cegar_job_run, &cj, 0};
    /* under --certify, CFA answers need location invariants: no k-induction */
    else if (!lang_ts_skip_for_certify(o, t) && !(o->certify && strcmp(t, "kind") == 0) &&
             lang_ts_job(o, sys, t, th, &jobs[n]) == 0) n++;
  }
  portfolio_outcome po;
  int code = portfolio_run(jobs, n, portfolio_width(n), lim, r, &po);
  if (po.winner < 0) {
    cfa_answer none = {ZETA_UNKNOWN, po.reason, "portfolio", 0, NULL, NULL, NULL, NULL, 0, false};
    code = finish(r, o, c, &none, h);
    if (po.internal) code = ZETA_EXIT_INTERNAL;
  }
  report_stat(r, "portfolio-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  report_stat(r, "portfolio-time", "%.3f", po.seconds);
  for (size_t i = 0; i < n; i++)
    if (jobs[i].ctx != &cj) free(jobs[i].ctx);
  return code;
}

int cfa_run_check(cfa *c, const zeta_options *o, const zeta_limits *lim, const cfa_run_hooks *hooks, report *r,
                  diag *d) {
  cegar_config cfg;
  if (!config_from(o, lim, &cfg, d)) return ZETA_EXIT_INPUT; /* option errors before any engine runs */
  bool is_cegar = option_is(o->algorithm, "cegar"), is_portfolio = option_is(o->algorithm, "portfolio");
  bool exporting = !option_is(o->export_fmt, "none");
  if (!is_cegar && !is_portfolio && !exporting && !lang_ts_algorithm(o->algorithm)) {
    /* pds, spacer and own take the procedure route before this */
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --algorithm %s is not available for this program (use portfolio, cegar, bmc, kind, pdr or imc)", o->algorithm);
    return ZETA_EXIT_INPUT;
  }
  if (option_is(o->export_fmt, "cfa")) {   /* the model as read or lowered, before any encoding */
    char why[256];
    if (cfa_write(report_out(r), c, why, sizeof why)) return ZETA_EXIT_VERDICT;
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --export cfa: %s", why);
    return ZETA_EXIT_INPUT;
  }
  cfa_prune(c);
  bool lbe = option_is(o->encoding, "LBE");
  /* the transition-system engines run on their own copy with the error
   * edges hoisted (cfa_lbe_hoisted); CEGAR on plain large blocks */
  bool hoist = lbe && !(is_cegar && !exporting);
  cfa hoisted;
  if (hoist) cfa_copy(c, &hoisted), cfa_lbe_hoisted(&hoisted);
  if (lbe) cfa_lbe(c);
  if (is_cegar && !exporting) return cegar_answer(r, o, c, lim, hooks, d);
  cfa *tc = hoist ? &hoisted : c;
  ts sys;
  if (!cfa_to_ts_within(tc, &sys, lim)) {   /* seconds on deeply inlined calls */
    if (hoist) cfa_free(&hoisted);
    return lang_verdict(r, ZETA_UNKNOWN, "timeout");
  }
  ts_ctx x = {tc, hooks, NULL_TERM, lim};
  if (!exporting) x.affine = strengthen(tc, &sys, lim);
  lang_ts_hooks th = {.finish = ts_finish, .ctx = &x};
  int code = is_portfolio && !exporting ? portfolio(o, c, &sys, &th, lim, hooks, r)
                                        : lang_ts_check(o, &sys, &th, lim, r, d);
  ts_free(&sys);
  if (hoist) cfa_free(&hoisted);
  return code;
}
