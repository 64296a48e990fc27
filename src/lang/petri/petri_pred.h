/* State predicates over markings in negation normal form: the target of a
 * reachability question. Atoms are linear (sum a_p * m(p) <= b), fireability
 * of one transition, its negation, and deadlock / its negation, so that every
 * engine can reason about every atom without a negation operator. */
#ifndef ZETA_MODEL_PETRI_PRED_H
#define ZETA_MODEL_PETRI_PRED_H
#include "lang/petri/petri.h"

typedef enum {
  PRED_TRUE, PRED_FALSE, PRED_AND, PRED_OR,
  PRED_LIN,      /* sum coef[i] * m(place[i]) <= bound */
  PRED_FIRE,     /* transition enabled */
  PRED_NFIRE,    /* transition disabled */
  PRED_DEAD,     /* no transition enabled */
  PRED_LIVE,     /* some transition enabled */
} petri_pred_op;

typedef struct petri_pred {
  petri_pred_op op;
  uint32_t n;                /* AND/OR: kids; LIN: terms */
  struct petri_pred **kids;
  uint32_t *place;
  int64_t *coef;
  int64_t bound;
  uint32_t trans;            /* FIRE/NFIRE */
} petri_pred;

petri_pred *pred_new(petri_pred_op op);
/* Appends kid to an AND/OR node (takes ownership; frees kid on failure). */
bool pred_add_kid(petri_pred *p, petri_pred *kid);
/* Adds coef * m(place) to a LIN node, merging repeated places. */
bool pred_add_term(petri_pred *p, uint32_t place, int64_t coef);
petri_pred *pred_copy(const petri_pred *p);
/* The NNF of the negation (a new predicate). */
petri_pred *pred_negate(const petri_pred *p);
void pred_free(petri_pred *p);

bool pred_eval(const petri_net *n, const petri_pred *p, const petri_tok *m);

/* A conjunction of linear constraints sum coef*m <= bound plus
 * fireability conditions expanded to linear ones; the disjunctive normal
 * form is a list of these. Used by the state-equation engines. */
typedef struct { uint32_t n; uint32_t *place; int64_t *coef; int64_t bound; } pred_lin;
typedef struct { pred_lin *rows; size_t n; } pred_cube;
typedef struct { pred_cube *cubes; size_t n; } pred_dnf;

/* DNF of p with fireability expanded into place bounds. Returns false if
 * it would have more than max_cubes cubes or on allocation failure. */
bool pred_to_dnf(const petri_net *n, const petri_pred *p, size_t max_cubes, pred_dnf *out);
void pred_dnf_free(pred_dnf *d);
#endif
