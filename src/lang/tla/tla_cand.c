/* Candidate facts from sampled states (see tla_cand.h). */
#include "lang/tla/tla_cand.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

enum {
  MAX_PATH = 2,    /* x[k][j]: deeper positions are left out */
  MAX_LITS = 400,  /* literals kept (the candidates grow with their square) */
  MAX_SUM = 600    /* counting sums (sums) */
};

typedef struct {
  tla_lit *lit;
  size_t n, cap;
  size_t *slot;    /* open addressing: index + 1, 0 free */
  size_t nslot;
  size_t max;      /* literals kept */
  uint32_t depth;  /* the longest path */
  bool elem;       /* element literals (tla_lit.elem) */
} lit_set;

static uint64_t lit_hash(uint32_t var, const tla_val *const *path, uint32_t np, bool member, const tla_val *val) {
  uint64_t h = 1469598103934665603ull ^ var ^ ((uint64_t)member << 40);
  for (uint32_t i = 0; i < np; i++) h = (h ^ (uintptr_t)path[i]) * 1099511628211ull;
  return (h ^ (uintptr_t)val) * 1099511628211ull;
}

static bool lit_same(const tla_lit *l, uint32_t var, const tla_val *const *path, uint32_t np, bool member, const tla_val *val) {
  if (l->var != var || l->npath != np || l->member != member || l->val != val) return false;
  for (uint32_t i = 0; i < np; i++)
    if (l->path[i] != path[i]) return false;
  return true;
}

static void lit_add(lit_set *ls, uint32_t var, const tla_val *const *path, uint32_t np, bool member, const tla_val *val) {
  size_t h = lit_hash(var, path, np, member, val) & (ls->nslot - 1);
  for (; ls->slot[h]; h = (h + 1) & (ls->nslot - 1))
    if (lit_same(&ls->lit[ls->slot[h] - 1], var, path, np, member, val)) return;
  if (ls->n >= ls->max) return;
  if (ls->n == ls->cap) {
    ls->cap = ls->cap ? 2 * ls->cap : 64;
    ls->lit = xrealloc(ls->lit, ls->cap * sizeof *ls->lit);
  }
  tla_lit *l = &ls->lit[ls->n];
  l->var = var, l->npath = np, l->member = member, l->val = val, l->num = false, l->elem = ls->elem;
  l->path = xmalloc((np + 1) * sizeof *l->path);
  if (np) memcpy(l->path, path, np * sizeof *l->path);
  ls->slot[h] = ++ls->n;
}

static bool is_scalar(const tla_val *v) {
  return v->kind == TV_BOOL || v->kind == TV_INT || v->kind == TV_STR || v->kind == TV_MODEL;
}

static void collect(lit_set *ls, uint32_t var, const tla_val **path, uint32_t np, const tla_val *v) {
  if (is_scalar(v)) {
    lit_add(ls, var, path, np, false, v);
  } else if (v->kind == TV_SET) {
    lit_add(ls, var, path, np, true, NULL);   /* "is a set" (temp[p]: a set at one pc, a process at another) */
    for (uint32_t i = 0; i < v->n; i++) lit_add(ls, var, path, np, true, v->e[i]);
  } else if (v->kind == TV_FUN && np < ls->depth) {
    for (uint32_t i = 0; i < v->n; i++) {
      path[np] = v->e[i];
      collect(ls, var, path, np + 1, v->v[i]);
    }
  }
}

/* l's path followed from v, and its test there */
static bool holds_from(const tla_lit *l, const tla_val *v) {
  for (uint32_t i = 0; i < l->npath; i++) {
    if (v->kind != TV_FUN) return false;
    v = tv_apply(v, l->path[i]);
    if (!v) return false;
  }
  if (l->member) return v->kind == TV_SET && (!l->val || tv_set_has(v, l->val));
  return v == l->val;
}

bool tla_lit_holds(const tla_lit *l, const tla_val *state) { return !l->elem && holds_from(l, state->v[l->var]); }

bool tla_elem_lit_holds(const tla_lit *l, const tla_val *e) { return holds_from(l, e); }

/* Two literals that exclude each other by their form (one position, two
 * scalars): their implication says nothing. */
static bool same_position(const tla_lit *a, const tla_lit *b) {
  if (a->var != b->var || a->npath != b->npath || a->member || b->member) return false;
  for (uint32_t i = 0; i < a->npath; i++)
    if (a->path[i] != b->path[i]) return false;
  return true;
}

