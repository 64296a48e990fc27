/* Counterexample DAGs, interpolants and traces (pds_cex.h). */
#include "engine/pds_cex.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

#define NONE CFA_NONE

static BDD keep(pds_dag *D, BDD b) { return pds_keep(D->A->E, b); }
static void set(BDD *slot, BDD v) {
  bdd_addref(v);
  if (*slot != PDS_UNBUILT) bdd_delref(*slot);
  *slot = v;
}

/* ---- building ---- */

static uint32_t node(pds_dag *D, uint32_t w, pds_wkind kind, uint32_t via, uint32_t p0, uint32_t p1) {
  size_t cap = D->cap;
  XGROW(D->n, cap, D->nn + 1);
  D->cap = (uint32_t)cap;
  uint32_t id = D->nn++;
  pds_dnode *x = &D->n[id];
  memset(x, 0, sizeof *x);
  x->kind = kind, x->w = w, x->sym = D->W->w[w].sym, x->via = via;
  x->par[0] = p0, x->par[1] = p1;
  x->A = x->gA = x->I = x->P = x->val = PDS_UNBUILT;
  for (int k = 0; k < 2; k++) {
    uint32_t p = k ? p1 : p0;
    if (p != NONE) D->n[p].child[D->n[p].nchild++] = id;
  }
  return id;
}

/* The chain of one frame ending at witness w: ctx is the node a returning
 * frame's entry hangs from (NONE: follow the witnesses, through push-only
 * calls up to main's init), call the call it returns to. Returns the node
 * of w. */
static uint32_t chain(pds_dag *D, uint32_t w, uint32_t ctx, uint32_t call, bool *ok) {
  const pds_post *W = D->W;
  uint32_t *ws = NULL, n = 0, cur = w;
  for (;;) {
    ws = xrealloc(ws, (n + 1) * sizeof *ws);
    ws[n++] = cur;
    const pds_wnode *x = &W->w[cur];
    if (x->kind == W_INIT || (x->kind == W_PUSH_EN && ctx != NONE)) break;
    cur = x->par[0];
  }
  uint32_t prev = NONE;
  for (uint32_t i = n; i-- > 0 && *ok;) {
    const pds_wnode *x = &W->w[ws[i]];
    if (D->nn >= PDS_DAG_MAX_NODES) {
      *ok = false;
      break;
    }
    if (x->kind == W_INIT) {
      prev = node(D, ws[i], W_INIT, NONE, NONE, NONE);
    } else if (x->kind == W_PUSH_EN && ctx != NONE && i == n - 1) {
      prev = node(D, ws[i], W_PUSH_EN, call, ctx, NONE);
      D->n[prev].joined = true;
    } else if (x->kind == W_EVAL) {
      uint32_t m1 = D->n[prev].par[0];
      uint32_t ef = chain(D, x->par[1], m1, x->via, ok);
      if (!*ok) break;
      prev = node(D, ws[i], W_EVAL, x->via, prev, ef);
    } else {
      prev = node(D, ws[i], x->kind, x->via, prev, NONE);
    }
  }
  free(ws);
  return prev;
}

bool pds_dag_build(pds_dag *D, pds_abs *A, const pds_post *W, char *why, size_t len) {
  memset(D, 0, sizeof *D);
  D->A = A, D->W = W;
  bool ok = true;
  D->err = chain(D, W->err, NONE, NONE, &ok);
  if (!ok) {
    snprintf(why, len, "pds: the counterexample DAG has more than %u nodes", PDS_DAG_MAX_NODES);
    return false;
  }
  /* each node's abstract set over A0 and its concretization */
  for (uint32_t i = 0; i < D->nn; i++) {
    pds_dnode *x = &D->n[i];
    BDD d = W->w[x->w].delta, a;
    switch (A->sym[x->sym].kind) {
    case SYM_PV: a = keep(D, bdd_exist(d, keep(D, bdd_and(pds_abs_vs_all(A, AC_AS), pds_abs_vs_all(A, AC_AT))))); break;
    case SYM_EF: {
      a = keep(D, bdd_exist(d, pds_abs_vs_all(A, AC_AT)));
      bddPair *pr = bdd_newpair();
      for (uint32_t k = 0; k < PDS_MAX_PREDS; k++) bdd_setpair(pr, pds_av(k, AC_AS), pds_av(k, AC_A0));
      a = keep(D, bdd_replace(a, pr));
      bdd_freepair(pr);
      break;
    }
    default: a = keep(D, bdd_exist(d, pds_abs_vs_all(A, AC_AT))); break;
    }
    set(&x->A, a);
    set(&x->gA, pds_concretize(A, x->sym, a));
    pds_enc_release(A->E);
  }
  return true;
}

