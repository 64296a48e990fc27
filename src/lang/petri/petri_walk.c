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

/* The enabled transitions as a dense set with positions, updated after each
 * firing from the consumers and inhibited transitions of the changed places
 * only: a step costs the neighbourhood of the fired transition, not the net. */
typedef struct { uint32_t *list, *pos, n; } enabled_set;

static void set_enabled(enabled_set *s, uint32_t t, bool on) {
  bool in = s->pos[t] != UINT32_MAX;
  if (on == in) return;
  if (on) {
    s->pos[t] = s->n;
    s->list[s->n++] = t;
  } else {
    uint32_t last = s->list[--s->n];
    s->list[s->pos[t]] = last;
    s->pos[last] = s->pos[t];
    s->pos[t] = UINT32_MAX;
  }
}

static void update_enabled(const petri_net *n, const petri_tok *m, enabled_set *s, uint32_t fired) {
  for (uint32_t e = n->eff_at[fired]; e < n->eff_at[fired + 1]; e++) {
    uint32_t p = n->eff[e].place;
    for (uint32_t i = n->cons_at[p]; i < n->cons_at[p + 1]; i++) set_enabled(s, n->cons[i], petri_enabled(n, m, n->cons[i]));
    for (uint32_t i = n->inhd_at[p]; i < n->inhd_at[p + 1]; i++) set_enabled(s, n->inhd[i], petri_enabled(n, m, n->inhd[i]));
  }
}

static void reset_enabled(const petri_net *n, const petri_tok *m, enabled_set *s) {
  s->n = 0;
  for (uint32_t t = 0; t < n->ntrans; t++) s->pos[t] = UINT32_MAX;
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (petri_enabled(n, m, t)) set_enabled(s, t, true);
}

size_t petri_walk(const petri_net *n, const petri_pred *const *targets, size_t ntargets, petri_result *res,
                  uint32_t max_depth, uint64_t seed, const petri_limits *l) {
  size_t open = 0, found = 0;
  for (size_t i = 0; i < ntargets; i++) open += targets[i] && res[i].answer == PETRI_UNKNOWN;
  if (!open) return 0;
  if (!max_depth) max_depth = 64 + 4 * (n->nplaces > n->ntrans ? n->nplaces : n->ntrans);
  petri_tok *m = malloc(((size_t)n->nplaces + 1) * sizeof *m);
  enabled_set en = {malloc(((size_t)n->ntrans + 1) * sizeof *en.list), malloc(((size_t)n->ntrans + 1) * sizeof *en.pos), 0};
  enabled_set en0 = {malloc(((size_t)n->ntrans + 1) * sizeof *en.list), malloc(((size_t)n->ntrans + 1) * sizeof *en.pos), 0};
  uint32_t *path = malloc(((size_t)max_depth + 1) * sizeof *path);
  if (!m || !en.list || !en.pos || !en0.list || !en0.pos || !path) goto out;
  uint64_t steps = 0;
  /* the initial marking once, then walks until time runs out */
  for (size_t i = 0; i < ntargets; i++)
    if (targets[i] && res[i].answer == PETRI_UNKNOWN && pred_eval(n, targets[i], n->m0) && hit(&res[i], path, 0))
      found++, open--;
  reset_enabled(n, n->m0, &en0);
  while (open) {
    memcpy(m, n->m0, (size_t)n->nplaces * sizeof *m);
    en.n = en0.n;
    memcpy(en.list, en0.list, (size_t)n->ntrans * sizeof *en.list);
    memcpy(en.pos, en0.pos, (size_t)n->ntrans * sizeof *en.pos);
    for (uint32_t d = 0; d < max_depth && open; d++) {
      if ((++steps & 255) == 0 && petri_limits_expired(l)) goto out;
      if (!en.n) break; /* deadlock: restart */
      uint32_t t = en.list[next_rand(&seed) % en.n];
      if (!petri_fire(n, m, t, m)) break; /* overflow: restart (m spoiled) */
      update_enabled(n, m, &en, t);
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
  free(m); free(en.list); free(en.pos); free(en0.list); free(en0.pos); free(path);
  return found;
}
