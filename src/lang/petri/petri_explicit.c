/* Explicit-state search with stubborn sets.
 *
 * Why the reduction preserves reachability of the target: at a marking s
 * that is not a target, the stubborn set S satisfies
 *  (R)  every firing sequence from s to a target contains a transition of S
 *       (S includes an "interesting" set derived from the predicate);
 *  (D2) a disabled t in S stays disabled while only transitions outside S
 *       fire (S holds every transition that could fix t's scapegoat place);
 *  (D1) an enabled t in S neither disables nor is disabled by a transition
 *       outside S, so it commutes with any sequence of them.
 * If s -u t v-> target with t the first transition of S, then t is enabled
 * at s (D2) and s -t u v-> target (D1): a shorter path from a successor in
 * the reduced graph. By induction the reduced graph reaches a target iff the
 * full one does; no cycle proviso is needed for reachability. */
#include "lang/petri/petri_explicit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const petri_net *n;
  const petri_limits *lim;
  uint32_t P;
  /* Markings stored compactly (marking_code): a bitmap of the marked places,
   * then each marked place's count - 1 in LEB128. A safe net's marking takes
   * P/8 bytes plus one per token instead of 4 P. */
  uint8_t *arena;
  size_t narena, caparena;
  size_t *off;        /* state s = arena[off[s], off[s + 1]) */
  uint32_t *parent, *via;
  size_t nstates, capstates;
  uint32_t *table;    /* state index + 1, 0 = empty */
  size_t captable;
  size_t max_bytes;
  uint8_t *code;      /* scratch: the encoding of the marking being interned */
  /* stubborn set scratch */
  uint32_t *mark;     /* generation stamps per transition */
  uint32_t gen;
  uint32_t *work;
  size_t nwork;
  bool overflow, nomem;
} expl;

/* Largest encoding of a marking: bitmap plus 5 bytes per place. */
static size_t code_cap(uint32_t P) { return ((size_t)P + 7) / 8 + 5 * (size_t)P + 1; }

static size_t marking_encode(const petri_tok *m, uint32_t P, uint8_t *out) {
  size_t nb = ((size_t)P + 7) / 8, k = nb;
  memset(out, 0, nb);
  for (uint32_t p = 0; p < P; p++) {
    if (!m[p]) continue;
    out[p >> 3] |= (uint8_t)(1u << (p & 7));
    for (uint32_t v = m[p] - 1;; v >>= 7) {
      if (v < 0x80) { out[k++] = (uint8_t)v; break; }
      out[k++] = (uint8_t)(0x80 | (v & 0x7f));
    }
  }
  return k;
}

static void marking_decode(const uint8_t *in, uint32_t P, petri_tok *m) {
  size_t k = ((size_t)P + 7) / 8;
  for (uint32_t p = 0; p < P; p++) {
    m[p] = 0;
    if (!(in[p >> 3] & (1u << (p & 7)))) continue;
    uint32_t v = 0;
    for (unsigned sh = 0;; sh += 7) {
      uint8_t b = in[k++];
      v |= (uint32_t)(b & 0x7f) << sh;
      if (!(b & 0x80)) break;
    }
    m[p] = v + 1;
  }
}

static uint64_t hash_bytes(const uint8_t *b, size_t len) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t w;
    memcpy(&w, b + i, 8);
    h ^= w;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  uint64_t w = 0;
  memcpy(&w, b + i, len - i);
  h ^= w;
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

static const uint8_t *state_code(const expl *e, size_t s, size_t *len) {
  *len = e->off[s + 1] - e->off[s];
  return e->arena + e->off[s];
}

static size_t bytes_used(const expl *e) {
  return e->caparena + e->capstates * (sizeof(size_t) + 2 * sizeof(uint32_t)) + e->captable * sizeof(uint32_t);
}