void pds_dag_free(pds_dag *D) {
  for (uint32_t i = 0; i < D->nn; i++) {
    BDD *b[5] = {&D->n[i].A, &D->n[i].gA, &D->n[i].I, &D->n[i].P, &D->n[i].val};
    for (int k = 0; k < 5; k++)
      if (*b[k] != PDS_UNBUILT) bdd_delref(*b[k]);
  }
  free(D->n);
  memset(D, 0, sizeof *D);
}

/* ---- strongest interpolants ---- */

static uint32_t proc_of(const pds_dag *D, uint32_t id) { return D->A->sym[D->n[id].sym].proc; }

bool pds_dag_forward(pds_dag *D, bool *real, char *why, size_t len) {
  pds_enc *E = D->A->E;
  for (uint32_t i = 0; i < D->nn; i++) {
    pds_dnode *x = &D->n[i];
    BDD img = bdd_true(), in = x->par[0] != NONE ? D->n[x->par[0]].I : bdd_false();
    bool ok = true;
    if (limits_expired(E->lim)) {
      snprintf(why, len, "timeout");
      return false;
    }
    switch (x->kind) {
    case W_INIT: break;
    case W_EDGE: ok = pds_img_edge(E, proc_of(D, i), x->via, in, &img, why, len); break;
    case W_ENTER: img = pds_img_enter(E, proc_of(D, i), in); break;
    case W_PUSH_EN: ok = pds_img_push_en(E, x->via, in, &img, why, len); break;
    case W_PUSH_PV: ok = pds_img_push_pv(E, x->via, in, &img, why, len); break;
    case W_POP: img = pds_img_pop(E, proc_of(D, i), in); break;
    case W_EVAL: img = pds_img_eval(E, x->via, in, D->n[x->par[1]].I); break;
    }
    if (!ok) return false;
    set(&x->I, keep(D, bdd_and(img, x->gA)));
    pds_enc_release(E);
  }
  *real = D->n[D->err].I != bdd_false();
  return true;
}

/* ---- the trace of a real DAG ---- */

static bool pick_parent(pds_dag *D, uint32_t par, BDD pre, char *why, size_t len) {
  pds_dnode *p = &D->n[par];
  BDD s = keep(D, bdd_and(p->I, pre));
  if (s == bdd_false()) {
    snprintf(why, len, "pds: no concrete predecessor in the counterexample");
    return false;
  }
  set(&p->val, pds_pick(D->A->E, s, pds_sym_vs(D->A, p->sym)));
  return true;
}

/* Concrete states for every node, from the error backwards. */
static bool pick_states(pds_dag *D, char *why, size_t len) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  pds_dnode *e = &D->n[D->err];
  set(&e->val, pds_pick(E, e->I, pds_sym_vs(A, e->sym)));
  for (uint32_t i = D->nn; i-- > 0;) {
    pds_dnode *x = &D->n[i];
    if (x->val == PDS_UNBUILT || x->kind == W_INIT) continue;
    BDD pre = bdd_false();
    bool ok = true;
    switch (x->kind) {
    case W_EDGE: ok = pds_pre_edge(E, proc_of(D, i), x->via, x->val, &pre, why, len); break;
    case W_ENTER: pre = pds_pre_enter(E, proc_of(D, i), x->val); break;
    case W_PUSH_EN:
      if (x->joined) continue;   /* the call site's state comes from the pivot */
      ok = pds_pre_push_en(E, x->via, x->val, &pre, why, len);
      break;
    case W_PUSH_PV: ok = pds_pre_push_pv(E, x->via, x->val, &pre, why, len); break;
    case W_POP: pre = pds_pre_pop(E, proc_of(D, i), x->val); break;
    case W_EVAL: {
      pds_dnode *v = &D->n[x->par[0]], *f = &D->n[x->par[1]];
      BDD pair = keep(D, bdd_and(keep(D, bdd_and(v->I, f->I)), pds_eval_back(E, x->via, x->val)));
      BDD vs = keep(D, bdd_and(pds_sym_vs(A, v->sym), pds_sym_vs(A, f->sym)));
      BDD cube = pds_pick(E, pair, vs);
      if (cube == bdd_false()) {
        snprintf(why, len, "pds: no concrete pivot and effect in the counterexample");
        return false;
      }
      set(&v->val, keep(D, bdd_exist(cube, pds_vs_out(E, A->sym[f->sym].proc))));
      uint32_t g = A->sym[v->sym].proc;
      set(&f->val, keep(D, bdd_exist(cube, keep(D, bdd_and(pds_vs(E, SL_LOCALS, g, PC_CUR), pds_vs(E, SL_ENT, g, PC_ENT))))));
      pds_enc_release(E);
      continue;
    }
    default: break;
    }
    if (!ok || !pick_parent(D, x->par[0], pre, why, len)) return false;
    pds_enc_release(E);
  }
  return true;
}

