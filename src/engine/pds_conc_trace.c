/* A run to the error from the recorded versions of the concrete sets
 * (pds_conc.h, pds_conc_trace). Every step goes to a strictly earlier
 * version, so the search ends; the run is replayed by the caller. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/pds_conc.h"

typedef struct {
  pds_enc *E;
  const pds_sets *S;
  cfa_trace *t;
  term_t *vals;
  char *why;
  size_t len;
} tracer;

static bool fail(tracer *T, const char *what) {
  snprintf(T->why, T->len, "pds: %s", what);
  return false;
}

/* The first version before stamp `bound` that holds the one-state set. */
static int first_version(tracer *T, const pds_history *h, pds_set one, uint32_t bound) {
  for (uint32_t i = 0; i < h->n && h->v[i].stamp < bound; i++)
    if (!pds_s_empty(T->E, pds_s_and(T->E, one, h->v[i].set))) return (int)i;
  return -1;
}

/* The set as it was before stamp `bound`. */
static pds_set before(const pds_history *h, uint32_t bound) {
  pds_set s = bdd_false();
  for (uint32_t i = 0; i < h->n && h->v[i].stamp < bound; i++) s = h->v[i].set;
  return s;
}

static pds_set pick_pt(tracer *T, uint32_t f, pds_set S) {
  pds_space sp;
  pds_space_pt(T->E, f, &sp);
  pds_set one = pds_s_pick(T->E, S, &sp);
  pds_space_free(&sp);
  return one;
}

static void push(tracer *T, cfa_trace_kind kind, uint32_t f, uint32_t l, uint32_t edge, pds_set one) {
  pds_enc *E = T->E;
  for (uint32_t i = 0; i < E->nsl[SL_FRAME][f]; i++) T->vals[i] = pds_s_value(E, one, E->sl[SL_FRAME][f][i], PC_CUR);
  cfa_trace_push(T->t, E->p, kind, f, l, edge, 0, T->vals);
}

static bool run_to(tracer *T, uint32_t f, uint32_t l, pds_set one, uint32_t bound, uint32_t inner_call);

/* The step into f's init state `one` (stamp t): from the call that pushed
 * its inputs, after the caller's own run to the call. */
static bool entered(tracer *T, uint32_t f, uint32_t l, pds_set one, uint32_t t) {
  pds_enc *E = T->E;
  const pds_history *he = &T->S->hentry[f];
  pds_set en = pds_s_and(E, pds_pre_enter(E, f, one), before(he, t));
  pds_space sp;
  pds_space_en(E, f, &sp);
  pds_set e1 = pds_s_pick(E, en, &sp);
  pds_space_free(&sp);
  int j = first_version(T, he, e1, t);
  if (j < 0 || he->v[j].cause != PDS_GROW_PUSH) return fail(T, "the trace lost a calling context");
  const pds_call *c = &E->calls[he->v[j].arg];
  uint32_t src = E->p->procs[c->proc].body.edges[c->edge].src;
  pds_set pre;
  if (!pds_pre_push_en(E, he->v[j].arg, e1, &pre, T->why, T->len)) return false;
  pds_set s = pick_pt(T, c->proc, pds_s_and(E, pre, before(&T->S->hreach[c->proc][src], he->v[j].stamp)));
  if (pds_s_empty(E, s)) return fail(T, "the trace lost a call site");
  if (!run_to(T, c->proc, src, s, he->v[j].stamp, CFA_NONE)) return false;
  push(T, TRACE_CALL, f, l, c->edge, one);
  return true;
}

/* The step to `one` at the target l of call c in f (stamp t): the
 * caller's run to the call, the callee's run inside the summary, the
 * return. */
