/* CEGAR on the Petri-net state equation (Wimmel/Wolf, extended with
 * generalized targets, inhibitor arcs and distant invariants).
 *
 * A node is a set of extra linear constraints over the firing-count vector
 * x; its minimal solution of m0 + C.x = m' (m' >= 0, m' in the target cube,
 * minimizing sum x) is either realized by a firing sequence (REACHABLE, the
 * sequence is the witness) or refined: jump constraints x_t <= x*_t - 1
 * cover the solutions that are not >= x*, increment constraints derived from
 * the blocked remainders ("partial solutions") cover the larger ones.
 * UNREACHABLE only when every node was closed by an infeasible ILP and no
 * partial solution was skipped (by a limit or a numeric doubt). */
#ifndef ZETA_ENGINE_PETRI_SECEGAR_H
#define ZETA_ENGINE_PETRI_SECEGAR_H
#include "lang/petri/petri_result.h"
#include "lang/petri/petri_pred.h"

typedef enum { SECEGAR_HYBRID, SECEGAR_DFS, SECEGAR_BFS } secegar_search;

typedef struct {
  secegar_search search; /* node order: best-first by solution size, LIFO, FIFO */
  bool no_distant;       /* no distant-invariant constraints (ablation) */
} secegar_opts;

petri_answer secegar_check(const petri_net *n, const petri_pred *target, const secegar_opts *o,
                           const petri_limits *l, petri_result *r);

/* The state equation alone, strengthened by the initially unmarked siphon:
 * UNREACHABLE when infeasible for every cube of the target, else UNKNOWN. */
petri_answer secegar_state_equation(const petri_net *n, const petri_pred *target, const petri_limits *l,
                                    petri_result *r);
#endif