static bool grow_table(expl *e) {
  size_t cap = e->captable ? 2 * e->captable : 1024;
  if (e->max_bytes && bytes_used(e) + cap * sizeof(uint32_t) > e->max_bytes) return false;
  uint32_t *t = calloc(cap, sizeof *t);
  if (!t) { e->nomem = true; return false; }
  for (size_t s = 0; s < e->nstates; s++) {
    size_t len;
    const uint8_t *c = state_code(e, s, &len);
    size_t i = hash_bytes(c, len) & (cap - 1);
    while (t[i]) i = (i + 1) & (cap - 1);
    t[i] = (uint32_t)s + 1;
  }
  free(e->table);
  e->table = t;
  e->captable = cap;
  return true;
}

/* Index of m, inserting it if new (*is_new set). -1: out of memory/limit. */
static int64_t intern(expl *e, const petri_tok *m, uint32_t parent, uint32_t via, bool *is_new) {
  *is_new = false;
  if (2 * (e->nstates + 1) > e->captable) {
    if (e->nstates >= UINT32_MAX - 1) return -1;
    if (!grow_table(e)) return -1;
  }
  size_t len = marking_encode(m, e->P, e->code);
  size_t i = hash_bytes(e->code, len) & (e->captable - 1);
  while (e->table[i]) {
    uint32_t s = e->table[i] - 1;
    size_t l2;
    const uint8_t *c = state_code(e, s, &l2);
    if (l2 == len && memcmp(c, e->code, len) == 0) return s;
    i = (i + 1) & (e->captable - 1);
  }
  if (e->lim->max_states && e->nstates >= e->lim->max_states) return -1;
  if (e->narena + len > e->caparena) {
    size_t cap = e->caparena ? 2 * e->caparena : 1 << 16;
    while (cap < e->narena + len) cap *= 2;
    if (e->max_bytes && bytes_used(e) + (cap - e->caparena) > e->max_bytes) return -1;
    uint8_t *a = realloc(e->arena, cap);
    if (!a) { e->nomem = true; return -1; }
    e->arena = a;
    e->caparena = cap;
  }
  if (e->nstates + 1 >= e->capstates) {
    size_t cap = e->capstates ? 2 * e->capstates : 1024;
    if (e->max_bytes && bytes_used(e) + (cap - e->capstates) * (sizeof(size_t) + 8) > e->max_bytes) return -1;
    size_t *of = realloc(e->off, (cap + 1) * sizeof *of);
    if (!of) { e->nomem = true; return -1; }
    e->off = of;
    uint32_t *pa = realloc(e->parent, cap * sizeof *pa);
    if (!pa) { e->nomem = true; return -1; }
    e->parent = pa;
    uint32_t *vi = realloc(e->via, cap * sizeof *vi);
    if (!vi) { e->nomem = true; return -1; }
    e->via = vi;
    e->capstates = cap;
  }
  size_t s = e->nstates++;
  memcpy(e->arena + e->narena, e->code, len);
  e->off[s] = e->narena;
  e->narena += len;
  e->off[s + 1] = e->narena;
  e->parent[s] = parent;
  e->via[s] = via;
  e->table[i] = (uint32_t)s + 1;
  *is_new = true;
  return (int64_t)s;
}

/* ---- stubborn sets ---- */

static void add(expl *e, uint32_t t) {
  if (e->mark[t] == e->gen) return;
  e->mark[t] = e->gen;
  e->work[e->nwork++] = t;
}

static void add_list(expl *e, const uint32_t *at, const uint32_t *list, uint32_t p) {
  for (uint32_t i = at[p]; i < at[p + 1]; i++) add(e, list[i]);
}

/* Adds the transitions that could enable disabled t: one scapegoat place. */
static void add_scapegoat(expl *e, const petri_tok *m, uint32_t t) {
  const petri_net *n = e->n;
  uint32_t best_p = UINT32_MAX, best_cost = UINT32_MAX;
  bool best_inh = false;
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) {
    uint32_t p = n->pre[i].place;
    if (m[p] < n->pre[i].weight && n->inc_at[p + 1] - n->inc_at[p] < best_cost) {
      best_p = p; best_cost = n->inc_at[p + 1] - n->inc_at[p]; best_inh = false;
    }
  }
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++) {
    uint32_t p = n->inh[i].place;
    if (m[p] >= n->inh[i].weight && n->dec_at[p + 1] - n->dec_at[p] < best_cost) {
      best_p = p; best_cost = n->dec_at[p + 1] - n->dec_at[p]; best_inh = true;
    }
  }
  if (best_p == UINT32_MAX) return; /* enabled after all: caller's mistake, add nothing */
  if (best_inh) add_list(e, n->dec_at, n->dec, best_p);
  else add_list(e, n->inc_at, n->inc, best_p);
}

