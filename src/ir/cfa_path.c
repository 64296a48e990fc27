#include "ir/cfa_path.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "ir/cfa_live.h"

/* Dead values left free (cfa.h, free_dead_joins): for each choice of an
 * edge, the variables live after it, sorted by the choice's address; keep
 * marks the variables whose values are read back from traces (those with a
 * havoc: the C replay takes nondet values from the counterexample); free[v]
 * is v's one free value in this edge. Sound: a dead variable is written
 * before it is read on every path from the choice, so any value it holds
 * meanwhile changes no location reached, and a free value includes the
 * exact one (invariants of the relaxed edges hold for the exact ones). */
typedef struct {
  const cfa_stmt *choice;
  bool *after;
} choice_live;
typedef struct {
  choice_live *v;
  uint32_t n, cap, nv;
  const bool *keep;
  term_t *free;
} relax;

static void note_choice(const cfa_stmt *s, const bool *after, void *ctx) {
  relax *R = ctx;
  if (R->n == R->cap) R->v = xrealloc(R->v, (R->cap = R->cap ? 2 * R->cap : 16) * sizeof *R->v);
  bool *copy = xmalloc(R->nv + 1);
  memcpy(copy, after, R->nv);
  R->v[R->n++] = (choice_live){s, copy};
}

static int by_choice(const void *a, const void *b) {
  const cfa_stmt *x = ((const choice_live *)a)->choice, *y = ((const choice_live *)b)->choice;
  return x < y ? -1 : x > y;
}

static const bool *live_after(const relax *R, const cfa_stmt *s) {
  choice_live key = {s, NULL};
  const choice_live *f = bsearch(&key, R->v, R->n, sizeof *R->v, by_choice);
  return f ? f->after : NULL;
}

typedef struct {
  const cfa *c;
  relax *R;
  bool *mark;   /* nv, all false between uses (written_vars; made at the first choice) */
} executor;

/* The distinct variables that st[0..n) may assign or havoc, appended to
 * *w (a choice joins only these: a CFA of inlined calls has thousands of
 * variables and each choice writes a few) */
typedef struct {
  uint32_t *data, size, cap;
} var_list;

static void written_walk(executor *X, const cfa_stmt *st, uint32_t n, var_list *w) {
  for (uint32_t i = 0; i < n; i++) {
    const cfa_stmt *s = &st[i];
    if (s->kind == CFA_CHOICE) {
      for (uint32_t j = 0; j < s->nalts; j++) written_walk(X, s->alts[j].stmts, s->alts[j].n, w);
      continue;
    }
    uint32_t v = s->kind == CFA_ASSUME ? CFA_NONE : cfa_var_index(X->c, s->var);
    if (v == CFA_NONE || X->mark[v]) continue;
    X->mark[v] = true;
    if (w->size == w->cap) w->data = xrealloc(w->data, (w->cap = w->cap ? 2 * w->cap : 8) * sizeof *w->data);
    w->data[w->size++] = v;
  }
}

static int by_index(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* in the variables' order: the joins' fresh names as when every variable
 * was compared */
static void written_vars(executor *X, const cfa_stmt *s, var_list *w) {
  if (!X->mark) X->mark = xcalloc(X->c->vars.size + 1, sizeof(bool));
  for (uint32_t j = 0; j < s->nalts; j++) written_walk(X, s->alts[j].stmts, s->alts[j].n, w);
  for (uint32_t k = 0; k < w->size; k++) X->mark[w->data[k]] = false;
  if (w->size > 1) qsort(w->data, w->size, sizeof *w->data, by_index);
}


/* e with each of its variables replaced by its current value (a CFA of
 * inlined calls has thousands of variables: substituting all of them in
 * every statement would be quadratic) */
static term_t subst(const executor *X, term_t e, const term_t *cur) {
  term_t *fv;
  uint32_t n = term_free_vars(e, &fv), m = 0;
  term_t *to = xmalloc((n + 1) * sizeof *to);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t k = cfa_var_index(X->c, fv[i]);
    if (k != CFA_NONE) fv[m] = fv[i], to[m++] = cur[k];
  }
  term_t r = term_subst(e, m, fv, to);
  free(fv), free(to);
  return r;
}

/* Symbolic execution of n statements from the values cur[] (terms over
 * index-0 variables and fresh ones); constraints are pushed on conj. R:
 * NULL, or dead values are left free. */
