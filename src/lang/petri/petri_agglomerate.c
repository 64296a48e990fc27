/* Post-agglomeration on a mutable sub-net (rule and soundness argument in
 * petri_agglomerate.h). */
#include "lang/petri/petri_agglomerate.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

typedef struct { petri_arc *a; size_t n, cap; } arcvec;
typedef struct { uint32_t *v; size_t n, cap; } u32vec;

struct petri_work {
  const petri_net *net;
  bool *alive_p, *alive_t;
  arcvec *pre, *post, *inh; /* per transition */
  u32vec *producers, *consumers; /* per place; stale entries are re-checked */
  u32vec *seq;             /* per transition: original transitions it stands for */
  size_t seq_total;
  uint32_t *stamp, epoch;  /* per transition: de-duplicating the lists */
};

static void u32_push(u32vec *v, uint32_t x) {
  xgrow((void **)&v->v, sizeof *v->v, &v->cap, v->n + 1);
  v->v[v->n++] = x;
}

static void arc_push(arcvec *v, uint32_t place, petri_tok w) {
  xgrow((void **)&v->a, sizeof *v->a, &v->cap, v->n + 1);
  v->a[v->n++] = (petri_arc){place, w};
}

static petri_arc *arc_find(arcvec *v, uint32_t place) {
  for (size_t i = 0; i < v->n; i++) if (v->a[i].place == place) return &v->a[i];
  return NULL;
}

petri_work *petri_work_new(const petri_net *n, const bool *keep_p, const bool *keep_t) {
  petri_work *w = xcalloc(1, sizeof *w);
  size_t P = (size_t)n->nplaces + 1, T = (size_t)n->ntrans + 1;
  w->net = n;
  w->alive_p = xcalloc(P, sizeof *w->alive_p);
  w->alive_t = xcalloc(T, sizeof *w->alive_t);
  w->pre = xcalloc(T, sizeof *w->pre);
  w->post = xcalloc(T, sizeof *w->post);
  w->inh = xcalloc(T, sizeof *w->inh);
  w->seq = xcalloc(T, sizeof *w->seq);
  w->producers = xcalloc(P, sizeof *w->producers);
  w->consumers = xcalloc(P, sizeof *w->consumers);
  w->stamp = xcalloc(T, sizeof *w->stamp);
  memcpy(w->alive_p, keep_p, n->nplaces * sizeof *keep_p);
  for (uint32_t t = 0; t < n->ntrans; t++) {
    if (!(w->alive_t[t] = keep_t[t])) continue;
    u32_push(&w->seq[t], t);
    w->seq_total++;
    for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++)
      if (keep_p[n->pre[i].place]) {
        arc_push(&w->pre[t], n->pre[i].place, n->pre[i].weight);
        u32_push(&w->consumers[n->pre[i].place], t);
      }
    for (uint32_t i = n->post_at[t]; i < n->post_at[t + 1]; i++)
      if (keep_p[n->post[i].place]) {
        arc_push(&w->post[t], n->post[i].place, n->post[i].weight);
        u32_push(&w->producers[n->post[i].place], t);
      }
    for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++)
      if (keep_p[n->inh[i].place]) {
        arc_push(&w->inh[t], n->inh[i].place, n->inh[i].weight);
        u32_push(&w->consumers[n->inh[i].place], t);
      }
  }
  return w;
}

void petri_work_free(petri_work *w) {
  if (!w) return;
  for (uint32_t t = 0; t < w->net->ntrans; t++) {
    free(w->pre[t].a); free(w->post[t].a); free(w->inh[t].a); free(w->seq[t].v);
  }
  for (uint32_t p = 0; p < w->net->nplaces; p++) { free(w->producers[p].v); free(w->consumers[p].v); }
  free(w->pre); free(w->post); free(w->inh); free(w->seq); free(w->producers); free(w->consumers);
  free(w->alive_p); free(w->alive_t); free(w->stamp);
  free(w);
}

/* Places and transitions the target reads. */
static void mark_support(const petri_net *n, const petri_pred *p, bool *support, bool *observed) {
  if (p->op == PRED_AND || p->op == PRED_OR)
    for (uint32_t i = 0; i < p->n; i++) mark_support(n, p->kids[i], support, observed);
  else if (p->op == PRED_LIN)
    for (uint32_t i = 0; i < p->n; i++) support[p->place[i]] = true;
  else if (p->op == PRED_FIRE || p->op == PRED_NFIRE) {
    uint32_t t = p->trans;
    observed[t] = true;
    for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) support[n->pre[i].place] = true;
    for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++) support[n->inh[i].place] = true;
  }
}

/* Drops stale entries (dead transitions, arcs since removed) and repeats;
 * `post` selects which rows the list indexes. */
