/* The abstract-domain interface the CEGAR engine is written against (an
 * ops table, as in CPAchecker / Theta): states, order, transfer under a
 * precision, meaning as a formula, and how a refinement formula becomes
 * precision items. States are opaque pointers owned by the domain. */
#ifndef ZETA_ANALYSIS_DOMAIN_H
#define ZETA_ANALYSIS_DOMAIN_H
#include "analysis/precision.h"
#include "core/limits.h"
#include "ir/cfa.h"
#include "solver/solver.h"

typedef struct domain domain;

typedef struct {
  void **data;
  uint32_t size;
  size_t cap;
} state_vec;
void state_vec_push(state_vec *v, void *s);
void state_vec_free(state_vec *v);

typedef struct domain_ops {
  const char *name;
  /* The initial state: no information about any variable. */
  void *(*initial)(domain *d);
  /* Abstract successors of s along edge e, under the precision items of
   * the target location (appended to out; none = infeasible). */
  void (*post)(domain *d, const void *s, uint32_t edge, const term_vec *prec, state_vec *out);
  /* Order: every concrete state of a is one of b. */
  bool (*leq)(domain *d, const void *a, const void *b);
  /* Meaning as a formula over the index-0 variables. */
  term_t (*formula)(domain *d, const void *s);
  void (*free_state)(domain *d, void *s);
  /* Precision items for a refinement formula over index-0 variables. */
  void (*items)(domain *d, term_t f, term_vec *out);
  void (*destroy)(domain *d);
} domain_ops;

struct domain {
  const domain_ops *ops;
  cfa *c;
  solver *s;
  const zeta_limits *lim;
  bool incomplete;       /* a solver call answered unknown */
  uint64_t solver_calls;
};

/* Solver check honouring the limits; unknown sets d->incomplete. */
solver_result domain_check(domain *d, uint32_t n, const term_t *assumptions);
#endif