static void step_vals(pds_dag *D, uint32_t id, term_t *vals) {
  pds_enc *E = D->A->E;
  uint32_t f = proc_of(D, id);
  for (uint32_t i = 0; i < E->nsl[SL_FRAME][f]; i++) vals[i] = pds_value(E, D->n[id].val, E->sl[SL_FRAME][f][i], PC_CUR);
}

/* Emits the steps of the chain ending at node `last` (stopping after a
 * joined entry), frames nested at evaluations. */
static void emit(pds_dag *D, uint32_t last, uint32_t depth, cfa_trace *t, term_t *vals) {
  const cfa_prog *p = D->A->E->p;
  uint32_t *ids = NULL, n = 0;
  for (uint32_t cur = last; cur != NONE;) {
    ids = xrealloc(ids, (n + 1) * sizeof *ids);
    ids[n++] = cur;
    if (D->n[cur].joined) break;
    cur = D->n[cur].par[0];
  }
  for (uint32_t k = n; k-- > 0;) {
    uint32_t id = ids[k];
    const pds_dnode *x = &D->n[id];
    const pds_sym *s = &D->A->sym[x->sym];
    const pds_call *cl;
    switch (x->kind) {
    case W_INIT:
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_INIT, s->proc, s->loc, NONE, depth, vals);
      break;
    case W_EDGE:
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_EDGE, s->proc, s->loc, x->via, depth, vals);
      break;
    case W_ENTER:
      cl = &D->A->E->calls[D->n[x->par[0]].via];
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_CALL, s->proc, s->loc, cl->edge, ++depth, vals);
      break;
    case W_EVAL:
      cl = &D->A->E->calls[x->via];
      emit(D, x->par[1], depth, t, vals);
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_RETURN, s->proc, s->loc, cl->edge, depth, vals);
      break;
    default: break;
    }
  }
  free(ids);
}

bool pds_dag_trace(pds_dag *D, cfa_trace *t, char *why, size_t len) {
  memset(t, 0, sizeof *t);
  if (!pick_states(D, why, len)) return false;
  const cfa_prog *p = D->A->E->p;
  uint32_t most = p->globals.size;
  for (uint32_t f = 0; f < p->nprocs; f++)
    if (p->globals.size + p->procs[f].body.vars.size > most) most = p->globals.size + p->procs[f].body.vars.size;
  term_t *vals = xmalloc((most + 1) * sizeof *vals);
  emit(D, D->err, 0, t, vals);
  free(vals);
  return true;
}

/* ---- refinement ---- */

static bool within(BDD a, BDD b) { return bdd_apply(a, b, bddop_diff) == bdd_false(); }
static bool fits(BDD lo, BDD q, BDD hi) { return within(lo, q) && within(q, hi); }

/* The weakest condition at a node for its child c to stay in P(c) (c not
 * an evaluation). */
static bool wp(pds_dag *D, uint32_t c, BDD *out, char *why, size_t len) {
  pds_enc *E = D->A->E;
  const pds_dnode *x = &D->n[c];
  BDD bad = keep(D, bdd_apply(x->gA, x->P, bddop_diff)), pre = bdd_false();
  bool ok = true;
  switch (x->kind) {
  case W_EDGE: ok = pds_pre_edge(E, proc_of(D, c), x->via, bad, &pre, why, len); break;
  case W_ENTER: pre = pds_pre_enter(E, proc_of(D, c), bad); break;
  case W_PUSH_EN: ok = pds_pre_push_en(E, x->via, bad, &pre, why, len); break;
  case W_PUSH_PV: ok = pds_pre_push_pv(E, x->via, bad, &pre, why, len); break;
  case W_POP: pre = pds_pre_pop(E, proc_of(D, c), bad); break;
  default: break;
  }
  *out = keep(D, bdd_not(pre));
  return ok;
}

