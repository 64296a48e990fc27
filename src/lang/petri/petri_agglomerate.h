/* A mutable copy of part of a net, on which transitions are agglomerated,
 * then frozen into a petri_net whose transitions each stand for a sequence
 * of original transitions.
 *
 * Post-agglomeration (the rule applied): a place p outside the target's
 * support, initially empty, without inhibitor arcs, whose only consumer f
 * has pre-set exactly {p: 1}, no inhibitor arcs and is not observed by the
 * target, whose producers H (f not among them) each put exactly one token
 * on p, and whose outputs post(f) are outside the support and carry no
 * inhibitor arc. Then every h in H becomes "h then f" and p, f disappear.
 *   Reduced -> original: "h then f" fires h and f (f is enabled by the
 *   token h just put on p).
 *   Original -> reduced: in a run reaching a target marking M, move every
 *   f right after the h that fed its token (f needs only that token), and
 *   add f after every h whose token is still on p at the end. Firing f
 *   earlier only adds tokens to post(f) earlier, which disables nothing (no
 *   inhibitor arcs there), and the final marking differs from M only on p
 *   and post(f), which the target does not read. */
#ifndef ZETA_LANG_PETRI_AGGLOMERATE_H
#define ZETA_LANG_PETRI_AGGLOMERATE_H
#include "lang/petri/petri_pred.h"

typedef struct petri_work petri_work;

/* The sub-net of n on the kept places and transitions. NULL: no memory. */
petri_work *petri_work_new(const petri_net *n, const bool *keep_p, const bool *keep_t);
void petri_work_free(petri_work *w);

/* Applies post-agglomeration to a fixpoint for target (over n's indices),
 * as long as the transition sequences stay below max_seq entries in all.
 * Returns the number of places removed, or -1 on allocation failure. */
int64_t petri_work_agglomerate(petri_work *w, const petri_pred *target, size_t max_seq);

/* The net: places and transitions in n's order, pmap / tmap from n's
 * indices (UINT32_MAX = gone), transition i standing for
 * seq[seq_at[i] .. seq_at[i+1]) of n's transitions. */
petri_net *petri_work_build(const petri_work *w, uint32_t *pmap, uint32_t *tmap, uint32_t **seq_at, uint32_t **seq);
#endif
