/* Place/transition nets: builder, id lookup, firing rule, replay. */
#include "lang/petri/petri.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void petri_diag_set(petri_diag *d, const char *file, unsigned long line,
                    unsigned long column, const char *fmt, ...) {
  if (!d) return;
  d->file = file;
  d->line = line;
  d->column = column;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->message, sizeof d->message, fmt, ap);
  va_end(ap);
}

double petri_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- string -> index map (open addressing, keys owned by the caller) ---- */

typedef struct { const char **key; int64_t *val; size_t cap, len; } strmap;

static uint64_t str_hash(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

static int64_t strmap_get(const strmap *m, const char *k) {
  if (!m || !m->cap) return -1;
  for (size_t i = str_hash(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (!m->key[i]) return -1;
    if (strcmp(m->key[i], k) == 0) return m->val[i];
  }
}

static bool strmap_grow(strmap *m) {
  size_t cap = m->cap ? 2 * m->cap : 64;
  const char **key = calloc(cap, sizeof *key);
  int64_t *val = calloc(cap, sizeof *val);
  if (!key || !val) { free(key); free(val); return false; }
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->key[i]) continue;
    size_t j = str_hash(m->key[i]) & (cap - 1);
    while (key[j]) j = (j + 1) & (cap - 1);
    key[j] = m->key[i];
    val[j] = m->val[i];
  }
  free(m->key); free(m->val);
  m->key = key; m->val = val; m->cap = cap;
  return true;
}

/* Inserts k -> v unless present; returns the existing value or -1 if new,
 * -2 on allocation failure. */
static int64_t strmap_put(strmap *m, const char *k, int64_t v) {
  int64_t old = strmap_get(m, k);
  if (old >= 0) return old;
  if (2 * (m->len + 1) > m->cap && !strmap_grow(m)) return -2;
  size_t i = str_hash(k) & (m->cap - 1);
  while (m->key[i]) i = (i + 1) & (m->cap - 1);
  m->key[i] = k; m->val[i] = v; m->len++;
  return -1;
}

static void strmap_free(strmap *m) {
  if (!m) return;
  free(m->key); free(m->val); free(m);
}

/* ---- builder ---- */

typedef struct { char *src, *dst; petri_tok w; petri_arc_kind kind; unsigned long line, col; } raw_arc;
typedef struct { char *id, *name; petri_tok m0; } raw_node;

struct petri_builder {
  char *name;
  raw_node *pl, *tr;
  size_t npl, ntr, cappl, captr;
  raw_arc *arcs;
  size_t narcs, caparcs;
  char **alias; /* pairs id, ref */
  size_t nalias, capalias;
  strmap nodes; /* id -> index; places >= 0, transitions encoded as -3 - i */
};

petri_builder *petri_builder_new(void) { return calloc(1, sizeof(petri_builder)); }

void petri_builder_free(petri_builder *b) {
  if (!b) return;
  for (size_t i = 0; i < b->npl; i++) { free(b->pl[i].id); free(b->pl[i].name); }
  for (size_t i = 0; i < b->ntr; i++) { free(b->tr[i].id); free(b->tr[i].name); }
  for (size_t i = 0; i < b->narcs; i++) { free(b->arcs[i].src); free(b->arcs[i].dst); }
  for (size_t i = 0; i < 2 * b->nalias; i++) free(b->alias[i]);
  free(b->pl); free(b->tr); free(b->arcs); free(b->alias); free(b->name);
  free(b->nodes.key); free(b->nodes.val);
  free(b);
}

static bool grow(void **p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return true;
  size_t c = *cap ? *cap : 16;
  while (c < need) c *= 2;
  void *q = realloc(*p, c * size);
  if (!q) return false;
  *p = q; *cap = c;
  return true;
}

static bool nomem(petri_diag *d) {
  petri_diag_set(d, NULL, 0, 0, "out of memory");
  return false;
}