/* Adds every transition that could disable enabled t. */
static void add_disablers(expl *e, uint32_t t) {
  const petri_net *n = e->n;
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) add_list(e, n->dec_at, n->dec, n->pre[i].place);
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++) add_list(e, n->inc_at, n->inc, n->inh[i].place);
}

/* (R): transitions of which every path from m to the (false) pred uses one. */
static void interesting(expl *e, const petri_pred *p, const petri_tok *m) {
  const petri_net *n = e->n;
  switch (p->op) {
  case PRED_TRUE: case PRED_FALSE: case PRED_LIVE: return;
  case PRED_AND:
    for (uint32_t i = 0; i < p->n; i++)
      if (!pred_eval(n, p->kids[i], m)) { interesting(e, p->kids[i], m); return; }
    return;
  case PRED_OR:
    for (uint32_t i = 0; i < p->n; i++) interesting(e, p->kids[i], m);
    return;
  case PRED_LIN: /* sum a*m must decrease */
    for (uint32_t i = 0; i < p->n; i++) {
      if (p->coef[i] > 0) add_list(e, n->dec_at, n->dec, p->place[i]);
      else if (p->coef[i] < 0) add_list(e, n->inc_at, n->inc, p->place[i]);
    }
    return;
  case PRED_FIRE: add_scapegoat(e, m, p->trans); return;
  case PRED_NFIRE: add_disablers(e, p->trans); return;
  case PRED_DEAD: {
    /* Some transition is enabled; it must be disabled first. Pick the one
     * with fewest potential disablers. */
    uint32_t best = UINT32_MAX;
    size_t cost = SIZE_MAX;
    for (uint32_t t = 0; t < n->ntrans; t++) {
      if (!petri_enabled(n, m, t)) continue;
      size_t c = 0;
      for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) c += n->dec_at[n->pre[i].place + 1] - n->dec_at[n->pre[i].place];
      for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++) c += n->inc_at[n->inh[i].place + 1] - n->inc_at[n->inh[i].place];
      if (c < cost) { cost = c; best = t; }
    }
    if (best != UINT32_MAX) add_disablers(e, best);
    return;
  }
  }
}

/* Computes the stubborn set at m into e->work[0..nwork) (stamped e->gen). */
static void stubborn(expl *e, const petri_pred *target, const petri_tok *m) {
  const petri_net *n = e->n;
  if (++e->gen == 0) { memset(e->mark, 0, (size_t)n->ntrans * sizeof *e->mark); e->gen = 1; }
  e->nwork = 0;
  interesting(e, target, m);
  for (size_t k = 0; k < e->nwork; k++) {
    uint32_t t = e->work[k];
    if (!petri_enabled(n, m, t)) { add_scapegoat(e, m, t); continue; }
    add_disablers(e, t); /* others must not disable t */
    /* t must not disable others: consumers of places t decreases, and
     * transitions inhibited by places t increases */
    for (uint32_t i = n->eff_at[t]; i < n->eff_at[t + 1]; i++) {
      uint32_t p = n->eff[i].place;
      if (n->eff[i].delta < 0) add_list(e, n->cons_at, n->cons, p);
      else add_list(e, n->inhd_at, n->inhd, p);
    }
  }
}

static void set_trace(expl *e, uint32_t s, petri_result *r) {
  size_t len = 0;
  for (uint32_t x = s; x != 0; x = e->parent[x]) len++;
  r->trace = malloc((len ? len : 1) * sizeof *r->trace);
  if (!r->trace) { e->nomem = true; return; }
  r->ntrace = len;
  for (uint32_t x = s; x != 0; x = e->parent[x]) r->trace[--len] = e->via[x];
}

