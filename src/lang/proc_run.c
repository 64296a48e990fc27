/* The check of programs with procedures (proc_run.h). */
#include "lang/proc_run.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/chc_engine.h"
#include "engine/chc_own.h"
#include "engine/pds.h"
#include "engine/portfolio.h"
#include "ir/cfa_proc_chc.h"
#include "lang/cfa_run.h"
#include "lang/lang_common.h"

/* ---- UNSAFE: the trace ---- */

static void print_frame_vals(FILE *out, report *r, const cfa_prog *p, const cfa_trace_step *s) {
  uint32_t ng = p->globals.size;
  const cfa *c = &p->procs[s->proc].body;
  for (uint32_t i = 0; i < ng + c->vars.size; i++) {
    term_t v = i < ng ? p->globals.data[i] : c->vars.data[i - ng];
    const char *name = cfa_proc_local_name(v);
    fprintf(out, " %s = ", name);
    term_print(out, s->vals[i]);
    report_value_term(r, name, s->vals[i]);
  }
}

void proc_run_report_trace(report *r, const cfa_prog *p, const cfa_trace *t) {
  FILE *out = report_out(r);
  report_set_evidence(r, "trace", NULL);
  fprintf(out, "counterexample (%u steps, replayed concretely):\n", t->n ? t->n - 1 : 0);
  /* the call stack as procedure names, main first */
  uint32_t *stack = xmalloc((t->n + 2) * sizeof *stack);
  uint32_t depth = 0;
  for (uint32_t k = 0; k < t->n; k++) {
    const cfa_trace_step *s = &t->steps[k];
    const cfa *c = &p->procs[s->proc].body;
    if (s->kind == TRACE_INIT) stack[depth++] = s->proc;
    else if (s->kind == TRACE_CALL) stack[depth++] = s->proc;
    else if (s->kind == TRACE_RETURN && depth > 1) depth--;
    const cfa *pc = s->kind == TRACE_CALL ? &p->procs[stack[depth - 2]].body : c;
    if (s->kind == TRACE_EDGE || s->kind == TRACE_CALL || s->kind == TRACE_RETURN) {
      const cfa_edge *e = &pc->edges[s->edge];
      if (s->kind == TRACE_EDGE) {
        fprintf(out, "  edge %s -> %s {", c->locs[e->src].name, c->locs[e->dst].name);
        for (uint32_t i = 0; i < e->nstmts; i++) {
          fputs(i ? "; " : " ", out);
          cfa_print_stmt(out, &e->stmts[i]);
        }
        fputs(" }\n", out);
      } else {
        fprintf(out, "  %s %s (edge %s -> %s)\n", s->kind == TRACE_CALL ? "call" : "return from",
                p->procs[e->call->callee].body.name, pc->locs[e->src].name, pc->locs[e->dst].name);
      }
    }
    fprintf(out, "  state %u at %s.%s [stack", k, c->name, c->locs[s->loc].name);
    for (uint32_t i = 0; i < depth; i++) fprintf(out, " %s", p->procs[stack[i]].body.name);
    fputs("]:", out);
    report_step(r, "%s.%s", c->name, c->locs[s->loc].name);
    print_frame_vals(out, r, p, s);
    fputc('\n', out);
  }
  free(stack);
}

/* ---- SAFE: summaries and invariants ---- */

/* Readable arguments of predicate q: entry copies as old_x, the rest as
 * the program's variables (the callee's result as "return"). */
static term_t readable(term_t v) {
  if (term_var_index(v) == 0) return v;
  char n[400];
  snprintf(n, sizeof n, "old_%s", cfa_proc_local_name(v));
  return term_var(n, term_type(v));
}

static void print_interp(FILE *out, const chc_system *s, uint32_t q, term_t interp, const term_t *args) {
  const chc_pred *pr = &s->preds[q];
  term_t *a = xmalloc((pr->arity + 1) * sizeof *a);
  for (uint32_t i = 0; i < pr->arity; i++) a[i] = readable(args[i]);
  term_t f = term_subst(interp, pr->arity, pr->params, a);
  term_print(out, f);
  free(a);
}

