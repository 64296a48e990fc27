/* A hash map from terms to terms (or to any int32 payload), used for
 * memoizing traversals and as a valuation. Open addressing, keys != -1. */
#ifndef ZETA_CORE_TERM_MAP_H
#define ZETA_CORE_TERM_MAP_H
#include "core/term.h"

typedef struct { term_t key; int32_t val; } term_map_entry;
typedef struct {
  term_map_entry *slots;
  uint32_t cap, size;  /* cap is 0 or a power of two */
} term_map;

void term_map_init(term_map *m);
void term_map_free(term_map *m);
void term_map_clear(term_map *m);
void term_map_put(term_map *m, term_t key, int32_t val);
/* The value of key, or NULL_TERM (-1) when absent. */
int32_t term_map_get(const term_map *m, term_t key);
bool term_map_has(const term_map *m, term_t key);
#endif
