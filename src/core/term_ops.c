/* Traversals: substitution, variable indexing, free variables, conjuncts,
 * atoms, negation normal form, evaluation. All memoize on the DAG. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_internal.h"
#include "core/term_map.h"

static bool is_binder(term_t t) {
  term_op op = term_op_of(t);
  return op == OP_FORALL || op == OP_EXISTS;
}

/* Rebuilds node t (un-negated) with new arguments through the smart
 * constructors, so the result is simplified. */
static term_t rebuild(term_t t, const term_t *args) {
  term_op op = term_op_of(t);
  uint32_t n = term_nargs(t);
  if (n == 0) return t;
  if (op == OP_CONST_ARRAY) return term_const_array(term_type(t), args[0]);
  term_node *nd = term_node_of(t);
  uint32_t params[3] = {0, 0, 0};
  for (uint32_t i = 0; i < nd->nparams && i < 3; i++) params[i] = term_param(t, i);
  return term_make(op, n, args, nd->nparams, params);
}

term_t term_with_args(term_t t, const term_t *args) { return rebuild(term_unsigned(t), args); }

/* ---- generic rewriting: replace terms found in `map`, or variables by
 * `var_fn`, bottom-up, respecting quantifier binders ---- */
typedef struct {
  const term_map *map;                      /* explicit replacements, or NULL */
  term_t (*var_fn)(term_t v, void *ctx);    /* for free variables, or NULL */
  void *ctx;
  const term_map *bound;                    /* variables bound at this point */
} rewriter;

static term_t rewrite(const rewriter *rw, term_t t, term_map *memo);

static term_t rewrite_binder(const rewriter *rw, term_t t) {
  uint32_t n = term_nargs(t);
  term_map bound;
  term_map_init(&bound);
  if (rw->bound)
    for (uint32_t i = 0; i < rw->bound->cap; i++)
      if (rw->bound->slots[i].key != NULL_TERM) term_map_put(&bound, rw->bound->slots[i].key, 1);
  for (uint32_t i = 0; i + 1 < n; i++) term_map_put(&bound, term_arg(t, i), 1);
  rewriter inner = *rw;
  inner.bound = &bound;
  term_map memo;
  term_map_init(&memo);
  term_t body = rewrite(&inner, term_arg(t, n - 1), &memo);
  term_map_free(&memo);
  term_map_free(&bound);
  if (body == NULL_TERM) return NULL_TERM;
  return term_op_of(t) == OP_FORALL ? term_forall(n - 1, term_args(t), body)
                                    : term_exists(n - 1, term_args(t), body);
}

static term_t rewrite(const rewriter *rw, term_t t, term_map *memo) {
  if (rw->map) {
    int32_t r = term_map_get(rw->map, t);
    if (r != NULL_TERM && !(rw->bound && term_map_has(rw->bound, t))) return r;
  }
  term_t sign = t & 1;
  t = term_unsigned(t);
  int32_t r = term_map_get(memo, t);
  if (r != NULL_TERM) return r ^ sign;
  term_t result;
  if (rw->map && term_map_has(rw->map, t) && !(rw->bound && term_map_has(rw->bound, t))) {
    result = term_map_get(rw->map, t);
  } else if (term_op_of(t) == OP_VAR) {
    bool bound = rw->bound && term_map_has(rw->bound, t);
    result = rw->var_fn && !bound ? rw->var_fn(t, rw->ctx) : t;
  } else if (term_nargs(t) == 0) {
    result = t;
  } else if (is_binder(t)) {
    result = rewrite_binder(rw, t);
  } else {
    uint32_t n = term_nargs(t);
    term_t small[8], *args = n <= 8 ? small : xmalloc(n * sizeof *args);
    bool changed = false;
    result = NULL_TERM;
    uint32_t i;
    for (i = 0; i < n; i++) {
      args[i] = rewrite(rw, term_arg(t, i), memo);
      if (args[i] == NULL_TERM) break;
      changed |= args[i] != term_arg(t, i);
    }
    if (i == n) result = changed ? rebuild(t, args) : t;
    if (args != small) free(args);
  }
  if (result == NULL_TERM) return NULL_TERM;
  term_map_put(memo, t, result);
  return result ^ sign;
}

