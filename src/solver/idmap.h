/* A small open-addressing hash map from 32-bit keys (term ids, Z3 ast ids,
 * type ids) to pointer-sized values, used by the solver backends for their
 * translation caches. Deletion uses backward shifting, so no tombstones. */
#ifndef ZETA_SOLVER_IDMAP_H
#define ZETA_SOLVER_IDMAP_H
#include <stdbool.h>
#include <stdint.h>

typedef struct {
  uint32_t *keys;
  uintptr_t *vals;
  uint8_t *used;
  uint32_t cap, size;   /* cap is 0 or a power of two */
} idmap;

static inline void idmap_init(idmap *m) { m->keys = 0; m->vals = 0; m->used = 0; m->cap = m->size = 0; }
void idmap_free(idmap *m);
/* false on allocation failure (the map is unchanged). */
bool idmap_put(idmap *m, uint32_t key, uintptr_t val);
bool idmap_get(const idmap *m, uint32_t key, uintptr_t *val);
bool idmap_del(idmap *m, uint32_t key);
#endif