static bool add_node(petri_builder *b, raw_node **arr, size_t *n, size_t *cap, int64_t code,
                     const char *id, const char *name, petri_tok m0,
                     unsigned long line, unsigned long col, petri_diag *d) {
  if (!grow((void **)arr, cap, *n + 1, sizeof **arr)) return nomem(d);
  raw_node *r = &(*arr)[*n];
  r->id = strdup(id);
  r->name = name ? strdup(name) : NULL;
  r->m0 = m0;
  if (!r->id || (name && !r->name)) { free(r->id); free(r->name); return nomem(d); }
  int64_t old = strmap_put(&b->nodes, r->id, code);
  if (old == -2) { free(r->id); free(r->name); return nomem(d); }
  if (old != -1) {
    petri_diag_set(d, NULL, line, col, "duplicate node id '%s'", id);
    free(r->id); free(r->name);
    return false;
  }
  (*n)++;
  return true;
}

bool petri_builder_place(petri_builder *b, const char *id, const char *name, petri_tok m0,
                         unsigned long line, unsigned long col, petri_diag *d) {
  return add_node(b, &b->pl, &b->npl, &b->cappl, (int64_t)b->npl, id, name, m0, line, col, d);
}

bool petri_builder_transition(petri_builder *b, const char *id, const char *name,
                              unsigned long line, unsigned long col, petri_diag *d) {
  return add_node(b, &b->tr, &b->ntr, &b->captr, -3 - (int64_t)b->ntr, id, name, 0, line, col, d);
}

bool petri_builder_alias(petri_builder *b, const char *id, const char *ref, petri_diag *d) {
  if (!grow((void **)&b->alias, &b->capalias, 2 * (b->nalias + 1), sizeof *b->alias)) return nomem(d);
  char *a = strdup(id), *r = strdup(ref);
  if (!a || !r) { free(a); free(r); return nomem(d); }
  b->alias[2 * b->nalias] = a;
  b->alias[2 * b->nalias + 1] = r;
  b->nalias++;
  return true;
}

bool petri_builder_arc(petri_builder *b, const char *source, const char *target, petri_tok weight,
                       petri_arc_kind kind, unsigned long line, unsigned long col, petri_diag *d) {
  if (!grow((void **)&b->arcs, &b->caparcs, b->narcs + 1, sizeof *b->arcs)) return nomem(d);
  raw_arc *a = &b->arcs[b->narcs];
  a->src = strdup(source);
  a->dst = strdup(target);
  if (!a->src || !a->dst) { free(a->src); free(a->dst); return nomem(d); }
  a->w = weight; a->kind = kind; a->line = line; a->col = col;
  b->narcs++;
  return true;
}

bool petri_builder_set_name(petri_builder *b, const char *name) {
  char *s = strdup(name);
  if (!s) return false;
  free(b->name);
  b->name = s;
  return true;
}

/* Follows reference-node aliases (bounded, so cycles cannot hang). */
static int64_t resolve(const petri_builder *b, const char *id) {
  for (size_t hops = 0; hops <= b->nalias; hops++) {
    int64_t v = strmap_get(&b->nodes, id);
    if (v != -1) return v;
    const char *next = NULL;
    for (size_t i = 0; i < b->nalias && !next; i++)
      if (strcmp(b->alias[2 * i], id) == 0) next = b->alias[2 * i + 1];
    if (!next) return -1;
    id = next;
  }
  return -1;
}

/* Dense per-transition weight rows while building (nplaces * ntrans could be
 * large, so use sparse triples sorted instead). */
typedef struct { uint32_t t, p; uint64_t w; } triple;

static int cmp_triple(const void *a, const void *b) {
  const triple *x = a, *y = b;
  if (x->t != y->t) return x->t < y->t ? -1 : 1;
  if (x->p != y->p) return x->p < y->p ? -1 : 1;
  return 0;
}

/* Sorts, merges duplicates (summing weights, max for inhibitors) and writes
 * a CSR: at[ntrans+1], arcs. */