static term_t run_rewriter(const rewriter *rw, term_t t) {
  term_map memo;
  term_map_init(&memo);
  term_t r = rewrite(rw, t, &memo);
  term_map_free(&memo);
  return r;
}

term_t term_subst(term_t t, uint32_t n, const term_t *from, const term_t *to) {
  if (t == NULL_TERM) return t;
  term_map map;
  term_map_init(&map);
  for (uint32_t i = 0; i < n; i++) term_map_put(&map, from[i], to[i]);
  rewriter rw = {.map = &map};
  term_t r = run_rewriter(&rw, t);
  term_map_free(&map);
  return r;
}

void term_subst_many(uint32_t nt, term_t *ts, uint32_t n, const term_t *from, const term_t *to) {
  term_map map, memo;
  term_map_init(&map);
  term_map_init(&memo);
  for (uint32_t i = 0; i < n; i++) term_map_put(&map, from[i], to[i]);
  rewriter rw = {.map = &map};
  for (uint32_t i = 0; i < nt; i++)
    if (ts[i] != NULL_TERM) ts[i] = rewrite(&rw, ts[i], &memo);
  term_map_free(&memo);
  term_map_free(&map);
}

static bool is_function_symbol(term_t v) { return type_kind_of(term_type(v)) == TYPE_FUN; }

static term_t shift_var(term_t v, void *ctx) {
  if (is_function_symbol(v)) return v;
  return term_var_at(v, term_var_index(v) + *(int32_t *)ctx);
}

term_t term_shift(term_t t, int32_t k) {
  if (t == NULL_TERM || k == 0) return t;
  rewriter rw = {.var_fn = shift_var, .ctx = &k};
  return run_rewriter(&rw, t);
}

term_t term_prime(term_t t) { return term_shift(t, 1); }

static term_t unindex_var(term_t v, void *ctx) {
  (void)ctx;
  return term_var_at(v, 0);
}

term_t term_unindex(term_t t) {
  if (t == NULL_TERM) return t;
  rewriter rw = {.var_fn = unindex_var};
  return run_rewriter(&rw, t);
}

/* ---- free variables ---- */
static void collect_vars(term_t t, bool with_funs, term_map *seen, term_vec *out) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return;
  term_map_put(seen, t, 1);
  if (term_op_of(t) == OP_VAR) {
    if (with_funs || !is_function_symbol(t)) term_vec_push(out, t);
    return;
  }
  if (is_binder(t)) {
    uint32_t n = term_nargs(t);
    term_map inner_seen;
    term_map_init(&inner_seen);
    term_vec inner = {0};
    collect_vars(term_arg(t, n - 1), with_funs, &inner_seen, &inner);
    for (uint32_t i = 0; i < inner.size; i++) {
      bool bound = false;
      for (uint32_t j = 0; j + 1 < n; j++) bound |= term_arg(t, j) == inner.data[i];
      if (!bound && !term_map_has(seen, inner.data[i])) {
        term_map_put(seen, inner.data[i], 1);
        term_vec_push(out, inner.data[i]);
      }
    }
    term_vec_free(&inner);
    term_map_free(&inner_seen);
    return;
  }
  for (uint32_t i = 0; i < term_nargs(t); i++) collect_vars(term_arg(t, i), with_funs, seen, out);
}

uint32_t term_free_vars_n(uint32_t n, const term_t *ts, bool with_funs, term_t **out) {
  term_map seen;
  term_map_init(&seen);
  term_vec v = {0};
  for (uint32_t i = 0; i < n; i++) collect_vars(ts[i], with_funs, &seen, &v);
  term_map_free(&seen);
  *out = v.data;
  return v.size;
}