static void cand_add(tla_cands *out, size_t *cap, size_t max_cand, int32_t a, uint32_t b, bool neg) {
  if (out->ncand >= max_cand) return;
  if (out->ncand == *cap) {
    *cap = *cap ? 2 * *cap : 256;
    out->cand = xrealloc(out->cand, *cap * sizeof *out->cand);
  }
  out->cand[out->ncand++] = (tla_cand){a, b, neg, -1, -1, false, false};
}

enum { TRIPLE_WORK = 30000000 };

/* The literals neither never nor always true in the sample. */
static size_t live_lits(size_t *live, const size_t *count, size_t nlit, size_t n) {
  size_t nl = 0;
  for (size_t i = 0; i < nlit; i++)
    if (count[i] && count[i] < n) live[nl++] = i;
  return nl;
}

static bool triples_fit(size_t nl, size_t words) { return nl * nl * nl / 2 * words <= TRIPLE_WORK; }

/* Is x (/\ x2) a subset of y (\/ y2) on words w = 0, stride, 2 stride...?
 * (NULL x2, y2: left out.) */
static bool covered(const uint64_t *x, const uint64_t *x2, const uint64_t *y, const uint64_t *y2, size_t words,
                    size_t stride) {
  for (size_t w = 0; w < words; w += stride) {
    uint64_t in = x[w] & (x2 ? x2[w] : ~0ull), out = y[w] | (y2 ? y2[w] : 0);
    if (in & ~out) return false;
  }
  return true;
}

/* m's position is at a key of a's or a2's (temp[i] with pc[i] or pc[j]):
 * clauses about the processes the antecedents name (Paxos got 774
 * clauses without this, APLamportMutex 387; dijkstra-mutex's 15 keep it) */
static bool keyed_by(const tla_lit *m, const tla_lit *a, const tla_lit *a2) {
  if (!m->npath) return false;
  const tla_val *k = m->path[m->npath - 1];
  return (a->npath && a->path[a->npath - 1] == k) || (a2->npath && a2->path[a2->npath - 1] == k);
}

/* Membership clauses: a /\ a2 => m (\/ m2), a and a2 scalar literals at
 * two positions that occur together, m and m2 membership literals, where
 * no smaller clause of them holds in the sample, m and m2 at the keys of
 * a and a2 (keyed_by). Dijkstra's mutex needs
 * pc[j] = "cs" /\ pc[i] = "Li4b" => j \in temp[i] and, to make that
 * inductive, pc[i] = "Li4b" /\ pc[j] = "Li4b" => j \in temp[i] \/ i \in
 * temp[j] (one of two scanning processes has the other still to check);
 * the general triples skip models of its size (their work cap), and no
 * other shape says the second. Its three-literal ones are not the
 * general triples' (owned_by_members): those are cut by their work cap
 * and their share of the room, and run only on samples of at most 10240
 * states here (dijkstra-mutex's sample under load). When the work
 * is large, the clauses are searched on a strided sub-sample of the
 * states' words and then checked on all of them. At most a quarter of the
 * room left, and MAX_MEMBER. */
