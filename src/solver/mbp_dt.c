/* Model-based projection with datatypes (mbp_dt.h). Every step keeps the
 * cube true in the (extended) model and only strengthens it under the
 * existential, so the result implies ∃locals. a. */
#include "solver/mbp_dt.h"
#include <stdlib.h>
#include <string.h>

#define MBP_DT_MAX_STEPS 4000   /* substitutions and expansions per projection */

typedef struct {
  z3conv *conv;
  Z3_context z;
  Z3_model mod;
  const term_vec *shared;
  term_vec loc;          /* variables to eliminate */
  term_vec vars, vals;   /* known values (for term_eval) */
  term_vec lits;         /* the cube being built */
  const char *why;
} mdt;

static bool in_vec(const term_vec *v, term_t t) {
  for (uint32_t i = 0; i < v->size; i++) if (v->data[i] == t) return true;
  return false;
}

static bool is_dt(term_t t) { return type_kind_of(term_type(t)) == TYPE_DATATYPE; }

/* The value of t in the model: from the known values, else from Z3. */
static term_t val(mdt *m, term_t t) {
  term_t v = term_eval(t, m->vars.size, m->vars.data, m->vals.data);
  if (v == NULL_TERM) v = z3conv_model_value(m->conv, m->mod, t);
  return v;
}

static int truth(mdt *m, term_t t) {
  term_t v = val(m, t);
  return v == NULL_TERM ? -1 : term_is_true(v) ? 1 : 0;
}

static bool has_local(mdt *m, term_t t) {
  for (uint32_t i = 0; i < m->loc.size; i++) if (term_has_free_var(t, m->loc.data[i])) return true;
  return false;
}

static bool push_lit(mdt *m, term_t l) {
  if (l == NULL_TERM || term_is_false(l)) { m->why = "mbp-dt: a literal false in the model"; return false; }
  if (!term_is_true(l) && !in_vec(&m->lits, l)) term_vec_push(&m->lits, l);
  return true;
}

static bool implicant(mdt *m, term_t t, int depth);

/* The first non-Boolean if-then-else in t (NULL_TERM if none). */
static term_t find_ite(term_t t, int depth) {
  if (depth > 200) return NULL_TERM;
  t = term_unsigned(t);
  if (term_op_of(t) == OP_ITE && !term_is_bool(t)) return t;
  if (term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS) return NULL_TERM;
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    term_t r = find_ite(term_arg(t, i), depth + 1);
    if (r != NULL_TERM) return r;
  }
  return NULL_TERM;
}

/* An atom (possibly negated) true in the model, its if-then-else terms
 * replaced by the branch the model takes (the condition joins the cube). */
static bool atom(mdt *m, term_t l, int depth) {
  for (int guard = 0; guard < 64; guard++) {
    term_t ite = find_ite(l, 0);
    if (ite == NULL_TERM) break;
    int c = truth(m, term_arg(ite, 0));
    if (c < 0) { m->why = "mbp-dt: no value for a condition"; return false; }
    if (!implicant(m, c ? term_arg(ite, 0) : term_not(term_arg(ite, 0)), depth + 1)) return false;
    term_t br = term_arg(ite, c ? 1 : 2);
    l = term_subst(l, 1, &ite, &br);
  }
  term_t u = term_unsigned(l);
  if (term_op_of(u) == OP_DISTINCT) {   /* pairwise */
    uint32_t n = term_nargs(u);
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++) {
        term_t e = term_eq(term_arg(u, i), term_arg(u, j));
        if (!term_is_negated(l)) { if (!push_lit(m, term_not(e))) return false; }
        else if (truth(m, e) == 1) return push_lit(m, e);
      }
    return true;
  }
  return push_lit(m, l);
}

