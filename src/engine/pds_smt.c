/* The pushdown engine's concrete sets as formulas (pds_smt.h). */
#include "engine/pds_smt.h"
#include "engine/pds_abs.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"
#include "solver/z3_qe.h"

struct pds_smt {
  cfa *view;          /* per procedure: its frame as one cfa (for the edge formulas) */
};

static const int32_t IDX[PC_NCOPY] = {0, 1, 7, 8, 9};

term_t pds_smt_var(const pds_enc *E, uint32_t s, int copy) { return term_var_at(E->slots[s].var, IDX[copy]); }

void pds_smt_open(pds_enc *E) {
  E->S = xcalloc(1, sizeof *E->S);
  E->S->view = xcalloc(E->p->nprocs + 1, sizeof *E->S->view);
  for (uint32_t f = 0; f < E->p->nprocs; f++) cfa_proc_view(E->p, f, &E->S->view[f]);
}

void pds_smt_close(pds_enc *E) {
  if (!E->S) return;
  for (uint32_t f = 0; f < E->p->nprocs; f++) cfa_free(&E->S->view[f]);
  free(E->S->view);
  free(E->S);
  E->S = NULL;
}

static void fail(pds_enc *E, const char *why) {
  /* the solver's clock ran out with the run's */
  if (!E->failed) snprintf(E->fail_why, sizeof E->fail_why, "%s", limits_expired(E->lim) ? "timeout" : why);
  E->failed = true;
}

static uint32_t timeout_ms(const pds_enc *E) {
  uint32_t ms = limits_remaining_ms(E->lim);
  return ms ? ms : 60000;
}

/* ---- variable lists ---- */

typedef struct {
  term_t *v;
  uint32_t n, cap;
} vlist;

static void vl_add(vlist *l, term_t t) {
  if (l->n == l->cap) l->cap = l->cap ? 2 * l->cap : 16, l->v = xrealloc(l->v, l->cap * sizeof *l->v);
  l->v[l->n++] = t;
}

static void vl_list(pds_enc *E, vlist *l, int k, uint32_t f, int copy) {
  for (uint32_t i = 0; i < E->nsl[k][f]; i++) vl_add(l, pds_smt_var(E, E->sl[k][f][i], copy));
}

/* t with slot list k of f renamed from one copy to another. */
static term_t rn(pds_enc *E, term_t t, int k, uint32_t f, int from, int to) {
  vlist a = {0}, b = {0};
  vl_list(E, &a, k, f, from), vl_list(E, &b, k, f, to);
  term_t r = a.n ? term_subst(t, a.n, a.v, b.v) : t;
  free(a.v), free(b.v);
  return r;
}

/* exists vars (those free in body): body, eliminated. */
static term_t ex(pds_enc *E, term_t body, const vlist *vars) {
  if (E->failed) return term_true();
  term_t *fv;
  uint32_t nf = term_free_vars(body, &fv);
  vlist q = {0};
  for (uint32_t i = 0; i < vars->n; i++)
    for (uint32_t j = 0; j < nf; j++)
      if (fv[j] == vars->v[i]) { vl_add(&q, vars->v[i]); break; }
  free(fv);
  if (!q.n) return body;
  term_t r = z3_qe_arrays_by_tactic(term_exists(q.n, q.v, body), timeout_ms(E));
  free(q.v);
  if (r == NULL_TERM) {
    fail(E, "pds: the quantifier elimination of an image failed");
    return term_true();
  }
  return r;
}

/* ---- relations ---- */

bool pds_smt_edge_rel(pds_enc *E, uint32_t f, uint32_t e, term_t *out, char *why, size_t len) {
  const cfa_edge *ed = &E->p->procs[f].body.edges[e];
  for (uint32_t i = 0; i < ed->nstmts; i++)
    if (ed->stmts[i].kind != CFA_ASSUME && ed->stmts[i].kind != CFA_ASSIGN && ed->stmts[i].kind != CFA_HAVOC) {
      snprintf(why, len, "pds: a choice statement");
      return false;
    }
  *out = cfa_edge_formula(&E->S->view[f], e);
  return true;
}