static void compact(petri_work *w, u32vec *v, uint32_t p, bool post) {
  size_t k = 0;
  w->epoch++;
  for (size_t i = 0; i < v->n; i++) {
    uint32_t t = v->v[i];
    if (!w->alive_t[t] || w->stamp[t] == w->epoch) continue;
    if (post ? !arc_find(&w->post[t], p) : !arc_find(&w->pre[t], p) && !arc_find(&w->inh[t], p)) continue;
    w->stamp[t] = w->epoch;
    v->v[k++] = t;
  }
  v->n = k;
}

/* The post-sets of x and y (minus p) add up without overflow. */
static bool sums_fit(petri_work *w, uint32_t x, uint32_t y) {
  for (size_t k = 0; k < w->post[y].n; k++) {
    petri_arc *mine = arc_find(&w->post[x], w->post[y].a[k].place);
    petri_tok sum;
    if (mine && __builtin_add_overflow(mine->weight, w->post[y].a[k].weight, &sum)) return false;
  }
  return true;
}

/* The rule's conditions for place p (lists left in producers[p] and
 * consumers[p]): every consumer f has pre-set {p: 1}, no inhibitor arc, is
 * not observed and feeds no place of the support or with an inhibitor
 * arc; every producer puts one token. Merging needs one consumer, or one
 * producer (not observed: it disappears into its consumers). */
static bool can_agglomerate(petri_work *w, uint32_t p, const bool *support, const bool *inhibited,
                            const bool *observed) {
  if (!w->alive_p[p] || support[p] || inhibited[p] || w->net->m0[p]) return false;
  compact(w, &w->consumers[p], p, false);
  compact(w, &w->producers[p], p, true);
  u32vec *fs = &w->consumers[p], *hs = &w->producers[p];
  if (!fs->n || !hs->n || (fs->n > 1 && (hs->n > 1 || observed[hs->v[0]]))) return false;
  for (size_t j = 0; j < fs->n; j++) {
    uint32_t c = fs->v[j];
    if (observed[c] || w->inh[c].n || w->pre[c].n != 1 || w->pre[c].a[0].weight != 1) return false;
    for (size_t i = 0; i < w->post[c].n; i++) {
      uint32_t q = w->post[c].a[i].place;
      if (q == p || support[q] || inhibited[q]) return false;
    }
  }
  for (size_t i = 0; i < hs->n; i++) {
    uint32_t h = hs->v[i];
    if (arc_find(&w->post[h], p)->weight != 1) return false;
    for (size_t j = 0; j < fs->n; j++) if (!sums_fit(w, h, fs->v[j])) return false;
  }
  return true;
}

/* Slot d (x or y) becomes "x then y", y consuming the token x put on p:
 * x's pre-set and inhibitor arcs, both post-sets but p, both sequences. */
static void compose(petri_work *w, uint32_t x, uint32_t y, uint32_t p, uint32_t d) {
  arcvec pre = {0}, inh = {0}, post = {0};
  u32vec seq = {0};
  for (size_t i = 0; i < w->pre[x].n; i++) arc_push(&pre, w->pre[x].a[i].place, w->pre[x].a[i].weight);
  for (size_t i = 0; i < w->inh[x].n; i++) arc_push(&inh, w->inh[x].a[i].place, w->inh[x].a[i].weight);
  for (size_t i = 0; i < w->post[x].n; i++)
    if (w->post[x].a[i].place != p) arc_push(&post, w->post[x].a[i].place, w->post[x].a[i].weight);
  for (size_t i = 0; i < w->post[y].n; i++) {
    petri_arc *a = &w->post[y].a[i], *mine = arc_find(&post, a->place);
    if (mine) mine->weight += a->weight; /* checked by sums_fit */
    else arc_push(&post, a->place, a->weight);
  }
  for (size_t i = 0; i < w->seq[x].n; i++) u32_push(&seq, w->seq[x].v[i]);
  for (size_t i = 0; i < w->seq[y].n; i++) u32_push(&seq, w->seq[y].v[i]);
  w->seq_total += seq.n - w->seq[d].n;
  free(w->pre[d].a); free(w->inh[d].a); free(w->post[d].a); free(w->seq[d].v);
  w->pre[d] = pre; w->inh[d] = inh; w->post[d] = post; w->seq[d] = seq;
  /* the lists tolerate repeats and stale entries (compact) */
  for (size_t i = 0; i < pre.n; i++) u32_push(&w->consumers[pre.a[i].place], d);
  for (size_t i = 0; i < inh.n; i++) u32_push(&w->consumers[inh.a[i].place], d);
  for (size_t i = 0; i < post.n; i++) u32_push(&w->producers[post.a[i].place], d);
}

