/* Unfolding non-recursive predicates until the system is linear (chc_unfold.h). */
#include "ir/chc_unfold.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* rec[p]: p depends on itself (reaches itself along body -> head edges). */
static bool *recursive_preds(const chc_system *s) {
  uint32_t n = s->npreds;
  bool *adj = xcalloc((size_t)n * n + 1, 1), *rec = xcalloc(n + 1, 1);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred == CHC_FALSE) continue;
    for (uint32_t j = 0; j < c->nbody; j++) adj[(size_t)c->body[j].pred * n + c->head.pred] = 1;
  }
  /* transitive closure (Warshall): systems from the front ends are small */
  for (uint32_t k = 0; k < n; k++)
    for (uint32_t i = 0; i < n; i++)
      if (adj[(size_t)i * n + k])
        for (uint32_t j = 0; j < n; j++)
          if (adj[(size_t)k * n + j]) adj[(size_t)i * n + j] = 1;
  for (uint32_t p = 0; p < n; p++) rec[p] = adj[(size_t)p * n + p];
  free(adj);
  return rec;
}

typedef struct {
  const chc_system *src;
  chc_system *dst;
  const bool *rec;
  uint32_t max;
  bool ok;
} unfolder;

/* Adds clause c of dst's table (a scratch copy, consumed) to dst, first
 * unfolding its non-recursive body predicates while it is non-linear. */
static void add_unfolded(unfolder *u, chc_clause *c) {
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
  chc_init(dst);
  for (uint32_t p = 0; p < src->npreds; p++) {
    const chc_pred *P = &src->preds[p];
    type_t *ty = xmalloc((P->arity + 1) * sizeof(type_t));
    for (uint32_t q = 0; q < P->arity; q++) ty[q] = term_type(P->params[q]);
    chc_add_pred(dst, P->name, P->sym, P->arity, ty);
    free(ty);
  }
  bool *rec = recursive_preds(src);
  unfolder u = {src, dst, rec, max_clauses, true};
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