static void exec(executor *X, const cfa_stmt *stmts, uint32_t n, term_t *cur, term_vec *conj) {
  const cfa *c = X->c;
  relax *R = X->R;
  for (uint32_t i = 0; i < n; i++) {
    const cfa_stmt *s = &stmts[i];
    uint32_t vi = cfa_var_index(X->c, s->var);
    switch (s->kind) {
    case CFA_ASSUME:
      term_vec_push(conj, subst(X, s->expr, cur));
      break;
    case CFA_ASSIGN:
      if (vi != CFA_NONE) cur[vi] = subst(X, s->expr, cur);
      break;
    case CFA_HAVOC:
      if (vi != CFA_NONE) {
        char prefix[96];
        snprintf(prefix, sizeof prefix, "havoc!%s!", term_var_name(s->var));
        cur[vi] = term_fresh_var(prefix, term_type(s->var));
      }
      break;
    case CFA_CHOICE: {
      /* each alternative from cur; a variable whose values differ among
       * them becomes a fresh join variable, equal to the value of the
       * alternative taken. Only the written variables can differ: each
       * alternative runs on cur itself, then they are restored. */
      var_list w = {0};
      written_vars(X, s, &w);
      const uint32_t nw = w.size;
      term_t *orig = xmalloc((nw + 1) * sizeof *orig);
      for (uint32_t k = 0; k < nw; k++) orig[k] = cur[w.data[k]];
      term_t *vals = xmalloc(((size_t)s->nalts * nw + 1) * sizeof *vals);
      term_t *paths = xmalloc((s->nalts + 1) * sizeof *paths);
      term_vec *cj = xcalloc(s->nalts + 1, sizeof *cj);
      for (uint32_t j = 0; j < s->nalts; j++) {
        exec(X, s->alts[j].stmts, s->alts[j].n, cur, &cj[j]);
        for (uint32_t k = 0; k < nw; k++) vals[(size_t)j * nw + k] = cur[w.data[k]], cur[w.data[k]] = orig[k];
      }
      const bool *after = R ? live_after(R, s) : NULL;
      for (uint32_t k = 0; k < nw; k++) {
        const uint32_t v = w.data[k];
        bool same = true;
        for (uint32_t j = 1; j < s->nalts; j++) same &= vals[(size_t)j * nw + k] == vals[k];
        if (same) {
          cur[v] = s->nalts ? vals[k] : cur[v];
          continue;
        }
        if (after && !after[v] && !R->keep[v]) {
          if (R->free[v] == NULL_TERM) {
            char prefix[96];
            snprintf(prefix, sizeof prefix, "dead!%s!", term_var_name(c->vars.data[v]));
            R->free[v] = term_fresh_var(prefix, term_type(c->vars.data[v]));
          }
          cur[v] = R->free[v];
          continue;
        }
        char prefix[96];
        snprintf(prefix, sizeof prefix, "join!%s!", term_var_name(c->vars.data[v]));
        cur[v] = term_fresh_var(prefix, term_type(c->vars.data[v]));
        for (uint32_t j = 0; j < s->nalts; j++) term_vec_push(&cj[j], term_eq(cur[v], vals[(size_t)j * nw + k]));
      }
      for (uint32_t j = 0; j < s->nalts; j++) {
        paths[j] = term_and(cj[j].size, cj[j].data);
        term_vec_free(&cj[j]);
      }
      term_vec_push(conj, term_or(s->nalts, paths));
      free(cj);
      free(paths);
      free(vals);
      free(orig);
      free(w.data);
      break;
    }
    }
  }
}

/* frame (may be NULL): frame[i] caches v' = v for the i-th variable v
 * (NULL_TERM until first made) across the edges of a CFA; made on first
 * use, so terms are created in the same order as without the cache */
static term_t formula(const cfa *c, const cfa_stmt *stmts, uint32_t n, relax *R, term_t *frame) {
  uint32_t nv = c->vars.size;
  term_t *cur = xmalloc((nv + 1) * sizeof *cur);
  if (nv) memcpy(cur, c->vars.data, nv * sizeof *cur);   /* a procedure without variables: data is NULL */
  term_vec conj = {0};
  executor X = {c, R, NULL};
  exec(&X, stmts, n, cur, &conj);
  for (uint32_t i = 0; i < nv; i++) {
    bool same = frame && cur[i] == c->vars.data[i];
    if (same && frame[i] != NULL_TERM) {
      term_vec_push(&conj, frame[i]);
      continue;
    }
    term_t eq = term_eq(term_shift(c->vars.data[i], 1), cur[i]);
    if (same) frame[i] = eq;
    term_vec_push(&conj, eq);
  }
  term_t f = term_and(conj.size, conj.data);
  term_vec_free(&conj);
  free(X.mark), free(cur);
  return f;
}

term_t cfa_stmts_formula(const cfa *c, const cfa_stmt *stmts, uint32_t n) {
  return formula(c, stmts, n, NULL, NULL);
}

