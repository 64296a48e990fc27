#include "ir/cfa_to_ts.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "ir/cfa_path.h"

term_t cfa_ts_loc_var(void) { return term_var(CFA_TS_LOC_NAME, type_int()); }

void cfa_to_ts(cfa *c, ts *sys) { cfa_to_ts_within(c, sys, NULL); }

bool cfa_to_ts_within(cfa *c, ts *sys, const zeta_limits *lim) {
  ts_init(sys);
  if (c->name) sys->name = xstrdup(c->name);
  term_t loc = cfa_ts_loc_var(), loc1 = term_prime(loc);
  term_vec_push(&sys->vars, loc);
  term_map state;
  term_map_init(&state);
  term_map_put(&state, loc, 1);
  for (uint32_t i = 0; i < c->vars.size; i++) {
    term_vec_push(&sys->vars, c->vars.data[i]);
    term_map_put(&state, c->vars.data[i], 1);
  }
  term_t *edges = xmalloc(sizeof(term_t) * (c->nedges + 1));
  for (uint32_t e = 0; e < c->nedges; e++) {
    term_t at = term_eq(loc, term_int(c->edges[e].src)), f = cfa_edge_formula_within(c, e, lim);
    if (f == NULL_TERM) {
      free(edges), term_map_free(&state), ts_free(sys);
      return false;
    }
    edges[e] = term_and(3, (term_t[]){at, f, term_eq(loc1, term_int(c->edges[e].dst))});
  }
  sys->trans = term_or(c->nedges, edges);
  free(edges);
  sys->init = c->init == CFA_NONE ? term_false() : term_eq(loc, term_int(c->init));
  sys->prop = c->error == CFA_NONE ? term_true() : term_not(term_eq(loc, term_int(c->error)));
  term_t *fv = NULL;
  uint32_t n = term_free_vars(sys->trans, &fv);
  for (uint32_t i = 0; i < n; i++)
    if (term_var_index(fv[i]) == 0 && !term_map_has(&state, fv[i])) {
      term_map_put(&state, fv[i], 1);
      term_vec_push(&sys->inputs, fv[i]);
    }
  free(fv);
  term_map_free(&state);
  return true;
}

uint32_t cfa_ts_location(const cfa *c, term_t v) {
  if (v == NULL_TERM || term_op_of(v) != OP_RAT) return CFA_NONE;
  mpq_t q;
  mpq_init(q);
  term_rat_value(v, q);
  uint32_t l = CFA_NONE;
  if (mpz_cmp_ui(mpq_denref(q), 1) == 0 && mpz_sgn(mpq_numref(q)) >= 0 && mpz_cmp_ui(mpq_numref(q), c->nlocs) < 0)
    l = (uint32_t)mpz_get_ui(mpq_numref(q));
  mpq_clear(q);
  return l;
}

term_t cfa_ts_invariant_at(term_t inv, uint32_t l) {
  term_t loc = cfa_ts_loc_var(), val = term_int(l);
  return term_subst(inv, 1, &loc, &val);
}
