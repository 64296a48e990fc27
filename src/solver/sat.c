#include "solver/sat.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

#define NO_REASON UINT32_MAX

/* Clause arena: [header][activity (float bits)][lits...]; header = size << 1 | learnt. */
typedef struct { uint32_t cref, blocker; } watch;
typedef struct { watch *w; uint32_t n, cap; } wlist;

struct sat {
  uint32_t nvars;
  int8_t *val;          /* per literal: 1 true, -1 false, 0 unassigned */
  uint32_t *level, *reason;
  uint8_t *polarity, *seen, *core;   /* core: per literal */
  double *act;
  double var_inc, cla_inc;
  uint32_t *heap, *heap_pos, nheap;  /* max-heap on act; heap_pos = UINT32_MAX if absent */
  wlist *watches;       /* per literal: clauses watching it */
  uint32_t *arena;
  size_t arena_n, arena_cap;
  uint32_t *learnts;
  size_t nlearnts, cap_learnts;
  uint32_t *trail, ntrail, qhead;
  uint32_t *trail_lim, nlim, cap_lim;
  uint32_t *model_bits;  /* per var: 1 true */
  uint32_t *tmp;         /* learnt clause buffer */
  size_t cap_vars;
  bool ok;
  uint64_t conflicts;
  double max_learnts;
};

static inline uint32_t var_of(uint32_t l) { return l >> 1; }
static inline uint32_t *clause_lits(sat *s, uint32_t c) { return s->arena + c + 2; }
static inline uint32_t clause_size(sat *s, uint32_t c) { return s->arena[c] >> 1; }
static inline bool clause_learnt(sat *s, uint32_t c) { return s->arena[c] & 1; }
static inline float *clause_act(sat *s, uint32_t c) { return (float *)&s->arena[c + 1]; }

sat *sat_new(void) {
  sat *s = xcalloc(1, sizeof *s);
  s->var_inc = 1.0;
  s->cla_inc = 1.0;
  s->ok = true;
  s->max_learnts = 2000;
  return s;
}

void sat_free(sat *s) {
  if (!s) return;
  for (uint32_t i = 0; i < 2 * s->nvars; i++) free(s->watches[i].w);
  free(s->watches);
  free(s->val); free(s->level); free(s->reason); free(s->polarity); free(s->seen); free(s->core);
  free(s->act); free(s->heap); free(s->heap_pos); free(s->arena); free(s->learnts);
  free(s->trail); free(s->trail_lim); free(s->model_bits); free(s->tmp);
  free(s);
}

uint32_t sat_nvars(const sat *s) { return s->nvars; }
uint64_t sat_conflicts(const sat *s) { return s->conflicts; }

/* ---- VSIDS heap ---- */
static bool heap_lt(sat *s, uint32_t a, uint32_t b) { return s->act[a] > s->act[b]; }

static void heap_up(sat *s, uint32_t i) {
  uint32_t v = s->heap[i];
  while (i > 0 && heap_lt(s, v, s->heap[(i - 1) / 2])) {
    s->heap[i] = s->heap[(i - 1) / 2];
    s->heap_pos[s->heap[i]] = i;
    i = (i - 1) / 2;
  }
  s->heap[i] = v;
  s->heap_pos[v] = i;
}

static void heap_down(sat *s, uint32_t i) {
  uint32_t v = s->heap[i];
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= s->nheap) break;
    if (c + 1 < s->nheap && heap_lt(s, s->heap[c + 1], s->heap[c])) c++;
    if (!heap_lt(s, s->heap[c], v)) break;
    s->heap[i] = s->heap[c];
    s->heap_pos[s->heap[i]] = i;
    i = c;
  }
  s->heap[i] = v;
  s->heap_pos[v] = i;
}

static void heap_insert(sat *s, uint32_t v) {
  if (s->heap_pos[v] != UINT32_MAX) return;
  s->heap[s->nheap] = v;
  s->heap_pos[v] = s->nheap++;
  heap_up(s, s->heap_pos[v]);
}