static void member_clauses(tla_cands *out, size_t *cap, size_t max_cand, const tla_lit *lit, size_t nlit,
                           const uint64_t *bits, const size_t *count, size_t n, size_t words) {
  size_t *live = xmalloc((nlit + 1) * sizeof *live), nl = live_lits(live, count, nlit, n);
  size_t *sc = xmalloc((nl + 1) * sizeof *sc), *mb = xmalloc((nl + 1) * sizeof *mb), ns = 0, nm = 0;
  for (size_t i = 0; i < nl; i++) {
    const tla_lit *l = &lit[live[i]];
    if (!l->member) sc[ns++] = live[i];
    else if (l->val) mb[nm++] = live[i];
  }
  size_t per_pair = nm * (nm + 1) / 2, work = ns * ns / 2 * per_pair * words, stride = 1;
  if (work > TRIPLE_WORK) stride = (work + TRIPLE_WORK - 1) / TRIPLE_WORK;
  enum { MAX_MEMBER = 256 };   /* Houdini's rounds grow with them (Paxos had 459 of them, keyed) */
  size_t room = (max_cand - out->ncand) / 4, limit = out->ncand + (room < MAX_MEMBER ? room : MAX_MEMBER);
  if (stride > 1 && words / stride < 4) nm = 0;   /* a sub-sample of fewer than 4 blocks of 64 states: too little evidence */
  for (size_t x = 0; x < ns && out->ncand < limit; x++)
    for (size_t y = x + 1; y < ns && out->ncand < limit; y++) {
      size_t a = sc[x], a2 = sc[y];
      if (same_position(&lit[a], &lit[a2]) || !nm) continue;
      const uint64_t *A = bits + a * words, *A2 = bits + a2 * words;
      bool some = false;
      for (size_t w = 0; w < words && !some; w++) some = (A[w] & A2[w]) != 0;
      if (!some) continue;   /* never together: a pair says it */
      for (size_t i = 0; i < nm && out->ncand < limit; i++) {
        const uint64_t *M = bits + mb[i] * words;
        if (!keyed_by(&lit[mb[i]], &lit[a], &lit[a2])) continue;
        if (covered(A, NULL, M, NULL, words, 1) || covered(A2, NULL, M, NULL, words, 1)) continue;
        if (covered(A, A2, M, NULL, words, stride)) {
          if (stride == 1 || covered(A, A2, M, NULL, words, 1)) {
            cand_add(out, cap, max_cand, (int32_t)a, (uint32_t)mb[i], false);
            out->cand[out->ncand - 1].a2 = (int32_t)a2;
          }
          continue;   /* a clause with m in it says less */
        }
        for (size_t j = i + 1; j < nm && out->ncand < limit; j++) {
          const uint64_t *M2 = bits + mb[j] * words;
          if (!keyed_by(&lit[mb[j]], &lit[a], &lit[a2])) continue;
          if (!covered(A, A2, M, M2, words, stride) || covered(A, A2, M2, NULL, words, stride) ||
              covered(A, NULL, M, M2, words, 1) || covered(A2, NULL, M, M2, words, 1))
            continue;
          if (stride > 1 && (!covered(A, A2, M, M2, words, 1) || covered(A, A2, M2, NULL, words, 1))) continue;
          cand_add(out, cap, max_cand, (int32_t)a, (uint32_t)mb[i], false);
          out->cand[out->ncand - 1].a2 = (int32_t)a2;
          out->cand[out->ncand - 1].b2 = (int32_t)mb[j];
        }
      }
    }
  free(sc), free(mb), free(live);
}

/* A three-literal clause a /\ a2 => b that member_clauses makes (not made twice). */
static bool owned_by_members(const tla_lit *a, const tla_lit *a2, const tla_lit *b) {
  return !a->member && !a2->member && b->member && b->val && keyed_by(b, a, a2);
}

/* Three literals: a /\ a2 => b (or => not b) where the pair a, a2 occurs
 * in the sample and neither alone implies it (TM "Done" and the backup TM
 * waiting => tmState = "hidden"). Only while the bit-set work stays small,
 * and at most a third of the candidates. */
static void triples(tla_cands *out, size_t *cap, size_t max_cand, const tla_lit *lit, size_t nlit, const uint64_t *bits,
                    const size_t *count, size_t n, size_t words) {
  size_t *live = xmalloc((nlit + 1) * sizeof *live), nl = live_lits(live, count, nlit, n);
  size_t limit = out->ncand + (max_cand - out->ncand) / 3;
  uint64_t *ab = xmalloc((words + 1) * sizeof *ab);
  if (!triples_fit(nl, words)) nl = 0;
  for (size_t x = 0; x < nl && out->ncand < limit; x++)
    for (size_t y = x + 1; y < nl && out->ncand < limit; y++) {
      size_t a = live[x], a2 = live[y];
      if (same_position(&lit[a], &lit[a2])) continue;
      const uint64_t *A = bits + a * words, *A2 = bits + a2 * words;
      bool some = false;
      for (size_t w = 0; w < words; w++) some |= (ab[w] = A[w] & A2[w]) != 0;
      if (!some) continue;   /* never together: a pair says it */
      for (size_t z = 0; z < nl && out->ncand < limit; z++) {
        size_t b = live[z];
        if (b == a || b == a2 || same_position(&lit[a], &lit[b]) || same_position(&lit[a2], &lit[b])) continue;
        const uint64_t *B = bits + b * words;
        bool sub = true, disjoint = true, sub1 = true, sub2 = true, dis1 = true, dis2 = true;
        for (size_t w = 0; w < words; w++) {
          if (ab[w] & ~B[w]) sub = false;
          if (ab[w] & B[w]) disjoint = false;
          if (A[w] & ~B[w]) sub1 = false;
          if (A2[w] & ~B[w]) sub2 = false;
          if (A[w] & B[w]) dis1 = false;
          if (A2[w] & B[w]) dis2 = false;
        }
        bool neg = !sub;
        if (sub && owned_by_members(&lit[a], &lit[a2], &lit[b])) continue;
        if ((sub && !sub1 && !sub2) || (disjoint && !dis1 && !dis2)) {
          cand_add(out, cap, max_cand, (int32_t)a, (uint32_t)b, neg);
          out->cand[out->ncand - 1].a2 = (int32_t)a2;
          out->cand[out->ncand - 1].wide = true;
        }
      }
    }
  free(ab);
  free(live);
}

