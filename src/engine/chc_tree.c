/* Trees of clause instances (chc_tree.h). */
#include "engine/chc_tree.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

uint32_t chc_tree_add(chc_tree *t, uint32_t clause, uint32_t nkids) {
  XGROW(t->n, t->cap, t->size + 1);
  t->n[t->size].clause = clause;
  t->n[t->size].kids = xcalloc(nkids + 1, sizeof(uint32_t));
  return t->size++;
}

void chc_tree_free(chc_tree *t) {
  for (uint32_t i = 0; i < t->size; i++) free(t->n[i].kids);
  free(t->n);
  memset(t, 0, sizeof *t);
}

term_t chc_tree_copy(term_t t, uint32_t node) { return term_shift(t, (int32_t)node + 1); }

term_t chc_tree_formula(const chc_system *s, const chc_tree *t) {
  term_vec v = {0};
  for (uint32_t k = 0; k < t->size; k++) {
    const chc_clause *c = &s->clauses[t->n[k].clause];
    term_vec_push(&v, chc_tree_copy(c->constraint, k));
    for (uint32_t j = 0; j < c->nbody; j++) {
      uint32_t kid = t->n[k].kids[j];
      const chc_clause *kc = &s->clauses[t->n[kid].clause];
      for (uint32_t x = 0; x < s->preds[c->body[j].pred].arity; x++)
        term_vec_push(&v, term_eq(chc_tree_copy(c->body[j].args[x], k), chc_tree_copy(kc->head.args[x], kid)));
    }
  }
  term_t f = term_and(v.size, v.data);
  term_vec_free(&v);
  return f;
}

void chc_tree_derivation(const chc_system *s, const chc_tree *t, solver *slv, chc_derivation *d) {
  for (uint32_t k = 0; k < t->size; k++) {
    uint32_t id = chc_derivation_add(d, s, t->n[k].clause);
    const chc_clause *c = &s->clauses[t->n[k].clause];
    for (uint32_t j = 0; j < c->nbody; j++) d->nodes[id].children[j] = t->n[k].kids[j];
    if (c->head.pred != CHC_FALSE)
      for (uint32_t x = 0; x < s->preds[c->head.pred].arity; x++)
        d->nodes[id].head_vals[x] = solver_value(slv, chc_tree_copy(c->head.args[x], k));
  }
}
