/* Unfolding non-recursive predicates until the system is linear (chc_unfold.h). */
#include "ir/chc_unfold.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* rec[p]: p depends on itself (reaches itself along body -> head edges):
 * its strongly connected component has a cycle (Tarjan, iterative). */
static bool *recursive_preds(const chc_system *s) {
  uint32_t n = s->npreds, ne = 0;
  uint32_t *start = xcalloc(n + 2, sizeof(uint32_t));
  bool *rec = xcalloc(n + 1, 1);
  for (uint32_t i = 0; i < s->nclauses; i++)
    if (s->clauses[i].head.pred != CHC_FALSE)
      for (uint32_t j = 0; j < s->clauses[i].nbody; j++) {
        start[s->clauses[i].body[j].pred + 1]++;
        ne++;
        if (s->clauses[i].body[j].pred == s->clauses[i].head.pred) rec[s->clauses[i].head.pred] = true;   /* a self-loop */
      }
  for (uint32_t p = 0; p < n; p++) start[p + 1] += start[p];
  uint32_t *adj = xmalloc((ne + 1) * sizeof(uint32_t)), *fill = xcalloc(n + 1, sizeof(uint32_t));
  for (uint32_t i = 0; i < s->nclauses; i++)
    if (s->clauses[i].head.pred != CHC_FALSE)
      for (uint32_t j = 0; j < s->clauses[i].nbody; j++) {
        uint32_t p = s->clauses[i].body[j].pred;
        adj[start[p] + fill[p]++] = s->clauses[i].head.pred;
      }
  uint32_t *idx = xmalloc((n + 1) * sizeof(uint32_t)), *low = xmalloc((n + 1) * sizeof(uint32_t));
  uint32_t *stack = xmalloc((n + 1) * sizeof(uint32_t)), *call = xmalloc((n + 1) * sizeof(uint32_t)), *edge = xmalloc((n + 1) * sizeof(uint32_t));
  bool *on = xcalloc(n + 1, 1);
  for (uint32_t p = 0; p < n; p++) idx[p] = UINT32_MAX;
  uint32_t counter = 0, sp = 0;
  for (uint32_t root = 0; root < n; root++) {
    if (idx[root] != UINT32_MAX) continue;
    uint32_t cp = 0;
    call[cp] = root;
    edge[cp++] = start[root];
    idx[root] = low[root] = counter++;
    stack[sp++] = root;
    on[root] = true;
    while (cp) {
      uint32_t v = call[cp - 1];
      if (edge[cp - 1] < start[v + 1]) {
        uint32_t w = adj[edge[cp - 1]++];
        if (idx[w] == UINT32_MAX) {
          idx[w] = low[w] = counter++;
          stack[sp++] = w;
          on[w] = true;
          call[cp] = w;
          edge[cp++] = start[w];
        } else if (on[w] && idx[w] < low[v]) low[v] = idx[w];
        continue;
      }
      cp--;
      if (cp && low[v] < low[call[cp - 1]]) low[call[cp - 1]] = low[v];
      if (low[v] == idx[v]) {   /* v roots a component: more than one member is a cycle */
        uint32_t first = sp;
        while (stack[first - 1] != v) first--;
        first--;
        for (uint32_t k = first; k < sp; k++) {
          on[stack[k]] = false;
          if (sp - first > 1) rec[stack[k]] = true;
        }
        sp = first;
      }
    }
  }
  free(start); free(adj); free(fill); free(idx); free(low); free(stack); free(call); free(edge); free(on);
  return rec;
}

typedef struct {
  const chc_system *src;
  chc_system *dst;
  const bool *rec;
  uint32_t max;
  const zeta_limits *lim;   /* may be NULL */
  bool ok;
} unfolder;

/* Adds clause c of dst's table (a scratch copy, consumed) to dst, first
 * unfolding its non-recursive body predicates while it is non-linear. */
static void add_unfolded(unfolder *u, chc_clause *c) {
  if (u->ok && limits_expired(u->lim)) u->ok = false;
  if (!u->ok) return;
  uint32_t j = c->nbody;
  if (c->nbody > 1)
    for (uint32_t i = 0; i < c->nbody && j == c->nbody; i++)
      if (!u->rec[c->body[i].pred]) j = i;
  if (c->nbody > 1 && j == c->nbody) u->ok = false;   /* two recursive predicates */
  if (!u->ok || c->nbody <= 1) {
    if (u->ok && u->dst->nclauses < u->max)
      chc_add_clause(u->dst, c->nbody, c->body, c->constraint, c->head.pred, c->head.args, c->line);
    else u->ok = false;
    return;
  }
  uint32_t p = c->body[j].pred;
  for (uint32_t i = 0; i < u->src->nclauses && u->ok; i++) {
    const chc_clause *d = &u->src->clauses[i];
    if (d->head.pred != p) continue;
    /* a copy of c (in dst's storage), d inlined at j */
    uint32_t at = u->dst->nclauses;
    chc_add_clause(u->dst, c->nbody, c->body, c->constraint, c->head.pred, c->head.args, c->line);
    chc_clause cc = u->dst->clauses[at];
    u->dst->nclauses--;   /* taken out: owned by cc now */
    chc_inline_at(u->dst, &cc, j, d);
    add_unfolded(u, &cc);
    for (uint32_t q = 0; q < cc.nbody; q++) free(cc.body[q].args);
    free(cc.body);
    free(cc.head.args);
  }
}

bool chc_unfold_linear(const chc_system *src, chc_system *dst, uint32_t max_clauses) {
  return chc_unfold_linear_within(src, dst, max_clauses, NULL);
}

bool chc_unfold_linear_within(const chc_system *src, chc_system *dst, uint32_t max_clauses, const zeta_limits *lim) {
  chc_init(dst);
  for (uint32_t p = 0; p < src->npreds; p++) {
    const chc_pred *P = &src->preds[p];
    type_t *ty = xmalloc((P->arity + 1) * sizeof(type_t));
    for (uint32_t q = 0; q < P->arity; q++) ty[q] = term_type(P->params[q]);
    chc_add_pred(dst, P->name, P->sym, P->arity, ty);
    free(ty);
  }
  bool *rec = recursive_preds(src);
  unfolder u = {src, dst, rec, max_clauses, lim, true};
  /* every clause, unfolded where non-linear; definitions of unfolded
   * predicates stay (harmless) */
  for (uint32_t i = 0; i < src->nclauses && u.ok; i++) {
    const chc_clause *c = &src->clauses[i];
    uint32_t at = dst->nclauses;
    chc_add_clause(dst, c->nbody, c->body, c->constraint, c->head.pred, c->head.args, c->line);
    chc_clause cc = dst->clauses[at];
    dst->nclauses--;
    add_unfolded(&u, &cc);
    for (uint32_t q = 0; q < cc.nbody; q++) free(cc.body[q].args);
    free(cc.body);
    free(cc.head.args);
  }
  free(rec);
  if (!u.ok) {
    chc_free(dst);
    chc_init(dst);
  }
  return u.ok;
}