term_t pds_smt_bind(pds_enc *E, uint32_t c) {
  const pds_call *k = &E->calls[c];
  const cfa_call *cl = E->p->procs[k->proc].body.edges[k->edge].call;
  uint32_t ng = E->p->globals.size;
  term_t r = term_true();
  for (uint32_t i = 0; i < ng; i++) r = term_and2(r, term_eq(pds_smt_var(E, i, PC_AUX), pds_smt_var(E, i, PC_CUR)));
  for (uint32_t i = 0; i < cl->nargs; i++)
    r = term_and2(r, term_eq(pds_smt_var(E, E->first[k->callee] + i, PC_AUX), cl->args[i]));
  return r;
}

static term_t eq_list(pds_enc *E, int k, uint32_t f, int a, int b) {
  term_t r = term_true();
  for (uint32_t i = 0; i < E->nsl[k][f]; i++)
    r = term_and2(r, term_eq(pds_smt_var(E, E->sl[k][f][i], a), pds_smt_var(E, E->sl[k][f][i], b)));
  return r;
}

term_t pds_smt_enter_rel(pds_enc *E, uint32_t f) {
  return term_and2(eq_list(E, SL_ENTRY, f, PC_ENT, PC_AUX), eq_list(E, SL_ENTRY, f, PC_CUR, PC_AUX));
}

static uint32_t ret_slot(pds_enc *E, uint32_t f) {
  term_t r = E->p->procs[f].ret;
  return r == NULL_TERM ? CFA_NONE : pds_slot_of(E, r);
}

term_t pds_smt_pop_rel(pds_enc *E, uint32_t f) {
  term_t r = term_and2(eq_list(E, SL_ENTRY, f, PC_AUX, PC_ENT), eq_list(E, SL_GLOBALS, f, PC_OUT, PC_CUR));
  uint32_t ret = ret_slot(E, f);
  if (ret != CFA_NONE) r = term_and2(r, term_eq(pds_smt_var(E, ret, PC_OUT), pds_smt_var(E, ret, PC_CUR)));
  return r;
}

term_t pds_smt_eval_rel(pds_enc *E, uint32_t c) {
  uint32_t rs, ret, ng = E->p->globals.size, g = E->calls[c].proc;
  pds_result_slots(E, c, &rs, &ret);
  term_t r = term_true();
  for (uint32_t i = 0; i < ng; i++)
    if (i != rs) r = term_and2(r, term_eq(pds_smt_var(E, i, PC_NXT), pds_smt_var(E, i, PC_OUT)));
  for (uint32_t i = 0; i < E->nsl[SL_LOCALS][g]; i++) {
    uint32_t s = E->sl[SL_LOCALS][g][i];
    if (s != rs) r = term_and2(r, term_eq(pds_smt_var(E, s, PC_NXT), pds_smt_var(E, s, PC_CUR)));
  }
  if (rs != CFA_NONE) r = term_and2(r, term_eq(pds_smt_var(E, rs, PC_NXT), pds_smt_var(E, ret, PC_OUT)));
  return r;
}

term_t pds_smt_cur_to_nxt(pds_enc *E, uint32_t f, term_t t) { return rn(E, t, SL_FRAME, f, PC_CUR, PC_NXT); }
term_t pds_smt_aux_to_ent(pds_enc *E, uint32_t f, term_t t) { return rn(E, t, SL_ENTRY, f, PC_AUX, PC_ENT); }

/* ---- images ---- */

/* The free variables of T with index idx (CUR: 0 includes the havoc
 * auxiliaries), except those in `but`. */