static bool has_choice(const cfa_edge *ed) {
  for (uint32_t i = 0; i < ed->nstmts; i++)
    if (ed->stmts[i].kind == CFA_CHOICE) return true;
  return false;
}

static void mark_havocs(const cfa *c, const cfa_stmt *st, uint32_t n, bool *keep) {
  for (uint32_t i = 0; i < n; i++)
    if (st[i].kind == CFA_HAVOC && cfa_var_index(c, st[i].var) != CFA_NONE) keep[cfa_var_index(c, st[i].var)] = true;
    else if (st[i].kind == CFA_CHOICE)
      for (uint32_t j = 0; j < st[i].nalts; j++) mark_havocs(c, st[i].alts[j].stmts, st[i].alts[j].n, keep);
}

/* Every missing formula of a free_dead_joins CFA: one liveness for all
 * edges (a procedure call on any edge: all exact, its callee reads the
 * variables). False when lim (may be NULL) expired first. */
static bool relaxed_formulas(cfa *c, const zeta_limits *lim) {
  uint32_t nv = c->vars.size;
  bool calls = false;
  for (uint32_t e = 0; e < c->nedges; e++) calls |= c->edges[e].call != NULL;
  bool *live = calls ? NULL : cfa_live_vars(c), *keep = xcalloc(nv + 1, sizeof *keep);
  for (uint32_t e = 0; e < c->nedges; e++) mark_havocs(c, c->edges[e].stmts, c->edges[e].nstmts, keep);
  term_t *frame = xmalloc((nv + 1) * sizeof *frame);
  for (uint32_t v = 0; v < nv; v++) frame[v] = NULL_TERM;
  bool *set = xmalloc(nv + 1), in_time = true;
  for (uint32_t e = 0; e < c->nedges && (in_time = !limits_expired(lim)); e++) {
    cfa_edge *ed = &c->edges[e];
    if (ed->formula != NULL_TERM) continue;
    if (!live || !has_choice(ed)) {
      ed->formula = formula(c, ed->stmts, ed->nstmts, NULL, frame);
      continue;
    }
    relax R = {NULL, 0, 0, nv, keep, xmalloc((nv + 1) * sizeof(term_t))};
    for (uint32_t v = 0; v < nv; v++) R.free[v] = NULL_TERM;
    memcpy(set, &live[(size_t)ed->dst * nv], nv);
    cfa_live_back(c, ed->stmts, ed->nstmts, set, note_choice, &R);
    qsort(R.v, R.n, sizeof *R.v, by_choice);
    ed->formula = formula(c, ed->stmts, ed->nstmts, &R, frame);
    for (uint32_t i = 0; i < R.n; i++) free(R.v[i].after);
    free(R.v), free(R.free);
  }
  free(set), free(keep), free(live), free(frame);
  return in_time;
}

term_t cfa_edge_formula_within(cfa *c, uint32_t e, const zeta_limits *lim) {
  cfa_edge *ed = &c->edges[e];
  if (ed->formula == NULL_TERM && c->free_dead_joins && !relaxed_formulas(c, lim)) return NULL_TERM;
  if (ed->formula == NULL_TERM) ed->formula = cfa_stmts_formula(c, ed->stmts, ed->nstmts);
  return ed->formula;
}

term_t cfa_edge_formula(cfa *c, uint32_t e) { return cfa_edge_formula_within(c, e, NULL); }

void cfa_path_formulas(cfa *c, uint32_t n, const uint32_t *edges, term_t *out) {
  for (uint32_t k = 0; k < n; k++) out[k] = term_shift(cfa_edge_formula(c, edges[k]), (int32_t)k);
}

term_t cfa_path_formula(cfa *c, uint32_t n, const uint32_t *edges) {
  term_t *f = xmalloc((n + 1) * sizeof *f);
  cfa_path_formulas(c, n, edges, f);
  term_t r = term_and(n, f);
  free(f);
  return r;
}

term_t cfa_invariant_query(cfa *c, const term_t *inv, uint32_t i) {
  if (i == c->nedges) return c->init < c->nlocs ? term_not(inv[c->init]) : term_false();
  if (i == c->nedges + 1) return c->error < c->nlocs ? inv[c->error] : term_false();
  const cfa_edge *e = &c->edges[i];
  return term_and(3, (term_t[]){inv[e->src], cfa_edge_formula(c, i), term_not(term_shift(inv[e->dst], 1))});
}

void cfa_vars_at(const cfa *c, int32_t k, term_t *out) {
  for (uint32_t i = 0; i < c->vars.size; i++) out[i] = term_shift(c->vars.data[i], k);
}