static bool build_rows(triple *tr, size_t n, uint32_t ntrans, bool take_min,
                       uint32_t **at_out, petri_arc **arcs_out) {
  qsort(tr, n, sizeof *tr, cmp_triple);
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (m && tr[m - 1].t == tr[i].t && tr[m - 1].p == tr[i].p) {
      if (take_min) { if (tr[i].w < tr[m - 1].w) tr[m - 1].w = tr[i].w; }
      else tr[m - 1].w += tr[i].w;
    } else tr[m++] = tr[i];
  }
  uint32_t *at = calloc((size_t)ntrans + 1, sizeof *at);
  petri_arc *arcs = malloc((m ? m : 1) * sizeof *arcs);
  if (!at || !arcs) { free(at); free(arcs); return false; }
  for (size_t i = 0; i < m; i++) {
    at[tr[i].t + 1]++;
    arcs[i].place = tr[i].p;
    arcs[i].weight = tr[i].w > PETRI_TOK_MAX ? PETRI_TOK_MAX : (petri_tok)tr[i].w;
  }
  for (uint32_t t = 0; t < ntrans; t++) at[t + 1] += at[t];
  *at_out = at; *arcs_out = arcs;
  return true;
}

/* Per-place transition lists: place p lists transition t when pick(t, p). */
static bool build_place_index(petri_net *n, int which, uint32_t **at_out, uint32_t **list_out) {
  uint32_t *at = calloc((size_t)n->nplaces + 1, sizeof *at);
  size_t total = 0;
  if (!at) return false;
  for (int pass = 0; pass < 2; pass++) {
    uint32_t *list = NULL, *fill = NULL;
    if (pass == 1) {
      for (uint32_t p = 0; p < n->nplaces; p++) at[p + 1] += at[p];
      list = malloc((total ? total : 1) * sizeof *list);
      fill = malloc(((size_t)n->nplaces + 1) * sizeof *fill);
      if (!list || !fill) { free(list); free(fill); free(at); return false; }
      memcpy(fill, at, ((size_t)n->nplaces + 1) * sizeof *fill);
    }
    for (uint32_t t = 0; t < n->ntrans; t++) {
      uint32_t lo, hi;
      if (which == 0 || which == 1) { lo = n->eff_at[t]; hi = n->eff_at[t + 1]; }
      else if (which == 2) { lo = n->pre_at[t]; hi = n->pre_at[t + 1]; }
      else { lo = n->inh_at[t]; hi = n->inh_at[t + 1]; }
      for (uint32_t i = lo; i < hi; i++) {
        uint32_t p;
        if (which == 0 || which == 1) {
          if ((which == 0) != (n->eff[i].delta > 0)) continue;
          p = n->eff[i].place;
        } else if (which == 2) p = n->pre[i].place;
        else p = n->inh[i].place;
        if (pass == 0) { at[p + 1]++; total++; }
        else list[fill[p]++] = t;
      }
    }
    if (pass == 1) { free(fill); *at_out = at; *list_out = list; }
  }
  return true;
}

static bool build_effects(petri_net *n) {
  size_t cap = (size_t)n->pre_at[n->ntrans] + n->post_at[n->ntrans];
  n->eff_at = calloc((size_t)n->ntrans + 1, sizeof *n->eff_at);
  n->eff = malloc((cap ? cap : 1) * sizeof *n->eff);
  if (!n->eff_at || !n->eff) return false;
  size_t k = 0;
  for (uint32_t t = 0; t < n->ntrans; t++) {
    uint32_t i = n->pre_at[t], j = n->post_at[t];
    while (i < n->pre_at[t + 1] || j < n->post_at[t + 1]) {
      uint32_t pi = i < n->pre_at[t + 1] ? n->pre[i].place : UINT32_MAX;
      uint32_t pj = j < n->post_at[t + 1] ? n->post[j].place : UINT32_MAX;
      uint32_t p = pi < pj ? pi : pj;
      int64_t delta = 0;
      if (pi == p) delta -= n->pre[i++].weight;
      if (pj == p) delta += n->post[j++].weight;
      if (delta) { n->eff[k].place = p; n->eff[k].delta = delta; k++; }
    }
    n->eff_at[t + 1] = (uint32_t)k;
  }
  return true;
}