static void vars_at(term_t T, int32_t idx, vlist *out) {
  term_t *fv;
  uint32_t nf = term_free_vars(T, &fv);
  for (uint32_t i = 0; i < nf; i++)
    if (term_var_index(fv[i]) == idx) vl_add(out, fv[i]);
  free(fv);
}

bool pds_smt_img_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len) {
  term_t T;
  if (!pds_smt_edge_rel(E, f, e, &T, why, len)) return false;
  vlist q = {0};
  vars_at(T, 0, &q);
  vl_list(E, &q, SL_FRAME, f, PC_CUR);
  term_t r = ex(E, term_and2(S, T), &q);
  free(q.v);
  *out = rn(E, r, SL_FRAME, f, PC_NXT, PC_CUR);
  return true;
}

bool pds_smt_pre_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len) {
  term_t T;
  if (!pds_smt_edge_rel(E, f, e, &T, why, len)) return false;
  vlist q = {0}, frame0 = {0};
  vars_at(T, 1, &q);
  vl_list(E, &q, SL_FRAME, f, PC_NXT);
  /* the havoc auxiliaries: index 0 but not a frame variable */
  vars_at(T, 0, &frame0);
  for (uint32_t i = 0; i < frame0.n; i++)
    if (pds_slot_of(E, frame0.v[i]) == CFA_NONE) vl_add(&q, frame0.v[i]);
  free(frame0.v);
  *out = ex(E, term_and2(T, rn(E, S, SL_FRAME, f, PC_CUR, PC_NXT)), &q);
  free(q.v);
  return true;
}

bool pds_smt_img_push(pds_enc *E, uint32_t c, pds_set S, bool pivot, pds_set *out, char *why, size_t len) {
  (void)why, (void)len;
  uint32_t g = E->calls[c].proc;
  vlist q = {0};
  if (pivot) {
    vl_list(E, &q, SL_GLOBALS, g, PC_CUR);
  } else {
    vl_list(E, &q, SL_FRAME, g, PC_CUR);
    vl_list(E, &q, SL_ENT, g, PC_ENT);
  }
  *out = ex(E, term_and2(S, pds_smt_bind(E, c)), &q);
  free(q.v);
  return true;
}

bool pds_smt_pre_push(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len) {
  (void)why, (void)len;
  vlist q = {0};
  vl_list(E, &q, SL_ENTRY, E->calls[c].callee, PC_AUX);
  *out = ex(E, term_and2(pds_smt_bind(E, c), S), &q);
  free(q.v);
  return true;
}

pds_set pds_smt_img_enter(pds_enc *E, uint32_t f, pds_set S) {
  return term_and2(rn(E, S, SL_ENTRY, f, PC_AUX, PC_ENT), eq_list(E, SL_ENTRY, f, PC_CUR, PC_ENT));
}

pds_set pds_smt_pre_enter(pds_enc *E, uint32_t f, pds_set S) {
  vlist q = {0};
  vl_list(E, &q, SL_NONENTRY, f, PC_CUR);
  term_t t = ex(E, S, &q);
  free(q.v);
  t = rn(E, t, SL_ENTRY, f, PC_CUR, PC_ENT);
  return rn(E, t, SL_ENTRY, f, PC_ENT, PC_AUX);
}

/* ENT (entry) -> AUX, CUR globals and result -> OUT, or back. */
static term_t exit_rn(pds_enc *E, uint32_t f, term_t t, bool back) {
  vlist a = {0}, b = {0};
  vl_list(E, &a, SL_ENTRY, f, back ? PC_AUX : PC_ENT), vl_list(E, &b, SL_ENTRY, f, back ? PC_ENT : PC_AUX);
  vl_list(E, &a, SL_GLOBALS, f, back ? PC_OUT : PC_CUR), vl_list(E, &b, SL_GLOBALS, f, back ? PC_CUR : PC_OUT);
  uint32_t ret = ret_slot(E, f);
  if (ret != CFA_NONE) vl_add(&a, pds_smt_var(E, ret, back ? PC_OUT : PC_CUR)), vl_add(&b, pds_smt_var(E, ret, back ? PC_CUR : PC_OUT));
  term_t r = a.n ? term_subst(t, a.n, a.v, b.v) : t;
  free(a.v), free(b.v);
  return r;
}

