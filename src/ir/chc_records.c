/* Record datatypes replaced by their fields (chc_records.h). */
#include "ir/chc_records.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"

typedef struct { uint32_t n; term_t *v; } leaves;

typedef struct {
  jmp_buf fail;
  const char *why;
  term_map memo;        /* term -> index into done */
  leaves *done;
  uint32_t ndone, capdone;
  void **mem;           /* everything allocated while rewriting (freed at the end, also after giving up) */
  uint32_t nmem, capmem;
} rw;

static void *ralloc(rw *R, size_t n) {
  XGROW(R->mem, R->capmem, R->nmem + 1);
  return R->mem[R->nmem++] = xcalloc(1, n ? n : 1);
}

static _Noreturn void give_up(rw *R, const char *why) {
  R->why = why;
  longjmp(R->fail, 1);
}

/* ---- sorts ---- */

/* ty has only records among its datatypes, nested at most 32 deep
 * (checked before flat allocates anything) */
static void check_sort(rw *R, type_t ty, int depth) {
  if (depth > 32) give_up(R, "a recursive datatype");
  if (type_kind_of(ty) == TYPE_DATATYPE) {
    if (!type_dt_defined(ty) || type_dt_nctors(ty) != 1) give_up(R, "a datatype with several constructors");
    for (uint32_t f = 0; f < type_dt_nfields(ty, 0); f++) check_sort(R, type_dt_field_type(ty, 0, f), depth + 1);
  } else if (type_kind_of(ty) == TYPE_ARRAY) {
    check_sort(R, type_array_index(ty), depth + 1);
    check_sort(R, type_array_elem(ty), depth + 1);
  }
}

/* The leaf sorts of ty (appended to *out; check_sort passed). */
static void flat(rw *R, type_t ty, type_t **out, uint32_t *n, uint32_t *cap, int depth) {
  switch (type_kind_of(ty)) {
  case TYPE_DATATYPE:
    for (uint32_t f = 0; f < type_dt_nfields(ty, 0); f++) flat(R, type_dt_field_type(ty, 0, f), out, n, cap, depth + 1);
    return;
  case TYPE_ARRAY: {
    type_t *ix = NULL, *el = NULL;
    uint32_t ni = 0, ne = 0, ci = 0, ce = 0;
    flat(R, type_array_index(ty), &ix, &ni, &ci, depth + 1);
    flat(R, type_array_elem(ty), &el, &ne, &ce, depth + 1);
    for (uint32_t j = 0; j < ne; j++) {
      type_t t = el[j];
      for (uint32_t i = ni; i-- > 0;) t = type_array(ix[i], t);
      XGROW(*out, *cap, *n + 1);
      (*out)[(*n)++] = t;
    }
    free(ix);
    free(el);
    return;
  }
  default:
    XGROW(*out, *cap, *n + 1);
    (*out)[(*n)++] = ty;
    return;
  }
}

/* The leaf sorts of ty in *out (owned by R). */
static uint32_t flat_sorts(rw *R, type_t ty, type_t **out) {
  uint32_t n = 0, cap = 0;
  XGROW(R->mem, R->capmem, R->nmem + 1);
  uint32_t at = R->nmem++;
  R->mem[at] = NULL;
  type_t *v = NULL;
  check_sort(R, ty, 0);
  flat(R, ty, &v, &n, &cap, 0);
  R->mem[at] = v;
  *out = v;
  return n;
}

static uint32_t flat_count(rw *R, type_t ty) {
  type_t *s;
  return flat_sorts(R, ty, &s);
}

/* ty contains a record somewhere (its leaves differ from ty itself) */
static bool changes(type_t ty, int depth) {
  if (depth > 32) return true;
  switch (type_kind_of(ty)) {
  case TYPE_DATATYPE: return true;
  case TYPE_ARRAY: return changes(type_array_index(ty), depth + 1) || changes(type_array_elem(ty), depth + 1);
  default: return false;
  }
}

/* ---- terms ---- */

static leaves tr(rw *R, term_t t);

static leaves one(rw *R, term_t t) {
  leaves l = {1, ralloc(R, sizeof(term_t))};
  l.v[0] = t;
  return l;
}