/* SAFE evidence in the program's words: each predicate's interpretation
 * over the variables of a clause that uses it (body arguments are plain
 * variables; entry values read as old_x). */
static void report_model(report *r, const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m,
                         const term_t *interp) {
  lang_capture cap;
  FILE *out = lang_capture_open(&cap);
  term_t **args = xcalloc(s->npreds + 1, sizeof *args);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    for (uint32_t b = 0; b < c->nbody; b++)
      if (!args[c->body[b].pred] && m->origin[i].kind != PCHC_RETURN) args[c->body[b].pred] = c->body[b].args;
    if (c->head.pred != CHC_FALSE && m->origin[i].kind == PCHC_SUMMARY && !args[c->head.pred])
      args[c->head.pred] = c->head.args;
  }
  /* entry predicates over the callee's own entry copies (init clauses) */
  for (uint32_t i = 0; i < s->nclauses; i++)
    if (m->origin[i].kind == PCHC_ENTRY_INIT) args[s->clauses[i].body[0].pred] = s->clauses[i].body[0].args;
  for (uint32_t f = 0; f < p->nprocs; f++) {
    const cfa *c = &p->procs[f].body;
    if (m->sum[f] != CHC_FALSE && args[m->sum[f]]) {
      fprintf(out, "summary %s: ", c->name);
      print_interp(out, s, m->sum[f], interp[m->sum[f]], args[m->sum[f]]);
      fputc('\n', out);
    }
    for (uint32_t l = 0; l < c->nlocs; l++) {
      uint32_t q = m->loc_pred[f][l];
      if (!args[q]) continue;
      fprintf(out, "invariant %s.%s: ", c->name, c->locs[l].name);
      print_interp(out, s, q, interp[q], args[q]);
      fputc('\n', out);
    }
  }
  free(args);
  lang_emit(r, "invariant", &cap);
}

/* ---- the Horn route ---- */

/* A model check's timeout: 10 s, or what is left of the run (the
 * solver's clock is the wall's: a loaded machine must not turn a valid
 * model into an undecided one). */
static void set_check_timeout(solver *z, const zeta_limits *lim) {
  unsigned left = lim ? limits_remaining_ms(lim) : 0;
  solver_set_timeout(z, left > 10000 ? left : 10000);
}

/* A model of norm (s normalized) as one of s: the predicates that no
 * derivation needs falsified, the inlined ones expanded, those left at
 * true repaired. True when z3 checked every clause of s. */
static bool model_from_normal_form(const chc_system *s, const chc_system *norm, chc_result *res,
                                   const zeta_limits *lim) {
  solver *z = solver_new_z3();
  set_check_timeout(z, lim);
  chc_falsify_unforced(norm, res->interp, z);
  term_t *interp = xcalloc(s->npreds + 1, sizeof(term_t));
  for (uint32_t q = 0; q < s->npreds; q++) interp[q] = res->interp[q];
  chc_expand_model(norm, interp);
  free(res->interp);
  res->interp = interp;
  bool checked = chc_repair_unreached(s, interp, z, NULL);   /* predicates the engine never needed may be at true */
  solver_free(z);
  return checked;
}

/* zeta's own schedule on the normal form (predicates inlined: IC3 proves
 * a recursion with a loop in its body in 1.6 s there, 14 s on the
 * location-per-predicate clauses). A model becomes one of s; a derivation
 * must be over s's clauses (the trace is read from it): BMC on s then,
 * in the time left. */
static void solve_own(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *res) {
  chc_system norm;
  chc_copy(&norm, s);
  chc_normalize(&norm);
  bool over_unf;
  chc_own_solve(&norm, lim, itp, res, NULL, &over_unf, NULL, NULL);
  if (res->answer == CHC_SAT) {
    model_from_normal_form(s, &norm, res, lim);   /* horn_route checks it on s */
  } else if (res->answer == CHC_UNSAT) {
    chc_result_free(res);
    memset(res, 0, sizeof *res);
    chc_bmc_solve(s, lim, 0, res);
    if (res->answer == CHC_SAT) {   /* bounded: never sat, but never trust it either */
      chc_result_free(res);
      memset(res, 0, sizeof *res);
      res->answer = CHC_UNKNOWN;
    }
    if (res->answer == CHC_UNKNOWN) res->reason = "unsat on the normal form, no derivation over the clauses in time";
  }
  chc_free(&norm);
}