/* The value at l's position (NULL where a key is outside a domain). */
static const tla_val *at_position(const tla_lit *l, const tla_val *state) {
  const tla_val *v = state->v[l->var];
  for (uint32_t i = 0; i < l->npath && v; i++) v = v->kind == TV_FUN ? tv_apply(v, l->path[i]) : NULL;
  return v;
}

int64_t tla_feat_value(const tla_cands *c, const tla_feat *f, const tla_val *state) {
  if (f->num) {
    const tla_val *v = at_position(&c->lit[f->lit[0]], state);
    return v && v->kind == TV_INT ? v->i : INT64_MIN;
  }
  int64_t k = 0;
  for (uint32_t i = 0; i < f->n; i++) k += tla_lit_holds(&c->lit[f->lit[i]], state);
  return k;
}

/* The elements of x (a set's, a function's values), n = 0: none. */
static const tla_val *const *elems_of(const tla_val *x, uint32_t *n) {
  *n = 0;
  if (x->kind == TV_SET) return *n = x->n, x->e;
  if (x->kind == TV_FUN) return *n = x->n, x->v;
  return NULL;
}

/* Every element of the variable's value satisfies the element fact c (a
 * value that is no set or function has none). */
static bool elem_cand_holds(const tla_cands *cs, const tla_cand *c, const tla_val *state) {
  const tla_lit *b = &cs->lit[c->b];
  uint32_t m;
  const tla_val *const *e = elems_of(state->v[b->var], &m);
  for (uint32_t i = 0; i < m; i++)
    if ((c->a < 0 || tla_elem_lit_holds(&cs->lit[c->a], e[i])) && tla_elem_lit_holds(b, e[i]) == c->neg) return false;
  return true;
}

bool tla_cand_holds(const tla_cands *cs, const tla_cand *c, const tla_val *state) {
  if (c->a == TLA_CAND_RANGE) {
    for (size_t i = cs->range_at[c->b]; i < cs->range_at[c->b + 1]; i++)
      if (tla_lit_holds(&cs->lit[cs->range_lit[i]], state)) return true;
    return false;
  }
  if (c->a == TLA_CAND_SUM) {
    const tla_sum *sm = &cs->sum[c->b];
    int64_t sum = 0;
    for (uint32_t i = 0; i < sm->n; i++) {
      int64_t v = tla_feat_value(cs, &cs->feat[sm->f[i]], state);
      if (v == INT64_MIN) return false;   /* not an integer there */
      sum += sm->c[i] * v;
    }
    return sm->ge ? sum >= sm->bound : sum <= sm->bound;
  }
  if (c->elem) return elem_cand_holds(cs, c, state);
  bool b = (tla_lit_holds(&cs->lit[c->b], state) || (c->b2 >= 0 && tla_lit_holds(&cs->lit[c->b2], state))) != c->neg;
  if (c->a < 0) return b;
  bool a = tla_lit_holds(&cs->lit[c->a], state) && (c->a2 < 0 || tla_lit_holds(&cs->lit[c->a2], state));
  return !a || b;
}

static bool same_path(const tla_lit *a, const tla_lit *b) {
  if (a->var != b->var || a->npath != b->npath) return false;
  for (uint32_t i = 0; i < a->npath; i++)
    if (a->path[i] != b->path[i]) return false;
  return true;
}

/* The features: integer positions defined as integers in every sampled
 * state, and per function variable and value (strings, model values,
 * Booleans) the number of keys holding it. */
