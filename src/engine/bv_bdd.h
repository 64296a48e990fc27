/* Bit-blasting terms into BuDDy BDDs (the pushdown engine's concrete
 * semantics). A value is a vector of BDDs, least significant bit first:
 * Bool is one bit, bv[w] w bits, an array [bv[k]] -> E its 2^k elements one
 * after another (k <= BB_MAX_INDEX_BITS). Arithmetic, comparisons and
 * division come from BuDDy's bvec library; division by zero follows SMT-LIB
 * (bvudiv x 0 = all ones, bvurem x 0 = x).
 *
 * Every BDD made here is referenced and recorded in the context's arena,
 * so BuDDy's garbage collector never frees a value still in use; bb_release
 * drops them all (call it after each step, once the results that must live
 * on are referenced elsewhere). BuDDy is process-wide: bb_open initializes
 * it, bb_close shuts it down.
 */
#ifndef ZETA_ENGINE_BV_BDD_H
#define ZETA_ENGINE_BV_BDD_H
#include <bdd.h>
#include "core/term.h"

#define BB_MAX_INDEX_BITS 8

typedef struct {
  BDD *b;
  uint32_t n;
} bb_vec;

typedef struct {
  BDD *arena;
  size_t narena, cap;
  /* the variables' current values (symbolic execution state) */
  term_t *vars;
  bb_vec *vals;
  uint32_t nvars;
  /* memo of the term being translated (cleared per bb_term call) */
  term_t *memo_t;
  bb_vec *memo_v;
  uint32_t nmemo, cap_memo;
  const char *error;   /* why the last translation failed */
} bb_ctx;

/* Number of bits of a value of type ty, or 0 when unsupported. */
uint32_t bb_width(type_t ty);
void bb_open(int nvars);
void bb_close(void);
void bb_init(bb_ctx *c);
void bb_free(bb_ctx *c);
/* Keeps b alive until bb_release; returns it. */
BDD bb_keep(bb_ctx *c, BDD b);
void bb_release(bb_ctx *c);
/* A vector of n fresh slots (kept with the arena's lifetime). */
bb_vec bb_alloc(bb_ctx *c, uint32_t n);
/* Sets the value of variable v (copied). */
void bb_set(bb_ctx *c, term_t v, bb_vec val);
/* The vector of term t over the current values; false (c->error set) for
 * an unsupported operator or type. */
bool bb_term(bb_ctx *c, term_t t, bb_vec *out);
/* Bit-wise equality of two vectors of the same length. */
BDD bb_eq(bb_ctx *c, bb_vec a, bb_vec b);
#endif
