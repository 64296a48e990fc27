/* Houdini over per-site formulas (modular mode's interval candidates,
 * sol_lower_bounds.c): the candidates are assumed under guards
 * (sol_cand_guard(i) -> bound), so dropping one is setting its guard
 * false in the formulas, not a new lowering. */
#ifndef ZETA_LANG_SOL_HOUDINI_H
#define ZETA_LANG_SOL_HOUDINI_H
#include <stdbool.h>
#include <stdint.h>
#include "core/term.h"
#include "lang/sol/sol_lower.h"

typedef struct {
  uint32_t passes, checks, skipped, drops, timeouts;
  bool out_of_time;   /* ended by `until`: candidates dropped unproven */
} sol_houdini_stats;

/* f[k] (1 <= k <= nsites): the formula of site k failing (satisfiable iff
 * the site's check fails), in which candidate i (0 <= i < ncands) is
 * assumed under sol_cand_guard(i); site k checks candidate cand[k] - 1
 * (cand[k] == 0: not a candidate's site, f[k] unused). Sets dropped[i]
 * for every candidate not proven by `until` (limits_now() seconds). On
 * return each candidate left has every site unsatisfiable with exactly the
 * guards of the candidates left true (and the others false): the set left
 * is inductive. A site not proven (SAT, unknown, out of time) drops its
 * candidate at once, so the sites checked after it see the drop; a site
 * is checked again only if a candidate whose guard occurs in f[k] was
 * dropped after its last proof. Sites are checked in the order of the
 * number of guards in f[k] (upstream first: a site on the path to another
 * has fewer). rungs (NULL: none; nrungs of them): the candidates'
 * ladders; a candidate's sites are checked with the stronger rungs of its
 * ladder off (fewer assumptions: what holds then holds with all; a rung
 * that needed a stronger one is implied by it), so each rung is decided
 * alone, not one per pass. st may be NULL. Candidates already dropped on
 * entry stay dropped (a drop is always sound). refuted (NULL: not
 * wanted): set for each candidate dropped for a SAT answer before any
 * drop for an unknown answer or for the time: such a candidate is not in
 * the greatest inductive subset (its site failed with a superset of it
 * assumed), so a later run may start with it dropped and lose nothing. */
void sol_houdini(const term_t *f, const uint32_t *cand, uint32_t nsites, uint32_t ncands, const sol_rung *rungs, uint32_t nrungs,
                 double until, bool *dropped, bool *refuted, sol_houdini_stats *st);
#endif