static term_t single(rw *R, term_t t) {
  leaves l = tr(R, t);
  if (l.n != 1) give_up(R, "a record where a value is needed");
  return l.v[0];
}

/* store(a, i0, store(select(a, i0), i1, ... v)) */
static term_t nested_store(term_t a, const term_t *ix, uint32_t n, term_t v) {
  if (n == 0) return v;
  return term_store(a, ix[0], nested_store(term_select(a, ix[0]), ix + 1, n - 1, v));
}

static leaves tr_node(rw *R, term_t t) {
  if (term_is_negated(t)) return one(R, term_not(single(R, term_unsigned(t))));
  term_op op = term_op_of(t);
  type_t ty = term_type(t);
  uint32_t n = term_nargs(t);
  switch (op) {
  case OP_VAR: {
    if (!changes(ty, 0)) return one(R, t);
    type_t *s;
    uint32_t k = flat_sorts(R, ty, &s);
    leaves l = {k, ralloc(R, (k + 1) * sizeof(term_t))};
    for (uint32_t i = 0; i < k; i++) {
      char name[512];
      snprintf(name, sizeof name, "%.480s.%u", term_var_name(t), i);
      l.v[i] = term_var(name, s[i]);
    }
    return l;
  }
  case OP_DT_CONS: {
    if (type_dt_nctors(ty) != 1) give_up(R, "a datatype with several constructors");
    leaves *a = ralloc(R, (n + 1) * sizeof(leaves));
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) k += (a[i] = tr(R, term_arg(t, i))).n;
    leaves l = {0, ralloc(R, (k + 1) * sizeof(term_t))};
    for (uint32_t i = 0; i < n; i++) {
      memcpy(l.v + l.n, a[i].v, a[i].n * sizeof(term_t));
      l.n += a[i].n;
    }
    return l;
  }
  case OP_DT_SEL: {
    type_t dt = (type_t)term_param(t, 0);
    uint32_t f = term_param(t, 2);
    if (type_dt_nctors(dt) != 1) give_up(R, "a datatype with several constructors");
    leaves a = tr(R, term_arg(t, 0));
    uint32_t off = 0;
    for (uint32_t q = 0; q < f; q++) off += flat_count(R, type_dt_field_type(dt, 0, q));
    uint32_t k = flat_count(R, ty);
    if (off + k > a.n) give_up(R, "a malformed selector");
    leaves l = {k, ralloc(R, (k + 1) * sizeof(term_t))};
    memcpy(l.v, a.v + off, k * sizeof(term_t));
    return l;
  }
  case OP_DT_IS:
    if (type_dt_nctors((type_t)term_param(t, 0)) != 1) give_up(R, "a datatype with several constructors");
    return one(R, term_true());
  case OP_EQ: {
    if (n != 2) break;
    leaves a = tr(R, term_arg(t, 0)), b = tr(R, term_arg(t, 1));
    if (a.n != b.n) give_up(R, "an equation between different sorts");
    term_t *e = ralloc(R, (a.n + 1) * sizeof(term_t));
    for (uint32_t i = 0; i < a.n; i++) e[i] = term_eq(a.v[i], b.v[i]);
    return one(R, term_and(a.n, e));
  }
  case OP_ITE: {
    term_t c = single(R, term_arg(t, 0));
    leaves a = tr(R, term_arg(t, 1)), b = tr(R, term_arg(t, 2));
    if (a.n != b.n) give_up(R, "an if-then-else between different sorts");
    leaves l = {a.n, ralloc(R, (a.n + 1) * sizeof(term_t))};
    for (uint32_t i = 0; i < a.n; i++) l.v[i] = term_ite(c, a.v[i], b.v[i]);
    return l;
  }
  case OP_SELECT: {
    leaves a = tr(R, term_arg(t, 0)), ix = tr(R, term_arg(t, 1));
    leaves l = {a.n, ralloc(R, (a.n + 1) * sizeof(term_t))};
    for (uint32_t j = 0; j < a.n; j++) {
      l.v[j] = a.v[j];
      for (uint32_t i = 0; i < ix.n; i++) l.v[j] = term_select(l.v[j], ix.v[i]);
    }
    return l;
  }
  case OP_STORE: {
    leaves a = tr(R, term_arg(t, 0)), ix = tr(R, term_arg(t, 1)), v = tr(R, term_arg(t, 2));
    if (a.n != v.n) give_up(R, "a store of a different sort");
    leaves l = {a.n, ralloc(R, (a.n + 1) * sizeof(term_t))};
    for (uint32_t j = 0; j < a.n; j++) l.v[j] = nested_store(a.v[j], ix.v, ix.n, v.v[j]);
    return l;
  }
  case OP_CONST_ARRAY: {
    if (!changes(ty, 0)) break;
    leaves v = tr(R, term_arg(t, 0));
    type_t *ixs;
    uint32_t ni = flat_sorts(R, type_array_index(ty), &ixs);
    leaves l = {v.n, ralloc(R, (v.n + 1) * sizeof(term_t))};
    for (uint32_t j = 0; j < v.n; j++) {
      term_t c = v.v[j];
      for (uint32_t i = ni; i-- > 0;) c = term_const_array(type_array(ixs[i], term_type(c)), c);
      l.v[j] = c;
    }
    return l;
  }
  case OP_FORALL: case OP_EXISTS: case OP_APPLY:
    for (uint32_t i = 0; i < n; i++)
      if (changes(term_type(term_arg(t, i)), 0)) give_up(R, "a record in a quantifier or an uninterpreted function");
    break;
  default:
    break;
  }
  if (n == 0) return one(R, t);
  if (changes(ty, 0)) give_up(R, "an operation on records");
  term_t *args = ralloc(R, (n + 1) * sizeof(term_t));
  bool same = true;
  for (uint32_t i = 0; i < n; i++) {
    term_t a = term_arg(t, i);
    /* bound variables and function symbols stay (not records, checked above) */
    if ((op == OP_FORALL || op == OP_EXISTS) && i + 1 < n) args[i] = a;
    else if (op == OP_APPLY && i == 0) args[i] = a;
    else args[i] = single(R, a);
    same &= args[i] == a;
  }
  term_t r = same ? t : term_with_args(t, args);
  if (r == NULL_TERM) give_up(R, "a term that could not be rebuilt");
  return one(R, r);
}

