/* Counterexample DAGs, interpolants and traces (pds_cex.h). */
#include "engine/pds_cex.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

#define NONE CFA_NONE

static BDD keep(pds_dag *D, BDD b) { return pds_keep(D->A->E, b); }
static BDD rn(pds_dag *D, BDD S, int from, int to) { return pds_abs_rename(D->A, S, from, to); }
static void set(BDD *slot, BDD v) {
  bdd_addref(v);
  if (*slot != PDS_UNBUILT) bdd_delref(*slot);
  *slot = v;
}
/* a concrete set held by a node */
static void sset(pds_dag *D, pds_set *slot, pds_set v) {
  pds_s_ref(D->A->E, v);
  if (*slot != PDS_UNBUILT) pds_s_unref(D->A->E, *slot);
  *slot = v;
}

/* The space of sym (pds_space_free after use). */
static void sym_space(pds_dag *D, uint32_t sym, pds_space *sp) {
  pds_enc *E = D->A->E;
  const pds_sym *s = &D->A->sym[sym];
  switch (s->kind) {
  case SYM_PT: pds_space_pt(E, s->proc, sp); break;
  case SYM_EN: pds_space_en(E, s->proc, sp); break;
  case SYM_PV: pds_space_pv(E, s->call, sp); break;
  default: pds_space_ef(E, s->proc, sp); break;
  }
}

/* A failed solver call (smt) ends the refinement. */
static bool solver_ok(pds_dag *D, char *why, size_t len) {
  if (!D->A->E->failed) return true;
  snprintf(why, len, "%s", D->A->E->fail_why);
  return false;
}

/* ---- building ---- */

static uint32_t hfind(pds_dag *D, uint32_t w, uint32_t ctx) {
  if (!D->hcap) return NONE;
  uint32_t h = (w * 2654435761u ^ ctx * 40503u) % D->hcap;
  while (D->hval[h] != NONE) {
    if (D->hkey_w[h] == w && D->hkey_ctx[h] == ctx) return D->hval[h];
    h = (h + 1) % D->hcap;
  }
  return NONE;
}

static void hput(pds_dag *D, uint32_t w, uint32_t ctx, uint32_t id) {
  if (2 * (D->nn + 1) >= D->hcap) {
    uint32_t oc = D->hcap, *ow = D->hkey_w, *oc2 = D->hkey_ctx, *ov = D->hval;
    D->hcap = oc ? 2 * oc : 1024;
    D->hkey_w = xmalloc(D->hcap * sizeof(uint32_t));
    D->hkey_ctx = xmalloc(D->hcap * sizeof(uint32_t));
    D->hval = xmalloc(D->hcap * sizeof(uint32_t));
    for (uint32_t i = 0; i < D->hcap; i++) D->hval[i] = NONE;
    for (uint32_t i = 0; i < oc; i++)
      if (ov[i] != NONE) {
        uint32_t h = (ow[i] * 2654435761u ^ oc2[i] * 40503u) % D->hcap;
        while (D->hval[h] != NONE) h = (h + 1) % D->hcap;
        D->hkey_w[h] = ow[i], D->hkey_ctx[h] = oc2[i], D->hval[h] = ov[i];
      }
    free(ow), free(oc2), free(ov);
  }
  uint32_t h = (w * 2654435761u ^ ctx * 40503u) % D->hcap;
  while (D->hval[h] != NONE) h = (h + 1) % D->hcap;
  D->hkey_w[h] = w, D->hkey_ctx[h] = ctx, D->hval[h] = id;
}

static void link_node(pds_dag *D, uint32_t id) {
  pds_dnode *x = &D->n[id];
  for (uint32_t k = 0; k < x->nc; k++)
    for (uint32_t r = 0; r < 2; r++) {
      uint32_t p = x->c[k].par[r];
      if (p == NONE) continue;
      pds_dnode *y = &D->n[p];
      y->child = xrealloc(y->child, (y->nchild + 1) * sizeof *y->child);
      y->child[y->nchild++] = (pds_dchild){id, k, r};
    }
}

static uint32_t new_node(pds_dag *D, uint32_t w, uint32_t ctx) {
  size_t cap = D->cap;
  XGROW(D->n, cap, D->nn + 1);
  D->cap = (uint32_t)cap;
  uint32_t id = D->nn++;
  pds_dnode *x = &D->n[id];
  memset(x, 0, sizeof *x);
  x->w = w, x->ctx = ctx, x->sym = D->W->w[w].sym, x->pick = NONE;
  x->A = x->gA = x->I = x->P = x->val = PDS_UNBUILT;
  hput(D, w, ctx, id);
  return id;
}

