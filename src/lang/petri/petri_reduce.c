/* Structural reductions relative to a target (see petri_reduce.h for the
 * rules and why each preserves reachability of the target). */
#include "lang/petri/petri_reduce.h"
#include "lang/petri/petri_agglomerate.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* Bound on the original transitions all merged transitions stand for. */
#define PETRI_AGGLOMERATE_MAX_SEQ 4000000u

/* ---- formula-independent facts ---- */

/* Marks as dead the transitions with a pre-place in the greatest siphon of
 * initially empty places (computed over the live transitions: a place
 * leaves the candidate set when a live transition can add to it without
 * taking from the set). Returns whether a transition became dead. */
static bool kill_by_siphon(const petri_net *n, bool *dead, bool *in_s, uint32_t *ns, uint32_t *stack) {
  size_t sp = 0;
  for (uint32_t p = 0; p < n->nplaces; p++) {
    in_s[p] = n->m0[p] == 0;
    if (in_s[p]) stack[sp++] = p;
  }
  for (uint32_t t = 0; t < n->ntrans; t++) {
    ns[t] = 0;
    for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) ns[t] += in_s[n->pre[i].place];
  }
  while (sp) {
    uint32_t p = stack[--sp];
    if (!in_s[p]) continue;
    bool fed = false;
    for (uint32_t i = n->inc_at[p]; i < n->inc_at[p + 1] && !fed; i++) fed = !dead[n->inc[i]] && ns[n->inc[i]] == 0;
    if (!fed) continue;
    in_s[p] = false;
    for (uint32_t i = n->cons_at[p]; i < n->cons_at[p + 1]; i++) {
      uint32_t t = n->cons[i];
      if (--ns[t] || dead[t]) continue;
      for (uint32_t k = n->eff_at[t]; k < n->eff_at[t + 1]; k++)
        if (n->eff[k].delta > 0 && in_s[n->eff[k].place]) stack[sp++] = n->eff[k].place;
    }
  }
  bool changed = false;
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (!dead[t] && ns[t]) dead[t] = changed = true;
  return changed;
}

/* Places no live transition changes are constant; transitions they block
 * are dead. Returns whether a transition became dead. */
static bool kill_by_constants(const petri_net *n, bool *dead, bool *constant) {
  for (uint32_t p = 0; p < n->nplaces; p++) constant[p] = true;
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (!dead[t])
      for (uint32_t i = n->eff_at[t]; i < n->eff_at[t + 1]; i++) constant[n->eff[i].place] = false;
  bool changed = false;
  for (uint32_t t = 0; t < n->ntrans; t++) {
    if (dead[t]) continue;
    bool blocked = false;
    for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1] && !blocked; i++)
      blocked = constant[n->pre[i].place] && n->m0[n->pre[i].place] < n->pre[i].weight;
    for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1] && !blocked; i++)
      blocked = constant[n->inh[i].place] && n->m0[n->inh[i].place] >= n->inh[i].weight;
    if (blocked) dead[t] = changed = true;
  }
  return changed;
}

bool petri_reduce_facts_compute(const petri_net *n, petri_reduce_facts *f) {
  f->dead = calloc((size_t)n->ntrans + 1, sizeof *f->dead);
  f->constant = calloc((size_t)n->nplaces + 1, sizeof *f->constant);
  bool *in_s = malloc(((size_t)n->nplaces + 1) * sizeof *in_s);
  uint32_t *ns = malloc(((size_t)n->ntrans + 1) * sizeof *ns);
  uint32_t *stack = malloc(((size_t)n->nplaces + n->eff_at[n->ntrans] + 1) * sizeof *stack);
  bool ok = f->dead && f->constant && in_s && ns && stack;
  /* each round only adds dead transitions; stopping early stays sound */
  for (int round = 0; ok && round < 64; round++) {
    bool a = kill_by_siphon(n, f->dead, in_s, ns, stack);
    bool b = kill_by_constants(n, f->dead, f->constant);
    if (!a && !b) break;
  }
  free(in_s); free(ns); free(stack);
  if (!ok) petri_reduce_facts_free(f);
  return ok;
}

void petri_reduce_facts_free(petri_reduce_facts *f) {
  free(f->dead); free(f->constant);
  f->dead = NULL; f->constant = NULL;
}

/* ---- duplicate transitions ---- */

typedef struct { const petri_net *n; const bool *constant; } row_ctx;

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