static void features(tla_cands *out, const tla_val *const *states, size_t n) {
  enum { MAX_FEAT = 20 };
  const int64_t BIG = (int64_t)1 << 40;
  size_t nlit = out->nlit;
  out->feat = xmalloc((MAX_FEAT + 1) * sizeof *out->feat);
  bool *done = xcalloc(nlit + 1, sizeof *done);
  for (size_t i = 0; i < nlit && out->nfeat < MAX_FEAT; i++) {
    const tla_lit *l = &out->lit[i];
    if (done[i] || l->member || l->val->kind != TV_INT) continue;
    for (size_t j = i; j < nlit; j++)
      if (!out->lit[j].member && same_path(l, &out->lit[j])) done[j] = true;
    bool ints = true;
    for (size_t j = 0; j < n && ints; j++) {
      const tla_val *v = at_position(l, states[j]);
      ints = v && v->kind == TV_INT && v->i > -BIG && v->i < BIG;   /* sums of three never overflow */
    }
    if (!ints) continue;
    out->lit = xrealloc(out->lit, (out->nlit + 1) * sizeof *out->lit);
    l = &out->lit[i];
    tla_lit *nl = &out->lit[out->nlit];
    *nl = (tla_lit){.var = l->var, .npath = l->npath, .num = true};
    nl->path = xmalloc((l->npath + 1) * sizeof *nl->path);
    if (l->npath) memcpy(nl->path, l->path, l->npath * sizeof *nl->path);
    tla_feat *f = &out->feat[out->nfeat++];
    f->num = true, f->n = 1;
    f->lit = xmalloc(sizeof *f->lit);
    f->lit[0] = (uint32_t)out->nlit++;
  }
  memset(done, 0, (nlit + 1) * sizeof *done);
  for (size_t i = 0; i < nlit && out->nfeat < MAX_FEAT; i++) {
    const tla_lit *l = &out->lit[i];
    if (done[i] || l->member || l->npath != 1) continue;
    int kind = l->val->kind;
    if (kind != TV_STR && kind != TV_MODEL && kind != TV_BOOL) continue;
    uint32_t *g = xmalloc((nlit + 1) * sizeof *g), ng = 0;
    for (size_t j = i; j < nlit; j++) {
      const tla_lit *m = &out->lit[j];
      if (!m->member && m->npath == 1 && m->var == l->var && m->val == l->val) done[j] = true, g[ng++] = (uint32_t)j;
    }
    if (ng < 2) {
      free(g);
      continue;
    }
    out->feat[out->nfeat++] = (tla_feat){g, ng, false};
  }
  free(done);
}

/* Sums of one to three features (signs +-1) bounded as in every sampled
 * state, where the bound is tighter than its parts' bounds together (else
 * the parts' facts say it): at most max_sum of them, the pairs first. */
static void sums(tla_cands *out, size_t *cap, size_t max_cand, const tla_val *const *states, size_t n) {
  /* sums of three were tried: nbacg_guer01's 511 candidates (of which 395
   * triples) kept Houdini busy past 60 s; its pairs (116) prove it in 4 s */
  enum { MAX_TERMS = 2 };
  size_t F = out->nfeat;
  if (!F || !n) return;
  int64_t *val = xmalloc((F * n + 1) * sizeof *val), *lo = xmalloc((F + 1) * sizeof *lo), *hi = xmalloc((F + 1) * sizeof *hi);
  for (size_t j = 0; j < n; j++)
    for (size_t f = 0; f < F; f++) val[f * n + j] = tla_feat_value(out, &out->feat[f], states[j]);
  for (size_t f = 0; f < F; f++) {
    lo[f] = hi[f] = val[f * n];
    for (size_t j = 1; j < n; j++) {
      if (val[f * n + j] < lo[f]) lo[f] = val[f * n + j];
      if (val[f * n + j] > hi[f]) hi[f] = val[f * n + j];
    }
  }
  size_t room = out->ncand + MAX_SUM < max_cand ? out->ncand + MAX_SUM : max_cand;
  out->sum = xmalloc((MAX_SUM + 1) * sizeof *out->sum);
  for (uint32_t size = 1; size <= MAX_TERMS; size++) {
    uint32_t f[3];
    for (f[0] = 0; f[0] < F; f[0]++)
      for (f[1] = size > 1 ? f[0] + 1 : 0; f[1] < (size > 1 ? F : 1); f[1]++)
        for (f[2] = size > 2 ? f[1] + 1 : 0; f[2] < (size > 2 ? F : 1); f[2]++)
          for (uint32_t signs = 0; signs < (1u << (size - 1)); signs++) {
            int8_t c[3] = {1, (signs & 1) ? -1 : 1, (signs & 2) ? -1 : 1};
            if (size == 1 && out->feat[f[0]].num) break;   /* the ranges say it */
            /* the sum's bounds, and each part's (one feature and the rest) */
            int64_t smax = INT64_MIN, smin = INT64_MAX;
            int64_t rmax[3] = {INT64_MIN, INT64_MIN, INT64_MIN}, rmin[3] = {INT64_MAX, INT64_MAX, INT64_MAX};
            for (size_t j = 0; j < n; j++) {
              int64_t t[3], s = 0;
              for (uint32_t i = 0; i < size; i++) s += t[i] = c[i] * val[f[i] * n + j];
              if (s > smax) smax = s;
              if (s < smin) smin = s;
              for (uint32_t i = 0; i < size && size > 1; i++) {
                if (s - t[i] > rmax[i]) rmax[i] = s - t[i];
                if (s - t[i] < rmin[i]) rmin[i] = s - t[i];
              }
            }
            bool tight_hi = true, tight_lo = true;
            for (uint32_t i = 0; i < size; i++) {
              int64_t fhi = c[i] > 0 ? hi[f[i]] : -lo[f[i]], flo = c[i] > 0 ? lo[f[i]] : -hi[f[i]];
              int64_t ohi = size > 1 ? rmax[i] : 0, olo = size > 1 ? rmin[i] : 0;
              if (smax >= fhi + ohi) tight_hi = false;
              if (smin <= flo + olo) tight_lo = false;
            }
            if (size == 1) {   /* a count: against the number of keys */
              tight_hi = smax < (int64_t)out->feat[f[0]].n;
              tight_lo = smin > 0;
            }
            for (int ge = 0; ge < 2; ge++) {
              if (!(ge ? tight_lo : tight_hi) || out->ncand >= room || out->nsum >= MAX_SUM) continue;
              tla_sum *sm = &out->sum[out->nsum];
              *sm = (tla_sum){.n = (uint8_t)size, .ge = ge, .bound = ge ? smin : smax};
              for (uint32_t i = 0; i < size; i++) sm->f[i] = f[i], sm->c[i] = c[i];
              cand_add(out, cap, max_cand, TLA_CAND_SUM, (uint32_t)out->nsum++, false);
            }
          }
  }
  free(val), free(lo), free(hi);
}