/* Memoized: the leaves of t (owned by R). */
static leaves tr(rw *R, term_t t) {
  int32_t k = term_map_get(&R->memo, t);
  if (k >= 0) return R->done[k];
  leaves l = tr_node(R, t);
  XGROW(R->done, R->capdone, R->ndone + 1);
  R->done[R->ndone] = l;
  term_map_put(&R->memo, t, (int32_t)R->ndone++);
  return l;
}

/* the leaves of the arguments of an application of P, concatenated */
static term_t *app_leaves(rw *R, const chc_pred *P, const term_t *args, uint32_t arity) {
  term_t *out = ralloc(R, (arity + 1) * sizeof(term_t));
  uint32_t n = 0;
  for (uint32_t i = 0; i < P->arity; i++) {
    leaves l = tr(R, args[i]);
    if (n + l.n > arity) give_up(R, "an argument of a different sort");
    memcpy(out + n, l.v, l.n * sizeof(term_t));
    n += l.n;
  }
  if (n != arity) give_up(R, "an argument of a different sort");
  return out;
}

bool chc_has_records(const chc_system *s) {
  for (uint32_t p = 0; p < s->npreds; p++)
    for (uint32_t i = 0; i < s->preds[p].arity; i++)
      if (changes(term_type(s->preds[p].params[i]), 0)) return true;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    term_t *vs;
    uint32_t n = chc_clause_all_vars(s, &s->clauses[i], &vs);
    bool any = false;
    for (uint32_t j = 0; j < n && !any; j++) any = changes(term_type(vs[j]), 0);
    free(vs);
    if (any) return true;
  }
  return false;
}