petri_net *petri_builder_finish(petri_builder *b, const char *file, petri_diag *d) {
  petri_net *n = calloc(1, sizeof *n);
  triple *pre = NULL, *post = NULL, *inh = NULL;
  size_t npre = 0, npost = 0, ninh = 0;
  if (!n) { nomem(d); return NULL; }
  if (b->npl > UINT32_MAX / 2 || b->ntr > UINT32_MAX / 2) {
    petri_diag_set(d, file, 0, 0, "net too large");
    goto fail;
  }
  n->nplaces = (uint32_t)b->npl;
  n->ntrans = (uint32_t)b->ntr;
  n->name = strdup(b->name ? b->name : "net");
  n->place_id = calloc(b->npl + 1, sizeof(char *));
  n->place_name = calloc(b->npl + 1, sizeof(char *));
  n->trans_id = calloc(b->ntr + 1, sizeof(char *));
  n->trans_name = calloc(b->ntr + 1, sizeof(char *));
  n->m0 = calloc(b->npl + 1, sizeof(petri_tok));
  pre = malloc((b->narcs + 1) * sizeof *pre);
  post = malloc((b->narcs + 1) * sizeof *post);
  inh = malloc((b->narcs + 1) * sizeof *inh);
  if (!n->name || !n->place_id || !n->place_name || !n->trans_id || !n->trans_name || !n->m0 ||
      !pre || !post || !inh) { nomem(d); goto fail; }
  for (size_t i = 0; i < b->npl; i++) {
    n->place_id[i] = strdup(b->pl[i].id);
    n->place_name[i] = strdup(b->pl[i].name ? b->pl[i].name : b->pl[i].id);
    if (!n->place_id[i] || !n->place_name[i]) { nomem(d); goto fail; }
    n->m0[i] = b->pl[i].m0;
  }
  for (size_t i = 0; i < b->ntr; i++) {
    n->trans_id[i] = strdup(b->tr[i].id);
    n->trans_name[i] = strdup(b->tr[i].name ? b->tr[i].name : b->tr[i].id);
    if (!n->trans_id[i] || !n->trans_name[i]) { nomem(d); goto fail; }
  }
  for (size_t i = 0; i < b->narcs; i++) {
    raw_arc *a = &b->arcs[i];
    int64_t s = resolve(b, a->src), t = resolve(b, a->dst);
    if (s == -1 || t == -1) {
      petri_diag_set(d, file, a->line, a->col, "arc refers to unknown node '%s'", s == -1 ? a->src : a->dst);
      goto fail;
    }
    if ((s >= 0) == (t >= 0)) {
      petri_diag_set(d, file, a->line, a->col, "arc from '%s' to '%s' must connect a place and a transition",
                     a->src, a->dst);
      goto fail;
    }
    if (a->w == 0 && a->kind != PETRI_ARC_INHIBITOR) continue;
    bool from_place = s >= 0;
    uint32_t p = (uint32_t)(from_place ? s : t), tr = (uint32_t)(-3 - (from_place ? t : s));
    if (a->kind == PETRI_ARC_INHIBITOR) {
      if (!from_place) {
        petri_diag_set(d, file, a->line, a->col, "inhibitor arc must go from a place to a transition");
        goto fail;
      }
      inh[ninh++] = (triple){tr, p, a->w};
      n->has_inhibitors = true;
    } else if (a->kind == PETRI_ARC_READ) {
      pre[npre++] = (triple){tr, p, a->w};
      post[npost++] = (triple){tr, p, a->w};
    } else if (from_place) pre[npre++] = (triple){tr, p, a->w};
    else post[npost++] = (triple){tr, p, a->w};
  }
  if (!build_rows(pre, npre, n->ntrans, false, &n->pre_at, &n->pre) ||
      !build_rows(post, npost, n->ntrans, false, &n->post_at, &n->post) ||
      !build_rows(inh, ninh, n->ntrans, true, &n->inh_at, &n->inh) || !build_effects(n) ||
      !build_place_index(n, 0, &n->inc_at, &n->inc) || !build_place_index(n, 1, &n->dec_at, &n->dec) ||
      !build_place_index(n, 2, &n->cons_at, &n->cons) || !build_place_index(n, 3, &n->inhd_at, &n->inhd)) {
    nomem(d);
    goto fail;
  }
  strmap *pm = calloc(1, sizeof *pm), *tm = calloc(1, sizeof *tm);
  n->place_map = pm; n->trans_map = tm;
  if (!pm || !tm) { nomem(d); goto fail; }
  for (uint32_t i = 0; i < n->nplaces; i++)
    if (strmap_put(pm, n->place_id[i], i) == -2) { nomem(d); goto fail; }
  for (uint32_t i = 0; i < n->ntrans; i++)
    if (strmap_put(tm, n->trans_id[i], i) == -2) { nomem(d); goto fail; }
  free(pre); free(post); free(inh);
  return n;
fail:
  free(pre); free(post); free(inh);
  petri_net_free(n);
  return NULL;
}

