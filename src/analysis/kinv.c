/* k-induction invariants on CFAs (kinv.h). */
#include "analysis/kinv.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "core/term_map.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"
#include "solver/z3_qe.h"

#define MAX_DAG 20000   /* nodes of a preimage: beyond, give up */

static bool is_var_at(const cfa *c, term_t v, int32_t index) {
  return term_is_var(v) && term_var_index(v) == index && cfa_var_index(c, term_var_at(v, 0)) != CFA_NONE;
}

/* Is v to be eliminated: not a state variable at index 0? */
static bool is_aux(const cfa *c, term_t v) { return !is_var_at(c, v, 0); }

static bool has_aux(const cfa *c, term_t t) {
  term_t *fv;
  uint32_t n = term_free_vars(t, &fv);
  bool any = false;
  for (uint32_t i = 0; i < n && !any; i++) any = is_aux(c, fv[i]);
  free(fv);
  return any;
}

/* ∃ aux. f, partly: auxiliaries defined by a conjunct v = t substituted
 * (x@1 = t of an assignment, join variables of a choice), and a
 * disjunction holding auxiliaries (a choice made by large-block encoding)
 * distributed over, so that each alternative substitutes its own
 * definitions. What is left goes to Z3's qe. */
static term_t eliminate(const cfa *c, term_t f, uint32_t depth) {
  for (;;) {
    term_t *cs;
    uint32_t n = term_conjuncts(f, &cs);
    term_t from = NULL_TERM, to = NULL_TERM, split = NULL_TERM;
    for (uint32_t i = 0; i < n && from == NULL_TERM; i++) {
      term_t a = cs[i];
      if (!term_is_negated(a) && term_op_of(a) == OP_EQ && term_nargs(a) == 2 && !term_is_bool(term_arg(a, 0))) {
        for (int s = 0; s < 2 && from == NULL_TERM; s++) {
          term_t l = term_arg(a, s), r = term_arg(a, 1 - s);
          if (term_is_var(l) && is_aux(c, l) && !term_has_free_var(r, l)) from = l, to = r;
        }
      }
      if (split == NULL_TERM && !term_is_negated(a) && term_op_of(a) == OP_OR && has_aux(c, a)) split = a;
    }
    free(cs);
    if (from != NULL_TERM) {
      f = term_subst(f, 1, &from, &to);
      continue;
    }
    if (split == NULL_TERM || depth > 8) return f;
    /* f = split ∧ rest: ∨ over the alternatives of (alternative ∧ rest) */
    uint32_t m = n, k = 0;
    term_t *rest = xmalloc((m + 1) * sizeof *rest);
    n = term_conjuncts(f, &cs);
    for (uint32_t i = 0; i < n; i++)
      if (cs[i] != split) rest[k++] = cs[i];
    free(cs);
    term_t r = term_and(k, rest);
    free(rest);
    term_vec alts = {0};
    for (uint32_t i = 0; i < term_nargs(split); i++)
      term_vec_push(&alts, eliminate(c, term_and2(term_arg(split, i), r), depth + 1));
    f = term_or(alts.size, alts.data);
    term_vec_free(&alts);
    return f;
  }
}

/* Where v occurs: only in atoms v = t (t without v) under a negation
 * (*neg_only), counted in *n. */
static void occurrences(term_t f, term_t v, bool negated, bool *neg_only, uint32_t *n, term_map *seen) {
  term_t u = term_unsigned(f);
  bool neg = negated != term_is_negated(f);
  int32_t key = (int32_t)(u | (neg ? 1 : 0));
  if (term_map_has(seen, key) || !*neg_only || !term_has_free_var(u, v)) return;
  term_map_put(seen, key, 1);
  term_op op = term_op_of(u);
  if (op == OP_AND || op == OP_OR) {
    for (uint32_t i = 0; i < term_nargs(u); i++) occurrences(term_arg(u, i), v, neg, neg_only, n, seen);
    return;
  }
  bool ok = neg && op == OP_EQ && term_nargs(u) == 2 && !term_is_bool(term_arg(u, 0)) &&
            ((term_arg(u, 0) == v && !term_has_free_var(term_arg(u, 1), v)) ||
             (term_arg(u, 1) == v && !term_has_free_var(term_arg(u, 0), v)));
  if (ok) (*n)++;
  else *neg_only = false;
}

static term_t drop_disequalities(term_t f, term_t v, term_map *memo) {
  int32_t got = term_map_get(memo, (int32_t)f);
  if (got != NULL_TERM) return (term_t)got;
  term_t u = term_unsigned(f), r;
  term_op op = term_op_of(u);
  if (!term_has_free_var(u, v)) r = f;
  else if (op == OP_AND || op == OP_OR) {
    term_vec a = {0};
    for (uint32_t i = 0; i < term_nargs(u); i++) term_vec_push(&a, drop_disequalities(term_arg(u, i), v, memo));
    r = op == OP_AND ? term_and(a.size, a.data) : term_or(a.size, a.data);
    if (term_is_negated(f)) r = term_not(r);
    term_vec_free(&a);
  } else {
    r = term_not(term_false());   /* a negated v = t: v can avoid t */
  }
  term_map_put(memo, (int32_t)f, (int32_t)r);
  return r;
}

/* An auxiliary that only has to differ from some terms (a loop condition
 * `nondet() != 0`): it can, when its sort has more values than there are
 * terms, so those literals are true. */
static term_t drop_free_disequalities(const cfa *c, term_t f) {
  term_t *fv;
  uint32_t nf = term_free_vars(f, &fv);
  for (uint32_t i = 0; i < nf; i++) {
    term_t v = fv[i];
    if (!is_aux(c, v)) continue;
    bool neg_only = true;
    uint32_t n = 0;
    term_map seen;
    term_map_init(&seen);
    occurrences(f, v, false, &neg_only, &n, &seen);
    term_map_free(&seen);
    type_t ty = term_type(v);
    bool big = type_kind_of(ty) == TYPE_INT || (type_kind_of(ty) == TYPE_BV && (type_bv_width(ty) >= 32 || (1u << type_bv_width(ty)) > n));
    if (!neg_only || !big) continue;
    term_map memo;
    term_map_init(&memo);
    f = drop_disequalities(f, v, &memo);
    term_map_free(&memo);
  }
  free(fv);
  return f;
}

/* ∃ aux, x@1. F_e(x, aux, x@1) ∧ φ(x@1): the definitions substituted
 * (eliminate), the remaining auxiliaries eliminated by Z3. */
static term_t preimage(cfa *c, uint32_t e, term_t phi, double end) {
  uint32_t nr = 0;
  term_t body = drop_free_disequalities(c, eliminate(c, term_and2(cfa_edge_formula(c, e), term_shift(phi, 1)), 0));
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
    /* in negation normal form: conjuncts that a witness can take one by one */
    for (uint32_t l = 0; l < nl; l++) inv[l] = term_and2(base ? base[l] : term_true(), term_nnf(term_not(bad[l])));
    if (!holds(c, inv)) free(inv), inv = NULL;
  }
  free(b), free(nb), free(bad);
  return inv;
}