uint32_t term_free_vars(term_t t, term_t **out) { return term_free_vars_n(1, &t, false, out); }

static bool quantified(term_t t, term_map *seen) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return false;
  term_map_put(seen, t, 1);
  if (term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS) return true;
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (quantified(term_arg(t, i), seen)) return true;
  return false;
}

bool term_has_quantifier(term_t t) {
  term_map seen;
  term_map_init(&seen);
  bool q = quantified(t, &seen);
  term_map_free(&seen);
  return q;
}

bool term_has_free_var(term_t t, term_t v) {
  term_t *fv;
  uint32_t n = term_free_vars(t, &fv);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; i++) found = fv[i] == v;
  free(fv);
  return found;
}

/* ---- conjuncts and atoms ---- */
static void collect_conjuncts(term_t t, term_vec *out) {
  term_op op = term_op_of(t);
  if (!term_is_negated(t) && op == OP_AND) {
    for (uint32_t i = 0; i < term_nargs(t); i++) collect_conjuncts(term_arg(t, i), out);
  } else if (term_is_negated(t) && op == OP_OR) {
    for (uint32_t i = 0; i < term_nargs(term_unsigned(t)); i++)
      collect_conjuncts(term_not(term_arg(term_unsigned(t), i)), out);
  } else if (!term_is_true(t)) {
    term_vec_push(out, t);
  }
}

uint32_t term_conjuncts(term_t t, term_t **out) {
  term_vec v = {0};
  collect_conjuncts(t, &v);
  *out = v.data;
  return v.size;
}

/* ---- the one-point rule ---- */

/* q marks the variables still quantified (1), those replaced in this round
 * (2) and those replaced before (0). Does t mention one of the first two? */
static bool mentions_quantified(term_t t, const term_map *q) {
  term_t *fv;
  uint32_t n = term_free_vars(t, &fv);
  bool r = false;
  for (uint32_t i = 0; i < n && !r; i++) r = term_map_get(q, fv[i]) > 0;
  free(fv);
  return r;
}

/* Does conjunct c define a quantified variable: *v = *val? */
static bool definition(term_t c, const term_map *q, term_t *v, term_t *val) {
  term_t u = term_unsigned(c);
  bool neg = term_is_negated(c);
  if (term_map_get(q, u) == 1) {   /* a Boolean variable as a literal */
    *v = u;
    *val = neg ? term_false() : term_true();
    return true;
  }
  if (term_op_of(u) != OP_EQ || term_nargs(u) != 2) return false;
  if (neg && !term_is_bool(term_arg(u, 0))) return false;   /* x != t defines nothing */
  for (uint32_t side = 0; side < 2; side++) {
    term_t x = term_arg(u, side), t = term_arg(u, 1 - side);
    if (term_map_get(q, x) != 1 || term_has_free_var(t, x)) continue;
    *v = x;
    *val = neg ? term_not(t) : t;   /* not (x = phi): x = not phi */
    return true;
  }
  return false;
}

/* One round's substitution: every definition whose value mentions no
 * quantified variable at once (they cannot capture each other), or else
 * one definition alone. */
static uint32_t definitions(term_t body, term_map *q, term_vec *from, term_vec *to) {
  term_t *cs;
  uint32_t nc = term_conjuncts(body, &cs);
  for (int pass = 0; pass < 2 && !from->size; pass++)
    for (uint32_t i = 0; i < nc; i++) {
      term_t v, val;
      if (!definition(cs[i], q, &v, &val) || (pass == 0 && mentions_quantified(val, q))) continue;
      term_map_put(q, v, 2);
      term_vec_push(from, v);
      term_vec_push(to, val);
      if (pass == 1) break;
    }
  free(cs);
  for (uint32_t i = 0; i < from->size; i++) term_map_put(q, from->data[i], 0);
  return from->size;
}

