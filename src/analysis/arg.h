/* The abstract reachability graph: a tree of abstract states (successor
 * edges labelled by CFA edges) plus covered-by edges. A node is expanded
 * once its successors exist, covered when another node at the same
 * location includes its state, unsafe when it is at the error location.
 * Pruning deletes a subtree (nodes stay allocated, marked deleted) and
 * uncovers the nodes its members covered. */
#ifndef ZETA_ANALYSIS_ARG_H
#define ZETA_ANALYSIS_ARG_H
#include <stdio.h>
#include "analysis/domain.h"

#define ARG_NONE UINT32_MAX

typedef struct {
  uint32_t loc, parent, edge, depth;
  uint32_t first_child, next_sibling;
  uint32_t covered_by;
  bool expanded, deleted;
  void *state;
} arg_node;

typedef struct {
  domain *d;
  arg_node *nodes;
  uint32_t size;
  size_t cap;
  uint32_t live;   /* nodes not deleted */
} arg;

void arg_init(arg *a, domain *d);
void arg_free(arg *a);   /* frees the states */
uint32_t arg_add(arg *a, uint32_t parent, uint32_t edge, uint32_t loc, void *state);
/* Deletes every descendant of n (not n), marks n unexpanded; nodes that
 * were covered by a deleted node are uncovered and reported in *uncovered. */
void arg_prune_below(arg *a, uint32_t n, uint32_t **uncovered, uint32_t *nuncovered);
/* Path root..n as node ids; returns its length (number of nodes). */
uint32_t arg_path(const arg *a, uint32_t n, uint32_t **out);
uint32_t arg_max_depth(const arg *a);
/* Graphviz: successor edges solid, covered-by edges dashed, the nodes of
 * path (may be NULL) in red. */
void arg_write_dot(FILE *out, const arg *a, const cfa *c, const uint32_t *path, uint32_t npath);
#endif