/* ---- element facts (tla_cand.elem) ---- */
enum {
  ELEM_PATH = 4,        /* node[r].insts[s].voted.bal: four keys from the element */
  ELEM_LITS = 120,      /* element literals per variable */
  ELEM_CANDS = 600,     /* element facts in all (one Houdini tier of their own) */
  ELEM_DISTINCT = 8192  /* distinct elements looked at per variable */
};

/* The distinct compound elements of variable var over the sample (values
 * are hash-consed: a pointer set), at most ELEM_DISTINCT. */
static size_t distinct_elems(const tla_val *const *states, size_t n, uint32_t var, const tla_val **out) {
  enum { SLOTS = 4 * ELEM_DISTINCT };   /* a power of two */
  const tla_val **slot = xcalloc(SLOTS, sizeof *slot);
  size_t ne = 0;
  for (size_t j = 0; j < n && ne < ELEM_DISTINCT; j++) {
    uint32_t m;
    const tla_val *const *e = elems_of(states[j]->v[var], &m);
    for (uint32_t i = 0; i < m && ne < ELEM_DISTINCT; i++) {
      if (e[i]->kind != TV_FUN) continue;   /* records, functions: positions to name */
      size_t h = ((uintptr_t)e[i] >> 4) * 0x9E3779B97F4A7C15ull >> 40 & (SLOTS - 1);
      for (; slot[h] && slot[h] != e[i]; h = (h + 1) & (SLOTS - 1)) {}
      if (!slot[h]) slot[h] = out[ne++] = e[i];
    }
  }
  free(slot);
  return ne;
}

/* a => not b follows from an implication a => c (b => c) of a scalar c at
 * b's (a's) position with another value: "cmd = nil => bal = 0" says
 * "cmd = nil => not bal = 1" (MultiPaxos_MC_small: 430 candidates without
 * this, 300 proved at depth 5, 230 of them exclusions; with it 226, 156
 * proved, 86 exclusions). */
static bool implied_exclusion(const uint8_t *rel, const tla_lit *L, size_t nl, size_t a, size_t b) {
  for (size_t c = 0; c < nl; c++) {
    if (rel[a * nl + c] == 1 && c != b && !L[b].member && same_path(&L[b], &L[c]) && !L[c].member) return true;
    if (rel[b * nl + c] == 1 && c != a && !L[a].member && same_path(&L[a], &L[c]) && !L[c].member) return true;
  }
  return false;
}

/* Element facts of one variable: its element literals appended to
 * out->lit, then the units (always true of every element) and pairs a =>
 * b, a => not b no element violates, where a and b are neither never nor
 * always true of them (the sample's distinct elements, not its states: a
 * message seen in many states counts once). */
