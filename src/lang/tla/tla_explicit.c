#include "lang/tla/tla_explicit.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/progress.h"

/* The states seen: an array (BFS order = queue) with each state's parent,
 * and a hash set of the fingerprints (canonical states) -> index. */
typedef struct {
  const tla_val **state;
  uint32_t *parent;
  uint32_t *level;
  size_t n, cap;
  const tla_val **fp;
  size_t *slot, capslot;
} store;

static size_t hash_fp(const tla_val *v) { return (size_t)v->hash * 0x9E3779B97F4A7C15ull; }

/* Index of fp, or -1. */
static long find(const store *s, const tla_val *fp) {
  if (!s->capslot) return -1;
  for (size_t j = hash_fp(fp) & (s->capslot - 1); s->slot[j]; j = (j + 1) & (s->capslot - 1))
    if (s->fp[s->slot[j] - 1] == fp) return (long)s->slot[j] - 1;
  return -1;
}

static void add(store *s, const tla_val *st, const tla_val *fp, uint32_t parent, uint32_t level) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 1024;
    s->state = xrealloc(s->state, s->cap * sizeof *s->state);
    s->fp = xrealloc(s->fp, s->cap * sizeof *s->fp);
    s->parent = xrealloc(s->parent, s->cap * sizeof *s->parent);
    s->level = xrealloc(s->level, s->cap * sizeof *s->level);
  }
  s->state[s->n] = st;
  s->fp[s->n] = fp;
  s->parent[s->n] = parent;
  s->level[s->n] = level;
  s->n++;
  if (2 * s->n >= s->capslot) {
    size_t cap = s->capslot ? 2 * s->capslot : 4096;
    free(s->slot);
    s->slot = xcalloc(cap, sizeof *s->slot);
    s->capslot = cap;
    for (size_t i = 0; i < s->n; i++) {
      size_t j = hash_fp(s->fp[i]) & (cap - 1);
      while (s->slot[j]) j = (j + 1) & (cap - 1);
      s->slot[j] = i + 1;
    }
  } else {
    size_t j = hash_fp(fp) & (s->capslot - 1);
    while (s->slot[j]) j = (j + 1) & (s->capslot - 1);
    s->slot[j] = s->n;
  }
}

static void store_free(store *s) {
  free(s->state), free(s->fp), free(s->parent), free(s->level), free(s->slot);
}

typedef struct {
  tla_model *m;
  store *st;
  tla_explicit_result *r;
  uint32_t from, level;
  size_t succs;        /* successors of the state being expanded (before constraints) */
  long bad;            /* index of a violating state */
  bool bad_step;       /* an action invariant: bad is stored past the end */
  bool error;
} search;

static void set_trace(search *s, size_t last) {
  size_t n = 1;
  for (size_t i = last; s->st->parent[i] != UINT32_MAX; i = s->st->parent[i]) n++;
  s->r->trace = xmalloc(n * sizeof *s->r->trace);
  s->r->ntrace = n;
  for (size_t i = last, k = n; k-- > 0; i = s->st->parent[i]) s->r->trace[k] = s->st->state[i];
}

/* A new state: constraint, fingerprint, invariants. */
static bool visit(void *data, const tla_val *state) {
  search *s = data;
  s->succs++;
  s->r->generated++;
  if (s->from != UINT32_MAX && tla_has_action_invariants(s->m)) {
    int a = tla_violated_step(s->m, s->st->state[s->from], state);
    if (a == -2) {
      s->error = true;
      return false;
    }
    if (a >= 0) {
      /* the violating step's target joins the trace even if seen before */
      add(s->st, state, state, s->from, s->level);
      s->st->n--;   /* not a distinct state: only the trace needs it */
      s->bad_step = true;
      s->r->inv = a;
      s->bad = (long)s->st->n;
      return false;
    }
  }
  int c = tla_constraints_hold(s->m, state);
  if (c < 0) {
    s->error = true;
    return false;
  }
  if (c == 0) return true;
  const tla_val *fp = tla_canonical(s->m, state);
  if (find(s->st, fp) >= 0) return true;
  add(s->st, state, fp, s->from, s->level);
  int v = tla_violated(s->m, state);
  if (v == -2) {
    s->error = true;
    return false;
  }
  if (v >= 0) {
    s->r->inv = v;
    s->bad = (long)s->st->n - 1;
    return false;
  }
  return true;
}