uint32_t term_one_point(term_t body, term_t *vars, uint32_t n, term_t *out) {
  term_map q;
  term_map_init(&q);
  for (uint32_t i = 0; i < n; i++) term_map_put(&q, vars[i], 1);
  for (;;) {
    term_vec from = {0}, to = {0};
    uint32_t k = definitions(body, &q, &from, &to);
    if (k) body = term_subst(body, k, from.data, to.data);
    term_vec_free(&from);
    term_vec_free(&to);
    if (!k) break;
  }
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (term_map_get(&q, vars[i]) == 1) vars[m++] = vars[i];
  term_map_free(&q);
  *out = body;
  return m;
}

static void collect_atoms(term_t t, term_map *seen, term_vec *out) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return;
  term_map_put(seen, t, 1);
  if (term_is_atom(t)) { term_vec_push(out, t); return; }
  if (!term_is_bool(t) || term_op_of(t) == OP_TRUE) return;
  for (uint32_t i = 0; i < term_nargs(t); i++) collect_atoms(term_arg(t, i), seen, out);
}

uint32_t term_atoms(term_t t, term_t **out) {
  term_map seen;
  term_map_init(&seen);
  term_vec v = {0};
  collect_atoms(t, &seen, &v);
  term_map_free(&seen);
  *out = v.data;
  return v.size;
}

/* ---- negation normal form ---- */
static term_t nnf(term_t t, term_map *memo) {
  int32_t r = term_map_get(memo, t);
  if (r != NULL_TERM) return r;
  bool pos = !term_is_negated(t);
  term_t u = term_unsigned(t);
  term_op op = term_op_of(u);
  term_t result;
  if (op == OP_AND || op == OP_OR) {
    uint32_t n = term_nargs(u);
    term_t *args = xmalloc(n * sizeof *args);
    for (uint32_t i = 0; i < n; i++) args[i] = nnf(pos ? term_arg(u, i) : term_not(term_arg(u, i)), memo);
    result = (op == OP_AND) == pos ? term_and(n, args) : term_or(n, args);
    free(args);
  } else if (term_is_bool(u) && (op == OP_ITE || (op == OP_EQ && term_is_bool(term_arg(u, 0))))) {
    term_t c = op == OP_ITE ? term_arg(u, 0) : term_arg(u, 0);
    term_t a = op == OP_ITE ? term_arg(u, 1) : term_arg(u, 1);
    term_t b = op == OP_ITE ? term_arg(u, 2) : term_not(term_arg(u, 1));
    /* ite(c,a,b) = c&a | ~c&b;   (c = a) = c&a | ~c&~a */
    if (!pos) { a = term_not(a); b = term_not(b); }
    term_t l = term_and2(nnf(c, memo), nnf(a, memo));
    term_t rr = term_and2(nnf(term_not(c), memo), nnf(b, memo));
    result = term_or2(l, rr);
  } else {
    result = t;
  }
  term_map_put(memo, t, result);
  return result;
}

term_t term_nnf(term_t t) {
  if (t == NULL_TERM) return t;
  term_map memo;
  term_map_init(&memo);
  term_t r = nnf(t, &memo);
  term_map_free(&memo);
  return r;
}

static size_t dag_size(term_t t, term_map *seen) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return 0;
  term_map_put(seen, t, 1);
  size_t n = 1;
  for (uint32_t i = 0; i < term_nargs(t); i++) n += dag_size(term_arg(t, i), seen);
  return n;
}

size_t term_dag_size(term_t t) {
  term_map seen;
  term_map_init(&seen);
  size_t n = dag_size(t, &seen);
  term_map_free(&seen);
  return n;
}

/* ---- evaluation: substitute the values and let the constructors fold ---- */
term_t term_eval(term_t t, uint32_t n, const term_t *vars, const term_t *vals) {
  term_t r = term_subst(t, n, vars, vals);
  return r != NULL_TERM && term_is_value(r) ? r : NULL_TERM;
}