static void elem_cands(tla_cands *out, size_t *cap, size_t max_cand, const tla_val *const *states, size_t n,
                       uint32_t var) {
  const tla_val **el = xmalloc(ELEM_DISTINCT * sizeof *el);
  size_t ne = distinct_elems(states, n, var, el);
  lit_set ls = {.max = ELEM_LITS, .depth = ELEM_PATH, .elem = true, .nslot = 1024};
  ls.slot = xcalloc(ls.nslot, sizeof *ls.slot);
  const tla_val *path[ELEM_PATH + 1];
  for (size_t j = 0; j < ne && ls.n < ls.max; j++) collect(&ls, var, path, 0, el[j]);
  free(ls.slot);
  size_t words = (ne + 63) / 64, base = out->nlit;
  uint64_t *bits = xcalloc(ls.n * words + 1, sizeof *bits);
  size_t *count = xcalloc(ls.n + 1, sizeof *count);
  for (size_t i = 0; i < ls.n; i++)
    for (size_t j = 0; j < ne; j++)
      if (tla_elem_lit_holds(&ls.lit[i], el[j])) bits[i * words + j / 64] |= 1ull << (j % 64), count[i]++;
  out->lit = xrealloc(out->lit, (out->nlit + ls.n + 1) * sizeof *out->lit);
  if (ls.n) memcpy(out->lit + out->nlit, ls.lit, ls.n * sizeof *ls.lit);
  out->nlit += ls.n;
  free(ls.lit);
  size_t had = out->ncand, nl = ls.n;
  for (size_t i = 0; i < nl && ne; i++)
    if (count[i] == ne) cand_add(out, cap, max_cand, TLA_CAND_UNIT, (uint32_t)(base + i), false);
  /* rel[a * nl + b]: 1 a => b, 2 a => not b, over the live literals */
  uint8_t *rel = xcalloc(nl * nl + 1, 1);
  const tla_lit *L = out->lit + base;
  for (size_t a = 0; a < nl; a++)
    for (size_t b = 0; b < nl; b++) {
      if (b == a || !count[a] || count[a] == ne || !count[b] || count[b] == ne || same_position(&L[a], &L[b])) continue;
      const uint64_t *A = bits + a * words, *B = bits + b * words;
      bool sub = true, disjoint = true;
      for (size_t w = 0; w < words && (sub || disjoint); w++) {
        if (A[w] & ~B[w]) sub = false;
        if (A[w] & B[w]) disjoint = false;
      }
      rel[a * nl + b] = sub ? 1 : disjoint ? 2 : 0;
    }
  for (size_t a = 0; a < nl; a++)
    for (size_t b = 0; b < nl; b++) {
      if (rel[a * nl + b] == 1) cand_add(out, cap, max_cand, (int32_t)(base + a), (uint32_t)(base + b), false);
      if (rel[a * nl + b] != 2 || a > b || implied_exclusion(rel, L, nl, a, b)) continue;
      cand_add(out, cap, max_cand, (int32_t)(base + a), (uint32_t)(base + b), true);
    }
  for (size_t i = had; i < out->ncand; i++) out->cand[i].elem = true;
  free(rel), free(bits), free(count), free(el);
}

