/* The reach proof: the states the layout sample enumerated, checked by the
 * solver as an inductive invariant of the symbolic encoding (nothing of the
 * enumeration is trusted). */
#ifndef ZETA_LANG_TLA_REACH_H
#define ZETA_LANG_TLA_REACH_H
#include <stdbool.h>
#include "engine/ts_engine.h"
#include "lang/tla/tla_sym.h"

/* Neighbours in the breadth-first order share successors: one query per
 * TLA_REACH_GROUP states against all of their successors (the edges are
 * hints; a successor outside R fails the query). */
#define TLA_REACH_GROUP 16

/* How the states' queries were decided: folded with the state's values
 * (its cube fixes some leaf), of those decided by substitution without the
 * solver (of those, the deadlock check's by a successor as the witness:
 * step_witnessed), and pooled per group behind Trans's selector; the
 * states checked (all of them when the proof holds); the states whose
 * values are kept as a row (the others' do not fit one: tla_reach.c).
 * Where the deadlock check's step was found (tla_reach.c, session 38):
 * by steps_covered's cases (step_evident then skipped), and witnesses
 * that needed Trans substituted as a whole (witness_value undecided). */
typedef struct {
  size_t folded, by_subst, by_witness, grouped, checked, in_rows;
  size_t steps_in_cover, witness_whole;
  /* the rows' values that differ from the state's before in the order
   * checked (tla_reach.c state_order), and term_inc's nodes rebuilt */
  size_t leaf_changes, rebuilt;
  /* the states whose values came from their cube's parts' (tla_reach.c
   * parts_fit: each part's taken once) */
  size_t by_parts;
} tla_reach_stats;

/* True when R is proved an inductive invariant of sym's encoding implying
 * its invariants (with deadlock: every constrained state of R has a
 * step); false for a failed, unknown or timed-out query. TLA_REACH_SHARE
 * of the time left in eo->limits at most (less when its rate says it
 * cannot end by then). st (may be NULL): the counts. */
bool tla_reach_check(tla_sym *sym, const tla_sym_reach_set *R, bool deadlock, const ts_engine_opts *eo,
                     tla_reach_stats *st);
/* The same with share (0..1] of the time left. */
bool tla_reach_check_share(tla_sym *sym, const tla_sym_reach_set *R, bool deadlock, const ts_engine_opts *eo,
                           double share, tla_reach_stats *st);
#endif