static void solve(const char *alg, const chc_system *s, const zeta_options *o, const zeta_limits *lim, chc_result *res) {
  itp_strategy itp = ITP_AUTO;
  itp_strategy_parse(o->itp, &itp);
  memset(res, 0, sizeof *res);
  if (option_is(alg, "spacer")) { chc_spacer_solve_isolated(s, lim, true, res); return; }
  if (option_is(alg, "cegar")) { chc_pa_solve_itp(s, lim, itp, res); return; }
  if (option_is(alg, "own")) { solve_own(s, lim, itp, res); return; }
  if (option_is(alg, "bmc")) { chc_bmc_solve(s, lim, (uint32_t)o->bound, res); return; }
  if (option_is(alg, "portfolio")) {
    /* Spacer answers within seconds or unrolls level after level (a
     * recursion with a loop in its body: level 961 after 20 s): 30 % of
     * the time (10 s without a deadline), the own schedule the rest
     * (c/recursive-simple at 20 s, load 10: the SAFE answers of either
     * within 2-7 s; sum_non_eq-2 only by the own one) */
    double total = lim->deadline ? lim->deadline - limits_now() : 0;
    zeta_limits l1 = *lim;
    l1.deadline = limits_now() + (total > 0 ? total * 0.3 : 10);
    chc_spacer_solve_isolated(s, &l1, true, res);
    if (res->answer != CHC_UNKNOWN || limits_expired(lim)) return;
    chc_result_free(res);
    memset(res, 0, sizeof *res);
    solve_own(s, lim, itp, res);
    return;
  }
  res->answer = CHC_UNKNOWN;
  res->reason = "recursive programs: use --algorithm portfolio, spacer, own, cegar, bmc or pds";
}

/* Whether interp satisfies every clause; *undecided_only (may be NULL)
 * says that no clause was found violated but the solver left some
 * undecided. */
static bool model_ok(const chc_system *s, const term_t *interp, const char *backend, bool *undecided_only,
                     const zeta_limits *lim) {
  const char *err = NULL;
  if (undecided_only) *undecided_only = false;
  solver *z = backend ? solver_new(backend, &err) : solver_new_z3();
  if (!z) return false;
  set_check_timeout(z, lim);
  uint32_t *failed;
  bool *undecided;
  uint32_t nf = chc_check_model(s, interp, z, &failed, &undecided);
  uint32_t nu = 0;
  for (uint32_t i = 0; i < nf; i++) nu += undecided && undecided[i];
  if (undecided_only) *undecided_only = nf > 0 && nu == nf;
  solver_free(z);
  free(failed);
  free(undecided);
  return nf == 0;
}

/* SAFE when interp satisfies every clause (Z3, unless z3_checked says the
 * caller has just checked it; also cvc5 under --validate), with the
 * summaries and invariants under --invariant; otherwise UNKNOWN: what (an
 * engine's answer) failed its check. */
static int report_safe(report *r, const zeta_options *o, const proc_run_hooks *h, const cfa_prog *p,
                       const chc_system *s, const cfa_proc_chc_map *m, const term_t *interp, const char *what,
                       bool z3_checked, const zeta_limits *lim) {
  if (h && h->safe_unknown) return lang_verdict(r, ZETA_UNKNOWN, h->safe_unknown);
  bool undecided = false;
  bool ok = z3_checked || model_ok(s, interp, NULL, &undecided, lim);
  bool valid = ok && o->validate && model_ok(s, interp, ZETA_SECOND_SOLVER, &undecided, lim);
  if (!ok || (o->validate && !valid)) {
    char why[200];
    if (undecided) snprintf(why, sizeof why, "solver: the SMT check of %s was undecided", what);
    else snprintf(why, sizeof why, "internal: %s failed the SMT check", what);
    return lang_verdict(r, ZETA_UNKNOWN, why);
  }
  int code = lang_verdict(r, ZETA_SAFE, NULL);
  fprintf(report_out(r), "validated: summaries and invariants checked by z3%s\n", valid ? " and cvc5" : "");
  if (o->invariant) report_model(r, p, s, m, interp);
  return code;
}

