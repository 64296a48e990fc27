/* post* saturation of the abstract pushdown system (pds_post.h). */
#include "engine/pds_post.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* What the applications of one round give (referenced), per symbol. */
typedef struct {
  uint32_t sym;
  BDD r;
  pds_contrib c;
} pending;

typedef struct {
  pending *v;
  size_t n, cap;
} pendings;

static pendings round_out;

static void add(pds_post *P, uint32_t sym, BDD R, pds_wkind kind, uint32_t via, uint32_t p0, uint32_t p1) {
  if (bdd_apply(R, P->label[sym], bddop_diff) == bdd_false()) return;
  XGROW(round_out.v, round_out.cap, round_out.n + 1);
  round_out.v[round_out.n++] = (pending){sym, bdd_addref(R), {kind, via, {p0, p1}}};
}

static int by_sym(const void *a, const void *b) {
  const pending *x = a, *y = b;
  return x->sym < y->sym ? -1 : x->sym > y->sym;
}

/* The round's results as increments of the next level. */
static void close_round(pds_post *P, uint32_t level) {
  qsort(round_out.v, round_out.n, sizeof *round_out.v, by_sym);
  for (size_t i = 0, j; i < round_out.n; i = j) {
    uint32_t sym = round_out.v[i].sym;
    BDD u = bdd_addref(bdd_false());
    for (j = i; j < round_out.n && round_out.v[j].sym == sym; j++) {
      BDD t = bdd_addref(bdd_or(u, round_out.v[j].r));
      bdd_delref(u);
      u = t;
    }
    BDD nw = bdd_addref(bdd_apply(u, P->label[sym], bddop_diff));
    bdd_delref(u);
    if (nw != bdd_false()) {
      BDD l = bdd_addref(bdd_or(P->label[sym], nw));
      bdd_delref(P->label[sym]);
      P->label[sym] = l;
      size_t cap = P->capw;
      XGROW(P->w, cap, P->nw + 1);
      P->capw = (uint32_t)cap;
      pds_wnode *w = &P->w[P->nw++];
      *w = (pds_wnode){sym, level, nw, NULL, 0};
      for (size_t k = i; k < j; k++)
        if (bdd_and(round_out.v[k].r, nw) != bdd_false()) {
          w->c = xrealloc(w->c, (w->nc + 1) * sizeof *w->c);
          w->c[w->nc++] = round_out.v[k].c;
        }
    } else {
      bdd_delref(nw);
    }
    for (size_t k = i; k < j; k++) bdd_delref(round_out.v[k].r);
  }
  round_out.n = 0;
}

static void push_id(uint32_t **list, uint32_t *n, uint32_t id) {
  *list = xrealloc(*list, (*n + 1) * sizeof **list);
  (*list)[(*n)++] = id;
}

static BDD rn1(pds_abs *A, BDD S, int from, int to) { return pds_abs_rename(A, S, from, to); }

/* The evaluation of pivot increment wp with effect increment we (both of
 * calls to the same procedure) into PT(g, m2). */
static void eval_pair(pds_post *P, uint32_t wp, uint32_t we) {
  pds_abs *A = P->A;
  pds_enc *E = A->E;
  uint32_t c = A->sym[P->w[wp].sym].call;
  const pds_call *k = &E->calls[c];
  /* the effect's annotation (AT) and the pivot's (AS) meet in A1 */
  BDD de = rn1(A, P->w[we].delta, AC_AT, AC_A1);
  BDD dp = rn1(A, P->w[wp].delta, AC_AS, AC_A1);
  BDD x = pds_keep(E, bdd_relprod(de, dp, pds_abs_vs_all(A, AC_A1)));
  if (x == bdd_false()) return;
  BDD rho;
  pds_rule_eval(A, c, &rho);
  BDD q = pds_keep(E, bdd_and(pds_abs_vs_all(A, AC_A0), pds_abs_vs_all(A, AC_AS)));
  BDD y = pds_keep(E, bdd_relprod(x, rho, q));
  uint32_t m2 = pds_pt(A, k->proc, E->p->procs[k->proc].body.edges[k->edge].dst);
  add(P, m2, rn1(A, y, AC_A1, AC_A0), W_EVAL, c, wp, we);
}

