/* Bounded model checking of linear Horn clauses through their transition
 * system encoding (model/chc_ts.h): unroll, ask for the error location at
 * each depth, and turn a model into a derivation (each step matched to the
 * clause whose instance it is, checked with the concrete values). */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/chc_engine.h"
#include "ir/chc_ts.h"
#include "engine/ts_engine.h"
#include "solver/solver.h"

/* Which clause takes step j of a path with values loc/slots; CHC_FALSE if none. */
static uint32_t step_clause(const chc_system *s, solver *chk, int64_t from, int64_t to, term_t *vf, term_t *vt) {
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    int64_t src = c->nbody ? (int64_t)c->body[0].pred + 1 : 0;
    int64_t dst = c->head.pred == CHC_FALSE ? (int64_t)s->npreds + 1 : (int64_t)c->head.pred + 1;
    if (src != from || dst != to) continue;
    term_vec f = {0};
    term_vec_push(&f, c->constraint);
    if (c->nbody)
      for (uint32_t a = 0; a < s->preds[c->body[0].pred].arity; a++) term_vec_push(&f, term_eq(c->body[0].args[a], vf[a]));
    if (c->head.pred != CHC_FALSE)
      for (uint32_t a = 0; a < s->preds[c->head.pred].arity; a++) term_vec_push(&f, term_eq(c->head.args[a], vt[a]));
    solver_push(chk);
    solver_assert(chk, term_and(f.size, f.data));
    solver_result r = solver_check(chk);
    solver_pop(chk, 1);
    term_vec_free(&f);
    if (r == SOLVER_SAT) return i;
  }
  return CHC_FALSE;
}

static uint32_t max_arity(const chc_system *s) {
  uint32_t m = 1;
  for (uint32_t p = 0; p < s->npreds; p++) if (s->preds[p].arity > m) m = s->preds[p].arity;
  return m;
}

/* Values of state variables along a path: from a solver model or a trace. */
typedef struct { solver *slv; const ts *t; const ts_trace *tr; } valsrc;

static term_t value_at(const valsrc *v, term_t var, uint32_t k) {
  if (v->slv) return solver_value(v->slv, term_shift(var, (int32_t)k));
  for (uint32_t i = 0; i < v->t->vars.size; i++)
    if (v->t->vars.data[i] == var) return v->tr->values[k * v->tr->width + i];
  return NULL_TERM;
}

/* Values of predicate p's slots at step k. */
static void slot_values(const chc_system *s, const valsrc *src, uint32_t p, uint32_t k, term_t *out) {
  term_t *sl = xmalloc(max_arity(s) * sizeof(term_t));
  chc_ts_pred_slots(s, p, sl);
  for (uint32_t a = 0; a < s->preds[p].arity; a++) out[a] = value_at(src, sl[a], k);
  free(sl);
}

/* A derivation from a path of k transitions ending in the error location. */
static bool extract(const chc_system *s, const valsrc *slv, uint32_t k, chc_derivation *d) {
  /* states 0..k: loc values */
  int64_t *loc = xmalloc((k + 1) * sizeof *loc);
  bool ok = true;
  for (uint32_t j = 0; j <= k && ok; j++) {
    term_t v = value_at(slv, chc_ts_loc(), j);
    ok = v != NULL_TERM && term_op_of(v) == OP_RAT;
    if (ok) {
      mpq_t q; mpq_init(q); term_rat_value(v, q);
      loc[j] = mpz_get_si(mpq_numref(q));
      mpq_clear(q);
    }
  }
  solver *chk = solver_new_z3_beside(slv->slv);
  uint32_t ma = max_arity(s);
  term_t *vf = xmalloc(ma * sizeof(term_t)), *vt = xmalloc(ma * sizeof(term_t));
  /* transitions j = k-1 (the query) down to 0 (a fact): node k-1-j */
  for (uint32_t t = 0; t < k && ok; t++) {
    uint32_t j = k - 1 - t;
    if (loc[j] > 0) slot_values(s, slv, (uint32_t)loc[j] - 1, j, vf);
    bool to_pred = loc[j + 1] > 0 && loc[j + 1] <= (int64_t)s->npreds;
    if (to_pred) slot_values(s, slv, (uint32_t)loc[j + 1] - 1, j + 1, vt);
    uint32_t c = step_clause(s, chk, loc[j], loc[j + 1], vf, vt);
    ok = c != CHC_FALSE;
    if (!ok) break;
    uint32_t id = chc_derivation_add(d, s, c);
    if (to_pred) memcpy(d->nodes[id].head_vals, vt, s->preds[loc[j + 1] - 1].arity * sizeof(term_t));
    if (s->clauses[c].nbody) d->nodes[id].children[0] = id + 1;
  }
  free(vf); free(vt); free(loc);
  solver_free(chk);
  return ok;
}