int proc_run_check_interp(cfa_prog *p, const zeta_options *o, const proc_run_hooks *h, report *r,
                          bool (*build)(const chc_system *, const cfa_proc_chc_map *, term_t *, void *), void *ctx,
                          const char *what) {
  chc_system s;
  cfa_proc_chc_map m;
  cfa_proc_to_chc(p, &s, &m);
  term_t *interp = xcalloc(s.npreds + 1, sizeof *interp);
  int code = -1;
  if (build(&s, &m, interp, ctx) && model_ok(&s, interp, NULL, NULL, NULL))
    code = report_safe(r, o, h, p, &s, &m, interp, what, true, NULL);
  free(interp);
  cfa_proc_chc_map_free(&m);
  chc_free(&s);
  return code;
}

/* The Horn route on p's clauses s (cfa_proc_to_chc, map m). */
static int horn_route(cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_options *o,
                      const zeta_limits *lim, const proc_run_hooks *h, report *r) {
  report_stat(r, "horn-predicates", "%u", s->npreds);
  report_stat(r, "horn-clauses", "%u", s->nclauses);
  chc_result res;
  solve(o->algorithm, s, o, lim, &res);
  report_set_engine(r, res.engine ? res.engine : "horn");
  int code;
  bool z3_checked = res.answer == CHC_SAT && model_ok(s, res.interp, NULL, NULL, lim);
  if (res.answer == CHC_SAT && !z3_checked) {
    /* Spacer leaves predicates it never needed at true: solve the
     * normalized clauses and expand their model to every predicate */
    chc_system norm;
    chc_copy(&norm, s);
    chc_normalize(&norm);
    chc_result first = res;
    solve(o->algorithm, &norm, o, lim, &res);
    if (res.answer == CHC_UNKNOWN) {
      /* the normal form's solve gave up (Spacer may crash in its child):
       * the first model, with the predicates left at true falsified */
      chc_result_free(&res);
      res = first;
      first.interp = NULL;
      solver *z = solver_new_z3();
      set_check_timeout(z, lim);
      chc_falsify_unforced(s, res.interp, z);
      z3_checked = chc_repair_unreached(s, res.interp, z, NULL);
      solver_free(z);
    } else if (res.answer == CHC_SAT) {
      z3_checked = model_from_normal_form(s, &norm, &res, lim);
    } else if (res.answer == CHC_UNSAT) {   /* contradicts the first answer */
      chc_result_free(&res);
      memset(&res, 0, sizeof res);
      res.answer = CHC_UNKNOWN;
      res.reason = "internal: the Horn engines disagree";
    }
    chc_result_free(&first);
    chc_free(&norm);
  }
  if (res.answer == CHC_SAT) {
    code = report_safe(r, o, h, p, s, m, res.interp, "the summaries", z3_checked, lim);
  } else if (res.answer == CHC_UNSAT) {
    cfa_trace t;
    char why[300] = "the derivation has no run's shape";
    if (cfa_proc_chc_trace(p, s, m, &res.deriv, &t) && cfa_trace_replay(p, &t, why, sizeof why)) {
      if (h && h->unsafe) {
        code = h->unsafe(r, p, &t, h->ctx);
      } else {
        code = lang_verdict(r, ZETA_UNSAFE, NULL);
        proc_run_report_trace(r, p, &t);
      }
    } else {
      char reason[400];
      snprintf(reason, sizeof reason, "the counterexample did not replay (%s)", why);
      code = lang_verdict(r, ZETA_UNKNOWN, reason);
    }
    cfa_trace_free(&t);
  } else {
    code = lang_verdict(r, ZETA_UNKNOWN, res.reason ? res.reason : "the Horn engines gave up");
  }
  chc_result_free(&res);
  return code;
}

