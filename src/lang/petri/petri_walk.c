#include "lang/petri/petri_walk.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next_rand(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Records a hit of target i after `len` steps of the current walk. */
static bool hit(petri_result *r, const uint32_t *path, size_t len) {
  r->trace = malloc((len ? len : 1) * sizeof *r->trace);
  if (!r->trace) return false;
  memcpy(r->trace, path, len * sizeof *path);
  r->ntrace = len;
  r->answer = PETRI_REACHABLE;
  snprintf(r->technique, sizeof r->technique, "RANDOM_WALK");
  return true;
}

size_t petri_walk(const petri_net *n, const petri_pred *const *targets, size_t ntargets, petri_result *res,
                  uint32_t max_depth, uint64_t seed, const petri_limits *l) {
  size_t open = 0, found = 0;
  for (size_t i = 0; i < ntargets; i++) open += targets[i] && res[i].answer == PETRI_UNKNOWN;
  if (!open) return 0;
  if (!max_depth) max_depth = 64 + 4 * (n->nplaces > n->ntrans ? n->nplaces : n->ntrans);
  petri_tok *m = malloc(((size_t)n->nplaces + 1) * sizeof *m);
  uint32_t *en = malloc(((size_t)n->ntrans + 1) * sizeof *en);
  uint32_t *path = malloc(((size_t)max_depth + 1) * sizeof *path);
  if (!m || !en || !path) goto out;
  uint64_t steps = 0;
  /* the initial marking once, then walks until time runs out */
  for (size_t i = 0; i < ntargets; i++)
    if (targets[i] && res[i].answer == PETRI_UNKNOWN && pred_eval(n, targets[i], n->m0) && hit(&res[i], path, 0))
      found++, open--;
  while (open) {
    memcpy(m, n->m0, (size_t)n->nplaces * sizeof *m);
    for (uint32_t d = 0; d < max_depth && open; d++) {
      if ((++steps & 255) == 0 && petri_limits_expired(l)) goto out;
      uint32_t ne = 0;
      for (uint32_t t = 0; t < n->ntrans; t++)
        if (petri_enabled(n, m, t)) en[ne++] = t;
      if (!ne) break; /* deadlock: restart */
      uint32_t t = en[next_rand(&seed) % ne];
      if (!petri_fire(n, m, t, m)) break; /* overflow: restart (m spoiled) */
      path[d] = t;
      for (size_t i = 0; i < ntargets; i++)
        if (targets[i] && res[i].answer == PETRI_UNKNOWN && pred_eval(n, targets[i], m)) {
          if (!hit(&res[i], path, (size_t)d + 1)) goto out;
          found++, open--;
        }
    }
    if (petri_limits_expired(l)) break;
  }
out:
  free(m); free(en); free(path);
  return found;
}