static uint32_t heap_pop(sat *s) {
  uint32_t v = s->heap[0];
  s->heap_pos[v] = UINT32_MAX;
  if (--s->nheap > 0) {
    s->heap[0] = s->heap[s->nheap];
    s->heap_pos[s->heap[0]] = 0;
    heap_down(s, 0);
  }
  return v;
}

static void bump_var(sat *s, uint32_t v) {
  if ((s->act[v] += s->var_inc) > 1e100) {
    for (uint32_t i = 0; i < s->nvars; i++) s->act[i] *= 1e-100;
    s->var_inc *= 1e-100;
  }
  if (s->heap_pos[v] != UINT32_MAX) heap_up(s, s->heap_pos[v]);
}

static void bump_clause(sat *s, uint32_t c) {
  float *a = clause_act(s, c);
  if ((*a += (float)s->cla_inc) > 1e20f) {
    for (size_t i = 0; i < s->nlearnts; i++) *clause_act(s, s->learnts[i]) *= 1e-20f;
    s->cla_inc *= 1e-20;
  }
}

uint32_t sat_new_var(sat *s) {
  uint32_t v = s->nvars++;
  if (s->nvars > s->cap_vars) {
    size_t c = s->cap_vars ? 2 * s->cap_vars : 64;
    s->val = xrealloc(s->val, 2 * c);
    s->core = xrealloc(s->core, 2 * c);
    s->watches = xrealloc(s->watches, 2 * c * sizeof *s->watches);
    s->level = xrealloc(s->level, c * sizeof *s->level);
    s->reason = xrealloc(s->reason, c * sizeof *s->reason);
    s->polarity = xrealloc(s->polarity, c);
    s->seen = xrealloc(s->seen, c);
    s->act = xrealloc(s->act, c * sizeof *s->act);
    s->heap = xrealloc(s->heap, c * sizeof *s->heap);
    s->heap_pos = xrealloc(s->heap_pos, c * sizeof *s->heap_pos);
    s->trail = xrealloc(s->trail, c * sizeof *s->trail);
    s->model_bits = xrealloc(s->model_bits, c * sizeof *s->model_bits);
    s->tmp = xrealloc(s->tmp, (c + 1) * sizeof *s->tmp);
    s->cap_vars = c;
  }
  s->val[2 * v] = s->val[2 * v + 1] = 0;
  s->core[2 * v] = s->core[2 * v + 1] = 0;
  memset(&s->watches[2 * v], 0, 2 * sizeof *s->watches);
  s->level[v] = 0;
  s->reason[v] = NO_REASON;
  s->polarity[v] = 1;   /* prefer false */
  s->seen[v] = 0;
  s->act[v] = 0;
  s->model_bits[v] = 0;
  s->heap_pos[v] = UINT32_MAX;
  heap_insert(s, v);
  return v;
}

static void watch_add(sat *s, uint32_t lit, uint32_t c, uint32_t blocker) {
  wlist *w = &s->watches[lit];
  if (w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 4;
    w->w = xrealloc(w->w, w->cap * sizeof *w->w);
  }
  w->w[w->n++] = (watch){c, blocker};
}

static uint32_t clause_new(sat *s, uint32_t n, const uint32_t *lits, bool learnt) {
  if (s->arena_n + n + 2 > s->arena_cap) {
    size_t c = s->arena_cap ? 2 * s->arena_cap : 1024;
    while (c < s->arena_n + n + 2) c *= 2;
    s->arena = xrealloc(s->arena, c * sizeof *s->arena);
    s->arena_cap = c;
  }
  uint32_t c = (uint32_t)s->arena_n;
  s->arena[c] = n << 1 | (learnt ? 1u : 0u);
  *clause_act(s, c) = 0;
  memcpy(s->arena + c + 2, lits, n * sizeof *lits);
  s->arena_n += n + 2;
  watch_add(s, sat_neg(lits[0]), c, lits[1]);
  watch_add(s, sat_neg(lits[1]), c, lits[0]);
  return c;
}

static inline uint32_t decision_level(const sat *s) { return s->nlim; }

