/* Predicate-abstraction domain: a state is a formula over the precision's
 * predicates. PRED_CART (Cartesian): a conjunction of predicate literals,
 * each decided separately by the solver; PRED_BOOL (Boolean): the exact
 * disjunction of cubes (all models over the predicates, enumerated);
 * PRED_SPLIT: like PRED_BOOL, one successor state per cube. */
#ifndef ZETA_ANALYSIS_PRED_DOMAIN_H
#define ZETA_ANALYSIS_PRED_DOMAIN_H
#include "analysis/domain.h"

typedef enum { PRED_CART, PRED_BOOL, PRED_SPLIT } pred_kind;

domain *pred_domain_new(cfa *c, solver *s, const zeta_limits *lim, pred_kind kind, prec_split split);
#endif