/* Whether witness w in frame ctx is a returning frame's entry. */
static bool is_joined(const pds_dag *D, uint32_t w, uint32_t ctx) {
  return ctx != NONE && D->A->sym[D->W->w[w].sym].kind == SYM_EN;
}

typedef struct {
  uint32_t w, ctx, ci, phase;
} bframe;

/* Builds the node of (w, ctx) and its ancestors, depth first without
 * recursion; false when the DAG grows too large. */
static bool build(pds_dag *D, uint32_t w0, uint32_t ctx0) {
  const pds_post *W = D->W;
  bframe *st = NULL;
  size_t n = 0, cap = 0;
  XGROW(st, cap, 1);
  st[n++] = (bframe){w0, ctx0, 0, 0};
  while (n) {
    bframe *f = &st[n - 1];
    if (hfind(D, f->w, f->ctx) != NONE) { n--; continue; }
    if (D->nn >= PDS_DAG_MAX_NODES) { free(st); return false; }
    const pds_wnode *wn = &W->w[f->w];
    if (is_joined(D, f->w, f->ctx)) {
      /* hangs from the pivot's call sites */
      /* (new_node may move the nodes: the pivot is looked up after it) */
      uint32_t id = new_node(D, f->w, f->ctx);
      const pds_dnode *pv = &D->n[f->ctx];
      uint32_t call = D->A->sym[pv->sym].call;
      pds_dnode *x = &D->n[id];
      x->joined = true;
      x->c = xmalloc((pv->nc + 1) * sizeof *x->c);
      for (uint32_t k = 0; k < pv->nc; k++) x->c[x->nc++] = (pds_contrib){W_PUSH_EN, call, {pv->c[k].par[0], NONE}};
      link_node(D, id);
      n--;
      continue;
    }
    bool pushed = false;
    while (f->ci < wn->nc && !pushed) {
      const pds_contrib *c = &wn->c[f->ci];
      uint32_t need_w = NONE, need_ctx = f->ctx;
      if (c->kind == W_EVAL) {
        uint32_t pv = hfind(D, c->par[0], f->ctx);
        if (pv == NONE) need_w = c->par[0];
        else if (hfind(D, c->par[1], pv) == NONE) need_w = c->par[1], need_ctx = pv;
      } else if (c->kind != W_INIT && hfind(D, c->par[0], f->ctx) == NONE) {
        need_w = c->par[0];
      }
      if (need_w == NONE) { f->ci++; continue; }
      XGROW(st, cap, n + 1);
      f = &st[n - 1];
      st[n++] = (bframe){need_w, need_ctx, 0, 0};
      pushed = true;
    }
    if (pushed) continue;
    uint32_t id = new_node(D, f->w, f->ctx);
    pds_dnode *x = &D->n[id];
    x->c = xmalloc((wn->nc + 1) * sizeof *x->c);
    for (uint32_t k = 0; k < wn->nc; k++) {
      pds_contrib c = wn->c[k];
      if (c.kind == W_EVAL) {
        c.par[0] = hfind(D, wn->c[k].par[0], f->ctx);
        c.par[1] = hfind(D, wn->c[k].par[1], c.par[0]);
      } else if (c.kind != W_INIT) {
        c.par[0] = hfind(D, c.par[0], f->ctx);
      }
      x->c[x->nc++] = c;
    }
    link_node(D, id);
    n--;
  }
  free(st);
  return true;
}

bool pds_dag_build(pds_dag *D, pds_abs *A, const pds_post *W, char *why, size_t len) {
  memset(D, 0, sizeof *D);
  D->A = A, D->W = W;
  if (!build(D, W->err, NONE)) {
    snprintf(why, len, "pds: the counterexample DAG has more than %u nodes", PDS_DAG_MAX_NODES);
    return false;
  }
  D->err = hfind(D, W->err, NONE);
  /* each node's abstract set over A0 and its concretization */
  for (uint32_t i = 0; i < D->nn; i++) {
    pds_dnode *x = &D->n[i];
    BDD d = W->w[x->w].delta, a;
    switch (A->sym[x->sym].kind) {
    case SYM_PV: a = keep(D, bdd_exist(d, keep(D, bdd_and(pds_abs_vs_all(A, AC_AS), pds_abs_vs_all(A, AC_AT))))); break;
    case SYM_EF: {
      a = keep(D, bdd_exist(d, pds_abs_vs_all(A, AC_AT)));
      a = rn(D, a, AC_AS, AC_A0);
      break;
    }
    default: a = keep(D, bdd_exist(d, pds_abs_vs_all(A, AC_AT))); break;
    }
    set(&x->A, a);
    sset(D, &x->gA, pds_concretize(A, x->sym, a));
    pds_enc_release(A->E);
  }
  return true;
}