static inline void assign(sat *s, uint32_t lit, uint32_t reason) {
  uint32_t v = var_of(lit);
  s->val[lit] = 1;
  s->val[lit ^ 1] = -1;
  s->level[v] = decision_level(s);
  s->reason[v] = reason;
  s->trail[s->ntrail++] = lit;
}

static void cancel_until(sat *s, uint32_t lvl) {
  if (decision_level(s) <= lvl) return;
  for (uint32_t i = s->ntrail; i-- > s->trail_lim[lvl];) {
    uint32_t l = s->trail[i], v = var_of(l);
    s->val[l] = s->val[l ^ 1] = 0;
    s->reason[v] = NO_REASON;
    s->polarity[v] = (uint8_t)(l & 1);
    heap_insert(s, v);
  }
  s->ntrail = s->qhead = s->trail_lim[lvl];
  s->nlim = lvl;
}

/* Returns a conflicting clause or NO_REASON. */
static uint32_t propagate(sat *s) {
  uint32_t confl = NO_REASON;
  while (s->qhead < s->ntrail && confl == NO_REASON) {
    uint32_t p = s->trail[s->qhead++];   /* p became true: visit clauses watching ¬p... stored under p */
    wlist *ws = &s->watches[p];
    uint32_t i = 0, j = 0, false_lit = p ^ 1;
    while (i < ws->n) {
      watch w = ws->w[i];
      if (s->val[w.blocker] == 1) { ws->w[j++] = ws->w[i++]; continue; }
      uint32_t c = w.cref, *lits = clause_lits(s, c), n = clause_size(s, c);
      if (lits[0] == false_lit) { lits[0] = lits[1]; lits[1] = false_lit; }
      i++;
      uint32_t first = lits[0];
      if (first != w.blocker && s->val[first] == 1) { ws->w[j++] = (watch){c, first}; continue; }
      bool moved = false;
      for (uint32_t k = 2; k < n; k++)
        if (s->val[lits[k]] != -1) {
          lits[1] = lits[k];
          lits[k] = false_lit;
          watch_add(s, sat_neg(lits[1]), c, first);
          moved = true;
          break;
        }
      if (moved) continue;
      ws->w[j++] = (watch){c, first};
      if (s->val[first] == -1) {
        confl = c;
        s->qhead = s->ntrail;
        while (i < ws->n) ws->w[j++] = ws->w[i++];
      } else {
        assign(s, first, c);
      }
    }
    ws->n = j;
  }
  return confl;
}

/* First-UIP conflict analysis; the learnt clause goes to s->tmp (asserting
 * literal first), its size to *n; returns the backtrack level. */
static uint32_t analyze(sat *s, uint32_t confl, uint32_t *n) {
  uint32_t pathc = 0, p = UINT32_MAX, idx = s->ntrail, len = 1;
  do {
    if (clause_learnt(s, confl)) bump_clause(s, confl);
    uint32_t *lits = clause_lits(s, confl), sz = clause_size(s, confl);
    for (uint32_t k = (p == UINT32_MAX ? 0 : 1); k < sz; k++) {
      uint32_t q = lits[k], v = var_of(q);
      if (s->seen[v] || s->level[v] == 0) continue;
      s->seen[v] = 1;
      bump_var(s, v);
      if (s->level[v] >= decision_level(s)) pathc++;
      else s->tmp[len++] = q;
    }
    while (!s->seen[var_of(s->trail[--idx])]) {}
    p = s->trail[idx];
    confl = s->reason[var_of(p)];
    s->seen[var_of(p)] = 0;
    pathc--;
  } while (pathc > 0);
  s->tmp[0] = p ^ 1;
  uint32_t bt = 0, maxi = 1;
  for (uint32_t k = 1; k < len; k++)
    if (s->level[var_of(s->tmp[k])] > bt) { bt = s->level[var_of(s->tmp[k])]; maxi = k; }
  if (len > 1) { uint32_t t = s->tmp[1]; s->tmp[1] = s->tmp[maxi]; s->tmp[maxi] = t; }
  for (uint32_t k = 1; k < len; k++) s->seen[var_of(s->tmp[k])] = 0;
  *n = len;
  return bt;
}

