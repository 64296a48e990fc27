/* Random walks for reachability witnesses, shared by many targets at once:
 * one walk from m0 fires uniformly chosen enabled transitions and checks
 * every still-open target at each marking it visits. A walk that hits a
 * target gives its prefix as a firing sequence (the caller replays it).
 * A semi-decision: it never proves a target unreachable. */
#ifndef ZETA_ENGINE_PETRI_WALK_H
#define ZETA_ENGINE_PETRI_WALK_H
#include "lang/petri/petri_result.h"
#include "lang/petri/petri_pred.h"

/* For each i with targets[i] != NULL and res[i].answer == PETRI_UNKNOWN:
 * on a hit, res[i] becomes PETRI_REACHABLE with the trace and technique
 * "RANDOM_WALK". Walks of at most max_depth steps (0: a default from the
 * net's size) until the limits expire or every target is hit. Returns the
 * number of targets hit. */
size_t petri_walk(const petri_net *n, const petri_pred *const *targets, size_t ntargets, petri_result *res,
                  uint32_t max_depth, uint64_t seed, const petri_limits *l);
#endif