void pds_dag_free(pds_dag *D) {
  for (uint32_t i = 0; i < D->nn; i++) {
    if (D->n[i].A != PDS_UNBUILT) bdd_delref(D->n[i].A);
    pds_set *b[4] = {&D->n[i].gA, &D->n[i].I, &D->n[i].P, &D->n[i].val};
    for (int k = 0; k < 4; k++)
      if (*b[k] != PDS_UNBUILT) pds_s_unref(D->A->E, *b[k]);
    free(D->n[i].c), free(D->n[i].child);
  }
  free(D->n), free(D->hkey_w), free(D->hkey_ctx), free(D->hval);
  memset(D, 0, sizeof *D);
}

/* ---- strongest interpolants ---- */

static uint32_t proc_of(const pds_dag *D, uint32_t id) { return D->A->sym[D->n[id].sym].proc; }

/* The image of contribution k of node id, from its parents' sets (I or
 * the trace's states). */
static bool image(pds_dag *D, uint32_t id, uint32_t k, pds_set in0, pds_set in1, pds_set *out, char *why, size_t len) {
  pds_enc *E = D->A->E;
  const pds_contrib *c = &D->n[id].c[k];
  switch (c->kind) {
  case W_INIT: *out = pds_s_true(E); return true;
  case W_EDGE: return pds_img_edge(E, proc_of(D, id), c->via, in0, out, why, len);
  case W_ENTER: *out = pds_img_enter(E, proc_of(D, id), in0); return true;
  case W_PUSH_EN: return pds_img_push_en(E, c->via, in0, out, why, len);
  case W_PUSH_PV: return pds_img_push_pv(E, c->via, in0, out, why, len);
  case W_POP: *out = pds_img_pop(E, proc_of(D, id), in0); return true;
  case W_EVAL: *out = pds_img_eval(E, c->via, in0, in1); return true;
  }
  return true;
}

/* The pre-image of S at node id through contribution k (not an evaluation). */
static bool preimage(pds_dag *D, uint32_t id, uint32_t k, pds_set S, pds_set *out, char *why, size_t len) {
  pds_enc *E = D->A->E;
  const pds_contrib *c = &D->n[id].c[k];
  switch (c->kind) {
  case W_EDGE: return pds_pre_edge(E, proc_of(D, id), c->via, S, out, why, len);
  case W_ENTER: *out = pds_pre_enter(E, proc_of(D, id), S); return true;
  case W_PUSH_EN: return pds_pre_push_en(E, c->via, S, out, why, len);
  case W_PUSH_PV: return pds_pre_push_pv(E, c->via, S, out, why, len);
  case W_POP: *out = pds_pre_pop(E, proc_of(D, id), S); return true;
  default: *out = pds_s_false(E); return true;
  }
}

static pds_set par_set(const pds_dag *D, uint32_t p, bool val) {
  if (p == NONE) return pds_s_false(D->A->E);
  return val ? D->n[p].val : D->n[p].I;
}

bool pds_dag_forward(pds_dag *D, bool *real, char *why, size_t len) {
  pds_enc *E = D->A->E;
  for (uint32_t i = 0; i < D->nn; i++) {
    pds_dnode *x = &D->n[i];
    if (limits_expired(E->lim)) {
      snprintf(why, len, "timeout");
      return false;
    }
    pds_set u = pds_s_false(E);
    for (uint32_t k = 0; k < x->nc; k++) {
      pds_set img;
      if (!image(D, i, k, par_set(D, x->c[k].par[0], false), par_set(D, x->c[k].par[1], false), &img, why, len))
        return false;
      u = pds_s_or(E, u, img);
    }
    sset(D, &x->I, pds_s_and(E, u, x->gA));
    pds_enc_release(E);
    if (!solver_ok(D, why, len)) return false;
  }
  *real = !pds_s_empty(E, D->n[D->err].I);
  return solver_ok(D, why, len);
}

