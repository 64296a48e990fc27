/* The frame of an edge: which variables its statements write, and two
 * properties that let an image or pre-image skip the edge's relation.
 *
 * total: for every state there is a successor (no assume, no choice, no
 *   call: assignments and havocs always run).
 * onto: moreover, with the variables it does not write held fixed, every
 *   value of the written ones is reached from some values of them before
 *   (and some havoc values). Sufficient, checked syntactically: each
 *   statement is a havoc, or an assignment v := e that is a bijection in v
 *   for every fixed value of the other variables (see cfa_frame.c). Then,
 *   backwards from any target: a havoc takes the target's value, a
 *   bijection is inverted, and the first statement's pre-state only fixes
 *   written variables, whose values before the edge are free.
 *
 * Used with a set S that does not mention the written variables W (R the
 * edge's relation, which keeps the others):
 *   total => pre(S) = S   (a successor exists and agrees with x off W)
 *   onto  => img(S) = S   (every x' with x' off W in S is reached)
 */
#ifndef ZETA_IR_CFA_FRAME_H
#define ZETA_IR_CFA_FRAME_H
#include "ir/cfa.h"

typedef struct {
  bool total, onto;
  term_t *writes;   /* the written variables (index 0), each once; malloc'd */
  uint32_t nwrites;
} cfa_frame;

/* The frame of ed's statements (a call edge: not total). */
void cfa_edge_frame(const cfa_edge *ed, cfa_frame *out);
void cfa_frame_free(cfa_frame *fr);
/* Whether e, as a function of the subterm x (v itself or an element
 * select(v, i) of an array v), is a bijection for every fixed value of
 * the variables other than v; e reads v only through x. */
bool cfa_bijective_in(term_t e, term_t x, term_t v);
#endif