pds_set pds_smt_img_pop(pds_enc *E, uint32_t f, pds_set S) {
  vlist q = {0};
  vl_list(E, &q, SL_NONRET, f, PC_CUR);
  term_t t = ex(E, S, &q);
  free(q.v);
  return exit_rn(E, f, t, false);
}

pds_set pds_smt_pre_pop(pds_enc *E, uint32_t f, pds_set S) { return exit_rn(E, f, S, true); }

/* The globals but rs, copy a -> copy b (and rs -> ret's copy b when set). */
static term_t glob_rn(pds_enc *E, term_t t, uint32_t rs, uint32_t ret, int a, int b) {
  vlist from = {0}, to = {0};
  for (uint32_t i = 0; i < E->p->globals.size; i++)
    if (i != rs) vl_add(&from, pds_smt_var(E, i, a)), vl_add(&to, pds_smt_var(E, i, b));
  if (ret != CFA_NONE) vl_add(&from, pds_smt_var(E, rs, a)), vl_add(&to, pds_smt_var(E, ret, b));
  term_t r = from.n ? term_subst(t, from.n, from.v, to.v) : t;
  free(from.v), free(to.v);
  return r;
}

pds_set pds_smt_img_eval(pds_enc *E, uint32_t c, pds_set Spv, pds_set Sef) {
  uint32_t rs, ret, ng = E->p->globals.size, f = E->calls[c].callee;
  pds_result_slots(E, c, &rs, &ret);
  term_t a = Spv, b = Sef;
  vlist q = {0};
  if (rs != CFA_NONE) {
    vlist one = {0};
    vl_add(&one, pds_smt_var(E, rs, rs >= ng ? PC_CUR : PC_OUT));
    if (rs >= ng) a = ex(E, a, &one);
    else b = ex(E, b, &one);
    free(one.v);
    b = term_and2(b, term_eq(pds_smt_var(E, rs, PC_CUR), pds_smt_var(E, ret, PC_OUT)));
  }
  vl_list(E, &q, SL_ENTRY, f, PC_AUX);
  if (ret != CFA_NONE) vl_add(&q, pds_smt_var(E, ret, PC_OUT));
  term_t r = ex(E, term_and2(a, b), &q);
  free(q.v);
  return glob_rn(E, r, rs, CFA_NONE, PC_OUT, PC_CUR);
}

pds_set pds_smt_eval_back(pds_enc *E, uint32_t c, pds_set S) {
  uint32_t rs, ret;
  pds_result_slots(E, c, &rs, &ret);
  return glob_rn(E, S, rs, rs != CFA_NONE ? ret : CFA_NONE, PC_CUR, PC_OUT);
}

pds_set pds_smt_exists_out(pds_enc *E, uint32_t f, pds_set S) {
  vlist q = {0};
  vl_list(E, &q, SL_GLOBALS, f, PC_OUT);
  uint32_t ret = ret_slot(E, f);
  if (ret != CFA_NONE) vl_add(&q, pds_smt_var(E, ret, PC_OUT));
  term_t r = ex(E, S, &q);
  free(q.v);
  return r;
}

pds_set pds_smt_exists_kept(pds_enc *E, uint32_t g, pds_set S) {
  vlist q = {0};
  vl_list(E, &q, SL_LOCALS, g, PC_CUR);
  vl_list(E, &q, SL_ENT, g, PC_ENT);
  term_t r = ex(E, S, &q);
  free(q.v);
  return r;
}

/* ---- checks and states ---- */