/* ---- the trace of a real DAG ---- */

/* Concrete states along one run, from the error backwards: each node on
 * it takes the first contribution whose parents' I reach its state. */
static bool pick_states(pds_dag *D, char *why, size_t len) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  pds_dnode *e = &D->n[D->err];
  pds_space sp;
  sym_space(D, e->sym, &sp);
  sset(D, &e->val, pds_s_pick(E, e->I, &sp));
  pds_space_free(&sp);
  for (uint32_t i = D->nn; i-- > 0;) {
    pds_dnode *x = &D->n[i];
    if (x->val == PDS_UNBUILT || x->joined) continue;
    for (uint32_t k = 0; k < x->nc && x->pick == NONE; k++) {
      const pds_contrib *c = &x->c[k];
      if (c->kind == W_INIT) {
        x->pick = k;
      } else if (c->kind == W_EVAL) {
        pds_dnode *v = &D->n[c->par[0]], *f = &D->n[c->par[1]];
        pds_set pair = pds_s_and(E, pds_s_and(E, v->I, f->I), pds_eval_back(E, c->via, x->val));
        pds_space sv, sf, both;
        sym_space(D, v->sym, &sv), sym_space(D, f->sym, &sf);
        pds_space_cat(&sv, &sf, &both);
        pds_set one = pds_s_pick(E, pair, &both);
        pds_space_free(&sv), pds_space_free(&sf), pds_space_free(&both);
        if (pds_s_empty(E, one)) continue;
        sset(D, &v->val, pds_s_exists_out(E, A->sym[f->sym].proc, one));
        sset(D, &f->val, pds_s_exists_kept(E, A->sym[v->sym].proc, one));
        x->pick = k;
      } else {
        pds_set pre;
        if (!preimage(D, i, k, x->val, &pre, why, len)) return false;
        pds_dnode *p = &D->n[c->par[0]];
        pds_set s = pds_s_and(E, p->I, pre);
        if (pds_s_empty(E, s)) continue;
        sym_space(D, p->sym, &sp);
        sset(D, &p->val, pds_s_pick(E, s, &sp));
        pds_space_free(&sp);
        x->pick = k;
      }
    }
    if (!solver_ok(D, why, len)) return false;
    if (x->pick == NONE) {
      snprintf(why, len, "pds: no concrete predecessor in the counterexample");
      return false;
    }
    pds_enc_release(E);
  }
  return true;
}

static void step_vals(pds_dag *D, uint32_t id, term_t *vals) {
  pds_enc *E = D->A->E;
  uint32_t f = proc_of(D, id);
  for (uint32_t i = 0; i < E->nsl[SL_FRAME][f]; i++) vals[i] = pds_s_value(E, D->n[id].val, E->sl[SL_FRAME][f][i], PC_CUR);
}

/* Emits the steps of the run ending at node `last` (stopping after a
 * joined entry), frames nested at evaluations. */
