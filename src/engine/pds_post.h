/* Reachability of the abstract pushdown system (engine/pds_abs.h): post*
 * saturation of a BDD-labelled P-automaton (Schwoon's algorithm), building
 * the whole reachable configuration set, with a witness graph.
 *
 * The automaton has one control state p, one final state s, and one
 * middle state q_f per procedure f (the state a push into f creates). Its
 * transitions, each labelled by a BDD over abstract copies:
 *   (p, PT(f,l), q_f)   A0: l's predicates, AT: the annotation of q_f
 *   (p, EN(f), q_f)     A0: the entry's predicates, AT = A0
 *   (q_f, PV(c), q_g)   AS: the annotation of q_f, A0: the pivot's
 *                       predicates, AT: the annotation of q_g (c in g)
 *   (p, eps, q_f)       AS: the effect's predicates (EF(f): the control
 *                       state's "globals" after a return), AT: q_f's annotation
 * (main's transitions go to s, without AT). q_f's annotation is the
 * abstract state of EN(f) at the push: the input copies of f's predicates,
 * which keep every transition inside f relational to f's entry. Rules
 * (pds_abs.h) add: edge and enter along (p, _, q); push adds (p, EN(f),
 * q_f) and (q_f, PV(c), q); pop adds (p, eps, q_f); an eps transition meets
 * a pivot transition (q_f, PV(c), q) and the evaluation step gives (p,
 * PT(g,m2), q).
 *
 * Saturation goes in breadth-first rounds: round k applies the rules to
 * the increments of round k (an evaluation pairs each pivot increment
 * with each effect increment of the callee, once); what they give a
 * symbol is joined, and its new part (not yet in the label) is one
 * increment of round k+1, a witness node with a back-pointer to every
 * application that contributed to it (two increments for an evaluation:
 * the pivot and the effect), so that all shortest counterexamples stay in
 * the graph. The saturation ends when a round adds nothing. The error is
 * reached when an increment at an error location exists (err: the first).
 */
#ifndef ZETA_ENGINE_PDS_POST_H
#define ZETA_ENGINE_PDS_POST_H
#include "engine/pds_abs.h"

typedef enum { W_INIT, W_EDGE, W_ENTER, W_PUSH_EN, W_PUSH_PV, W_POP, W_EVAL } pds_wkind;

/* One rule application that contributed to an increment. */
typedef struct {
  pds_wkind kind;
  uint32_t via;          /* EDGE: the edge; PUSH_*, EVAL: the call */
  uint32_t par[2];       /* EVAL: the pivot, then the effect */
} pds_contrib;

typedef struct {
  uint32_t sym;          /* the label it adds to (PT, EN, PV or EF symbol) */
  uint32_t level;        /* breadth-first round */
  BDD delta;             /* referenced */
  pds_contrib *c;        /* the applications whose result meets delta */
  uint32_t nc;
} pds_wnode;

typedef struct {
  pds_abs *A;
  BDD *label;            /* per symbol (referenced) */
  pds_wnode *w;
  uint32_t nw, capw;
  uint32_t err;          /* first increment at an error location, or CFA_NONE */
  uint32_t **ef_done, *nef_done;   /* per callee: processed effect increments */
  uint32_t **pv_done, *npv_done;   /* per callee: processed pivot increments */
} pds_post;

/* Saturates from main's init with A's current abstraction; false with a
 * reason (timeout, unsupported statement). */
bool pds_post_run(pds_post *P, pds_abs *A, char *why, size_t len);
void pds_post_free(pds_post *P);
#endif
