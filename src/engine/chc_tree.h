/* Trees of clause instances (counterexamples of predicate abstraction):
 * node 0 the root, every child after its parent. Node k's copy of its clause has every variable shifted
 * by k+1 (chc_tree_copy), so instances never share variables. */
#ifndef ZETA_ENGINE_CHC_TREE_H
#define ZETA_ENGINE_CHC_TREE_H
#include "ir/chc.h"
#include "ir/chc_witness.h"
#include "solver/solver.h"

typedef struct {
  uint32_t clause;
  uint32_t *kids;        /* node ids, one per body application */
} chc_tnode;

typedef struct { chc_tnode *n; uint32_t size, cap; } chc_tree;

/* Appends a node for clause with room for nkids children; returns its id. */
uint32_t chc_tree_add(chc_tree *t, uint32_t clause, uint32_t nkids);
void chc_tree_free(chc_tree *t);
/* Term t of node k's clause instance. */
term_t chc_tree_copy(term_t t, uint32_t node);
/* The conjunction of the instances, glued by argument equalities:
 * satisfiable iff a derivation of this shape exists. */
term_t chc_tree_formula(const chc_system *s, const chc_tree *t);
/* The derivation read off slv's model of chc_tree_formula. */
void chc_tree_derivation(const chc_system *s, const chc_tree *t, solver *slv, chc_derivation *d);
#endif
