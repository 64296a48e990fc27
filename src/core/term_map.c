#include "core/term_map.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void term_map_init(term_map *m) { memset(m, 0, sizeof *m); }
void term_map_free(term_map *m) { free(m->slots); memset(m, 0, sizeof *m); }

void term_map_clear(term_map *m) {
  for (uint32_t i = 0; i < m->cap; i++) m->slots[i].key = NULL_TERM;
  m->size = 0;
}

static uint32_t mix(uint32_t x) {
  x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
  return x;
}

static term_map_entry *find(const term_map *m, term_t key) {
  uint32_t mask = m->cap - 1;
  for (uint32_t i = mix((uint32_t)key) & mask;; i = (i + 1) & mask)
    if (m->slots[i].key == key || m->slots[i].key == NULL_TERM) return &m->slots[i];
}

static void rehash(term_map *m) {
  term_map_entry *old = m->slots;
  uint32_t oldcap = m->cap;
  m->cap = oldcap ? oldcap * 2 : 16;
  m->slots = xmalloc(sizeof *m->slots * m->cap);
  for (uint32_t i = 0; i < m->cap; i++) m->slots[i].key = NULL_TERM;
  for (uint32_t i = 0; i < oldcap; i++)
    if (old[i].key != NULL_TERM) *find(m, old[i].key) = old[i];
  free(old);
}

void term_map_put(term_map *m, term_t key, int32_t val) {
  if ((m->size + 1) * 4 > m->cap * 3) rehash(m);
  term_map_entry *e = find(m, key);
  if (e->key == NULL_TERM) { e->key = key; m->size++; }
  e->val = val;
}

int32_t term_map_get(const term_map *m, term_t key) {
  if (!m->cap) return NULL_TERM;
  term_map_entry *e = find(m, key);
  return e->key == NULL_TERM ? NULL_TERM : e->val;
}

bool term_map_has(const term_map *m, term_t key) {
  return m->cap && find(m, key)->key != NULL_TERM;
}