bool chc_scalarize_records(const chc_system *src, chc_system *dst, const char **why) {
  chc_init(dst);
  rw *R = xcalloc(1, sizeof *R);
  term_map_init(&R->memo);
  uint32_t *arity = xcalloc(src->npreds + 1, sizeof(uint32_t));
  bool ok = true;
  if (setjmp(R->fail)) {
    ok = false;
    *why = R->why;
    chc_free(dst);
    chc_init(dst);
  } else {
    for (uint32_t p = 0; p < src->npreds; p++) {
      const chc_pred *P = &src->preds[p];
      type_t *all = NULL;
      uint32_t n = 0, cap = 0;
      XGROW(R->mem, R->capmem, R->nmem + 1);
      uint32_t at = R->nmem++;
      R->mem[at] = NULL;
      for (uint32_t i = 0; i < P->arity; i++) check_sort(R, term_type(P->params[i]), 0);
      for (uint32_t i = 0; i < P->arity; i++) {
        flat(R, term_type(P->params[i]), &all, &n, &cap, 0);
        R->mem[at] = all;
      }
      arity[p] = n;
      /* a Bool-valued symbol of the new arity (the name stays) */
      term_t sym = n ? term_var(P->name, type_fun(n, all, type_bool())) : term_var(P->name, type_bool());
      chc_add_pred(dst, P->name, sym, n, all);
    }
    for (uint32_t i = 0; i < src->nclauses; i++) {
      const chc_clause *c = &src->clauses[i];
      chc_app *body = ralloc(R, (c->nbody + 1) * sizeof *body);
      for (uint32_t j = 0; j < c->nbody; j++) {
        body[j].pred = c->body[j].pred;
        body[j].args = app_leaves(R, &src->preds[c->body[j].pred], c->body[j].args, arity[c->body[j].pred]);
      }
      term_t *head = c->head.pred == CHC_FALSE ? NULL : app_leaves(R, &src->preds[c->head.pred], c->head.args, arity[c->head.pred]);
      chc_add_clause(dst, c->nbody, body, single(R, c->constraint), c->head.pred, head, c->line);
    }
  }
  for (uint32_t k = 0; k < R->nmem; k++) free(R->mem[k]);
  free(R->mem);
  free(R->done);
  term_map_free(&R->memo);
  free(R);
  free(arity);
  return ok;
}

/* ---- models back: a definition over dst's leaf parameters rewritten
 * over src's parameters ---- */

/* The number of leaves flat() gives ty. */
static uint32_t nleaves(type_t ty, int depth) {
  if (depth > 32) return 1;
  if (type_kind_of(ty) == TYPE_DATATYPE) {
    uint32_t n = 0;
    for (uint32_t f = 0; f < type_dt_nfields(ty, 0); f++) n += nleaves(type_dt_field_type(ty, 0, f), depth + 1);
    return n;
  }
  return type_kind_of(ty) == TYPE_ARRAY ? nleaves(type_array_elem(ty), depth + 1) : 1;
}

/* The value of sort ty whose leaves are idx[0..) (records built by their
 * constructors); *used leaves; NULL_TERM when ty holds an array over a
 * datatype. */
static term_t build(type_t ty, const term_t *idx, uint32_t *used, int depth) {
  if (!changes(ty, 0)) { *used = 1; return idx[0]; }
  if (type_kind_of(ty) != TYPE_DATATYPE || depth > 32) return NULL_TERM;
  uint32_t nf = type_dt_nfields(ty, 0), u = 0;
  term_t *args = xcalloc(nf + 1, sizeof *args);
  for (uint32_t f = 0; f < nf; f++) {
    uint32_t k;
    if ((args[f] = build(type_dt_field_type(ty, 0, f), idx + u, &k, depth + 1)) == NULL_TERM) { free(args); return NULL_TERM; }
    u += k;
  }
  term_t r = term_dt_cons(ty, 0, nf, args);
  free(args);
  *used = u;
  return r;
}

/* The term over x (sort ty) that flat leaf `leaf` of x stands for, read at
 * the select indices idx[0..nidx) (outermost array first); *used of them
 * are consumed. NULL_TERM when no term of x's sort says it (too few
 * indices for an array over records). */