void chc_bmc_solve(const chc_system *s, const zeta_limits *lim, uint32_t max_depth, chc_result *out) {
  chc_result_start(out, "bmc (transition-system encoding)");
  ts t;
  if (!chc_to_ts(s, &t)) { chc_bmc_tree_solve(s, lim, max_depth, out); return; }
  solver *slv = solver_new_z3();
  solver_assert(slv, t.init);
  out->reason = "timeout";
  for (uint32_t k = 1; !limits_expired(lim) && (max_depth == 0 || k <= max_depth); k++) {
    solver_assert(slv, term_shift(t.trans, (int32_t)k - 1));
    solver_set_timeout(slv, limits_remaining_ms(lim));
    solver_push(slv);
    solver_assert(slv, term_shift(term_not(t.prop), (int32_t)k));
    solver_result r = solver_check(slv);
    if (r == SOLVER_SAT) {
      valsrc src = {slv, NULL, NULL};
      if (extract(s, &src, k, &out->deriv)) out->answer = CHC_UNSAT;
      else { chc_derivation_free(&out->deriv); out->reason = "bmc: path not matched to clauses"; }
      solver_pop(slv, 1);
      break;
    }
    solver_pop(slv, 1);
    if (r == SOLVER_UNKNOWN) break;
    if (max_depth && k == max_depth) out->reason = "bmc: bound reached";
  }
  solver_free(slv);
  ts_free(&t);
}

/* kind / pdr / imc of engine/ts_engine.h on the encoding. A SAFE invariant
 * over (loc, slots) gives each predicate p the interpretation
 * exists other slots. inv[loc := p+1, p's slots := p's params]. */
void chc_ts_solve(const chc_system *s, const zeta_limits *lim, const char *alg, chc_result *out) {
  chc_ts_solve_bounded(s, lim, alg, ITP_AUTO, 0, out);
}

void chc_ts_solve_bounded(const chc_system *s, const zeta_limits *lim, const char *alg, itp_strategy itp,
                          uint32_t bound, chc_result *out) {
  chc_result_start(out, alg);
  ts t;
  if (!chc_to_ts(s, &t)) { out->reason = "nonlinear clauses: k-induction and IMC run on linear ones (bmc, pdr, ic3, cegar and spacer on any)"; return; }
  ts_engine_opts eo;
  ts_engine_opts_default(&eo);
  eo.limits = lim;
  eo.itp = itp;
  eo.bound = bound;
  ts_result r;
  ts_result_init(&r);
  zeta_verdict v = strcmp(alg, "pdr") == 0 ? pdr_run(&t, &eo, &r)
                   : strcmp(alg, "imc") == 0 ? imc_run(&t, &eo, &r)
                   : strcmp(alg, "kind") == 0 ? kind_run(&t, &eo, &r) : bmc_run(&t, &eo, &r);
  out->reason = r.reason ? r.reason : "unknown";
  if (v == ZETA_UNSAFE && r.trace.length >= 2) {
    valsrc src = {NULL, &t, &r.trace};
    if (extract(s, &src, r.trace.length - 1, &out->deriv)) out->answer = CHC_UNSAT;
    else { chc_derivation_free(&out->deriv); out->reason = "trace not matched to clauses"; }
  } else if (v == ZETA_SAFE && r.invariant != NULL_TERM) {
    out->answer = CHC_SAT;
    out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
    term_t *sl = xmalloc(max_arity(s) * sizeof(term_t));
    for (uint32_t p = 0; p < s->npreds; p++) {
      chc_ts_pred_slots(s, p, sl);
      term_vec from = {0}, to = {0}, others = {0};
      term_vec_push(&from, chc_ts_loc());
      term_vec_push(&to, term_int((long)p + 1));
      for (uint32_t a = 0; a < s->preds[p].arity; a++) { term_vec_push(&from, sl[a]); term_vec_push(&to, s->preds[p].params[a]); }
      for (uint32_t i = 0; i < t.vars.size; i++) {
        bool mine = false;
        for (uint32_t j = 0; j < from.size; j++) mine |= from.data[j] == t.vars.data[i];
        if (!mine) term_vec_push(&others, t.vars.data[i]);
      }
      term_t body = term_subst(r.invariant, from.size, from.data, to.data);
      term_t *fv;
      uint32_t nfv = term_free_vars(body, &fv);
      term_vec q = {0};
      for (uint32_t i = 0; i < nfv; i++)
        for (uint32_t j = 0; j < others.size; j++) if (fv[i] == others.data[j]) term_vec_push(&q, fv[i]);
      out->interp[p] = q.size ? term_exists(q.size, q.data, body) : body;
      free(fv);
      term_vec_free(&q); term_vec_free(&from); term_vec_free(&to); term_vec_free(&others);
    }
    free(sl);
  } else if (v == ZETA_SAFE) {
    out->reason = "safe without an invariant to turn into a model";
  }
  ts_result_free(&r);
  ts_free(&t);
}
