/* The CEGAR waitlist: ARG nodes to expand, popped in a search order.
 * BFS / DFS by creation order; ERR by syntactic distance to the error
 * location; ERR_DFS by distance, then depth (deeper first); DFS_ERR by
 * depth (deeper first), then distance. Ties: older first (BFS-like). */
#ifndef ZETA_ANALYSIS_WAITLIST_H
#define ZETA_ANALYSIS_WAITLIST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SEARCH_BFS, SEARCH_DFS, SEARCH_ERR, SEARCH_ERR_DFS, SEARCH_DFS_ERR } search_order;

typedef struct {
  uint32_t node, dist, depth;
  uint64_t seq;
} waitlist_item;

typedef struct {
  search_order order;
  waitlist_item *items;
  uint32_t size;
  size_t cap;
  uint64_t seq;
} waitlist;

void waitlist_init(waitlist *w, search_order o);
void waitlist_free(waitlist *w);
void waitlist_push(waitlist *w, uint32_t node, uint32_t dist, uint32_t depth);
bool waitlist_pop(waitlist *w, uint32_t *node);
void waitlist_clear(waitlist *w);
#endif
