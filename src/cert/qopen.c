/* One-point elimination and Skolem constants (see qopen.h). */
#include "cert/qopen.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "core/term_map.h"

/* exists vars. body, with the one-point rule applied as long as it finds a
 * definition; forall is handled as not exists not. */
static term_t eliminate(term_op op, uint32_t n, const term_t *vars0, term_t body) {
  term_t *vars = xmalloc((n + 1) * sizeof *vars);
  for (uint32_t i = 0; i < n; i++) vars[i] = vars0[i];
  bool forall = op == OP_FORALL;
  term_t b = forall ? term_not(body) : body;
  n = term_one_point(b, vars, n, &b);
  /* vacuous variables (occurring nowhere in the body) go too */
  for (uint32_t i = 0; i < n;)
    if (!term_has_free_var(b, vars[i])) vars[i] = vars[--n];
    else i++;
  term_t r = n ? term_exists(n, vars, b) : b;
  free(vars);
  return forall ? term_not(r) : r;
}

/* One-point rule everywhere in the Boolean structure. */
static term_t onepoint(term_t t, term_map *memo) {
  term_t u = term_unsigned(t);
  if (!term_is_bool(u) || term_is_atom(u) || term_op_of(u) == OP_TRUE) {
    if (term_op_of(u) != OP_FORALL && term_op_of(u) != OP_EXISTS) return t;
  }
  int32_t m = term_map_get(memo, u);
  if (m >= 0) return term_is_negated(t) ? term_not(m) : m;
  term_op op = term_op_of(u);
  uint32_t n = term_nargs(u);
  term_t *a = xmalloc((n + 1) * sizeof *a);
  for (uint32_t i = 0; i < n; i++) a[i] = term_arg(u, i);
  term_t r;
  if (op == OP_EXISTS || op == OP_FORALL) r = eliminate(op, n - 1, a, onepoint(a[n - 1], memo));
  else if (op == OP_AND || op == OP_OR || op == OP_ITE || op == OP_EQ || op == OP_XOR) {
    for (uint32_t i = 0; i < n; i++) if (term_is_bool(a[i])) a[i] = onepoint(a[i], memo);
    r = term_make(op, n, a, 0, NULL);
  } else r = u;
  free(a);
  if (r == NULL_TERM) r = u;
  term_map_put(memo, u, r);
  return term_is_negated(t) ? term_not(r) : r;
}

/* Skolem constants for the positive existentials (pos: t occurs
 * positively). */
static term_t skolemize(term_t t, bool pos, term_map *memo_pos) {
  term_t u = term_unsigned(t);
  bool p = term_is_negated(t) ? !pos : pos;
  term_op op = term_op_of(u);
  term_t r = u;
  if (p) { int32_t m = term_map_get(memo_pos, u); if (m >= 0) return term_is_negated(t) ? term_not(m) : m; }
  if (op == OP_AND || op == OP_OR) {
    uint32_t n = term_nargs(u);
    term_t *a = xmalloc((n + 1) * sizeof *a);
    for (uint32_t i = 0; i < n; i++) a[i] = skolemize(term_arg(u, i), p, memo_pos);
    r = op == OP_AND ? term_and(n, a) : term_or(n, a);
    free(a);
  } else if ((op == OP_EXISTS && p) || (op == OP_FORALL && !p)) {
    uint32_t n = term_nargs(u) - 1;
    term_t *from = xmalloc((n + 1) * sizeof *from), *to = xmalloc((n + 1) * sizeof *to);
    for (uint32_t i = 0; i < n; i++) { from[i] = term_arg(u, i); to[i] = term_fresh_var("sk", term_type(from[i])); }
    r = skolemize(term_subst(term_arg(u, n), n, from, to), p, memo_pos);
    free(from); free(to);
    /* under the negation of a universal, r is the opened body's own polarity */
  }
  if (r == NULL_TERM) r = u;
  if (p && op != OP_FORALL) term_map_put(memo_pos, u, r);
  return term_is_negated(t) ? term_not(r) : r;
}