/* Literals true in the model whose conjunction implies t (t true in it). */
static bool implicant(mdt *m, term_t t, int depth) {
  if (depth > 400) { m->why = "mbp-dt: formula too deep"; return false; }
  if (term_is_true(t)) return true;
  bool neg = term_is_negated(t);
  term_t u = term_unsigned(t);
  term_op op = term_op_of(u);
  uint32_t n = term_nargs(u);
  if (op == OP_AND || op == OP_OR) {
    bool all = (op == OP_AND) != neg;   /* every argument (negated if neg) holds */
    for (uint32_t i = 0; i < n; i++) {
      term_t a = neg ? term_not(term_arg(u, i)) : term_arg(u, i);
      if (all) { if (!implicant(m, a, depth + 1)) return false; continue; }
      /* no value (e.g. a selector off its constructor): another disjunct */
      if (truth(m, a) == 1) return implicant(m, a, depth + 1);
    }
    if (!all) { m->why = "mbp-dt: no disjunct known true in the model"; return false; }
    return true;
  }
  if (op == OP_ITE && term_is_bool(u)) {
    int c = truth(m, term_arg(u, 0));
    if (c < 0) { m->why = "mbp-dt: no value for a condition"; return false; }
    term_t br = term_arg(u, c ? 1 : 2);
    return implicant(m, c ? term_arg(u, 0) : term_not(term_arg(u, 0)), depth + 1) &&
           implicant(m, neg ? term_not(br) : br, depth + 1);
  }
  if ((op == OP_XOR || op == OP_EQ) && n == 2 && term_is_bool(term_arg(u, 0))) {
    for (uint32_t i = 0; i < 2; i++) {
      int v = truth(m, term_arg(u, i));
      if (v < 0) { m->why = "mbp-dt: no value for a Boolean"; return false; }
      if (!implicant(m, v ? term_arg(u, i) : term_not(term_arg(u, i)), depth + 1)) return false;
    }
    return true;
  }
  return atom(m, t, depth);
}

/* A (dis)equality between datatype terms, one a constructor application,
 * with a local inside: replaced by tester and field literals. false: not
 * applicable (*done = false) or failure. */
static bool split_eq(mdt *m, term_t l, bool *done) {
  *done = false;
  bool neg = term_is_negated(l);
  term_t u = term_unsigned(l);
  if (term_op_of(u) != OP_EQ || term_nargs(u) != 2 || !is_dt(term_arg(u, 0)) || !has_local(m, u)) return true;
  term_t s = term_arg(u, 0), t = term_arg(u, 1);
  if (term_op_of(s) != OP_DT_CONS) { term_t x = s; s = t; t = x; }
  if (term_op_of(s) != OP_DT_CONS) return true;
  *done = true;
  type_t ty = term_type(s);
  uint32_t c = term_param(s, 1), nf = term_nargs(s);
  bool tcons = term_op_of(t) == OP_DT_CONS;
  if (!neg) {
    if (!tcons && !push_lit(m, term_dt_is(ty, c, t))) return false;
    for (uint32_t f = 0; f < nf; f++)
      if (!push_lit(m, term_eq(term_arg(s, f), tcons ? term_arg(t, f) : term_dt_sel(ty, c, f, t)))) return false;
    return true;
  }
  if (tcons && term_param(t, 1) != c) return true;   /* different constructors: always true */
  if (!tcons) {
    int is = truth(m, term_dt_is(ty, c, t));
    if (is < 0) { m->why = "mbp-dt: no value for a tester"; return false; }
    if (!is) return push_lit(m, term_not(term_dt_is(ty, c, t)));
  }
  for (uint32_t f = 0; f < nf; f++) {
    term_t e = term_eq(term_arg(s, f), tcons ? term_arg(t, f) : term_dt_sel(ty, c, f, t));
    int v = truth(m, e);
    if (v < 0) { m->why = "mbp-dt: no value for a field"; return false; }
    if (v == 0) return push_lit(m, term_not(e));
  }
  m->why = "mbp-dt: a disequality false in the model";
  return false;
}

/* Splits until no literal applies (new literals go to the end, the split
 * one leaves its place to the last). */
static bool split_all(mdt *m) {
  for (uint32_t i = 0; i < m->lits.size;) {
    bool done;
    if (!split_eq(m, m->lits.data[i], &done)) return false;
    if (done) m->lits.data[i] = m->lits.data[--m->lits.size];
    else i++;
  }
  return true;
}

/* Does ty have infinitely many values? Datatypes: a field of infinite sort
 * or recursion; unknown sorts count as finite (the safe side). */
