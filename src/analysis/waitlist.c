#include "analysis/waitlist.h"
#include <stdlib.h>
#include "core/alloc.h"

void waitlist_init(waitlist *w, search_order o) {
  w->order = o;
  w->items = NULL;
  w->size = 0;
  w->cap = 0;
  w->seq = 0;
}

void waitlist_free(waitlist *w) {
  free(w->items);
  w->items = NULL;
  w->size = 0;
}

void waitlist_clear(waitlist *w) { w->size = 0; }

void waitlist_push(waitlist *w, uint32_t node, uint32_t dist, uint32_t depth) {
  XGROW(w->items, w->cap, w->size + 1);
  w->items[w->size++] = (waitlist_item){node, dist, depth, w->seq++};
}

/* Negative when a should be popped before b. */
static int cmp(search_order o, const waitlist_item *a, const waitlist_item *b) {
#define BY(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)
  switch (o) {
  case SEARCH_BFS: break;
  case SEARCH_DFS: BY(b->seq, a->seq); return 0;
  case SEARCH_ERR: BY(a->dist, b->dist); break;
  case SEARCH_ERR_DFS: BY(a->dist, b->dist); BY(b->depth, a->depth); break;
  case SEARCH_DFS_ERR: BY(b->depth, a->depth); BY(a->dist, b->dist); break;
  }
  BY(a->seq, b->seq);
  return 0;
#undef BY
}

bool waitlist_pop(waitlist *w, uint32_t *node) {
  if (w->size == 0) return false;
  uint32_t best = 0;
  for (uint32_t i = 1; i < w->size; i++)
    if (cmp(w->order, &w->items[i], &w->items[best]) < 0) best = i;
  *node = w->items[best].node;
  w->items[best] = w->items[--w->size];
  return true;
}