void tla_cands_from_states(const tla_val *const *states, size_t n, size_t nv, size_t max_cand, tla_cands *out) {
  memset(out, 0, sizeof *out);
  if (!n || !nv) return;
  lit_set ls = {.max = MAX_LITS, .depth = MAX_PATH};
  ls.nslot = 2048;   /* a power of two above 4 * MAX_LITS */
  ls.slot = xcalloc(ls.nslot, sizeof *ls.slot);
  const tla_val *path[MAX_PATH + 1];
  for (size_t j = 0; j < n && ls.n < MAX_LITS; j++)
    for (uint32_t x = 0; x < nv; x++) collect(&ls, x, path, 0, states[j]->v[x]);
  /* values never seen at a position: "x[k] = v" for the strings and model
   * values seen at some other (hState[h] = "cancelled" when only vState
   * is ever "cancelled"): unit facts "never", the classic unreachable
   * states of counterexamples to induction */
  size_t seen = ls.n;
  for (size_t p = 0; p < seen && ls.n < MAX_LITS; p++) {
    const tla_lit *lp = &ls.lit[p];
    if (lp->member || (lp->val->kind != TV_STR && lp->val->kind != TV_MODEL)) continue;
    for (size_t u = 0; u < seen && ls.n < MAX_LITS; u++) {
      const tla_val *v = ls.lit[u].val;
      if (ls.lit[u].member || (v->kind != TV_STR && v->kind != TV_MODEL)) continue;
      lit_add(&ls, lp->var, ls.lit[p].path, lp->npath, false, v);
      lp = &ls.lit[p];   /* lit_add may move the array */
    }
  }
  free(ls.slot);
  out->lit = ls.lit, out->nlit = ls.n;
  /* each literal's truth per state, as a bit set */
  size_t words = (n + 63) / 64;
  uint64_t *bits = xcalloc(ls.n * words + 1, sizeof *bits);
  size_t *count = xcalloc(ls.n + 1, sizeof *count);
  for (size_t i = 0; i < ls.n; i++)
    for (size_t j = 0; j < n; j++)
      if (tla_lit_holds(&ls.lit[i], states[j])) bits[i * words + j / 64] |= 1ull << (j % 64), count[i]++;
  size_t cap = 0;
  for (size_t i = 0; i < ls.n; i++)
    if (count[i] == 0 || count[i] == n) cand_add(out, &cap, max_cand, TLA_CAND_UNIT, (uint32_t)i, count[i] == 0);
  /* ranges: per scalar position, the values it was seen with (pc[p] \in
   * {"RS", "Done"}: no implication between two literals says it) */
  out->range_lit = xmalloc((ls.n + 1) * sizeof *out->range_lit);
  out->range_at = xmalloc((ls.n + 2) * sizeof *out->range_at);
  bool *used = xcalloc(ls.n + 1, sizeof *used);
  uint64_t *any = xmalloc((words + 1) * sizeof *any);
  size_t nl = 0;
  for (size_t p = 0; p < ls.n; p++) {
    if (used[p] || ls.lit[p].member || count[p] == 0 || count[p] == n) continue;
    size_t start = nl;
    memset(any, 0, (words + 1) * sizeof *any);
    /* with the position's "is a set" literal where it also holds sets: its
     * values are then of one of the kinds seen (temp[p] a process, a
     * model value or a set; a value of no kind is no state) */
    for (size_t q = p; q < ls.n; q++)
      if (!used[q] && count[q] &&
          (q == p || same_position(&ls.lit[p], &ls.lit[q]) ||
           (ls.lit[q].member && !ls.lit[q].val && same_path(&ls.lit[p], &ls.lit[q])))) {
        used[q] = true;
        out->range_lit[nl++] = (uint32_t)q;
        for (size_t w = 0; w < words; w++) any[w] |= bits[q * words + w];
      }
    size_t covered = 0;
    for (size_t w = 0; w < words; w++) covered += (size_t)__builtin_popcountll(any[w]);
    if (covered != n) {
      nl = start;   /* some state outside them (the position undefined there) */
      continue;
    }
    out->range_at[out->nrange] = start;
    cand_add(out, &cap, max_cand, TLA_CAND_RANGE, (uint32_t)out->nrange++, false);
  }
  out->range_at[out->nrange] = nl;
  free(used);
  free(any);
  /* the pairs leave the sums their room (CoffeeCan100Beans: 202 literals
   * of can.black and can.white, whose pairs filled every place, so the
   * sum black + white <= 100 that makes TypeInvariant inductive never
   * was a candidate) */
  size_t pair_cap = max_cand - (max_cand / 5 < MAX_SUM ? max_cand / 5 : MAX_SUM);
  for (size_t a = 0; a < ls.n; a++) {
    if (count[a] == 0 || count[a] == n) continue;
    for (size_t b = 0; b < ls.n; b++) {
      if (b == a || count[b] == 0 || count[b] == n || same_position(&ls.lit[a], &ls.lit[b])) continue;
      const uint64_t *A = bits + a * words, *B = bits + b * words;
      bool sub = true, disjoint = true;
      for (size_t w = 0; w < words && (sub || disjoint); w++) {
        if (A[w] & ~B[w]) sub = false;
        if (A[w] & B[w]) disjoint = false;
      }
      if (sub) cand_add(out, &cap, pair_cap, (int32_t)a, (uint32_t)b, false);
      if (disjoint && a < b) cand_add(out, &cap, pair_cap, (int32_t)a, (uint32_t)b, true);
    }
  }
  features(out, states, n);
  sums(out, &cap, max_cand, states, n);
  member_clauses(out, &cap, max_cand, out->lit, ls.n, bits, count, n, words);   /* features() may move the literals */
  triples(out, &cap, max_cand, out->lit, ls.n, bits, count, n, words);
  free(bits);
  free(count);
  /* the element facts last (their literals after every other's), with a
   * room of their own */
  size_t elem_max = out->ncand + ELEM_CANDS;
  for (uint32_t x = 0; x < nv; x++) elem_cands(out, &cap, elem_max, states, n, x);
}

void tla_cands_free(tla_cands *c) {
  for (size_t i = 0; i < c->nlit; i++) free(c->lit[i].path);
  free(c->lit);
  free(c->cand);
  free(c->range_lit);
  free(c->range_at);
  for (size_t i = 0; i < c->nfeat; i++) free(c->feat[i].lit);
  free(c->feat);
  free(c->sum);
  memset(c, 0, sizeof *c);
}