static uint64_t rows_hash(const row_ctx *c, uint32_t t) {
  const petri_net *n = c->n;
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++)
    if (!c->constant[n->pre[i].place]) h = mix(mix(h, n->pre[i].place), n->pre[i].weight);
  h = mix(h, 0x5eed);
  for (uint32_t i = n->post_at[t]; i < n->post_at[t + 1]; i++)
    if (!c->constant[n->post[i].place]) h = mix(mix(h, n->post[i].place), n->post[i].weight);
  h = mix(h, 0xbeef);
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++)
    if (!c->constant[n->inh[i].place]) h = mix(mix(h, n->inh[i].place), n->inh[i].weight);
  return h;
}

/* Rows restricted to the non-constant places are equal. */
static bool row_eq(const bool *constant, const petri_arc *a, uint32_t alo, uint32_t ahi, const petri_arc *b,
                   uint32_t blo, uint32_t bhi) {
  for (;;) {
    while (alo < ahi && constant[a[alo].place]) alo++;
    while (blo < bhi && constant[b[blo].place]) blo++;
    if (alo == ahi || blo == bhi) return alo == ahi && blo == bhi;
    if (a[alo].place != b[blo].place || a[alo].weight != b[blo].weight) return false;
    alo++, blo++;
  }
}

static bool same_rows(const row_ctx *c, uint32_t s, uint32_t t) {
  const petri_net *n = c->n;
  return row_eq(c->constant, n->pre, n->pre_at[s], n->pre_at[s + 1], n->pre, n->pre_at[t], n->pre_at[t + 1]) &&
         row_eq(c->constant, n->post, n->post_at[s], n->post_at[s + 1], n->post, n->post_at[t], n->post_at[t + 1]) &&
         row_eq(c->constant, n->inh, n->inh_at[s], n->inh_at[s + 1], n->inh, n->inh_at[t], n->inh_at[t + 1]);
}

typedef struct { uint64_t h; uint32_t t; } keyed;

static int cmp_keyed(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  if (x->h != y->h) return x->h < y->h ? -1 : 1;
  return x->t < y->t ? -1 : x->t > y->t;
}

/* rep[t] = the smallest live transition with t's rows (t itself if none). */
static bool duplicates(const petri_net *n, const petri_reduce_facts *f, uint32_t *rep) {
  keyed *k = malloc(((size_t)n->ntrans + 1) * sizeof *k);
  if (!k) return false;
  row_ctx c = {n, f->constant};
  size_t m = 0;
  for (uint32_t t = 0; t < n->ntrans; t++) {
    rep[t] = t;
    if (!f->dead[t]) k[m++] = (keyed){rows_hash(&c, t), t};
  }
  qsort(k, m, sizeof *k, cmp_keyed);
  for (size_t i = 0; i < m; i++)
    for (size_t j = i; j > 0 && k[j - 1].h == k[i].h; j--) {
      uint32_t s = rep[k[j - 1].t];
      if (s == k[j - 1].t && same_rows(&c, s, k[i].t)) { rep[k[i].t] = s; break; }
    }
  free(k);
  return true;
}

/* ---- the target: constants folded, duplicates renamed ---- */

static petri_pred *constant_pred(bool v) { return pred_new(v ? PRED_TRUE : PRED_FALSE); }

/* Drops decided kids of AND/OR; folds the node when one decides it. */
static petri_pred *simplify_junction(petri_pred *q) {
  bool is_and = q->op == PRED_AND;
  uint32_t k = 0;
  for (uint32_t i = 0; i < q->n; i++) {
    petri_pred *c = q->kids[i];
    if (c->op == (is_and ? PRED_TRUE : PRED_FALSE)) { pred_free(c); continue; }
    if (c->op == (is_and ? PRED_FALSE : PRED_TRUE)) {
      for (uint32_t j = i; j < q->n; j++) if (q->kids[j] != c) pred_free(q->kids[j]);
      q->n = k;
      pred_free(q);
      return c;
    }
    q->kids[k++] = c;
  }
  q->n = k;
  if (k == 0) { pred_free(q); return constant_pred(is_and); }
  if (k == 1) {
    petri_pred *c = q->kids[0];
    q->n = 0;
    pred_free(q);
    return c;
  }
  return q;
}

/* A copy of p over the original net with constant places substituted,
 * atoms on dead transitions decided and duplicates renamed. NULL on
 * allocation failure or overflow. */