/* The (slot, copy) pairs of a symbol's space. */
static uint32_t space(pds_dag *D, uint32_t sym, uint32_t *slots, int *copies) {
  pds_enc *E = D->A->E;
  const pds_sym *s = &D->A->sym[sym];
  uint32_t n = 0;
  int k[3] = {-1, -1, -1}, cp[3] = {0, 0, 0};
  uint32_t pr[3] = {s->proc, s->proc, s->proc};
  switch (s->kind) {
  case SYM_PT: k[0] = SL_FRAME, cp[0] = PC_CUR, k[1] = SL_ENT, cp[1] = PC_ENT; break;
  case SYM_EN: k[0] = SL_ENTRY, cp[0] = PC_AUX; break;
  case SYM_PV:
    k[0] = SL_LOCALS, cp[0] = PC_CUR, k[1] = SL_ENT, cp[1] = PC_ENT, k[2] = SL_ENTRY, cp[2] = PC_AUX;
    pr[2] = E->calls[s->call].callee;
    break;
  case SYM_EF: k[0] = SL_ENTRY, cp[0] = PC_AUX, k[1] = SL_GLOBALS, cp[1] = PC_OUT; break;
  }
  for (int j = 0; j < 3; j++)
    if (k[j] >= 0)
      for (uint32_t i = 0; i < E->nsl[k[j]][pr[j]]; i++) slots[n] = E->sl[k[j]][pr[j]][i], copies[n++] = cp[j];
  if (s->kind == SYM_EF && E->p->procs[s->proc].ret != NULL_TERM)
    slots[n] = pds_slot_of(E, E->p->procs[s->proc].ret), copies[n++] = PC_OUT;
  return n;
}

/* How many steps up the chain above node id (plain edges of one
 * procedure) q stays an interpolant: above each parent's I, and kept by
 * the step (no state of q leaves q along it). */
static uint32_t stretch(pds_dag *D, uint32_t id, BDD q, char *why, size_t len) {
  uint32_t k = 0;
  for (uint32_t c = id; D->n[c].kind == W_EDGE && k < 64; c = D->n[c].par[0], k++) {
    const pds_dnode *x = &D->n[c], *p = &D->n[x->par[0]];
    BDD pre;
    if (!within(p->I, q)) break;
    if (!pds_pre_edge(D->A->E, proc_of(D, c), x->via, keep(D, bdd_apply(x->gA, q, bddop_diff)), &pre, why, len)) break;
    if (bdd_and(pre, q) != bdd_false()) break;
  }
  return k;
}

/* Conciliated: among the candidates that fit (the given ones, the
 * symbol's predicates, hi, lo and their projections onto single variables:
 * for all of the others within hi, for some above lo), the one that stays
 * an interpolant the longest up the chain (interpolants that agree along
 * the counterexample), then a known one, then the smallest. */
static BDD conciliate(pds_dag *D, uint32_t id, BDD lo, BDD hi, const BDD *given, uint32_t ngiven) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  uint32_t sym = D->n[id].sym;
  uint32_t *slots = xmalloc((2 * E->nslots + 4) * sizeof *slots);
  int *copies = xmalloc((2 * E->nslots + 4) * sizeof *copies);
  uint32_t n = space(D, sym, slots, copies);
  uint32_t cap = ngiven + A->npred[sym] + 2 * n + 2, nc = 0;
  BDD *cand = xmalloc(cap * sizeof *cand);
  int *known = xmalloc(cap * sizeof *known);
  for (uint32_t i = 0; i < ngiven; i++) cand[nc] = given[i], known[nc++] = 2;
  for (uint32_t i = 0; i < A->npred[sym]; i++) cand[nc] = A->pred[sym][i], known[nc++] = 2;
  cand[nc] = hi, known[nc++] = 0;
  cand[nc] = lo, known[nc++] = 0;
  BDD all = pds_sym_vs(A, sym);
  for (uint32_t i = 0; i < n; i++) {
    BDD others = keep(D, bdd_exist(all, pds_vs_slot(E, slots[i], copies[i])));
    cand[nc] = keep(D, bdd_forall(hi, others)), known[nc++] = 0;
    cand[nc] = keep(D, bdd_exist(lo, others)), known[nc++] = 0;
  }
  BDD best = hi;
  int64_t bs = -1;
  char why[8];
  for (uint32_t i = 0; i < nc; i++) {
    if (cand[i] == PDS_UNBUILT || !fits(lo, cand[i], hi)) continue;
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++) dup = cand[j] == cand[i];
    if (dup) continue;
    int64_t sc = (int64_t)stretch(D, id, cand[i], why, sizeof why) * 4 + known[i];
    sc = sc * 1000000 - (bdd_nodecount(cand[i]) < 999999 ? bdd_nodecount(cand[i]) : 999999);
    if (sc > bs) bs = sc, best = cand[i];
  }
  free(slots), free(copies), free(cand), free(known);
  return best;
}