/* The UNSAFE answer from a trace: replayed concretely first (UNKNOWN when
 * it does not replay). */
static int unsafe_trace(report *r, const proc_run_hooks *h, const cfa_prog *p, const cfa_trace *t) {
  char why[300] = "";
  if (!cfa_trace_replay(p, t, why, sizeof why)) {
    char reason[400];
    snprintf(reason, sizeof reason, "the counterexample did not replay (%s)", why);
    return lang_verdict(r, ZETA_UNKNOWN, reason);
  }
  if (h && h->unsafe) return h->unsafe(r, p, t, h->ctx);
  int code = lang_verdict(r, ZETA_UNSAFE, NULL);
  proc_run_report_trace(r, p, t);
  return code;
}

/* An UNSAFE of a run on an inlined program (tmp) as r's answer: its trace
 * was replayed on that program, whose executions are the program's. */
static int copy_unsafe(report *r, report *tmp) {
  int code = lang_verdict(r, ZETA_UNSAFE, NULL);
  const char *text = report_text(tmp);
  const char *nl = strchr(text, '\n');
  fputs(nl ? nl + 1 : "", report_out(r));
  report_set_evidence(r, "trace", report_evidence_text(tmp));
  if (report_witness(tmp)) report_set_witness(r, report_witness(tmp));
  return code;
}

/* --algorithm bmc on a recursive program (its Horn clauses are not linear):
 * BMC on the program inlined with calls nested up to 1, 2, 3, ... deep
 * (deeper calls left out), half the time left per depth. Only UNSAFE
 * answers: a SAFE of the inlined program says nothing of deeper calls. */
static int bounded_bmc(const cfa_prog *p, const zeta_options *o, const zeta_limits *lim, report *r) {
  zeta_options ob = *o;
  ob.algorithm = "bmc";
  uint32_t reached = 0;
  for (uint32_t depth = 1; depth <= 1024 && !limits_expired(lim); depth++) {
    cfa flat;   /* copies multiply with each level: a small cap (BMC's encoding of 10,000 locations overran) */
    if (!cfa_prog_inline_bounded(p, depth, 5000, &flat)) break;
    zeta_limits sl = *lim;
    if (lim->deadline > 0) sl.deadline = limits_now() + (lim->deadline - limits_now()) / 2;
    report *tmp = report_new();
    diag d = {0};
    cfa_run_check(&flat, &ob, &sl, NULL, tmp, &d);
    cfa_free(&flat);
    bool found = report_verdict(tmp) == ZETA_UNSAFE;
    int code = found ? copy_unsafe(r, tmp) : 0;
    report_free(tmp);
    if (found) {
      report_set_engine(r, "bmc (calls inlined)");
      return code;
    }
    if (!limits_expired(&sl) || !lim->deadline) reached = depth;
  }
  char why[160];
  if (reached) snprintf(why, sizeof why, "bmc: no counterexample with calls nested up to %u deep", reached);
  else snprintf(why, sizeof why, "%s", limits_expired(lim) ? "timeout" : "bmc: the inlined program is too big");
  return lang_verdict(r, ZETA_UNKNOWN, why);
}

/* The concrete fixpoint reached an error location: the trace comes from
 * the Horn route, or from BMC on the inlined program. */
static int trace_elsewhere(cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_options *o,
                           const zeta_limits *lim, const proc_run_hooks *h, report *r) {
  zeta_options o2 = *o;
  o2.algorithm = "spacer";
  report *tmp = report_new();
  horn_route(p, s, m, &o2, lim, h, tmp);
  cfa flat;
  if (report_verdict(tmp) != ZETA_UNSAFE && !cfa_prog_recursive(p) && cfa_prog_inline(p, 100000, &flat)) {
    report_free(tmp);
    tmp = report_new();
    o2.algorithm = "bmc";
    diag d2 = {0};
    cfa_run_check(&flat, &o2, lim, NULL, tmp, &d2);
    cfa_free(&flat);
  }
  int code;
  if (report_verdict(tmp) == ZETA_UNSAFE) {
    code = copy_unsafe(r, tmp);
  } else if (report_verdict(tmp) == ZETA_UNKNOWN && h && h->unsafe) {
    code = lang_verdict(r, ZETA_UNKNOWN, report_reason(tmp));
  } else {
    code = lang_verdict(r, ZETA_UNKNOWN, "pds: the error location is reachable, but no trace replayed");
  }
  report_free(tmp);
  return code;
}

