/* Concrete BDD summaries (pds_conc.h). */
#include "engine/pds_conc.h"
#include <stdlib.h>
#include "core/alloc.h"

void pds_sets_init(pds_sets *S, const cfa_prog *p) {
  S->reach = xcalloc(p->nprocs + 1, sizeof *S->reach);
  S->entry = xmalloc((p->nprocs + 1) * sizeof(BDD));
  S->summ = xmalloc((p->nprocs + 1) * sizeof(BDD));
  S->hreach = NULL, S->hentry = S->hsumm = NULL, S->stamp = 0;
  for (uint32_t f = 0; f < p->nprocs; f++) {
    S->reach[f] = xmalloc((p->procs[f].body.nlocs + 1) * sizeof(BDD));
    for (uint32_t l = 0; l < p->procs[f].body.nlocs; l++) S->reach[f][l] = bdd_false();
    S->entry[f] = S->summ[f] = bdd_false();
  }
}

static void history_free(pds_history *h) {
  for (uint32_t i = 0; i < h->n; i++) bdd_delref(h->v[i].set);
  free(h->v);
}

void pds_sets_record(pds_sets *S, const cfa_prog *p) {
  S->hreach = xcalloc(p->nprocs + 1, sizeof *S->hreach);
  for (uint32_t f = 0; f < p->nprocs; f++) S->hreach[f] = xcalloc(p->procs[f].body.nlocs + 1, sizeof(pds_history));
  S->hentry = xcalloc(p->nprocs + 1, sizeof(pds_history));
  S->hsumm = xcalloc(p->nprocs + 1, sizeof(pds_history));
}

void pds_sets_free(pds_sets *S, const cfa_prog *p) {
  if (!S->reach) return;
  if (S->hreach) {
    for (uint32_t f = 0; f < p->nprocs; f++) {
      for (uint32_t l = 0; l < p->procs[f].body.nlocs; l++) history_free(&S->hreach[f][l]);
      history_free(&S->hentry[f]), history_free(&S->hsumm[f]);
      free(S->hreach[f]);
    }
    free(S->hreach), free(S->hentry), free(S->hsumm);
    S->hreach = NULL;
  }
  for (uint32_t f = 0; f < p->nprocs; f++) {
    for (uint32_t l = 0; l < p->procs[f].body.nlocs; l++) bdd_delref(S->reach[f][l]);
    bdd_delref(S->entry[f]), bdd_delref(S->summ[f]);
    free(S->reach[f]);
  }
  free(S->reach), free(S->entry), free(S->summ);
  S->reach = NULL;
}

/* target |= add; true when target grew (a new version in h, if kept). */
static bool join(pds_sets *S, pds_history *h, BDD *target, BDD add, pds_grow cause, uint32_t arg) {
  BDD n = bdd_or(*target, add);
  if (n == *target) return false;
  bdd_addref(n);
  bdd_delref(*target);
  *target = n;
  if (S->hreach) {
    if (h->n == h->cap) h->v = xrealloc(h->v, (h->cap = h->cap ? 2 * h->cap : 4) * sizeof *h->v);
    h->v[h->n++] = (pds_version){++S->stamp, arg, bdd_addref(n), cause};
  }
  return true;
}

#define HR(S, f, l) ((S)->hreach ? &(S)->hreach[f][l] : NULL)
#define HE(S, f) ((S)->hreach ? &(S)->hentry[f] : NULL)
#define HS(S, f) ((S)->hreach ? &(S)->hsumm[f] : NULL)

static bool error_reached(const cfa_prog *p, const pds_sets *S) {
  for (uint32_t f = 0; f < p->nprocs; f++) {
    uint32_t e = p->procs[f].body.error;
    if (e != CFA_NONE && S->reach[f][e] != bdd_false()) return true;
  }
  return false;
}

static bool edge_step(pds_enc *E, pds_sets *S, uint32_t f, uint32_t e, bool *changed, char *why, size_t len) {
  const cfa_edge *ed = &E->p->procs[f].body.edges[e];
  BDD in = S->reach[f][ed->src], r;
  if (!ed->call) {
    if (!pds_img_edge(E, f, e, in, &r, why, len)) return false;
    *changed |= join(S, HR(S, f, ed->dst), &S->reach[f][ed->dst], r, PDS_GROW_EDGE, e);
    return true;
  }
  uint32_t c = E->call_of[f][e], g = ed->call->callee;
  if (!pds_img_push_en(E, c, in, &r, why, len)) return false;
  *changed |= join(S, HE(S, g), &S->entry[g], r, PDS_GROW_PUSH, c);
  if (S->summ[g] == bdd_false()) return true;
  if (!pds_img_push_pv(E, c, in, &r, why, len)) return false;
  *changed |= join(S, HR(S, f, ed->dst), &S->reach[f][ed->dst], pds_img_eval(E, c, r, S->summ[g]), PDS_GROW_EVAL, c);
  return true;
}

pds_run_status pds_conc_run(pds_enc *E, pds_sets *S, uint32_t *sweeps, char *why, size_t len) {
  const cfa_prog *p = E->p;
  const cfa *mc = &p->procs[p->main].body;
  *sweeps = 0;
  if (mc->init == CFA_NONE) return PDS_RUN_FIXPOINT;
  join(S, HR(S, p->main, mc->init), &S->reach[p->main][mc->init], bdd_true(), PDS_GROW_INIT, 0);
  for (bool changed = true; changed;) {
    changed = false;
    ++*sweeps;
    for (uint32_t f = 0; f < p->nprocs; f++) {
      const cfa *c = &p->procs[f].body;
      for (uint32_t e = 0; e < c->nedges; e++) {
        if (S->reach[f][c->edges[e].src] == bdd_false()) continue;
        if (limits_expired(E->lim)) {
          snprintf(why, len, "timeout");
          return PDS_RUN_FAILED;
        }
        if (!edge_step(E, S, f, e, &changed, why, len)) return PDS_RUN_FAILED;
        pds_enc_release(E);
      }
      if (f == p->main) continue;
      if (c->init != CFA_NONE)
        changed |= join(S, HR(S, f, c->init), &S->reach[f][c->init], pds_img_enter(E, f, S->entry[f]), PDS_GROW_ENTER, 0);
      if (c->final != CFA_NONE)
        changed |= join(S, HS(S, f), &S->summ[f], pds_img_pop(E, f, S->reach[f][c->final]), PDS_GROW_POP, 0);
      pds_enc_release(E);
    }
    if (error_reached(p, S)) return PDS_RUN_ERROR;
  }
  return PDS_RUN_FIXPOINT;
}