static void kill_transition(petri_work *w, uint32_t t) {
  w->alive_t[t] = false;
  w->seq_total -= w->seq[t].n;
}

int64_t petri_work_agglomerate(petri_work *w, const petri_pred *target, size_t max_seq) {
  const petri_net *n = w->net;
  bool *support = xcalloc((size_t)n->nplaces + 1, sizeof *support);
  bool *inhibited = xcalloc((size_t)n->nplaces + 1, sizeof *inhibited);
  bool *observed = xcalloc((size_t)n->ntrans + 1, sizeof *observed);
  mark_support(n, target, support, observed);
  /* merging never adds inhibitor arcs to new places: computed once */
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (w->alive_t[t])
      for (size_t i = 0; i < w->inh[t].n; i++) inhibited[w->inh[t].a[i].place] = true;
  int64_t removed = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t p = 0; p < n->nplaces; p++) {
      if (!can_agglomerate(w, p, support, inhibited, observed)) continue;
      u32vec *hs = &w->producers[p], *fs = &w->consumers[p];
      size_t grow = 0;
      for (size_t i = 0; i < hs->n; i++)
        for (size_t j = 0; j < fs->n; j++) grow += w->seq[hs->v[i]].n + w->seq[fs->v[j]].n;
      if (w->seq_total + grow > max_seq) continue;
      /* copies: compose() pushes onto these very lists */
      size_t nh = hs->n, nf = fs->n;
      uint32_t *h = xmalloc(nh * sizeof *h), *f = xmalloc(nf * sizeof *f);
      memcpy(h, hs->v, nh * sizeof *h);
      memcpy(f, fs->v, nf * sizeof *f);
      if (nf == 1) {
        for (size_t i = 0; i < nh; i++) compose(w, h[i], f[0], p, h[i]);
        kill_transition(w, f[0]);
      } else {
        for (size_t j = 0; j < nf; j++) compose(w, h[0], f[j], p, f[j]);
        kill_transition(w, h[0]);
      }
      free(h); free(f);
      w->alive_p[p] = false;
      removed++;
      changed = true;
    }
  }
  free(support); free(inhibited); free(observed);
  return removed;
}

petri_net *petri_work_build(const petri_work *w, uint32_t *pmap, uint32_t *tmap, uint32_t **seq_at, uint32_t **seq) {
  const petri_net *n = w->net;
  petri_diag d = {0};
  petri_builder *b = petri_builder_new();
  bool ok = b && petri_builder_set_name(b, n->name);
  uint32_t np = 0, nt = 0;
  for (uint32_t p = 0; ok && p < n->nplaces; p++) {
    pmap[p] = UINT32_MAX;
    if (!w->alive_p[p]) continue;
    pmap[p] = np++;
    ok = petri_builder_place(b, n->place_id[p], n->place_name[p], n->m0[p], 0, 0, &d);
  }
  *seq_at = xcalloc((size_t)n->ntrans + 2, sizeof **seq_at);
  *seq = xmalloc((w->seq_total + 1) * sizeof **seq);
  size_t k = 0;
  for (uint32_t t = 0; ok && t < n->ntrans; t++) {
    tmap[t] = UINT32_MAX;
    if (!w->alive_t[t]) continue;
    tmap[t] = nt;
    /* a merged transition keeps the id of its first member (unique) */
    const char *tid = n->trans_id[t];
    ok = petri_builder_transition(b, tid, n->trans_name[t], 0, 0, &d);
    for (size_t i = 0; ok && i < w->pre[t].n; i++)
      ok = petri_builder_arc(b, n->place_id[w->pre[t].a[i].place], tid, w->pre[t].a[i].weight, PETRI_ARC_NORMAL, 0, 0, &d);
    for (size_t i = 0; ok && i < w->post[t].n; i++)
      ok = petri_builder_arc(b, tid, n->place_id[w->post[t].a[i].place], w->post[t].a[i].weight, PETRI_ARC_NORMAL, 0, 0, &d);
    for (size_t i = 0; ok && i < w->inh[t].n; i++)
      ok = petri_builder_arc(b, n->place_id[w->inh[t].a[i].place], tid, w->inh[t].a[i].weight, PETRI_ARC_INHIBITOR, 0, 0, &d);
    memcpy(*seq + k, w->seq[t].v, w->seq[t].n * sizeof **seq);
    k += w->seq[t].n;
    (*seq_at)[++nt] = (uint32_t)k;
  }
  petri_net *r = ok ? petri_builder_finish(b, NULL, &d) : NULL;
  petri_builder_free(b);
  if (!r) {
    free(*seq_at); free(*seq);
    *seq_at = NULL; *seq = NULL;
  }
  return r;
}