static bool returned(tracer *T, uint32_t f, uint32_t l, pds_set one, uint32_t t, uint32_t ci, uint32_t inner_call) {
  pds_enc *E = T->E;
  const pds_call *c = &E->calls[ci];
  uint32_t g = c->callee, src = E->p->procs[f].body.edges[c->edge].src;
  const pds_history *hs = &T->S->hsumm[g], *hsrc = &T->S->hreach[f][src];
  pds_set piv;
  if (!pds_img_push_pv(E, ci, before(hsrc, t), &piv, T->why, T->len)) return false;
  pds_set pair = pds_s_and(E, pds_s_and(E, piv, before(hs, t)), pds_eval_back(E, ci, one));
  pds_space sv, sf, both;
  pds_space_pv(E, ci, &sv), pds_space_ef(E, g, &sf);
  pds_space_cat(&sv, &sf, &both);
  pds_set two = pds_s_pick(E, pair, &both);
  pds_space_free(&sv), pds_space_free(&sf), pds_space_free(&both);
  if (pds_s_empty(E, two)) return fail(T, "the trace lost a call's pivot and effect");
  pds_set pv = pds_s_exists_out(E, g, two), ef = pds_s_exists_kept(E, f, two), pre;
  if (!pds_pre_push_pv(E, ci, pv, &pre, T->why, T->len)) return false;
  pds_set s = pick_pt(T, f, pds_s_and(E, pre, before(hsrc, t)));
  if (pds_s_empty(E, s)) return fail(T, "the trace lost a call's source state");
  if (!run_to(T, f, src, s, t, inner_call)) return false;
  int k = first_version(T, hs, ef, t);
  uint32_t fin = E->p->procs[g].body.final;
  if (k < 0 || fin == CFA_NONE) return fail(T, "the trace lost a summary");
  pds_set sf1 = pick_pt(T, g, pds_s_and(E, pds_pre_pop(E, g, ef), before(&T->S->hreach[g][fin], hs->v[k].stamp)));
  if (pds_s_empty(E, sf1)) return fail(T, "the trace lost a callee's final state");
  if (!run_to(T, g, fin, sf1, hs->v[k].stamp, ci)) return false;
  push(T, TRACE_RETURN, f, l, c->edge, one);
  return true;
}

/* Emits the run to the one-state set `one` at (f, l), whose first version
 * is before `bound`. inner_call: f's frame was entered by that call, whose
 * caller's run is already emitted (CFA_NONE: follow the callers). */
static bool run_to(tracer *T, uint32_t f, uint32_t l, pds_set one, uint32_t bound, uint32_t inner_call) {
  pds_enc *E = T->E;
  if (limits_expired(E->lim)) return fail(T, "timeout while tracing");
  const pds_history *h = &T->S->hreach[f][l];
  int i = first_version(T, h, one, bound);
  if (i < 0) return fail(T, "the trace lost a state");
  uint32_t t = h->v[i].stamp, e = h->v[i].arg;
  switch (h->v[i].cause) {
  case PDS_GROW_INIT:
    push(T, TRACE_INIT, f, l, CFA_NONE, one);
    return true;
  case PDS_GROW_EDGE: {
    uint32_t src = E->p->procs[f].body.edges[e].src;
    pds_set pre;
    if (!pds_pre_edge(E, f, e, one, &pre, T->why, T->len)) return false;
    pds_set s = pick_pt(T, f, pds_s_and(E, pre, before(&T->S->hreach[f][src], t)));
    if (pds_s_empty(E, s)) return fail(T, "the trace lost an edge's source state");
    if (!run_to(T, f, src, s, t, inner_call)) return false;
    push(T, TRACE_EDGE, f, l, e, one);
    return true;
  }
  case PDS_GROW_ENTER:
    if (inner_call == CFA_NONE) return entered(T, f, l, one, t);
    push(T, TRACE_CALL, f, l, E->calls[inner_call].edge, one);
    return true;
  case PDS_GROW_EVAL:
    return returned(T, f, l, one, t, e, inner_call);
  default:
    return fail(T, "the trace met an unknown cause");
  }
}

bool pds_conc_trace(pds_enc *E, const pds_sets *S, cfa_trace *t, char *why, size_t len) {
  memset(t, 0, sizeof *t);
  const cfa_prog *p = E->p;
  if (!S->hreach) return snprintf(why, len, "pds: no history recorded"), false;
  uint32_t most = p->globals.size;
  for (uint32_t f = 0; f < p->nprocs; f++)
    if (p->globals.size + p->procs[f].body.vars.size > most) most = p->globals.size + p->procs[f].body.vars.size;
  tracer T = {E, S, t, xmalloc((most + 1) * sizeof(term_t)), why, len};
  bool ok = false;
  for (uint32_t f = 0; f < p->nprocs && !ok; f++) {
    uint32_t err = p->procs[f].body.error;
    if (err == CFA_NONE || S->reach[f][err] == bdd_false()) continue;
    pds_set one = pick_pt(&T, f, S->reach[f][err]);
    ok = run_to(&T, f, err, one, UINT32_MAX, CFA_NONE);
  }
  /* depths: main is 0, a call goes one deeper, a return one back */
  uint32_t d = 0;
  for (uint32_t i = 0; ok && i < t->n; i++) {
    if (t->steps[i].kind == TRACE_CALL) d++;
    else if (t->steps[i].kind == TRACE_RETURN && d > 0) d--;
    t->steps[i].depth = d;
  }
  free(T.vals);
  if (!ok) cfa_trace_free(t);
  return ok;
}