static void emit(pds_dag *D, uint32_t last, uint32_t depth, cfa_trace *t, term_t *vals) {
  const cfa_prog *p = D->A->E->p;
  uint32_t *ids = NULL, n = 0;
  for (uint32_t cur = last; cur != NONE;) {
    ids = xrealloc(ids, (n + 1) * sizeof *ids);
    ids[n++] = cur;
    const pds_dnode *x = &D->n[cur];
    if (x->joined || x->c[x->pick].kind == W_INIT) break;
    cur = x->c[x->pick].par[0];
  }
  for (uint32_t k = n; k-- > 0;) {
    uint32_t id = ids[k];
    const pds_dnode *x = &D->n[id];
    const pds_sym *s = &D->A->sym[x->sym];
    if (x->joined) continue;
    const pds_contrib *c = &x->c[x->pick];
    const pds_call *cl;
    switch (c->kind) {
    case W_INIT:
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_INIT, s->proc, s->loc, NONE, depth, vals);
      break;
    case W_EDGE:
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_EDGE, s->proc, s->loc, c->via, depth, vals);
      break;
    case W_ENTER: {
      const pds_dnode *en = &D->n[c->par[0]];
      cl = &D->A->E->calls[en->joined ? en->c[0].via : en->c[en->pick].via];
      step_vals(D, id, vals);
      cfa_trace_push(t, p, TRACE_CALL, s->proc, s->loc, cl->edge, ++depth, vals);
      break;
    }
    case W_EVAL:
      cl = &D->A->E->calls[c->via];
      emit(D, c->par[1], depth, t, vals);
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

static bool within(pds_dag *D, pds_set a, pds_set b) { return pds_s_within(D->A->E, a, b); }
static bool fits(pds_dag *D, pds_set lo, pds_set q, pds_set hi) { return within(D, lo, q) && within(D, q, hi); }

/* The weakest condition on the parent of child link l for the child to
 * stay in its P (not an evaluation). */
static bool wp(pds_dag *D, const pds_dchild *l, pds_set *out, char *why, size_t len) {
  pds_enc *E = D->A->E;
  const pds_dnode *x = &D->n[l->node];
  pds_set pre;
  if (!preimage(D, l->node, l->k, pds_s_diff(E, x->gA, x->P), &pre, why, len)) return false;
  *out = pds_s_not(E, pre);
  return true;
}

/* How many steps up the chain above node id (nodes reached by one plain
 * edge) q stays an interpolant: above the parent's I, and kept by the step
 * (no state of q leaves q along it). */
static uint32_t stretch(pds_dag *D, uint32_t id, pds_set q, char *why, size_t len) {
  pds_enc *E = D->A->E;
  uint32_t k = 0;
  for (uint32_t c = id; D->n[c].nc == 1 && D->n[c].c[0].kind == W_EDGE && k < 64; c = D->n[c].c[0].par[0], k++) {
    const pds_dnode *x = &D->n[c], *p = &D->n[x->c[0].par[0]];
    pds_set pre;
    if (!within(D, p->I, q)) break;
    if (!pds_pre_edge(E, proc_of(D, c), x->c[0].via, pds_s_diff(E, x->gA, q), &pre, why, len)) break;
    if (!pds_s_empty(E, pds_s_and(E, pre, q))) break;
  }
  return k;
}

/* Which half of lo <= q <= hi a candidate still needs (a projection of
 * hi for all others is below hi, one of lo for some above lo). */
typedef enum { FIT_BOTH, FIT_LO, FIT_HI } fit_check;

/* Conciliated: among the candidates that fit (the given ones, the
 * symbol's predicates, hi, lo and their projections onto single variables:
 * for all of the others within hi, for some above lo), the one that stays
 * an interpolant the longest up the chain (interpolants that agree along
 * the counterexample), then a known one, then the smallest. */
static pds_set conciliate(pds_dag *D, uint32_t id, pds_set lo, pds_set hi, const pds_set *given, uint32_t ngiven) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  uint32_t sym = D->n[id].sym;
  pds_space sp;
  sym_space(D, sym, &sp);
  uint32_t cap = ngiven + A->npred[sym] + 2 * sp.n + 2, nc = 0;
  pds_set *cand = xmalloc(cap * sizeof *cand);
  int *known = xmalloc(cap * sizeof *known);
  fit_check *chk = xmalloc(cap * sizeof *chk);
  for (uint32_t i = 0; i < ngiven; i++) cand[nc] = given[i], known[nc] = 2, chk[nc++] = FIT_BOTH;
  for (uint32_t i = 0; i < A->npred[sym]; i++) cand[nc] = A->pred[sym][i], known[nc] = 2, chk[nc++] = FIT_BOTH;
  cand[nc] = hi, known[nc] = 0, chk[nc++] = FIT_BOTH;
  cand[nc] = lo, known[nc] = 0, chk[nc++] = FIT_BOTH;
  /* projections onto the variables a set reads, quantifying only the
   * others it reads: onto one it does not read, or when it reads just
   * one, the projection is a constant or the set itself, neither a new
   * fitting candidate (lo is not empty here) */
  bool *rh = xmalloc((sp.n + 1) * sizeof *rh), *rl = xmalloc((sp.n + 1) * sizeof *rl);
  uint32_t kh = pds_s_reads(E, hi, &sp, rh), kl = pds_s_reads(E, lo, &sp, rl);
  for (uint32_t i = 0; i < sp.n; i++) {
    if (rh[i] && kh > 1) cand[nc] = pds_s_project(E, hi, &sp, rh, i, true), known[nc] = 0, chk[nc++] = FIT_LO;
    if (rl[i] && kl > 1) cand[nc] = pds_s_project(E, lo, &sp, rl, i, false), known[nc] = 0, chk[nc++] = FIT_HI;
  }
  free(rh), free(rl);
  pds_space_free(&sp);
  pds_set best = hi;
  int64_t bs = -1;
  char why[8];
  for (uint32_t i = 0; i < nc; i++) {
    if (cand[i] == PDS_UNBUILT) continue;
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++) dup = cand[j] == cand[i];
    if (dup) continue;
    if (chk[i] != FIT_HI && !within(D, lo, cand[i])) continue;
    if (chk[i] != FIT_LO && !within(D, cand[i], hi)) continue;
    uint32_t size = pds_s_size(E, cand[i]);
    int64_t sc = (int64_t)stretch(D, id, cand[i], why, sizeof why) * 4 + known[i];
    sc = sc * 1000000 - (size < 999999 ? size : 999999);
    if (sc > bs) bs = sc, best = cand[i];
  }
  free(cand), free(known), free(chk);
  return best;
}