/* The assumptions responsible for the failed assumption a (false now). */
static void analyze_final(sat *s, uint32_t a) {
  s->core[a] = 1;
  if (decision_level(s) == 0) return;
  s->seen[var_of(a)] = 1;
  for (uint32_t i = s->ntrail; i-- > s->trail_lim[0];) {
    uint32_t v = var_of(s->trail[i]);
    if (!s->seen[v]) continue;
    if (s->reason[v] == NO_REASON) {
      s->core[s->trail[i]] = 1;
    } else {
      uint32_t *lits = clause_lits(s, s->reason[v]), sz = clause_size(s, s->reason[v]);
      for (uint32_t k = 1; k < sz; k++)
        if (s->level[var_of(lits[k])] > 0) s->seen[var_of(lits[k])] = 1;
    }
    s->seen[v] = 0;
  }
  s->seen[var_of(a)] = 0;
}

bool sat_add_clause(sat *s, uint32_t n, const uint32_t *lits) {
  if (!s->ok) return false;
  cancel_until(s, 0);
  uint32_t *c = xmalloc((n + 1) * sizeof *c), m = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t l = lits[i];
    if (s->val[l] == 1) { free(c); return true; }
    if (s->val[l] == -1) continue;
    bool dup = false;
    for (uint32_t k = 0; k < m; k++) {
      if (c[k] == l) dup = true;
      if (c[k] == (l ^ 1)) { free(c); return true; }
    }
    if (!dup) c[m++] = l;
  }
  if (m == 0) s->ok = false;
  else if (m == 1) {
    assign(s, c[0], NO_REASON);
    if (propagate(s) != NO_REASON) s->ok = false;
  } else {
    clause_new(s, m, c, false);
  }
  free(c);
  return s->ok;
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* Deletes the less active half of the learnt clauses that are longer than
 * two literals and not the reason of an assignment. */
static void reduce_db(sat *s) {
  size_t n = s->nlearnts;
  if (n == 0) return;
  float *keys = xmalloc(n * sizeof *keys);
  for (size_t i = 0; i < n; i++) keys[i] = *clause_act(s, s->learnts[i]);
  qsort(keys, n, sizeof *keys, cmp_float);
  float median = keys[n / 2];
  free(keys);
  size_t keep = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = s->learnts[i], *lits = clause_lits(s, c);
    bool locked = s->reason[var_of(lits[0])] == c && s->val[lits[0]] == 1;
    if (!locked && clause_size(s, c) > 2 && *clause_act(s, c) < median) s->arena[c] |= 0x80000000u;  /* dead */
    else s->learnts[keep++] = c;
  }
  s->nlearnts = keep;
  for (uint32_t l = 0; l < 2 * s->nvars; l++) {
    wlist *w = &s->watches[l];
    uint32_t j = 0;
    for (uint32_t i = 0; i < w->n; i++)
      if (!(s->arena[w->w[i].cref] & 0x80000000u)) w->w[j++] = w->w[i];
    w->n = j;
  }
}

static void drop_dead_watches(sat *s) {
  for (uint32_t l = 0; l < 2 * s->nvars; l++) {
    wlist *w = &s->watches[l];
    uint32_t j = 0;
    for (uint32_t i = 0; i < w->n; i++)
      if (!(s->arena[w->w[i].cref] & 0x80000000u)) w->w[j++] = w->w[i];
    w->n = j;
  }
}

void sat_simplify(sat *s) {
  if (!s->ok) return;
  cancel_until(s, 0);
  if (propagate(s) != NO_REASON) { s->ok = false; return; }
  for (size_t c = 0; c < s->arena_n;) {
    uint32_t hdr = s->arena[c], n = (hdr & 0x7fffffffu) >> 1;
    if (!(hdr & 0x80000000u)) {
      uint32_t *lits = clause_lits(s, (uint32_t)c);
      bool sat_now = false;
      for (uint32_t k = 0; k < n && !sat_now; k++) sat_now = s->val[lits[k]] == 1;
      bool locked = s->reason[var_of(lits[0])] == c && s->val[lits[0]] == 1;
      if (sat_now && !locked) s->arena[c] |= 0x80000000u;
    }
    c += n + 2;
  }
  size_t keep = 0;
  for (size_t i = 0; i < s->nlearnts; i++)
    if (!(s->arena[s->learnts[i]] & 0x80000000u)) s->learnts[keep++] = s->learnts[i];
  s->nlearnts = keep;
  drop_dead_watches(s);
}

