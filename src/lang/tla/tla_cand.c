/* Candidate facts from sampled states (see tla_cand.h). */
#include "lang/tla/tla_cand.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

enum {
  MAX_PATH = 2,    /* x[k][j]: deeper positions are left out */
  MAX_LITS = 400   /* literals kept (the candidates grow with their square) */
};

typedef struct {
  tla_lit *lit;
  size_t n, cap;
  size_t *slot;    /* open addressing: index + 1, 0 free */
  size_t nslot;
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
  if (ls->n >= MAX_LITS) return;
  if (ls->n == ls->cap) {
    ls->cap = ls->cap ? 2 * ls->cap : 64;
    ls->lit = xrealloc(ls->lit, ls->cap * sizeof *ls->lit);
  }
  tla_lit *l = &ls->lit[ls->n];
  l->var = var, l->npath = np, l->member = member, l->val = val;
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
    for (uint32_t i = 0; i < v->n; i++) lit_add(ls, var, path, np, true, v->e[i]);
  } else if (v->kind == TV_FUN && np < MAX_PATH) {
    for (uint32_t i = 0; i < v->n; i++) {
      path[np] = v->e[i];
      collect(ls, var, path, np + 1, v->v[i]);
    }
  }
}

bool tla_lit_holds(const tla_lit *l, const tla_val *state) {
  const tla_val *v = state->v[l->var];
  for (uint32_t i = 0; i < l->npath; i++) {
    if (v->kind != TV_FUN) return false;
    v = tv_apply(v, l->path[i]);
    if (!v) return false;
  }
  if (l->member) return v->kind == TV_SET && tv_set_has(v, l->val);
  return v == l->val;
}

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
  out->cand[out->ncand++] = (tla_cand){a, b, neg, -1};
}

/* Three literals: a /\ a2 => b (or => not b) where the pair a, a2 occurs
 * in the sample and neither alone implies it (TM "Done" and the backup TM
 * waiting => tmState = "hidden"). Only while the bit-set work stays small,
 * and at most a third of the candidates. */
static void triples(tla_cands *out, size_t *cap, size_t max_cand, const tla_lit *lit, size_t nlit, const uint64_t *bits,
                    const size_t *count, size_t n, size_t words) {
  enum { TRIPLE_WORK = 30000000 };
  size_t *live = xmalloc((nlit + 1) * sizeof *live), nl = 0;
  for (size_t i = 0; i < nlit; i++)
    if (count[i] && count[i] < n) live[nl++] = i;
  size_t limit = out->ncand + (max_cand - out->ncand) / 3;
  uint64_t *ab = xmalloc((words + 1) * sizeof *ab);
  if (nl * nl * nl / 2 * words > TRIPLE_WORK) nl = 0;
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
        if ((sub && !sub1 && !sub2) || (disjoint && !dis1 && !dis2)) {
          cand_add(out, cap, max_cand, (int32_t)a, (uint32_t)b, neg);
          out->cand[out->ncand - 1].a2 = (int32_t)a2;
        }
      }
    }
  free(ab);
  free(live);
}

void tla_cands_from_states(const tla_val *const *states, size_t n, size_t nv, size_t max_cand, tla_cands *out) {
  memset(out, 0, sizeof *out);
  if (!n || !nv) return;
  lit_set ls = {0};
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
    for (size_t q = p; q < ls.n; q++)
      if (!used[q] && count[q] && (q == p || same_position(&ls.lit[p], &ls.lit[q]))) {
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
      if (sub) cand_add(out, &cap, max_cand, (int32_t)a, (uint32_t)b, false);
      if (disjoint && a < b) cand_add(out, &cap, max_cand, (int32_t)a, (uint32_t)b, true);
    }
  }
  triples(out, &cap, max_cand, ls.lit, ls.n, bits, count, n, words);
  free(bits);
  free(count);
}

void tla_cands_free(tla_cands *c) {
  for (size_t i = 0; i < c->nlit; i++) free(c->lit[i].path);
  free(c->lit);
  free(c->cand);
  free(c->range_lit);
  free(c->range_at);
  memset(c, 0, sizeof *c);
}