/* Where the DAG is already infeasible above (lo empty), any predicate
 * below hi would do; hi says why the rest fails on its own. */
static BDD choose(pds_dag *D, uint32_t id, BDD lo, BDD hi, const BDD *reuse, uint32_t nreuse, pds_refine_mode mode) {
  if (mode == PDS_STRONGEST) return lo;
  if (mode == PDS_WEAKEST || mode == PDS_BOTH || lo == bdd_false()) return hi;
  if (mode == PDS_SKIP || mode == PDS_SKIP_CONCILIATED)
    for (uint32_t i = 0; i < nreuse; i++)
      if (reuse[i] != PDS_UNBUILT && fits(lo, reuse[i], hi)) return reuse[i];
  if (mode == PDS_SKIP) return hi;
  return conciliate(D, id, lo, hi, reuse, nreuse);
}

/* Whether q depends only on the variables of sym's space. */
static bool in_space(pds_dag *D, BDD q, uint32_t sym) {
  return pds_only_vars(q, pds_sym_vs(D->A, sym));
}

/* At evaluation node m (its P chosen): P of its pivot v and effect e, so
 * that every pivot in P(v) with every effect in P(e) evaluates into P(m)
 * (within the sets). Three ways: the pivot first (the weakest pivot for
 * the effects in I(e), then the weakest effect for it), the effect first,
 * and (assuming skip) the effect unconstrained. Preferred: skip (in the
 * skip modes), then pivot first, then effect first, each unless it makes
 * one side false (blaming it for a failure the other side explains). */
static void join(pds_dag *D, uint32_t m, pds_refine_mode mode) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  pds_dnode *x = &D->n[m], *v = &D->n[x->par[0]], *f = &D->n[x->par[1]];
  if (mode == PDS_STRONGEST) {
    set(&v->P, v->I), set(&f->P, f->I);
    return;
  }
  uint32_t g = A->sym[v->sym].proc, callee = A->sym[f->sym].proc;
  BDD back = pds_eval_back(E, x->via, keep(D, bdd_apply(x->gA, x->P, bddop_diff)));
  BDD outs = pds_vs_out(E, callee);
  BDD zs = keep(D, bdd_and(pds_vs(E, SL_LOCALS, g, PC_CUR), pds_vs(E, SL_ENT, g, PC_ENT)));
  BDD reuse = in_space(D, x->P, v->sym) ? x->P : PDS_UNBUILT;
  BDD F = bdd_false();
  /* the weakest pivot for the effects in ef, and the weakest effect for the pivots in pv */
#define PIVOT_FOR(ef) keep(D, bdd_not(keep(D, bdd_relprod(ef, back, outs))))
#define EFFECT_FOR(pv) keep(D, bdd_not(keep(D, bdd_relprod(pv, back, zs))))
  if (mode == PDS_SKIP || mode == PDS_SKIP_CONCILIATED) {
    BDD hv = PIVOT_FOR(f->gA);
    if (hv != F && within(v->I, hv)) {
      set(&v->P, choose(D, x->par[0], v->I, hv, &reuse, 1, mode));
      set(&f->P, bdd_true());
      return;
    }
  }
  BDD pa = choose(D, x->par[0], v->I, PIVOT_FOR(f->I), &reuse, 1, mode);
  BDD ea = choose(D, x->par[1], f->I, EFFECT_FOR(keep(D, bdd_and(pa, v->gA))), NULL, 0, mode);
  if (pa == F || ea == F) {
    BDD eb = choose(D, x->par[1], f->I, EFFECT_FOR(v->I), NULL, 0, mode);
    BDD pb = choose(D, x->par[0], v->I, PIVOT_FOR(keep(D, bdd_and(eb, f->gA))), &reuse, 1, mode);
    if (pb != F && eb != F) pa = pb, ea = eb;
  }
#undef PIVOT_FOR
#undef EFFECT_FOR
  set(&v->P, pa);
  set(&f->P, ea);
}