/* Where the DAG is already infeasible above (lo empty), any predicate
 * below hi would do; hi says why the rest fails on its own. */
static pds_set choose(pds_dag *D, uint32_t id, pds_set lo, pds_set hi, const pds_set *reuse, uint32_t nreuse,
                      pds_refine_mode mode) {
  if (lo == hi) return lo;   /* the one set between them, whatever the mode */
  if (mode == PDS_STRONGEST) return lo;
  if (mode == PDS_WEAKEST || mode == PDS_BOTH || pds_s_empty(D->A->E, lo)) return hi;
  if (mode == PDS_SKIP || mode == PDS_SKIP_CONCILIATED)
    for (uint32_t i = 0; i < nreuse; i++)
      if (reuse[i] != PDS_UNBUILT && fits(D, lo, reuse[i], hi)) return reuse[i];
  if (mode == PDS_SKIP) return hi;
  return conciliate(D, id, lo, hi, reuse, nreuse);
}

/* At pivot node v (the P of every evaluation it takes part in chosen):
 * P of v and of each effect e it is joined with, so that every pivot in
 * P(v) with every effect in P(e) evaluates into P(m) (within the sets).
 * Three ways: the pivot first (the weakest pivot for the effects in I(e),
 * then the weakest effects for it), the effects first, and (assuming skip)
 * the effects unconstrained. Preferred: skip (in the skip modes), then
 * pivot first, then effects first, each unless it makes a side false
 * (blaming it for a failure the other side explains). */
static void join(pds_dag *D, uint32_t vid, pds_refine_mode mode) {
  pds_abs *A = D->A;
  pds_enc *E = A->E;
  pds_dnode *v = &D->n[vid];
  uint32_t np = v->nchild, *ef = xmalloc((np + 1) * sizeof *ef);
  pds_set *back = xmalloc((np + 1) * sizeof *back), *eb = xmalloc((np + 1) * sizeof *eb);
  pds_set reuse = PDS_UNBUILT;
  pds_space sv;
  sym_space(D, v->sym, &sv);
  for (uint32_t i = 0; i < np; i++) {
    const pds_dnode *m = &D->n[v->child[i].node];
    const pds_contrib *c = &m->c[v->child[i].k];
    ef[i] = c->par[1];
    back[i] = pds_eval_back(E, c->via, pds_s_diff(E, m->gA, m->P));
    if (i == 0 && pds_s_only(E, m->P, &sv)) reuse = m->P;
  }
  pds_space_free(&sv);
  if (mode == PDS_STRONGEST) {
    sset(D, &v->P, v->I);
    for (uint32_t i = 0; i < np; i++) sset(D, &D->n[ef[i]].P, D->n[ef[i]].I);
    free(ef), free(back), free(eb);
    return;
  }
  uint32_t g = A->sym[v->sym].proc, callee = E->calls[A->sym[v->sym].call].callee;
  /* the weakest pivot for the effects e[i] (within their sets when ga) */
#define PIVOT_FOR(e) do { hv = pds_s_true(E); \
    for (uint32_t i = 0; i < np; i++) hv = pds_s_and(E, hv, pds_s_not(E, pds_s_exists_out(E, callee, pds_s_and(E, e, back[i])))); \
  } while (0)
  /* the weakest effect i for the pivots pv */