/* --algorithm pds (--pds-refine): the pushdown CEGAR loop (or the concrete
 * BDD summaries); SAFE when the reachable states, as Horn-clause
 * interpretations, pass the SMT check; UNSAFE with the engine's trace,
 * replayed concretely. */
static int pds_route(cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_options *o,
                     const zeta_limits *lim, const proc_run_hooks *h, report *r) {
  pds_result res;
  pds_refine_mode mode = option_is(o->pds_refine, "concrete")  ? PDS_CONCRETE
                         : option_is(o->pds_refine, "weakest")   ? PDS_WEAKEST
                         : option_is(o->pds_refine, "strongest") ? PDS_STRONGEST
                         : option_is(o->pds_refine, "conciliated") ? PDS_CONCILIATED
                         : option_is(o->pds_refine, "skip") ? PDS_SKIP
                         : option_is(o->pds_refine, "skip-conciliated") ? PDS_SKIP_CONCILIATED
                                                                 : PDS_BOTH;
  pds_sets_kind sets = option_is(o->pds_sets, "bdd") ? PDS_SETS_BDD : option_is(o->pds_sets, "smt") ? PDS_SETS_SMT : PDS_SETS_AUTO;
  pds_check(p, s, m, lim, mode, sets, o->validate, &res);
  static const char *const names[] = {"pds (concrete BDD summaries)", "pds (strongest interpolants)",
                                      "pds (weakest interpolants)", "pds (strongest and weakest interpolants)",
                                      "pds (conciliated interpolants)", "pds (weakest interpolants, assuming skip)",
                                      "pds (conciliated interpolants, assuming skip)"};
  char engine[120];
  snprintf(engine, sizeof engine, "%s%s", names[mode], res.smt ? " (sets as formulas, SMT)" : "");
  report_set_engine(r, engine);
  if (mode == PDS_CONCRETE) report_stat(r, "pds-sweeps", "%u", res.sweeps);
  report_stat(r, "pds-cpu", "%.3f", res.cpu);
  report_stat(r, "pds-cycles", "%u", res.cycles);
  report_stat(r, "pds-max-preds", "%u", res.max_preds);
  if (res.rechecked) report_stat(r, "pds-untracked", "%u", res.untracked);
  report_stat(r, "pds-witness-nodes", "%u", res.witnesses);
  report_stat(r, "pds-dag-nodes", "%u", res.dag_nodes);
  report_stat(r, "pds-bdd-vars", "%u", res.bdd_vars);
  report_stat(r, "pds-bdd-nodes", "%llu", (unsigned long long)res.peak_nodes);
  if (res.verdict == ZETA_UNSAFE) report_stat(r, "pds-trace-steps", "%u", res.trace.n);   /* 0: found elsewhere */
  int code;
  if (res.verdict == ZETA_SAFE) code = report_safe(r, o, h, p, s, m, res.interp, "the BDD fixpoint", false, lim);
  else if (res.verdict == ZETA_UNSAFE && res.trace.n) code = unsafe_trace(r, h, p, &res.trace);
  else if (res.verdict == ZETA_UNSAFE) code = trace_elsewhere(p, s, m, o, lim, h, r);
  else code = lang_verdict(r, ZETA_UNKNOWN, res.reason[0] ? res.reason : "pds gave up");
  pds_result_free(&res);
  return code;
}

/* The portfolio for recursive programs: the Horn route (Spacer, then the
 * own engines) against pds, forked; the first checked answer wins. */