bool pds_dag_refine(pds_dag *D, pds_refine_mode mode, uint32_t *added, char *why, size_t len) {
  pds_abs *A = D->A;
  *added = 0;
  set(&D->n[D->err].P, bdd_false());
  for (uint32_t i = D->nn; i-- > 0;) {
    pds_dnode *x = &D->n[i];
    if (limits_expired(A->E->lim)) {
      snprintf(why, len, "timeout");
      return false;
    }
    if (x->P == PDS_UNBUILT) {
      BDD hi = bdd_true(), reuse[2] = {PDS_UNBUILT, PDS_UNBUILT};
      for (uint32_t k = 0; k < x->nchild; k++) {
        const pds_dnode *c = &D->n[x->child[k]];
        BDD w;
        if (!wp(D, x->child[k], &w, why, len)) return false;
        hi = keep(D, bdd_and(hi, w));
        /* kept across a step, or across a whole call (the P after it) */
        if (c->kind == W_EDGE) reuse[0] = c->P;
        if (c->kind == W_PUSH_PV && c->nchild) reuse[0] = D->n[c->child[0]].P;
      }
      set(&x->P, choose(D, i, x->I, hi, reuse, 2, mode));
    }
    if (x->kind == W_EVAL) join(D, i, mode);
    pds_enc_release(A->E);
  }
  for (uint32_t i = 0; i < D->nn; i++) {
    if (i == D->err) continue;
    for (int k = 0; k < (mode == PDS_BOTH ? 2 : 1); k++) {
      int r = pds_add_pred(A, D->n[i].sym, k ? D->n[i].I : D->n[i].P);
      if (r < 0) {
        snprintf(why, len, "pds: more than %u predicates at one control point", PDS_MAX_PREDS);
        return false;
      }
      *added += (uint32_t)r;
    }
  }
  return true;
}

/* ---- the tracking property, re-checked ---- */

static BDD rn(pds_dag *D, BDD S, int from, int to) {
  bddPair *pr = bdd_newpair();
  for (uint32_t i = 0; i < PDS_MAX_PREDS; i++) bdd_setpair(pr, pds_av(i, from), pds_av(i, to));
  BDD r = keep(D, bdd_replace(S, pr));
  bdd_freepair(pr);
  return r;
}

bool pds_dag_excluded(pds_dag *D, bool *excluded, char *why, size_t len) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  BDD *X = xmalloc((D->nn + 1) * sizeof *X);
  bool ok = true;
  uint32_t done = 0;
  BDD a0 = pds_abs_vs_all(A, AC_A0);
  for (uint32_t i = 0; i < D->nn && ok; i++) {
    pds_dnode *x = &D->n[i];
    BDD in = x->par[0] != NONE ? X[x->par[0]] : bdd_false(), r = bdd_false(), rho;
    uint32_t f = proc_of(D, i);
    switch (x->kind) {
    case W_INIT: r = pds_abs_init_states(A); break;
    case W_EDGE:
      if ((ok = pds_rule_edge(A, f, x->via, &rho, why, len))) r = rn(D, keep(D, bdd_relprod(in, rho, a0)), AC_A1, AC_A0);
      break;
    case W_ENTER:
      pds_rule_enter(A, f, &rho);
      r = rn(D, keep(D, bdd_relprod(in, rho, a0)), AC_A1, AC_A0);
      break;
    case W_PUSH_EN:
    case W_PUSH_PV:
      if ((ok = pds_rule_push(A, x->via, &rho, why, len))) {
        bool en = x->kind == W_PUSH_EN;
        BDD q = keep(D, bdd_and(a0, pds_abs_vs_all(A, en ? AC_A2 : AC_A1)));
        r = rn(D, keep(D, bdd_relprod(in, rho, q)), en ? AC_A1 : AC_A2, AC_A0);
      }
      break;
    case W_POP:
      pds_rule_pop(A, f, &rho);
      r = rn(D, keep(D, bdd_relprod(in, rho, a0)), AC_AS, AC_A0);
      break;
    case W_EVAL: {
      pds_rule_eval(A, x->via, &rho);
      BDD both = keep(D, bdd_and(in, rn(D, X[x->par[1]], AC_A0, AC_AS)));
      r = rn(D, keep(D, bdd_relprod(both, rho, keep(D, bdd_and(a0, pds_abs_vs_all(A, AC_AS))))), AC_A1, AC_A0);
      break;
    }
    }
    if (!ok) break;
    X[i] = bdd_addref(keep(D, bdd_and(r, x->A)));
    done = i + 1;
    pds_enc_release(E);
  }
  if (ok) *excluded = X[D->err] == bdd_false();
  for (uint32_t i = 0; i < done; i++) bdd_delref(X[i]);
  free(X);
  return ok;
}