#define EFFECT_FOR(pv, i) pds_s_not(E, pds_s_exists_kept(E, g, pds_s_and(E, pv, back[i])))
  pds_set hv;
  bool done = false;
  if (mode == PDS_SKIP || mode == PDS_SKIP_CONCILIATED) {
    PIVOT_FOR(D->n[ef[i]].gA);
    if (!pds_s_empty(E, hv) && within(D, v->I, hv)) {
      sset(D, &v->P, choose(D, vid, v->I, hv, &reuse, 1, mode));
      for (uint32_t i = 0; i < np; i++) sset(D, &D->n[ef[i]].P, pds_s_true(E));
      done = true;
    }
  }
  if (!done) {
    PIVOT_FOR(D->n[ef[i]].I);
    pds_set pa = choose(D, vid, v->I, hv, &reuse, 1, mode);
    bool bad = pds_s_empty(E, pa);
    pds_set pg = pds_s_and(E, pa, v->gA);
    for (uint32_t i = 0; i < np; i++) {
      eb[i] = choose(D, ef[i], D->n[ef[i]].I, EFFECT_FOR(pg, i), NULL, 0, mode);
      bad |= pds_s_empty(E, eb[i]);
    }
    if (bad) {   /* the effects first */
      pds_set *ec = xmalloc((np + 1) * sizeof *ec);
      bool bad2 = false;
      for (uint32_t i = 0; i < np; i++) {
        ec[i] = choose(D, ef[i], D->n[ef[i]].I, EFFECT_FOR(v->I, i), NULL, 0, mode);
        bad2 |= pds_s_empty(E, ec[i]);
      }
      PIVOT_FOR(pds_s_and(E, ec[i], D->n[ef[i]].gA));
      pds_set pb = choose(D, vid, v->I, hv, &reuse, 1, mode);
      if (!pds_s_empty(E, pb) && !bad2) {
        pa = pb;
        for (uint32_t i = 0; i < np; i++) eb[i] = ec[i];
      }
      free(ec);
    }
    sset(D, &v->P, pa);
    for (uint32_t i = 0; i < np; i++) sset(D, &D->n[ef[i]].P, eb[i]);
  }
#undef PIVOT_FOR
#undef EFFECT_FOR
  free(ef), free(back), free(eb);
}

/* Interpolants bottom-up: a node once every node that depends on it has
 * its P (its children; an effect also waits for its pivot). */