static bool infinite(type_t ty, const type_t *stack, int depth) {
  switch (type_kind_of(ty)) {
  case TYPE_INT: case TYPE_REAL: return true;
  case TYPE_DATATYPE:
    for (int i = 0; i < depth; i++) if (stack[i] == ty) return true;
    if (depth >= 16 || !type_dt_defined(ty)) return false;
    type_t st[17];
    memcpy(st, stack, (size_t)depth * sizeof *st);
    st[depth] = ty;
    for (uint32_t c = 0; c < type_dt_nctors(ty); c++)
      for (uint32_t f = 0; f < type_dt_nfields(ty, c); f++)
        if (infinite(type_dt_field_type(ty, c, f), st, depth + 1)) return true;
    return false;
  default: return false;
  }
}

static void subst_all(mdt *m, term_t x, term_t t) {
  term_subst_many(m->lits.size, m->lits.data, 1, &x, &t);
  uint32_t k = 0;   /* drop literals that became true or repeat an earlier one */
  for (uint32_t i = 0; i < m->lits.size; i++) {
    term_t l = m->lits.data[i];
    bool dup = term_is_true(l);
    for (uint32_t j = 0; j < k && !dup; j++) dup = m->lits.data[j] == l;
    if (!dup) m->lits.data[k++] = l;
  }
  m->lits.size = k;
}

static void drop_local(mdt *m, term_t x) {
  for (uint32_t i = 0; i < m->loc.size; i++)
    if (m->loc.data[i] == x) { m->loc.data[i] = m->loc.data[--m->loc.size]; return; }
}

/* x is a side of an equality literal: the other side when it does not
 * mention x and the literal is positive. */
static term_t definition(term_t l, term_t x) {
  if (term_is_negated(l) || term_op_of(l) != OP_EQ || term_nargs(l) != 2) return NULL_TERM;
  term_t a = term_arg(l, 0), b = term_arg(l, 1);
  if (a == x && !term_has_free_var(b, x)) return b;
  if (b == x && !term_has_free_var(a, x)) return a;
  return NULL_TERM;
}

/* x occurs only as a side of disequalities. */
static bool only_diseq(mdt *m, term_t x) {
  for (uint32_t i = 0; i < m->lits.size; i++) {
    term_t l = m->lits.data[i], u = term_unsigned(l);
    if (!term_has_free_var(l, x)) continue;
    if (!term_is_negated(l) || term_op_of(u) != OP_EQ) return false;
    term_t a = term_arg(u, 0), b = term_arg(u, 1);
    if (!((a == x && !term_has_free_var(b, x)) || (b == x && !term_has_free_var(a, x)))) return false;
  }
  return true;
}

/* x := C(x1..xn) with C its value's constructor and fresh locals xi that
 * take the value's fields (also in the Z3 model, for the final projection). */
static bool expand(mdt *m, term_t x) {
  term_t v = val(m, x);
  if (v == NULL_TERM || term_op_of(v) != OP_DT_CONS) { m->why = "mbp-dt: no constructor value"; return false; }
  type_t ty = term_type(x);
  uint32_t c = term_param(v, 1), nf = term_nargs(v);
  term_t *fs = malloc((nf + 1) * sizeof *fs);
  if (!fs) return false;
  for (uint32_t f = 0; f < nf; f++) {
    fs[f] = term_fresh_var("mbp!f", type_dt_field_type(ty, c, f));
    term_t fv = term_arg(v, f);
    Z3_func_decl d = z3conv_decl(m->conv, fs[f]);
    Z3_ast fz = z3conv_to_z3(m->conv, fv);
    if (!d || !fz) { free(fs); m->why = "mbp-dt: field value not translated"; return false; }
    Z3_add_const_interp(m->z, m->mod, d, fz);
    term_vec_push(&m->vars, fs[f]);
    term_vec_push(&m->vals, fv);
    term_vec_push(&m->loc, fs[f]);
  }
  term_t cons = term_dt_cons(ty, c, nf, fs);
  free(fs);
  drop_local(m, x);
  subst_all(m, x, cons);
  return true;
}

