/* CEGAR precisions: sets of items (predicates for the predicate domain,
 * variables for the explicit domain), one set for the whole CFA (GLOBAL)
 * or one per location (LOCAL). Items are index-0 terms. */
#ifndef ZETA_ANALYSIS_PRECISION_H
#define ZETA_ANALYSIS_PRECISION_H
#include "core/term.h"

typedef enum { PREC_GLOBAL, PREC_LOCAL } prec_granularity;
typedef enum { SPLIT_WHOLE, SPLIT_CONJUNCTS, SPLIT_ATOMS } prec_split;

typedef struct {
  prec_granularity gran;
  uint32_t nlocs;
  term_vec *sets;   /* 1 set (GLOBAL) or nlocs sets (LOCAL) */
} precision;

void precision_init(precision *p, prec_granularity g, uint32_t nlocs);
void precision_free(precision *p);
const term_vec *precision_at(const precision *p, uint32_t loc);
bool precision_has(const precision *p, uint32_t loc, term_t item);
/* Adds item at loc (everywhere for GLOBAL); true when it is new. */
bool precision_add(precision *p, uint32_t loc, term_t item);
uint32_t precision_size(const precision *p);   /* total number of items */
/* Splits a formula into predicates: itself, its conjuncts or its atoms;
 * constants are dropped and negations stripped. */
void precision_split_formula(term_t f, prec_split how, term_vec *out);
#endif
