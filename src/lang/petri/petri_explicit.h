/* Explicit-state reachability for Petri nets: hashes every visited marking,
 * explores BFS or DFS, optionally reduced by stubborn sets. Complete for
 * finite state spaces; UNKNOWN when a time, state or memory limit is hit. */
#ifndef ZETA_ENGINE_PETRI_EXPLICIT_H
#define ZETA_ENGINE_PETRI_EXPLICIT_H
#include "lang/petri/petri_result.h"
#include "lang/petri/petri_pred.h"

typedef struct {
  bool dfs;  /* depth-first instead of breadth-first (BFS gives shortest witnesses) */
  bool por;  /* stubborn-set partial-order reduction */
} petri_explicit_opts;

/* Searches for a reachable marking satisfying target. */
petri_answer petri_explicit(const petri_net *n, const petri_pred *target, const petri_explicit_opts *o,
                            const petri_limits *l, petri_result *r);
#endif