/* Eliminates one datatype local; false when none is left (*err on failure). */
static bool elim_one(mdt *m, bool *err) {
  for (uint32_t i = 0; i < m->loc.size; i++) {
    term_t x = m->loc.data[i];
    if (!is_dt(x)) continue;
    bool occurs = false;
    for (uint32_t j = 0; j < m->lits.size && !occurs; j++) occurs = term_has_free_var(m->lits.data[j], x);
    if (!occurs) { drop_local(m, x); return true; }
    for (uint32_t j = 0; j < m->lits.size; j++) {
      term_t d = definition(m->lits.data[j], x);
      if (d == NULL_TERM) continue;
      m->lits.data[j] = m->lits.data[--m->lits.size];
      drop_local(m, x);
      subst_all(m, x, d);
      return true;
    }
    type_t st[1];
    if (only_diseq(m, x) && infinite(term_type(x), st, 0)) {
      uint32_t k = 0;
      for (uint32_t j = 0; j < m->lits.size; j++)
        if (!term_has_free_var(m->lits.data[j], x)) m->lits.data[k++] = m->lits.data[j];
      m->lits.size = k;
      drop_local(m, x);
      return true;
    }
    if (!expand(m, x)) { *err = true; return false; }
    return true;
  }
  return false;
}

/* Z3's projection of the literals with (non-datatype) locals. */
static bool project_rest(mdt *m, term_vec *out) {
  term_vec with = {0};
  for (uint32_t i = 0; i < m->lits.size; i++)
    term_vec_push(has_local(m, m->lits.data[i]) ? &with : out, m->lits.data[i]);
  bool ok = true;
  if (with.size) {
    Z3_app *apps = malloc((m->loc.size + 1) * sizeof *apps);
    uint32_t na = 0;
    term_t f = term_and(with.size, with.data);
    for (uint32_t i = 0; apps && i < m->loc.size; i++)
      if (term_has_free_var(f, m->loc.data[i])) {
        Z3_ast x = z3conv_to_z3(m->conv, m->loc.data[i]);
        if (x) apps[na++] = Z3_to_app(m->z, x);
      }
    Z3_ast fz = apps ? z3conv_to_z3(m->conv, f) : NULL;
    Z3_ast p = fz ? Z3_qe_model_project(m->z, m->mod, na, apps, fz) : NULL;
    if (p) Z3_inc_ref(m->z, p);
    term_t pt = p && !z3conv_failed(m->z, NULL) ? z3conv_from_z3(m->conv, p) : NULL_TERM;
    if (p) Z3_dec_ref(m->z, p);
    free(apps);
    if (pt == NULL_TERM) { m->why = "mbp-dt: arithmetic projection failed"; ok = false; }
    else term_vec_push(out, pt);
  }
  term_vec_free(&with);
  return ok;
}

term_t mbp_dt_project(z3conv *conv, Z3_model mod, term_t a, const term_vec *shared, const char **why) {
  mdt m = {.conv = conv, .z = z3conv_context(conv), .mod = mod, .shared = shared, .why = "mbp-dt: failed"};
  term_t *vs;
  uint32_t nv = term_free_vars(a, &vs);
  bool ok = true;
  for (uint32_t i = 0; i < nv && ok; i++) {
    if (type_kind_of(term_type(vs[i])) == TYPE_FUN) continue;
    term_t v = z3conv_model_value(conv, mod, vs[i]);
    if (v != NULL_TERM) { term_vec_push(&m.vars, vs[i]); term_vec_push(&m.vals, v); }
    if (!in_vec(shared, vs[i])) term_vec_push(&m.loc, vs[i]);
  }
  free(vs);
  ok = implicant(&m, a, 0);
  for (uint32_t step = 0; ok; step++) {
    if (step == MBP_DT_MAX_STEPS) { m.why = "mbp-dt: too many steps"; ok = false; break; }
    if (!split_all(&m)) { ok = false; break; }
    bool err = false;
    if (!elim_one(&m, &err)) { ok = !err; break; }
  }
  term_t r = NULL_TERM;
  term_vec cube = {0};
  if (ok && project_rest(&m, &cube)) r = term_and(cube.size, cube.data);
  term_vec_free(&cube);
  if (r == NULL_TERM) *why = m.why;
  term_vec_free(&m.loc); term_vec_free(&m.vars); term_vec_free(&m.vals); term_vec_free(&m.lits);
  return r;
}