static term_t leaf_read(term_t x, type_t ty, uint32_t leaf, const term_t *idx, uint32_t nidx, uint32_t *used, int depth) {
  *used = 0;
  if (depth > 32) return NULL_TERM;
  if (!changes(ty, 0)) return leaf == 0 ? x : NULL_TERM;
  if (type_kind_of(ty) == TYPE_DATATYPE) {
    for (uint32_t f = 0; f < type_dt_nfields(ty, 0); f++) {
      type_t ft = type_dt_field_type(ty, 0, f);
      uint32_t n = nleaves(ft, depth + 1);
      if (leaf < n) return leaf_read(term_dt_sel(ty, 0, f, x), ft, leaf, idx, nidx, used, depth + 1);
      leaf -= n;
    }
    return NULL_TERM;
  }
  type_t it = type_array_index(ty);
  uint32_t ni = nleaves(it, depth + 1), k, u;
  if (nidx < ni) return NULL_TERM;
  term_t i = build(it, idx, &k, 0);
  if (i == NULL_TERM) return NULL_TERM;
  term_t r = leaf_read(term_select(x, i), type_array_elem(ty), leaf, idx + ni, nidx - ni, &u, depth + 1);
  *used = ni + u;
  return r;
}

typedef struct {
  const chc_pred *sp, *dp;   /* the predicate in src and in dst */
  bool ok;
  term_map memo;
} back;

/* dst parameter k as (src parameter, leaf of it); false if none */
static bool param_leaf(const back *B, term_t v, uint32_t *param, uint32_t *leaf) {
  for (uint32_t k = 0; k < B->dp->arity; k++)
    if (B->dp->params[k] == v) {
      for (uint32_t i = 0; i < B->sp->arity; i++) {
        uint32_t n = nleaves(term_type(B->sp->params[i]), 0);
        if (k < n) { *param = i; *leaf = k; return true; }
        k -= n;
      }
      return false;
    }
  return false;
}

static term_t back_term(back *B, term_t t) {
  if (!B->ok) return t;
  if (term_is_negated(t)) return term_not(back_term(B, term_unsigned(t)));
  if (term_map_has(&B->memo, t)) return (term_t)term_map_get(&B->memo, t);
  term_t r = t;
  /* a select chain down to a leaf parameter: the indices name the record */
  term_t a = t;
  uint32_t n = 0;
  while (term_op_of(a) == OP_SELECT) { a = term_arg(a, 0); n++; }
  uint32_t pi, leaf;
  if (term_is_var(a) && param_leaf(B, a, &pi, &leaf)) {
    term_t *idx = xcalloc(n + 1, sizeof *idx);
    term_t c = t;
    for (uint32_t j = n; j-- > 0; c = term_arg(c, 0)) idx[j] = back_term(B, term_arg(c, 1));
    uint32_t used;
    r = leaf_read(B->sp->params[pi], term_type(B->sp->params[pi]), leaf, idx, n, &used, 0);
    if (r == NULL_TERM) B->ok = false;
    else
      for (uint32_t j = used; j < n; j++) r = term_select(r, idx[j]);
    free(idx);
  } else if (term_nargs(t) > 0) {   /* quantifiers: the body only (bound variables stay) */
    uint32_t na = term_nargs(t);
    bool quant = term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS;
    term_t *args = xcalloc(na + 1, sizeof *args);
    for (uint32_t j = 0; j < na; j++) args[j] = quant && j + 1 < na ? term_arg(t, j) : back_term(B, term_arg(t, j));
    r = term_with_args(t, args);
    free(args);
  }
  if (B->ok) term_map_put(&B->memo, t, (int32_t)r);
  return B->ok ? r : t;
}

bool chc_records_model_back(const chc_system *src, const chc_system *dst, const term_t *dst_interp, term_t *interp) {
  bool ok = src->npreds == dst->npreds;
  for (uint32_t p = 0; p < src->npreds && ok; p++) {
    back B = {&src->preds[p], &dst->preds[p], true, {0}};
    term_map_init(&B.memo);
    interp[p] = dst_interp[p] == NULL_TERM ? NULL_TERM : back_term(&B, dst_interp[p]);
    ok = B.ok;
    term_map_free(&B.memo);
  }
  return ok;
}