static petri_pred *fold(const petri_net *n, const petri_reduce_facts *f, const uint32_t *rep, const petri_pred *p) {
  switch (p->op) {
  case PRED_TRUE: case PRED_FALSE: case PRED_DEAD: case PRED_LIVE: return pred_new(p->op);
  case PRED_FIRE: case PRED_NFIRE: {
    if (f->dead[p->trans]) return constant_pred(p->op == PRED_NFIRE);
    petri_pred *q = pred_new(p->op);
    if (q) q->trans = rep[p->trans];
    return q;
  }
  case PRED_LIN: {
    petri_pred *q = pred_new(PRED_LIN);
    if (!q) return NULL;
    __int128 b = p->bound;
    for (uint32_t i = 0; i < p->n; i++) {
      if (f->constant[p->place[i]]) b -= (__int128)p->coef[i] * n->m0[p->place[i]];
      else if (p->coef[i] && !pred_add_term(q, p->place[i], p->coef[i])) { pred_free(q); return NULL; }
    }
    if (b > INT64_MAX || b < INT64_MIN) { pred_free(q); return NULL; }
    q->bound = (int64_t)b;
    if (q->n == 0) {
      bool v = 0 <= q->bound;
      pred_free(q);
      return constant_pred(v);
    }
    return q;
  }
  case PRED_AND: case PRED_OR: {
    petri_pred *q = pred_new(p->op);
    if (!q) return NULL;
    for (uint32_t i = 0; i < p->n; i++)
      if (!pred_add_kid(q, fold(n, f, rep, p->kids[i]))) { pred_free(q); return NULL; }
    return simplify_junction(q);
  }
  }
  return NULL;
}

static bool mentions_deadlock(const petri_pred *p) {
  if (p->op == PRED_DEAD || p->op == PRED_LIVE) return true;
  if (p->op == PRED_AND || p->op == PRED_OR)
    for (uint32_t i = 0; i < p->n; i++) if (mentions_deadlock(p->kids[i])) return true;
  return false;
}

/* ---- cone of influence ---- */

typedef struct {
  const petri_net *n;
  const bool *constant;
  bool *in_p, *in_t;
  uint32_t *stack;
  size_t sp;
} cone;

static void cone_place(cone *c, uint32_t p) {
  if (c->constant[p] || c->in_p[p]) return;
  c->in_p[p] = true;
  c->stack[c->sp++] = p;
}

static void cone_trans(cone *c, uint32_t t) {
  const petri_net *n = c->n;
  if (c->in_t[t]) return;
  c->in_t[t] = true;
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) cone_place(c, n->pre[i].place);
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++) cone_place(c, n->inh[i].place);
}

static void cone_seed(cone *c, const petri_pred *p) {
  if (p->op == PRED_AND || p->op == PRED_OR)
    for (uint32_t i = 0; i < p->n; i++) cone_seed(c, p->kids[i]);
  else if (p->op == PRED_LIN)
    for (uint32_t i = 0; i < p->n; i++) cone_place(c, p->place[i]);
  else if (p->op == PRED_FIRE || p->op == PRED_NFIRE) cone_trans(c, p->trans);
}

/* ---- building the reduced net ---- */

static void renumber(petri_pred *p, const uint32_t *pmap, const uint32_t *tmap) {
  if (p->op == PRED_AND || p->op == PRED_OR)
    for (uint32_t i = 0; i < p->n; i++) renumber(p->kids[i], pmap, tmap);
  else if (p->op == PRED_LIN)
    for (uint32_t i = 0; i < p->n; i++) p->place[i] = pmap[p->place[i]];
  else if (p->op == PRED_FIRE || p->op == PRED_NFIRE) p->trans = tmap[p->trans];
}