typedef struct {
  cfa_prog *p;
  const chc_system *s;
  const cfa_proc_chc_map *m;
  const zeta_options *o;
  const proc_run_hooks *h;
  bool pds;
} proc_job;

static int proc_job_run(report *r, const zeta_limits *lim, void *ctx) {
  proc_job *j = ctx;
  return j->pds ? pds_route(j->p, j->s, j->m, j->o, lim, j->h, r) : horn_route(j->p, j->s, j->m, j->o, lim, j->h, r);
}

#define PROC_CONCRETE_BITS 128
static int race(cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_options *o,
                const zeta_limits *lim, const proc_run_hooks *h, report *r) {
  /* plain BDD reachability when the state is small (the thesis's "Moped
   * without abstraction"): fastest on some programs, and the trace of
   * errors that the abstraction and the Horn route do not find */
  zeta_options oc = *o;
  oc.pds_refine = "concrete";
  proc_job horn = {p, s, m, o, h, false}, pds = {p, s, m, o, h, true}, conc = {p, s, m, &oc, h, true};
  portfolio_job jobs[3] = {{"horn", proc_job_run, &horn, 0}, {"pds", proc_job_run, &pds, 0},
                           {"pds-concrete", proc_job_run, &conc, 0}};
  size_t n = pds_enc_bits(p) <= PROC_CONCRETE_BITS ? 3 : 2;
  portfolio_outcome po;
  int code = portfolio_run(jobs, n, portfolio_width(n), lim, r, &po);
  if (po.winner < 0) {
    report_set_engine(r, "portfolio");
    code = lang_verdict(r, ZETA_UNKNOWN, po.reason);
    if (po.internal) code = ZETA_EXIT_INTERNAL;
  }
  report_stat(r, "portfolio-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  return code;
}

int proc_run_check(cfa_prog *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  return proc_run_check_hooks(p, o, lim, NULL, r, d);
}

int proc_run_check_hooks(cfa_prog *p, const zeta_options *o, const zeta_limits *lim, const proc_run_hooks *h,
                         report *r, diag *d) {
  if (option_is(o->export_fmt, "cfa")) {
    char why[256];
    if (!cfa_prog_write(report_out(r), p, why, sizeof why)) {
      diag_set(d, ZETA_EXIT_INPUT, "zeta: --export cfa: %s", why);
      return ZETA_EXIT_INPUT;
    }
    return ZETA_EXIT_VERDICT;
  }
  bool chc_out = option_is(o->export_fmt, "chc"), pds = option_is(o->algorithm, "pds");
  bool horn = option_is(o->algorithm, "spacer") || option_is(o->algorithm, "own");
  if (!chc_out && !pds && !horn && !cfa_prog_recursive(p)) {
    cfa flat;
    if (cfa_prog_inline(p, 100000, &flat)) {
      report_stat(r, "inlined-locations", "%u", flat.nlocs);
      int code = cfa_run_check(&flat, o, lim, NULL, r, d);
      cfa_free(&flat);
      return code;
    }
  }
  if (option_is(o->export_fmt, "vmt")) {   /* else the check below would run instead */
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --export vmt: a program with recursion has no transition-system encoding (use --export chc or cfa)");
    return ZETA_EXIT_INPUT;
  }
  /* the Horn encoding, built once for every route below */
  chc_system s;
  cfa_proc_chc_map m;
  cfa_proc_to_chc(p, &s, &m);
  int code;
  if (chc_out) {
    chc_write(report_out(r), &s);
    code = ZETA_EXIT_VERDICT;
  } else if (pds) {
    code = pds_route(p, &s, &m, o, lim, h, r);
  } else if (option_is(o->algorithm, "portfolio")) {
    code = race(p, &s, &m, o, lim, h, r);
  } else if (option_is(o->algorithm, "bmc") && !h && !chc_is_linear(&s)) {
    code = bounded_bmc(p, o, lim, r);
  } else {
    code = horn_route(p, &s, &m, o, lim, h, r);
  }
  cfa_proc_chc_map_free(&m);
  chc_free(&s);
  return code;
}
