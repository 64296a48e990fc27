#include "solver/idmap.h"
#include <stdlib.h>

static uint32_t idmap_hash(uint32_t k) {
  k ^= k >> 16; k *= 0x7feb352dU; k ^= k >> 15; k *= 0x846ca68bU; k ^= k >> 16;
  return k;
}

void idmap_free(idmap *m) {
  free(m->keys); free(m->vals); free(m->used);
  idmap_init(m);
}

static bool idmap_grow(idmap *m) {
  uint32_t ncap = m->cap ? m->cap * 2 : 64;
  uint32_t *nk = malloc(sizeof *nk * ncap);
  uintptr_t *nv = malloc(sizeof *nv * ncap);
  uint8_t *nu = calloc(ncap, 1);
  if (!nk || !nv || !nu) { free(nk); free(nv); free(nu); return false; }
  for (uint32_t i = 0; i < m->cap; i++) {
    if (!m->used[i]) continue;
    uint32_t j = idmap_hash(m->keys[i]) & (ncap - 1);
    while (nu[j]) j = (j + 1) & (ncap - 1);
    nu[j] = 1; nk[j] = m->keys[i]; nv[j] = m->vals[i];
  }
  free(m->keys); free(m->vals); free(m->used);
  m->keys = nk; m->vals = nv; m->used = nu; m->cap = ncap;
  return true;
}

bool idmap_put(idmap *m, uint32_t key, uintptr_t val) {
  if ((m->size + 1) * 4 > m->cap * 3 && !idmap_grow(m)) return false;
  uint32_t j = idmap_hash(key) & (m->cap - 1);
  while (m->used[j]) {
    if (m->keys[j] == key) { m->vals[j] = val; return true; }
    j = (j + 1) & (m->cap - 1);
  }
  m->used[j] = 1; m->keys[j] = key; m->vals[j] = val; m->size++;
  return true;
}

bool idmap_get(const idmap *m, uint32_t key, uintptr_t *val) {
  if (!m->cap) return false;
  uint32_t j = idmap_hash(key) & (m->cap - 1);
  while (m->used[j]) {
    if (m->keys[j] == key) { if (val) *val = m->vals[j]; return true; }
    j = (j + 1) & (m->cap - 1);
  }
  return false;
}

bool idmap_del(idmap *m, uint32_t key) {
  if (!m->cap) return false;
  uint32_t mask = m->cap - 1, j = idmap_hash(key) & mask;
  while (m->used[j] && m->keys[j] != key) j = (j + 1) & mask;
  if (!m->used[j]) return false;
  /* Backward shift: move later entries of the probe run into the hole. */
  uint32_t hole = j;
  for (uint32_t k = (j + 1) & mask; m->used[k]; k = (k + 1) & mask) {
    uint32_t home = idmap_hash(m->keys[k]) & mask;
    bool movable = hole <= k ? (home <= hole || home > k) : (home <= hole && home > k);
    if (movable) {
      m->keys[hole] = m->keys[k]; m->vals[hole] = m->vals[k];
      hole = k;
    }
  }
  m->used[hole] = 0; m->size--;
  return true;
}