static double luby(double y, int x) {
  int size, seq;
  for (size = 1, seq = 0; size < x + 1; seq++, size = 2 * size + 1) {}
  while (size - 1 != x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  double r = 1;
  for (int i = 0; i < seq; i++) r *= y;
  return r;
}

int sat_solve(sat *s, uint32_t na, const uint32_t *assumptions, bool (*stop)(void *), void *ctx) {
  for (uint32_t i = 0; i < na; i++) s->core[assumptions[i]] = s->core[assumptions[i] ^ 1] = 0;
  if (!s->ok) return 0;
  cancel_until(s, 0);
  if (s->cap_lim < s->nvars + na + 1) {   /* one level per assumption and per decision */
    s->cap_lim = s->nvars + na + 1;
    s->trail_lim = xrealloc(s->trail_lim, s->cap_lim * sizeof *s->trail_lim);
  }
  if (propagate(s) != NO_REASON) { s->ok = false; return 0; }
  int restarts = 0;
  for (;;) {
    uint64_t budget = (uint64_t)(luby(2, restarts++) * 100);
    uint64_t start = s->conflicts;
    for (;;) {
      uint32_t confl = propagate(s);
      if (confl != NO_REASON) {
        s->conflicts++;
        if (decision_level(s) == 0) { s->ok = false; return 0; }
        uint32_t n, bt = analyze(s, confl, &n);
        cancel_until(s, bt);
        if (n == 1) {
          assign(s, s->tmp[0], NO_REASON);
        } else {
          uint32_t c = clause_new(s, n, s->tmp, true);
          if (s->nlearnts == s->cap_learnts) {
            s->cap_learnts = s->cap_learnts ? 2 * s->cap_learnts : 256;
            s->learnts = xrealloc(s->learnts, s->cap_learnts * sizeof *s->learnts);
          }
          s->learnts[s->nlearnts++] = c;
          bump_clause(s, c);
          assign(s, s->tmp[0], c);
        }
        s->var_inc /= 0.95;
        s->cla_inc /= 0.999;
        if ((s->conflicts & 255) == 0 && stop && stop(ctx)) { cancel_until(s, 0); return -1; }
        continue;
      }
      if (s->conflicts - start >= budget) { cancel_until(s, 0); break; }   /* restart */
      if ((double)s->nlearnts - s->ntrail >= s->max_learnts) {
        reduce_db(s);
        s->max_learnts *= 1.1;
      }
      uint32_t next = UINT32_MAX;
      while (decision_level(s) < na) {
        uint32_t a = assumptions[decision_level(s)];
        if (s->val[a] == 1) {
          s->trail_lim[s->nlim++] = s->ntrail;   /* dummy level */
        } else if (s->val[a] == -1) {
          analyze_final(s, a);
          cancel_until(s, 0);
          return 0;
        } else {
          next = a;
          break;
        }
      }
      if (next == UINT32_MAX) {
        while (s->nheap > 0) {
          uint32_t v = heap_pop(s);
          if (s->val[2 * v] == 0) { next = 2 * v + s->polarity[v]; break; }
        }
        if (next == UINT32_MAX) {   /* all assigned: a model */
          for (uint32_t v = 0; v < s->nvars; v++) s->model_bits[v] = s->val[2 * v] == 1;
          cancel_until(s, 0);
          return 1;
        }
      }
      s->trail_lim[s->nlim++] = s->ntrail;
      assign(s, next, NO_REASON);
    }
  }
}

bool sat_model_value(const sat *s, uint32_t lit) { return (s->model_bits[lit >> 1] != 0) != (lit & 1); }

bool sat_in_core(const sat *s, uint32_t lit) { return s->core[lit] != 0; }