void tla_explicit_check(tla_model *m, int bound, const zeta_limits *lim, tla_explicit_result *r) {
  memset(r, 0, sizeof *r);
  tla_set_limits(m, lim);
  r->inv = -1;
  store st = {0};
  search s = {.m = m, .st = &st, .r = r, .from = UINT32_MAX, .bad = -1};
  if (!tla_initial_states(m, visit, &s) && (s.error || tla_error(m)[0])) s.error = true;
  if (tla_error(m)[0]) s.error = true;
  size_t head = 0;
  while (!s.error && s.bad < 0 && head < st.n) {
    if ((head & 255) == 0 && limits_expired(lim)) {
      r->outcome = TLA_LIMIT;
      snprintf(r->msg, sizeof r->msg, "timeout");
      break;
    }
    if ((head & 1023) == 0)
      progress_tick("zeta: explicit: %zu distinct states, %zu left, depth %zu", st.n, st.n - head, r->depth);
    uint32_t lvl = st.level[head];
    if (bound >= 0 && lvl >= (uint32_t)bound) {
      head++;
      continue;
    }
    if (lvl + 1 > r->depth) r->depth = lvl + 1;
    s.from = (uint32_t)head;
    s.level = lvl + 1;
    s.succs = 0;
    tla_successors(m, st.state[head], visit, &s);
    if (tla_error(m)[0]) {
      s.error = true;
      break;
    }
    if (s.bad < 0 && s.succs == 0 && tla_check_deadlock(m) && bound < 0) {
      r->outcome = TLA_DEADLOCK;
      set_trace(&s, head);
      break;
    }
    head++;
  }
  r->distinct = st.n;
  if (s.error && strcmp(tla_error(m), "timeout") == 0) {
    r->outcome = TLA_LIMIT;
    snprintf(r->msg, sizeof r->msg, "timeout");
  } else if (s.error) {
    r->outcome = TLA_ERROR;
    snprintf(r->msg, sizeof r->msg, "%s", tla_error(m));
  } else if (s.bad >= 0) {
    r->outcome = TLA_VIOLATED;
    set_trace(&s, (size_t)s.bad);
  } else if (r->outcome != TLA_LIMIT && r->outcome != TLA_DEADLOCK) {
    r->outcome = TLA_HOLDS;
  }
  store_free(&st);
}

/* Apalache's deadlock: is there an execution of `bound` steps? Level sets
 * without cross-level merging; a level equal to an earlier one repeats. */
typedef struct {
  store *next;
  tla_model *m;
  bool error;
} level_step;

static bool collect(void *data, const tla_val *state) {
  level_step *ls = data;
  int c = tla_constraints_hold(ls->m, state);
  if (c < 0) {
    ls->error = true;
    return false;
  }
  if (c == 1 && find(ls->next, state) < 0) add(ls->next, state, state, 0, 0);
  return true;
}

int tla_execution_exists(tla_model *m, int bound, const zeta_limits *lim) {
  store cur = {0};
  level_step ls = {&cur, m, false};
  tla_initial_states(m, collect, &ls);
  if (tla_error(m)[0]) {
    store_free(&cur);
    return -1;
  }
  for (int i = 0; i < bound && cur.n > 0; i++) {
    store nxt = {0};
    ls.next = &nxt;
    for (size_t k = 0; k < cur.n && !ls.error; k++) {
      if ((k & 255) == 0 && limits_expired(lim)) {
        store_free(&nxt);
        store_free(&cur);
        return -1;
      }
      tla_successors(m, cur.state[k], collect, &ls);
      if (tla_error(m)[0]) ls.error = true;
    }
    /* same set as the level before: the sequence repeats, never empty */
    bool same = nxt.n == cur.n;
    for (size_t k = 0; same && k < nxt.n; k++) same = find(&cur, nxt.state[k]) >= 0;
    store_free(&cur);
    cur = nxt;
    if (ls.error) break;
    if (same) break;
  }
  int r = ls.error ? -1 : cur.n > 0;
  store_free(&cur);
  return r;
}

typedef struct {
  const tla_val *want;
  bool found;
  size_t count;
} finder;

static bool match(void *data, const tla_val *state) {
  finder *f = data;
  f->count++;
  if (state == f->want) f->found = true;
  return !f->found;
}

