/* Structural reductions of a net relative to one reachability target.
 *
 * The reduced net keeps a subset of the places and of the transitions of
 * the original, each kept transition with exactly its original arcs on the
 * kept places, so a firing sequence of the reduced net is a sequence of
 * original transitions (trans_orig maps the indices) that the caller replays
 * on the original net before trusting it. The rules, all preserving "some
 * reachable marking satisfies the target" in both directions:
 *
 *  - dead transitions: a transition with a pre-place in the initially
 *    unmarked siphon (no transition can ever mark it), or needing more
 *    tokens than a constant place holds, or inhibited by one, never fires;
 *    removing it changes no reachable marking (iterated with the next rule);
 *  - constant places: a place that no live transition changes holds m0(p)
 *    forever; its arcs on live transitions are always satisfied, its atoms
 *    are replaced by the constant;
 *  - duplicate transitions (same pre, post and inhibitor rows on the kept
 *    places): one representative stays; is-fireable of a duplicate becomes
 *    is-fireable of the representative (same enabling condition);
 *  - cone of influence (only without deadlock atoms): the places the
 *    target reads (its linear atoms, the pre and inhibitor places of its
 *    fireability atoms), closed backwards: a transition that changes a
 *    place of the cone is kept and its pre and inhibitor places join the
 *    cone. A transition outside never changes a cone place, so projecting
 *    any firing sequence on the kept transitions gives a sequence of the
 *    reduced net with the same cone marking, and conversely every kept
 *    transition's enabling depends on cone places only. */
#ifndef ZETA_LANG_PETRI_REDUCE_H
#define ZETA_LANG_PETRI_REDUCE_H
#include "lang/petri/petri_pred.h"
#include "lang/petri/petri_result.h"

typedef struct {
  uint32_t dead_trans, const_places, dup_trans, coi_places, coi_trans, agglomerated;
} petri_reduce_stats;

typedef struct {
  petri_net *net;       /* the reduced net */
  petri_pred *target;   /* the target over it (PRED_TRUE / PRED_FALSE once decided) */
  /* reduced transition i fires the original transitions
   * seq[seq_at[i] .. seq_at[i+1]) (one, unless agglomerated) */
  uint32_t *seq_at, *seq;
  petri_reduce_stats stats;
} petri_reduced;

/* Formula-independent facts (dead transitions, constant places), computed
 * once per net and shared by every target's reduction. */
typedef struct {
  bool *dead;     /* per transition */
  bool *constant; /* per place */
} petri_reduce_facts;

bool petri_reduce_facts_compute(const petri_net *n, petri_reduce_facts *f);
void petri_reduce_facts_free(petri_reduce_facts *f);

/* Builds the reduction of n for target. False on allocation failure. */
bool petri_reduce(const petri_net *n, const petri_reduce_facts *f, const petri_pred *target, petri_reduced *out);
void petri_reduced_free(petri_reduced *r);

/* Answers what the reduction alone decides (the target folded to a
 * constant, holding initially, or a reduced net that cannot move);
 * PETRI_UNKNOWN otherwise. */
petri_answer petri_reduced_decide(const petri_reduced *r, petri_result *res);

/* Rewrites res's firing sequence from reduced to original transitions. */
void petri_reduced_lift(const petri_reduced *r, petri_result *res);
#endif
