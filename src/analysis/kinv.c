/* k-induction invariants on CFAs (kinv.h). */
#include "analysis/kinv.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"
#include "solver/z3_qe.h"

#define MAX_DAG 20000   /* nodes of a preimage: beyond, give up */

static bool is_var_at(const cfa *c, term_t v, int32_t index) {
  return term_is_var(v) && term_var_index(v) == index && cfa_var_index(c, term_var_at(v, 0)) != CFA_NONE;
}

/* ∃ aux, x@1. F_e(x, aux, x@1) ∧ φ(x@1): the top-level x@1 = t of the edge
 * formula substituted, the remaining auxiliaries eliminated by Z3. */
static term_t preimage(cfa *c, uint32_t e, term_t phi, double end) {
  term_t *cs;
  uint32_t n = term_conjuncts(cfa_edge_formula(c, e), &cs), nr = 0;
  term_vec from = {0}, to = {0}, rest = {0};
  for (uint32_t i = 0; i < n; i++) {
    term_t a = cs[i];
    if (!term_is_negated(a) && term_op_of(a) == OP_EQ && term_nargs(a) == 2) {
      term_t l = term_arg(a, 0), r = term_arg(a, 1);
      if (is_var_at(c, r, 1) && !is_var_at(c, l, 1)) { term_t t = l; l = r, r = t; }
      if (is_var_at(c, l, 1) && !term_has_free_var(r, l)) {
        bool dup = false;
        for (uint32_t j = 0; j < from.size && !dup; j++) dup = from.data[j] == l;
        if (!dup) {
          term_vec_push(&from, l), term_vec_push(&to, r);
          continue;
        }
      }
    }
    term_vec_push(&rest, a);
  }
  free(cs);
  term_vec_push(&rest, term_shift(phi, 1));
  term_t body = term_and(rest.size, rest.data);
  body = term_subst(body, from.size, from.data, to.data);
  term_vec_free(&from), term_vec_free(&to), term_vec_free(&rest);
  term_t *fv;
  uint32_t nf = term_free_vars(body, &fv);
  for (uint32_t i = 0; i < nf; i++)
    if (!is_var_at(c, fv[i], 0)) fv[nr++] = fv[i];
  double left = end - limits_now();
  term_t r = nr == 0 ? body : left <= 0.05 ? NULL_TERM : z3_qe(term_exists(nr, fv, body), (uint32_t)(left * 1000));
  free(fv);
  if (r != NULL_TERM && term_dag_size(r) > MAX_DAG) r = NULL_TERM;
  return r;
}

static bool holds(cfa *c, const term_t *inv) {
  for (uint32_t q = 0; q <= c->nedges; q++)
    if (solver_check_formula(cfa_invariant_query(c, inv, q), 10000) != SOLVER_UNSAT) return false;
  return true;
}

term_t *cfa_kinduction_invariant(cfa *c, uint32_t k, const term_t *base, uint32_t budget_ms) {
  if (k < 1 || c->error == CFA_NONE || c->init == CFA_NONE) return NULL;
  for (uint32_t e = 0; e < c->nedges; e++)
    if (c->edges[e].call) return NULL;
  double end = limits_now() + budget_ms / 1000.0;
  uint32_t nl = c->nlocs;
  term_t *b = xmalloc((nl + 1) * sizeof *b), *nb = xmalloc((nl + 1) * sizeof *nb), *bad = xmalloc((nl + 1) * sizeof *bad);
  for (uint32_t l = 0; l < nl; l++) b[l] = bad[l] = term_bool(l == c->error);
  bool ok = true;
  for (uint32_t j = 1; j < k && ok; j++) {
    for (uint32_t l = 0; l < nl && ok; l++) {
      term_vec parts = {0};
      for (uint32_t i = 0; i < c->locs[l].nout && ok; i++) {
        uint32_t e = c->locs[l].out[i];
        if (term_is_false(b[c->edges[e].dst])) continue;
        term_t p = preimage(c, e, b[c->edges[e].dst], end);
        if (p == NULL_TERM) ok = false;
        else term_vec_push(&parts, p);
      }
      nb[l] = term_or(parts.size, parts.data);
      term_vec_free(&parts);
    }
    for (uint32_t l = 0; l < nl && ok; l++) {
      b[l] = nb[l];
      bad[l] = term_or2(bad[l], b[l]);
      if (term_dag_size(bad[l]) > MAX_DAG) ok = false;
    }
  }
  term_t *inv = NULL;
  if (ok) {
    inv = xmalloc((nl + 1) * sizeof *inv);
    for (uint32_t l = 0; l < nl; l++) inv[l] = term_and2(base ? base[l] : term_true(), term_not(bad[l]));
    if (!holds(c, inv)) free(inv), inv = NULL;
  }
  free(b), free(nb), free(bad);
  return inv;
}