bool petri_reduce(const petri_net *n, const petri_reduce_facts *f, const petri_pred *target, petri_reduced *out) {
  memset(out, 0, sizeof *out);
  uint32_t *rep = malloc(((size_t)n->ntrans + 1) * sizeof *rep);
  bool *keep_p = calloc((size_t)n->nplaces + 1, sizeof *keep_p);
  bool *keep_t = calloc((size_t)n->ntrans + 1, sizeof *keep_t);
  uint32_t *stack = malloc(((size_t)n->nplaces + 1) * sizeof *stack);
  uint32_t *pmap = malloc(((size_t)n->nplaces + 1) * sizeof *pmap);
  uint32_t *tmap = malloc(((size_t)n->ntrans + 1) * sizeof *tmap);
  bool ok = rep && keep_p && keep_t && stack && pmap && tmap && duplicates(n, f, rep);
  if (ok) ok = (out->target = fold(n, f, rep, target)) != NULL;
  petri_reduce_stats *s = &out->stats;
  if (ok) {
    for (uint32_t t = 0; t < n->ntrans; t++) {
      s->dead_trans += f->dead[t];
      s->dup_trans += !f->dead[t] && rep[t] != t;
    }
    for (uint32_t p = 0; p < n->nplaces; p++) s->const_places += f->constant[p];
    bool deadlock = mentions_deadlock(out->target);
    if (deadlock) {
      /* every live transition matters for a deadlock: no cone */
      for (uint32_t p = 0; p < n->nplaces; p++) keep_p[p] = !f->constant[p];
      for (uint32_t t = 0; t < n->ntrans; t++) keep_t[t] = !f->dead[t] && rep[t] == t;
    } else {
      cone c = {n, f->constant, keep_p, keep_t, stack, 0};
      cone_seed(&c, out->target);
      while (c.sp) {
        uint32_t p = c.stack[--c.sp];
        for (uint32_t i = n->inc_at[p]; i < n->inc_at[p + 1]; i++)
          if (!f->dead[n->inc[i]] && rep[n->inc[i]] == n->inc[i]) cone_trans(&c, n->inc[i]);
        for (uint32_t i = n->dec_at[p]; i < n->dec_at[p + 1]; i++)
          if (!f->dead[n->dec[i]] && rep[n->dec[i]] == n->dec[i]) cone_trans(&c, n->dec[i]);
      }
      uint32_t np = 0, nt = 0;
      for (uint32_t p = 0; p < n->nplaces; p++) np += keep_p[p];
      for (uint32_t t = 0; t < n->ntrans; t++) nt += keep_t[t];
      s->coi_places = n->nplaces - s->const_places - np;
      s->coi_trans = n->ntrans - s->dead_trans - s->dup_trans - nt;
    }
    petri_work *w = petri_work_new(n, keep_p, keep_t);
    if (!deadlock) {
      int64_t k = petri_work_agglomerate(w, out->target, PETRI_AGGLOMERATE_MAX_SEQ);
      s->agglomerated = k > 0 ? (uint32_t)k : 0;
    }
    ok = (out->net = petri_work_build(w, pmap, tmap, &out->seq_at, &out->seq)) != NULL;
    petri_work_free(w);
  }
  if (ok) renumber(out->target, pmap, tmap);
  free(rep); free(keep_p); free(keep_t); free(stack); free(pmap); free(tmap);
  if (!ok) petri_reduced_free(out);
  return ok;
}

void petri_reduced_free(petri_reduced *r) {
  if (r->net) petri_net_free(r->net);
  pred_free(r->target);
  free(r->seq_at);
  free(r->seq);
  memset(r, 0, sizeof *r);
}

petri_answer petri_reduced_decide(const petri_reduced *r, petri_result *res) {
  petri_result_init(res);
  snprintf(res->technique, sizeof res->technique, "STRUCTURAL_REDUCTION");
  const petri_net *n = r->net;
  if (r->target->op == PRED_FALSE) return res->answer = PETRI_UNREACHABLE;
  if (pred_eval(n, r->target, n->m0)) return res->answer = PETRI_REACHABLE; /* the empty sequence */
  /* nothing can change the marking of the places that matter */
  if (n->ntrans == 0 || n->nplaces == 0) return res->answer = PETRI_UNREACHABLE;
  res->technique[0] = 0;
  return PETRI_UNKNOWN;
}

void petri_reduced_lift(const petri_reduced *r, petri_result *res) {
  size_t len = 0;
  for (size_t k = 0; k < res->ntrace; k++) len += r->seq_at[res->trace[k] + 1] - r->seq_at[res->trace[k]];
  uint32_t *trace = xmalloc((len + 1) * sizeof *trace);
  size_t j = 0;
  for (size_t k = 0; k < res->ntrace; k++)
    for (uint32_t i = r->seq_at[res->trace[k]]; i < r->seq_at[res->trace[k] + 1]; i++) trace[j++] = r->seq[i];
  free(res->trace);
  res->trace = trace;
  res->ntrace = len;
}