/* Trace invariants: every path of at most `bound` steps, depth first. */
typedef struct {
  tla_model *m;
  const tla_val **path;
  size_t n, bound;
  const zeta_limits *lim;
  int inv;        /* violated invariant, -2 error, -3 limit */
  size_t visits;
} trace_search;

static bool trace_step(void *data, const tla_val *state);

static bool trace_visit(trace_search *t, const tla_val *state) {
  if (t->inv != -1) return false;
  if ((++t->visits & 255) == 0 && limits_expired(t->lim)) {
    t->inv = -3;
    return false;
  }
  t->path[t->n++] = state;
  int v = tla_violated_trace(t->m, t->path, t->n);
  if (v != -1) {
    t->inv = v;
    return false;
  }
  if (t->n <= t->bound) tla_successors(t->m, state, trace_step, t);
  if (t->inv != -1) return false;
  if (tla_error(t->m)[0]) {
    t->inv = -2;
    return false;
  }
  t->n--;
  return true;
}

static bool trace_step(void *data, const tla_val *state) { return trace_visit(data, state); }

void tla_check_traces(tla_model *m, int bound, const zeta_limits *lim, tla_explicit_result *r) {
  trace_search t = {m, xmalloc(((size_t)bound + 2) * sizeof *t.path), 0, (size_t)bound, lim, -1, 0};
  tla_initial_states(m, trace_step, &t);
  if (t.inv >= 0) {
    r->outcome = TLA_VIOLATED;
    r->inv = t.inv;
    r->trace = xmalloc(t.n * sizeof *r->trace);
    memcpy(r->trace, t.path, t.n * sizeof *r->trace);
    r->ntrace = t.n;
  } else if (t.inv == -3) {
    r->outcome = TLA_LIMIT;
    snprintf(r->msg, sizeof r->msg, "timeout");
  } else if (t.inv == -2 || tla_error(m)[0]) {
    r->outcome = strcmp(tla_error(m), "timeout") == 0 ? TLA_LIMIT : TLA_ERROR;
    snprintf(r->msg, sizeof r->msg, "%s", tla_error(m));
  }
  free(t.path);
}

/* Hints only reorder the enumerations: every step is still found among
 * the successors TLC's rule produces. */
static void hints_of(tla_model *m, const tla_explicit_result *r, size_t j) {
  if (r->hint_at) tla_set_hints(m, r->hints + r->hint_at[j], r->hint_at[j + 1] - r->hint_at[j]);
}

bool tla_replay(tla_model *m, const tla_explicit_result *r, char *why, size_t nwhy) {
  if (!r->ntrace) {
    snprintf(why, nwhy, "empty trace");
    return false;
  }
  finder f = {r->trace[0], false, 0};
  hints_of(m, r, 0);
  tla_initial_states(m, match, &f);
  tla_set_hints(m, NULL, 0);
  if (!f.found) {
    snprintf(why, nwhy, "the first state is not an initial state");
    return false;
  }
  for (size_t i = 0; i + 1 < r->ntrace; i++) {
    f = (finder){r->trace[i + 1], false, 0};
    hints_of(m, r, i + 1);
    bool done = tla_successors(m, r->trace[i], match, &f);
    tla_set_hints(m, NULL, 0);
    if (!f.found && !done && strcmp(tla_error(m), "timeout") == 0) {
      snprintf(why, nwhy, "timeout (replaying step %zu)", i + 1);   /* not a refutation */
      return false;
    }
    if (!f.found) {
      snprintf(why, nwhy, "step %zu is not allowed by the next-state relation", i + 1);
      return false;
    }
  }
  const tla_val *last = r->trace[r->ntrace - 1];
  if (r->outcome == TLA_VIOLATED && tla_violated(m, last) < 0 &&
      !(r->ntrace >= 2 && tla_violated_step(m, r->trace[r->ntrace - 2], last) >= 0) &&
      tla_violated_trace(m, r->trace, r->ntrace) < 0) {
    snprintf(why, nwhy, "the last state satisfies the invariants");
    return false;
  }
  if (r->outcome == TLA_DEADLOCK) {
    f = (finder){NULL, false, 0};
    tla_successors(m, last, match, &f);
    if (f.count) {
      snprintf(why, nwhy, "the last state has a successor");
      return false;
    }
  }
  return true;
}

void tla_explicit_result_free(tla_explicit_result *r) {
  free(r->trace);
  r->trace = NULL;
}