static bool step(pds_post *P, uint32_t id, char *why, size_t len) {
  pds_abs *A = P->A;
  pds_enc *E = A->E;
  const cfa_prog *p = E->p;
  pds_wnode w = P->w[id];
  const pds_sym *s = &A->sym[w.sym];
  BDD a0 = pds_abs_vs_all(A, AC_A0), rho;
  switch (s->kind) {
  case SYM_PT: {
    const cfa *c = &p->procs[s->proc].body;
    if (s->loc == c->error && P->err == CFA_NONE) P->err = id;
    for (uint32_t e = 0; e < c->nedges; e++) {
      const cfa_edge *ed = &c->edges[e];
      if (ed->src != s->loc) continue;
      if (limits_expired(E->lim)) {
        snprintf(why, len, "timeout");
        return false;
      }
      if (!ed->call) {
        if (!pds_rule_edge(A, s->proc, e, &rho, why, len)) return false;
        BDD r = pds_keep(E, bdd_relprod(w.delta, rho, a0));
        add(P, pds_pt(A, s->proc, ed->dst), rn1(A, r, AC_A1, AC_A0), W_EDGE, e, id, CFA_NONE);
        continue;
      }
      uint32_t cl = E->call_of[s->proc][e], f = E->calls[cl].callee;
      if (!pds_rule_push(A, cl, &rho, why, len)) return false;
      BDD r = pds_keep(E, bdd_relprod(w.delta, rho, a0));   /* A1: EN(f), A2: PV(c), AT */
      /* (p, EN(f), q_f) annotated with itself */
      BDD en = pds_keep(E, bdd_exist(r, pds_keep(E, bdd_and(pds_abs_vs_all(A, AC_A2), pds_abs_vs_all(A, AC_AT)))));
      en = rn1(A, en, AC_A1, AC_A0);
      BDD same = bdd_true();
      for (uint32_t i = 0; i < A->npred[pds_en(A, f)]; i++)
        same = pds_keep(E, bdd_and(same, pds_keep(E, bdd_biimp(bdd_ithvar(pds_av(E, i, AC_A0)), bdd_ithvar(pds_av(E, i, AC_AT))))));
      add(P, pds_en(A, f), pds_keep(E, bdd_and(en, same)), W_PUSH_EN, cl, id, CFA_NONE);
      /* (q_f, PV(c), q): AS = the callee's annotation */
      int from[2] = {AC_A1, AC_A2}, to[2] = {AC_AS, AC_A0};
      add(P, pds_pv(A, cl), pds_keep(E, bdd_replace(r, pds_abs_pair(A, 2, from, to))), W_PUSH_PV, cl, id, CFA_NONE);
    }
    if (s->loc == c->final && s->proc != p->main) {
      pds_rule_pop(A, s->proc, &rho);
      add(P, pds_ef(A, s->proc), pds_keep(E, bdd_relprod(w.delta, rho, a0)), W_POP, CFA_NONE, id, CFA_NONE);
    }
    return true;
  }
  case SYM_EN: {
    const cfa *c = &p->procs[s->proc].body;
    if (c->init == CFA_NONE) return true;
    pds_rule_enter(A, s->proc, &rho);
    BDD r = pds_keep(E, bdd_relprod(w.delta, rho, a0));
    add(P, pds_pt(A, s->proc, c->init), rn1(A, r, AC_A1, AC_A0), W_ENTER, CFA_NONE, id, CFA_NONE);
    return true;
  }
  case SYM_PV: {
    uint32_t f = E->calls[s->call].callee;
    for (uint32_t i = 0; i < P->nef_done[f]; i++) eval_pair(P, id, P->ef_done[f][i]);
    push_id(&P->pv_done[f], &P->npv_done[f], id);
    return true;
  }
  default: {
    uint32_t f = s->proc;
    for (uint32_t i = 0; i < P->npv_done[f]; i++) eval_pair(P, P->pv_done[f][i], id);
    push_id(&P->ef_done[f], &P->nef_done[f], id);
    return true;
  }
  }
}

bool pds_post_run(pds_post *P, pds_abs *A, char *why, size_t len) {
  memset(P, 0, sizeof *P);
  P->A = A;
  P->err = CFA_NONE;
  uint32_t np = A->E->p->nprocs;
  P->label = xmalloc((A->nsym + 1) * sizeof(BDD));
  for (uint32_t s = 0; s < A->nsym; s++) P->label[s] = bdd_false();
  P->ef_done = xcalloc(np + 1, sizeof *P->ef_done), P->nef_done = xcalloc(np + 1, sizeof(uint32_t));
  P->pv_done = xcalloc(np + 1, sizeof *P->pv_done), P->npv_done = xcalloc(np + 1, sizeof(uint32_t));
  const cfa_prog *p = A->E->p;
  if (p->procs[p->main].body.init == CFA_NONE) return true;
  add(P, pds_pt(A, p->main, p->procs[p->main].body.init), pds_abs_init_states(A), W_INIT, CFA_NONE, CFA_NONE, CFA_NONE);
  close_round(P, 0);
  pds_enc_release(A->E);
  bool ok = true;
  for (uint32_t id = 0, level = 0; id < P->nw && ok; level++) {
    for (uint32_t end = P->nw; id < end && ok; id++) {
      if (limits_expired(A->E->lim)) {
        snprintf(why, len, "timeout");
        ok = false;
        break;
      }
      ok = step(P, id, why, len);
      pds_enc_release(A->E);
    }
    close_round(P, level + 1);
    pds_enc_release(A->E);
  }
  for (size_t k = 0; k < round_out.n; k++) bdd_delref(round_out.v[k].r);
  round_out.n = 0;
  return ok;
}

void pds_post_free(pds_post *P) {
  if (!P->A) return;
  uint32_t np = P->A->E->p->nprocs;
  for (uint32_t s = 0; s < P->A->nsym; s++) bdd_delref(P->label[s]);
  for (uint32_t i = 0; i < P->nw; i++) bdd_delref(P->w[i].delta), free(P->w[i].c);
  for (uint32_t f = 0; f < np; f++) free(P->ef_done[f]), free(P->pv_done[f]);
  free(P->ef_done), free(P->nef_done), free(P->pv_done), free(P->npv_done);
  free(P->label), free(P->w);
  memset(P, 0, sizeof *P);
  free(round_out.v);
  round_out.v = NULL, round_out.cap = 0;
}