petri_answer petri_explicit(const petri_net *n, const petri_pred *target, const petri_explicit_opts *o,
                            const petri_limits *l, petri_result *r) {
  static const petri_limits nolimits = {0};
  expl e = {0};
  e.n = n;
  e.lim = l ? l : &nolimits;
  e.P = n->nplaces;
  e.max_bytes = e.lim->max_bytes ? e.lim->max_bytes : (size_t)2 << 30;
  snprintf(r->technique, sizeof r->technique, "EXPLICIT%s", o->por ? " STUBBORN_SETS" : "");
  petri_answer ans = PETRI_UNKNOWN;
  petri_tok *m = malloc(((size_t)e.P + 1) * sizeof *m), *succ = malloc(((size_t)e.P + 1) * sizeof *succ);
  e.mark = calloc((size_t)n->ntrans + 1, sizeof *e.mark);
  e.work = malloc(((size_t)n->ntrans + 1) * sizeof *e.work);
  e.code = malloc(code_cap(e.P));
  uint32_t *stack = NULL;
  size_t nstack = 0, capstack = 0, next = 0;
  bool is_new, incomplete = false;
  uint64_t polls = 0;
  if (!m || !succ || !e.mark || !e.work || !e.code) { e.nomem = true; goto done; }
  if (intern(&e, n->m0, 0, 0, &is_new) < 0) goto done;
  if (pred_eval(n, target, n->m0)) { ans = PETRI_REACHABLE; goto done; }
  if (o->dfs) {
    stack = malloc(1024 * sizeof *stack);
    if (!stack) { e.nomem = true; goto done; }
    capstack = 1024;
    stack[nstack++] = 0;
  }
  for (uint64_t steps = 0;; steps++) {
    uint32_t s;
    if (o->dfs) { if (!nstack) break; s = stack[--nstack]; }
    else { if (next >= e.nstates) break; s = (uint32_t)next++; }
    (void)steps;
    marking_decode(e.arena + e.off[s], e.P, m);
    size_t nt;
    if (o->por) stubborn(&e, target, m);
    nt = o->por ? e.nwork : n->ntrans;
    for (size_t k = 0; k < nt; k++) {
      uint32_t t = o->por ? e.work[k] : (uint32_t)k;
      if (!petri_enabled(n, m, t)) continue;
      /* polled per successor: one marking can have thousands of them */
      if ((++polls & 255) == 0 && petri_limits_expired(e.lim)) { snprintf(r->reason, sizeof r->reason, "timeout"); goto done; }
      if (!petri_fire(n, m, t, succ)) { e.overflow = incomplete = true; continue; }
      int64_t id = intern(&e, succ, s, t, &is_new);
      if (id < 0) {
        snprintf(r->reason, sizeof r->reason, e.nomem ? "out of memory" : "state or memory limit reached");
        goto done;
      }
      if (!is_new) continue;
      if (pred_eval(n, target, succ)) { set_trace(&e, (uint32_t)id, r); ans = e.nomem ? PETRI_UNKNOWN : PETRI_REACHABLE; goto done; }
      if (o->dfs) {
        if (nstack == capstack) {
          uint32_t *st = realloc(stack, 2 * capstack * sizeof *st);
          if (!st) { e.nomem = true; goto done; }
          stack = st;
          capstack *= 2;
        }
        stack[nstack++] = (uint32_t)id;
      }
    }
  }
  if (incomplete) snprintf(r->reason, sizeof r->reason, "token count overflow");
  else ans = PETRI_UNREACHABLE;
done:
  if (e.nomem && ans == PETRI_UNKNOWN) snprintf(r->reason, sizeof r->reason, "out of memory");
  r->answer = ans;
  r->states = e.nstates;
  free(m); free(succ); free(e.mark); free(e.work); free(stack);
  free(e.arena); free(e.off); free(e.code); free(e.parent); free(e.via); free(e.table);
  return ans;
}