term_t cert_open_quantifiers(term_t q) {
  if (q == NULL_TERM || !cert_has_quantifier(q)) return q;
  term_map memo, pos;
  term_map_init(&memo);
  term_map_init(&pos);
  term_t r = skolemize(onepoint(q, &memo), true, &pos);
  term_map_free(&memo);
  term_map_free(&pos);
  return r;
}

/* The first subterm u of t (depth first) with hit(u); quantified
 * formulas are not entered. */
static term_t find_sub(term_t t, bool (*hit)(term_t), term_map *seen) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return NULL_TERM;
  term_map_put(seen, t, 1);
  if (hit(t)) return t;
  term_op op = term_op_of(t);
  if (op == OP_FORALL || op == OP_EXISTS) return NULL_TERM;
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    term_t r = find_sub(term_arg(t, i), hit, seen);
    if (r != NULL_TERM) return r;
  }
  return NULL_TERM;
}

static term_t find_first(term_t t, bool (*hit)(term_t)) {
  term_map seen;
  term_map_init(&seen);
  term_t r = find_sub(t, hit, &seen);
  term_map_free(&seen);
  return r;
}

static bool is_quantifier(term_t t) { return term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS; }

bool cert_has_quantifier(term_t t) { return find_first(t, is_quantifier) != NULL_TERM; }

/* ---- if-then-else over numbers lifted out of atoms ---- */

static bool is_nonbool_ite(term_t t) { return term_op_of(t) == OP_ITE && !term_is_bool(t); }

static term_t lift(term_t t, term_map *memo, uint32_t depth) {
  term_t u = term_unsigned(t);
  int32_t m = term_map_get(memo, u);
  if (m >= 0) return term_is_negated(t) ? term_not(m) : m;
  term_op op = term_op_of(u);
  term_t r = u;
  if (op == OP_FORALL || op == OP_EXISTS || op == OP_TRUE || !term_is_bool(u)) r = u;
  else if (op == OP_AND || op == OP_OR || op == OP_XOR || (op == OP_ITE) || (op == OP_EQ && term_is_bool(term_arg(u, 0)))) {
    uint32_t n = term_nargs(u);
    term_t *a = xmalloc((n + 1) * sizeof *a);
    for (uint32_t i = 0; i < n; i++) a[i] = lift(term_arg(u, i), memo, depth);
    r = term_make(op, n, a, 0, NULL);
    free(a);
  } else if (depth < 64) {
    term_t ite = find_first(u, is_nonbool_ite);
    if (ite != NULL_TERM) {
      term_t a = term_arg(ite, 1), b = term_arg(ite, 2);
      term_t ua = term_subst(u, 1, &ite, &a), ub = term_subst(u, 1, &ite, &b);
      r = term_ite(lift(term_arg(ite, 0), memo, depth + 1), lift(ua, memo, depth + 1), lift(ub, memo, depth + 1));
    }
  }
  if (r == NULL_TERM) r = u;
  term_map_put(memo, u, r);
  return term_is_negated(t) ? term_not(r) : r;
}

term_t cert_lift_ite(term_t q) {
  if (q == NULL_TERM) return q;
  term_map memo;
  term_map_init(&memo);
  term_t r = lift(q, &memo, 0);
  term_map_free(&memo);
  return r;
}

/* ---- top-level array equalities ---- */

term_t cert_elim_array_eqs(term_t q) {
  for (uint32_t round = 0; round < 64 && q != NULL_TERM; round++) {
    term_t *cs;
    uint32_t nc = term_conjuncts(q, &cs);
    term_t x = NULL_TERM, val = NULL_TERM;
    for (uint32_t i = 0; i < nc && x == NULL_TERM; i++) {
      term_t c = cs[i];
      if (term_is_negated(c) || term_op_of(c) != OP_EQ || term_nargs(c) != 2) continue;
      term_t a = term_arg(c, 0), b = term_arg(c, 1);
      if (type_kind_of(term_type(a)) != TYPE_ARRAY) continue;
      if (term_op_of(a) == OP_VAR && !term_has_free_var(b, a)) x = a, val = b;
      else if (term_op_of(b) == OP_VAR && !term_has_free_var(a, b)) x = b, val = a;
    }
    free(cs);
    if (x == NULL_TERM) break;
    q = term_subst(q, 1, &x, &val);
  }
  return q;
}