bool pds_dag_refine(pds_dag *D, pds_refine_mode mode, uint32_t *added, char *why, size_t len) {
  pds_abs *A = D->A;
  *added = 0;
  uint32_t *deps = xcalloc(D->nn + 1, sizeof *deps), *work = xmalloc((D->nn + 1) * sizeof *work), nw = 0;
  for (uint32_t i = 0; i < D->nn; i++) {
    deps[i] += D->n[i].nchild;
    for (uint32_t l = 0; l < D->n[i].nchild; l++)
      if (D->n[D->n[i].child[l].node].c[D->n[i].child[l].k].kind == W_EVAL && D->n[i].child[l].role == 1) deps[i]++;
  }
  for (uint32_t i = 0; i < D->nn; i++)
    if (!deps[i]) work[nw++] = i;
  bool ok = true;
  uint32_t done = 0;
  while (nw && ok) {
    uint32_t i = work[--nw];
    pds_dnode *x = &D->n[i];
    done++;
    if (limits_expired(A->E->lim)) {
      snprintf(why, len, "timeout");
      ok = false;
      break;
    }
    if (i == D->err) {
      sset(D, &x->P, pds_s_false(A->E));
    } else if (A->sym[x->sym].kind == SYM_PV) {
      join(D, i, mode);
    } else if (x->P == PDS_UNBUILT) {
      pds_set hi = pds_s_true(A->E), reuse[2] = {PDS_UNBUILT, PDS_UNBUILT};
      for (uint32_t l = 0; l < x->nchild && ok; l++) {
        const pds_dchild *ch = &x->child[l];
        const pds_dnode *c = &D->n[ch->node];
        const pds_contrib *k = &c->c[ch->k];
        pds_set w;
        if (!(ok = wp(D, ch, &w, why, len))) break;
        hi = pds_s_and(A->E, hi, w);
        /* kept across a step, or across a whole call (the P after it) */
        if (k->kind == W_EDGE) reuse[0] = c->P;
        if (k->kind == W_PUSH_PV && c->nchild) reuse[1] = D->n[c->child[0].node].P;
      }
      if (ok) sset(D, &x->P, choose(D, i, x->I, hi, reuse, 2, mode));
    }
    pds_enc_release(A->E);
    if (ok && !solver_ok(D, why, len)) ok = false;
    /* release what waited for this node */
    for (uint32_t k = 0; k < x->nc; k++)
      for (int r = 0; r < 2; r++) {
        uint32_t p = x->c[k].par[r];
        if (p != NONE && --deps[p] == 0) work[nw++] = p;
      }
    if (A->sym[x->sym].kind == SYM_PV)
      for (uint32_t l = 0; l < x->nchild; l++) {
        uint32_t e = D->n[x->child[l].node].c[x->child[l].k].par[1];
        if (--deps[e] == 0) work[nw++] = e;
      }
  }
  free(deps), free(work);
  if (ok && done != D->nn) {
    snprintf(why, len, "internal: pds: the counterexample DAG has a cycle");
    ok = false;
  }
  /* spurious iff I at the error is empty iff the interpolant at the top
   * holds for every start state (for weakest: J at the top is true) */
  for (uint32_t i = 0; i < D->nn && ok; i++)
    if (D->n[i].nc && D->n[i].c[0].kind == W_INIT && !pds_s_within(A->E, D->n[i].I, D->n[i].P) && !A->E->failed) {
      snprintf(why, len, "internal: pds: the interpolant at the start excludes a start state");
      ok = false;
    }
  for (uint32_t i = 0; i < D->nn && ok; i++) {
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
  return ok;
}

/* ---- the tracking property, re-checked ---- */


/* The abstract image of contribution k of node id (over A0). */
static bool abs_image(pds_dag *D, uint32_t id, uint32_t k, const BDD *X, BDD *out, char *why, size_t len) {
  pds_abs *A = D->A;
  const pds_contrib *c = &D->n[id].c[k];
  BDD a0 = pds_abs_vs_all(A, AC_A0), in = c->par[0] != NONE ? X[c->par[0]] : bdd_false(), rho;
  uint32_t f = proc_of(D, id);
  switch (c->kind) {
  case W_INIT: *out = pds_abs_init_states(A); return true;
  case W_EDGE:
    if (!pds_rule_edge(A, f, c->via, &rho, why, len)) return false;
    *out = rn(D, keep(D, bdd_relprod(in, rho, a0)), AC_A1, AC_A0);
    return true;
  case W_ENTER:
    pds_rule_enter(A, f, &rho);
    *out = rn(D, keep(D, bdd_relprod(in, rho, a0)), AC_A1, AC_A0);
    return true;
  case W_PUSH_EN:
  case W_PUSH_PV: {
    if (!pds_rule_push(A, c->via, &rho, why, len)) return false;
    bool en = c->kind == W_PUSH_EN;
    BDD q = keep(D, bdd_and(a0, pds_abs_vs_all(A, en ? AC_A2 : AC_A1)));
    *out = rn(D, keep(D, bdd_relprod(in, rho, q)), en ? AC_A1 : AC_A2, AC_A0);
    return true;
  }
  case W_POP:
    pds_rule_pop(A, f, &rho);
    *out = rn(D, keep(D, bdd_relprod(in, rho, a0)), AC_AS, AC_A0);
    return true;
  case W_EVAL: {
    pds_rule_eval(A, c->via, &rho);
    BDD both = keep(D, bdd_and(in, rn(D, X[c->par[1]], AC_A0, AC_AS)));
    *out = rn(D, keep(D, bdd_relprod(both, rho, keep(D, bdd_and(a0, pds_abs_vs_all(A, AC_AS))))), AC_A1, AC_A0);
    return true;
  }
  }
  return true;
}

bool pds_dag_excluded(pds_dag *D, bool *excluded, char *why, size_t len) {
  BDD *X = xmalloc((D->nn + 1) * sizeof *X);
  bool ok = true;
  uint32_t done = 0;
  for (uint32_t i = 0; i < D->nn && ok; i++) {
    BDD u = bdd_false(), r = bdd_false();
    for (uint32_t k = 0; k < D->n[i].nc && ok; k++)
      if ((ok = abs_image(D, i, k, X, &r, why, len))) u = keep(D, bdd_or(u, r));
    if (!ok) break;
    X[i] = bdd_addref(keep(D, bdd_and(u, D->n[i].A)));
    done = i + 1;
    pds_enc_release(D->A->E);
  }
  if (ok) *excluded = X[D->err] == bdd_false();
  for (uint32_t i = 0; i < done; i++) bdd_delref(X[i]);
  free(X);
  return ok;
}
