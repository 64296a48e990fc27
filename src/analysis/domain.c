#include "analysis/domain.h"
#include <stdlib.h>
#include "core/alloc.h"

void state_vec_push(state_vec *v, void *s) {
  XGROW(v->data, v->cap, v->size + 1);
  v->data[v->size++] = s;
}

void state_vec_free(state_vec *v) {
  free(v->data);
  v->data = NULL;
  v->size = 0;
  v->cap = 0;
}

solver_result domain_check(domain *d, uint32_t n, const term_t *assumptions) {
  if (d->lim && limits_expired(d->lim)) {
    d->incomplete = true;
    return SOLVER_UNKNOWN;
  }
  if (d->lim) solver_set_timeout(d->s, limits_remaining_ms(d->lim));
  d->solver_calls++;
  solver_result r = solver_check_assuming(d->s, n, assumptions);
  if (r == SOLVER_UNKNOWN) d->incomplete = true;
  return r;
}