bool pds_smt_empty(pds_enc *E, pds_set S) {
  if (S == term_false()) return true;
  if (S == term_true() || E->failed) return false;
  solver_result r = solver_check_formula(S, timeout_ms(E));
  if (r == SOLVER_UNKNOWN) fail(E, "pds: the solver left a check undecided");
  return r == SOLVER_UNSAT;
}

bool pds_smt_only(pds_enc *E, pds_set S, const pds_space *sp) {
  term_t *fv;
  uint32_t nf = term_free_vars(S, &fv);
  bool ok = true;
  for (uint32_t j = 0; j < nf && ok; j++) {
    bool in = false;
    for (uint32_t i = 0; i < sp->n && !in; i++) in = fv[j] == pds_smt_var(E, sp->slot[i], sp->copy[i]);
    ok = in;
  }
  free(fv);
  return ok;
}

pds_set pds_smt_pick(pds_enc *E, pds_set S, const pds_space *sp) {
  solver *z = solver_new_z3();
  solver_set_timeout(z, timeout_ms(E));
  solver_assert(z, S);
  solver_result r = solver_check(z);
  term_t one = term_false();
  if (r == SOLVER_SAT) {
    one = term_true();
    for (uint32_t i = 0; i < sp->n; i++) {
      term_t v = pds_smt_var(E, sp->slot[i], sp->copy[i]), x = solver_value(z, v);
      if (x == NULL_TERM) {
        fail(E, "pds: no model value");
        break;
      }
      one = term_and2(one, term_eq(v, x));
    }
  } else if (r == SOLVER_UNKNOWN) {
    fail(E, "pds: the solver left a check undecided");
  }
  solver_free(z);
  return one;
}

term_t pds_smt_value(pds_enc *E, pds_set one, uint32_t s, int copy) {
  solver *z = solver_new_z3();
  solver_assert(z, one);
  term_t v = pds_smt_var(E, s, copy), x = NULL_TERM;
  if (solver_check(z) == SOLVER_SAT) x = solver_value(z, v);
  solver_free(z);
  return x != NULL_TERM ? x : term_zero(term_type(v));
}

/* ---- abstraction ---- */

BDD pds_smt_abstract(pds_enc *E, term_t F, uint32_t ngroups, const term_t *const *atoms, const uint32_t *natoms,
                     const int *copy) {
  uint32_t n = 0;
  for (uint32_t g = 0; g < ngroups; g++) n += natoms[g];
  term_t *ts = xmalloc((n + 1) * sizeof *ts);
  int *vars = xmalloc((n + 1) * sizeof *vars);
  n = 0;
  for (uint32_t g = 0; g < ngroups; g++)
    for (uint32_t i = 0; i < natoms[g]; i++) ts[n] = atoms[g][i], vars[n++] = pds_av(E, i, copy[g]);
  solver *z = solver_new_z3();
  solver_set_timeout(z, timeout_ms(E));
  uint32_t count = 0;
  term_t *vals = NULL;
  solver_result r = solver_enumerate(z, F, n, ts, 0, E->lim ? E->lim->deadline : 0, &count, &vals);
  BDD res = bdd_false();
  if (r != SOLVER_UNSAT) {
    fail(E, "pds: the solver could not enumerate an abstract rule");
    res = bdd_true();
  } else {
    for (uint32_t k = 0; k < count; k++) {
      BDD cube = bdd_addref(bdd_true());
      for (uint32_t i = 0; i < n; i++) {
        BDD lit = term_is_true(vals[(size_t)k * n + i]) ? bdd_ithvar(vars[i]) : bdd_nithvar(vars[i]);
        BDD t = bdd_addref(bdd_and(cube, lit));
        bdd_delref(cube);
        cube = t;
      }
      BDD t = bdd_addref(bdd_or(res, cube));
      bdd_delref(cube);
      if (k) bdd_delref(res);
      res = t;
    }
    if (count) bdd_delref(res);
  }
  solver_free(z);
  free(vals), free(ts), free(vars);
  return pds_keep(E, res);
}