void petri_net_free(petri_net *n) {
  if (!n) return;
  for (uint32_t i = 0; n->place_id && i < n->nplaces; i++) { free(n->place_id[i]); if (n->place_name) free(n->place_name[i]); }
  for (uint32_t i = 0; n->trans_id && i < n->ntrans; i++) { free(n->trans_id[i]); if (n->trans_name) free(n->trans_name[i]); }
  free(n->place_id); free(n->place_name); free(n->trans_id); free(n->trans_name);
  free(n->name); free(n->m0);
  free(n->pre_at); free(n->post_at); free(n->inh_at); free(n->eff_at);
  free(n->pre); free(n->post); free(n->inh); free(n->eff);
  free(n->inc_at); free(n->inc); free(n->dec_at); free(n->dec);
  free(n->cons_at); free(n->cons); free(n->inhd_at); free(n->inhd);
  strmap_free(n->place_map); strmap_free(n->trans_map);
  free(n);
}

int64_t petri_place_index(const petri_net *n, const char *id) { return strmap_get(n->place_map, id); }
int64_t petri_trans_index(const petri_net *n, const char *id) { return strmap_get(n->trans_map, id); }

/* ---- firing rule ---- */

bool petri_enabled(const petri_net *n, const petri_tok *m, uint32_t t) {
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++)
    if (m[n->pre[i].place] < n->pre[i].weight) return false;
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++)
    if (m[n->inh[i].place] >= n->inh[i].weight) return false;
  return true;
}

bool petri_fire(const petri_net *n, const petri_tok *m, uint32_t t, petri_tok *out) {
  if (out != m) memcpy(out, m, (size_t)n->nplaces * sizeof *m);
  for (uint32_t i = n->eff_at[t]; i < n->eff_at[t + 1]; i++) {
    int64_t v = (int64_t)out[n->eff[i].place] + n->eff[i].delta;
    if (v < 0 || v > (int64_t)PETRI_TOK_MAX) return false;
    out[n->eff[i].place] = (petri_tok)v;
  }
  return true;
}

bool petri_is_deadlock(const petri_net *n, const petri_tok *m) {
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (petri_enabled(n, m, t)) return false;
  return true;
}

petri_replay_status petri_replay(const petri_net *n, const uint32_t *seq, size_t len,
                                 petri_tok *final, size_t *at) {
  memcpy(final, n->m0, (size_t)n->nplaces * sizeof *final);
  for (size_t i = 0; i < len; i++) {
    if (at) *at = i;
    if (seq[i] >= n->ntrans || !petri_enabled(n, final, seq[i])) return PETRI_REPLAY_DISABLED;
    if (!petri_fire(n, final, seq[i], final)) return PETRI_REPLAY_OVERFLOW;
  }
  return PETRI_REPLAY_OK;
}
