/* Tseitin encoding and canonical arithmetic atoms (see skel.h). */
#include "cert/skel.h"
#include "cert/bitblast.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"

typedef struct { lin_cons c; int var; term_t origin; } arith_atom;   /* var true iff c holds (iff origin) */

struct skel {
  int_vec cnf;
  uint32_t nvars, nclauses;
  term_map lit_of;        /* Boolean term node -> literal */
  term_map linvar_of;     /* arithmetic term -> linear variable */
  term_t *linvar_term;
  bool *is_int;
  uint32_t nlin, caplin;
  arith_atom *atoms;
  uint32_t natoms, capatoms;
  int32_t *atom_at;       /* propositional variable -> index in atoms, or -1 */
  uint32_t cap_atom_at;
  term_vec quants;        /* quantified subformulas (opaque atoms), in order */
  bitblaster *bb;         /* bit-vector atoms (created when first needed) */
  term_vec selects;       /* select terms met in skel_assert, for read-over-write */
  /* div/mod axioms (valid linear facts) */
  lin_cons *ax;
  uint32_t nax, capax;
  bool in_assert;
  /* while encoding an instance: bound variable -> binding, and its memo */
  term_map *env;
  term_map inst_memo;
  bool env_fail;
};

/* t mentions a variable bound by the instance being encoded */
static bool mentions_env(const skel *k, term_t t) {
  if (!k->env) return false;
  term_t *fv;
  uint32_t n = term_free_vars(t, &fv);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; i++) found = term_map_has(k->env, fv[i]);
  free(fv);
  return found;
}

skel *skel_new(void) {
  skel *k = xcalloc(1, sizeof *k);
  term_map_init(&k->lit_of);
  term_map_init(&k->linvar_of);
  k->nvars = 1;                         /* variable 1 is the constant true */
  int one = 1;
  skel_add_clause(k, 1, &one);
  return k;
}

void skel_free(skel *k) {
  if (!k) return;
  int_vec_free(&k->cnf);
  term_map_free(&k->lit_of);
  term_map_free(&k->linvar_of);
  for (uint32_t i = 0; i < k->natoms; i++) lin_clear(&k->atoms[i].c);
  free(k->atoms); free(k->linvar_term); free(k->is_int); free(k->atom_at);
  term_vec_free(&k->quants);
  bitblast_free(k->bb);
  term_vec_free(&k->selects);
  for (uint32_t i = 0; i < k->nax; i++) lin_clear(&k->ax[i]);
  free(k->ax);
  free(k);
}

int skel_new_var(skel *k) { return (int)++k->nvars; }

void skel_add_clause(skel *k, uint32_t n, const int *lits) {
  for (uint32_t i = 0; i < n; i++) int_vec_push(&k->cnf, lits[i]);
  int_vec_push(&k->cnf, 0);
  k->nclauses++;
}
static void clause2(skel *k, int a, int b) { int c[2] = {a, b}; skel_add_clause(k, 2, c); }
static void clause3(skel *k, int a, int b, int c) { int x[3] = {a, b, c}; skel_add_clause(k, 3, x); }

const int_vec *skel_cnf(const skel *k) { return &k->cnf; }
uint32_t skel_nvars(const skel *k) { return k->nvars; }
uint32_t skel_nclauses(const skel *k) { return k->nclauses; }
lin_domain skel_domain(const skel *k) { return (lin_domain){k->is_int, k->nlin}; }
uint32_t skel_nlinvars(const skel *k) { return k->nlin; }
term_t skel_linvar_term(const skel *k, uint32_t v) { return v < k->nlin ? k->linvar_term[v] : NULL_TERM; }

uint32_t skel_new_linvar(skel *k, bool is_int) {
  if (k->nlin == k->caplin) {
    k->caplin = k->caplin ? 2 * k->caplin : 16;
    k->linvar_term = xrealloc(k->linvar_term, k->caplin * sizeof *k->linvar_term);
    k->is_int = xrealloc(k->is_int, k->caplin * sizeof *k->is_int);
  }
  k->linvar_term[k->nlin] = NULL_TERM;
  k->is_int[k->nlin] = is_int;
  return k->nlin++;
}

static void linearize(skel *k, term_t t, const mpq_t m, lin_cons *out);

static lin_cons *new_axiom(skel *k) {
  if (k->nax == k->capax) {
    k->capax = k->capax ? 2 * k->capax : 8;
    k->ax = xrealloc(k->ax, k->capax * sizeof *k->ax);
  }
  lin_init(&k->ax[k->nax]);
  return &k->ax[k->nax++];
}

/* SMT-LIB integer division by a constant c != 0: t = c*(div t c) + (mod t c)
 * and 0 <= (mod t c) <= |c| - 1, the partner term (div for a mod, mod for
 * a div) linearized like any term. Only for the formula's own terms
 * (skel_assert), which the checker meets in the same order. */
static void divmod_axioms(skel *k, term_t t) {
  term_op op = term_op_of(t);
  if (!k->in_assert || (op != OP_MOD && op != OP_IDIV) || term_nargs(t) != 2 || term_op_of(term_arg(t, 1)) != OP_RAT) return;
  term_t a = term_arg(t, 0), b = term_arg(t, 1);
  mpq_t c, x;
  mpq_init(c);
  mpq_init(x);
  term_rat_value(b, c);
  if (mpq_sgn(c) && mpz_cmp_ui(mpq_denref(c), 1) == 0) {
    term_t md = op == OP_MOD ? t : term_mod(a, b), dv = op == OP_MOD ? term_idiv(a, b) : t;
    lin_cons e, m;
    lin_init(&e);
    lin_init(&m);
    mpq_set_si(x, 1, 1);
    linearize(k, a, x, &e);                        /* a - c*div - mod = 0 */
    linearize(k, md, x, &m);
    mpq_neg(x, c);
    linearize(k, dv, x, &e);
    mpq_set_si(x, -1, 1);
    lin_addmul(&e, &m, x);
    e.rel = LIN_EQ;
    lin_copy(new_axiom(k), &e);
    lin_copy(&e, &m);                              /* -mod <= 0 */
    lin_scale(&e, x);
    e.rel = LIN_LE;
    lin_copy(new_axiom(k), &e);
    lin_copy(&e, &m);                              /* mod - (|c| - 1) <= 0 */
    mpq_abs(x, c);
    mpq_sub(e.cst, e.cst, x);
    mpq_set_si(x, 1, 1);
    mpq_add(e.cst, e.cst, x);
    e.rel = LIN_LE;
    lin_copy(new_axiom(k), &e);
    lin_clear(&e);
    lin_clear(&m);
  }
  mpq_clear(c);
  mpq_clear(x);
}

static uint32_t linvar(skel *k, term_t t) {
  int32_t v = term_map_get(&k->linvar_of, t);
  if (v >= 0) return (uint32_t)v;
  uint32_t n = skel_new_linvar(k, type_kind_of(term_type(t)) == TYPE_INT);
  k->linvar_term[n] = t;
  term_map_put(&k->linvar_of, t, (int32_t)n);
  divmod_axioms(k, t);
  if (k->in_assert && term_op_of(t) == OP_SELECT) term_vec_push(&k->selects, t);
  return n;
}

static int encode(skel *k, term_t t, const char **why);

/* Read over write for the formula's select terms with numeric elements:
 * (select (store a i v) j) is v when i = j and (select a j) otherwise;
 * (select (const v) j) is v. New select terms join the queue. Then
 * congruence: (select a i) = (select a j) when i = j. */
static void read_over_write(skel *k) {
  const char *why;
  for (uint32_t q = 0; q < k->selects.size && q < 10000; q++) {
    /* (queue entries stay: the congruence pass below reads them all) */
    term_t t = k->selects.data[q], arr = term_arg(t, 0), j = term_arg(t, 1);
    term_op op = term_op_of(arr);
    if (op == OP_CONST_ARRAY) {
      int l = encode(k, term_eq(t, term_arg(arr, 0)), &why);
      if (l) skel_add_clause(k, 1, &l);
    } else if (op == OP_STORE) {
      term_t a = term_arg(arr, 0), i = term_arg(arr, 1), v = term_arg(arr, 2);
      int same = encode(k, term_eq(i, j), &why);
      int hit = same ? encode(k, term_eq(t, v), &why) : 0;
      int miss = hit ? encode(k, term_eq(t, term_select(a, j)), &why) : 0;
      if (miss) {
        int c1[2] = {-same, hit}, c2[2] = {same, miss};
        skel_add_clause(k, 2, c1);
        skel_add_clause(k, 2, c2);
      }
    }
  }
  /* congruence: reads of one array at equal indices are equal */
  uint32_t pairs = 0;
  for (uint32_t a = 0; a < k->selects.size && pairs < 4000; a++)
    for (uint32_t b = a + 1; b < k->selects.size && pairs < 4000; b++) {
      term_t s1 = k->selects.data[a], s2 = k->selects.data[b];
      if (term_arg(s1, 0) != term_arg(s2, 0)) continue;
      pairs++;
      int same = encode(k, term_eq(term_arg(s1, 1), term_arg(s2, 1)), &why);
      int eqv = same ? encode(k, term_eq(s1, s2), &why) : 0;
      if (eqv) { int c[2] = {-same, eqv}; skel_add_clause(k, 2, c); }
    }
  k->selects.size = 0;
}

uint32_t skel_naxioms(const skel *k) { return k->nax; }
const lin_cons *skel_axiom(const skel *k, uint32_t i) { return &k->ax[i]; }

void skel_add_axioms(const skel *k, lin_cons **hyp, uint32_t *n) {
  uint32_t done = 0;
  for (uint32_t round = 0; round < 8 && done < *n; round++) {
    uint32_t end = *n;
    for (uint32_t a = 0; a < k->nax; a++) {
      bool needed = false, have = false;
      for (uint32_t i = done; i < end && !needed; i++)
        for (uint32_t j = 0; j < (*hyp)[i].n && !needed; j++)
          for (uint32_t l = 0; l < k->ax[a].n && !needed; l++) needed = (*hyp)[i].m[j].var == k->ax[a].m[l].var;
      if (!needed) continue;
      for (uint32_t i = 0; i < *n && !have; i++) have = lin_equal(&(*hyp)[i], &k->ax[a]);
      if (have) continue;
      *hyp = xrealloc(*hyp, (*n + 1) * sizeof **hyp);
      lin_init(&(*hyp)[*n]);
      lin_copy(&(*hyp)[*n], &k->ax[a]);
      (*n)++;
    }
    done = end;
  }
}

uint32_t skel_mul_split(term_t mul, mpq_t k, term_t *other) {
  uint32_t nonconst = 0;
  mpq_t r;
  mpq_init(r);
  *other = NULL_TERM;
  for (uint32_t i = 0; i < term_nargs(mul); i++) {
    term_t a = term_arg(mul, i);
    if (term_op_of(a) != OP_RAT) { *other = a; nonconst++; }
    else if (k) { term_rat_value(a, r); mpq_mul(k, k, r); }
  }
  mpq_clear(r);
  return nonconst;
}

/* out += m * t; non-linear subterms become opaque variables */
static void linearize(skel *k, term_t t, const mpq_t m, lin_cons *out) {
  if (k->env && term_map_has(k->env, t)) { linearize(k, term_map_get(k->env, t), m, out); return; }
  mpq_t q, r;
  mpq_init(q);
  mpq_init(r);
  uint32_t n = term_nargs(t);
  switch (term_op_of(t)) {
  case OP_RAT:
    term_rat_value(t, q);
    mpq_mul(q, q, m);
    mpq_add(out->cst, out->cst, q);
    break;
  case OP_ADD:
    for (uint32_t i = 0; i < n; i++) linearize(k, term_arg(t, i), m, out);
    break;
  case OP_SUB:
    for (uint32_t i = 0; i < n; i++) {
      mpq_set(q, m);
      if (i) mpq_neg(q, q);
      linearize(k, term_arg(t, i), q, out);
    }
    break;
  case OP_NEG:
    mpq_neg(q, m);
    linearize(k, term_arg(t, 0), q, out);
    break;
  case OP_TO_REAL:
    linearize(k, term_arg(t, 0), m, out);
    break;
  case OP_MUL: {
    term_t other;
    mpq_set(q, m);
    uint32_t nonconst = skel_mul_split(t, q, &other);
    if (nonconst == 0) mpq_add(out->cst, out->cst, q);
    else if (nonconst == 1) linearize(k, other, q, out);
    else if (mentions_env(k, t)) k->env_fail = true;
    else lin_add_term(out, linvar(k, t), m);
    break;
  }
  case OP_DIV:
    if (n == 2 && term_op_of(term_arg(t, 1)) == OP_RAT) {
      term_rat_value(term_arg(t, 1), r);
      if (mpq_sgn(r)) { mpq_div(q, m, r); linearize(k, term_arg(t, 0), q, out); break; }
    }
    if (mentions_env(k, t)) k->env_fail = true;
    else lin_add_term(out, linvar(k, t), m);
    break;
  default:
    if (mentions_env(k, t)) k->env_fail = true;
    else lin_add_term(out, linvar(k, t), m);
  }
  mpq_clear(q);
  mpq_clear(r);
}

bool skel_linearize_atom(skel *k, term_t atom, lin_cons *out) {
  term_t a = term_unsigned(atom);
  term_op op = term_op_of(a);
  lin_rel rel;
  if (op == OP_LE) rel = LIN_LE;
  else if (op == OP_LT) rel = LIN_LT;
  else if ((op == OP_EQ || op == OP_DISTINCT) && term_nargs(a) == 2 && type_is_arith(term_type(term_arg(a, 0))))
    rel = op == OP_EQ ? LIN_EQ : LIN_NE;
  else return false;
  lin_clear(out);
  lin_init(out);
  mpq_t one;
  mpq_init(one);
  mpq_set_si(one, 1, 1);
  linearize(k, term_arg(a, 0), one, out);
  mpq_neg(one, one);
  linearize(k, term_arg(a, 1), one, out);
  mpq_clear(one);
  out->rel = rel;
  if (term_is_negated(atom)) lin_negate(out);
  return true;
}

/* Canonical form of c in place: integer constraints tightened, <= or =
 * only, positive first coefficient; real ones with first coefficient 1 and
 * <=, < or =. Returns false when the canonical form is the negation. */
static bool canonicalize(lin_cons *c, lin_domain d) {
  bool pos = true;
  if (c->rel == LIN_NE) { c->rel = LIN_EQ; pos = false; }
  bool ints = lin_is_int(c, d);
  if (ints) lin_tighten(c);
  if (c->n == 0) return pos;
  if (mpq_sgn(c->m[0].coef) < 0) {
    if (c->rel == LIN_EQ) {
      mpq_t m1; mpq_init(m1); mpq_set_si(m1, -1, 1); lin_scale(c, m1); mpq_clear(m1);
    } else {
      lin_negate(c);                   /* t <= 0  iff  not(-t < 0) */
      pos = !pos;
      if (ints) lin_tighten(c);        /* -t < 0 as -t + 1 <= 0 */
    }
  }
  if (!ints) {
    mpq_t s; mpq_init(s); mpq_inv(s, c->m[0].coef); lin_scale(c, s); mpq_clear(s);
  }
  return pos;
}

static int cons_lit(skel *k, const lin_cons *c0, term_t origin);
int skel_cons_lit(skel *k, const lin_cons *c0) { return cons_lit(k, c0, NULL_TERM); }

const lin_cons *skel_var_cons(const skel *k, uint32_t var, term_t *origin) {
  if (var >= k->cap_atom_at || k->atom_at[var] < 0) return NULL;
  const arith_atom *a = &k->atoms[k->atom_at[var]];
  if (origin) *origin = a->origin;
  return &a->c;
}

static int cons_lit(skel *k, const lin_cons *c0, term_t origin) {
  lin_cons c;
  lin_init(&c);
  lin_copy(&c, c0);
  bool pos = canonicalize(&c, skel_domain(k));
  int lit = 0;
  int t = lin_const_truth(&c);
  if (t >= 0) lit = t ? 1 : -1;
  for (uint32_t i = 0; i < k->natoms && !lit; i++)
    if (lin_equal(&k->atoms[i].c, &c)) lit = k->atoms[i].var;
  if (!lit) {
    if (k->natoms == k->capatoms) {
      k->capatoms = k->capatoms ? 2 * k->capatoms : 16;
      k->atoms = xrealloc(k->atoms, k->capatoms * sizeof *k->atoms);
    }
    arith_atom *a = &k->atoms[k->natoms++];
    lin_init(&a->c);
    lin_copy(&a->c, &c);
    a->var = lit = (int)++k->nvars;
    if ((uint32_t)lit >= k->cap_atom_at) {
      uint32_t old = k->cap_atom_at, cap = old ? old : 64;
      while (cap <= (uint32_t)lit) cap *= 2;
      k->atom_at = xrealloc(k->atom_at, cap * sizeof *k->atom_at);
      for (uint32_t i = old; i < cap; i++) k->atom_at[i] = -1;
      k->cap_atom_at = cap;
    }
    k->atom_at[lit] = (int32_t)(k->natoms - 1);
    a->origin = origin == NULL_TERM ? NULL_TERM : pos ? origin : term_not(origin);
  }
  lin_clear(&c);
  return pos ? lit : -lit;
}

static int encode(skel *k, term_t t, const char **why);

int skel_atom_lit(skel *k, term_t atom) {
  if (k->env) {
    term_t u = term_unsigned(atom);
    if (term_map_has(k->env, u)) {                   /* a bound Boolean: its binding */
      term_map *env = k->env;
      k->env = NULL;
      const char *why;
      int l = encode(k, term_map_get(env, u), &why);
      k->env = env;
      return term_is_negated(atom) ? -l : l;
    }
  }
  term_t ua = term_unsigned(atom);
  if (bitblast_is_atom(ua)) {
    if (mentions_env(k, ua)) return 0;
    if (!k->bb) k->bb = bitblast_new(k);
    int l = bitblast_atom(k->bb, ua);
    if (l) return term_is_negated(atom) ? -l : l;
  }
  lin_cons c;
  lin_init(&c);
  int lit;
  k->env_fail = false;
  if (skel_linearize_atom(k, term_unsigned(atom), &c)) {
    lit = k->env_fail ? 0 : cons_lit(k, &c, k->env ? NULL_TERM : term_unsigned(atom));
  } else if (mentions_env(k, atom)) lit = 0;
  else {
    int32_t v = term_map_get(&k->lit_of, term_unsigned(atom));
    if (v < 0) {
      v = (int32_t)++k->nvars;
      term_map_put(&k->lit_of, term_unsigned(atom), v);
      term_op op = term_op_of(atom);
      if (op == OP_FORALL || op == OP_EXISTS) term_vec_push(&k->quants, term_unsigned(atom));
    }
    lit = v;
  }
  lin_clear(&c);
  return term_is_negated(atom) ? -lit : lit;
}

/* The literal of Boolean term t (Tseitin variable for connectives). */
static int encode(skel *k, term_t t, const char **why) {
  term_t u = term_unsigned(t);
  int sign = term_is_negated(t) ? -1 : 1;
  term_op op = term_op_of(u);
  if (op == OP_TRUE) return sign;
  term_map *memo_map = k->env ? &k->inst_memo : &k->lit_of;
  int32_t memo = term_map_get(memo_map, u);
  if (memo >= 0) return sign * memo;
  uint32_t n = term_nargs(u);
  bool boolargs = n > 0 && term_is_bool(term_arg(u, 0));
  int v;
  if (op == OP_AND || op == OP_OR) {
    int *a = xmalloc((n + 1) * sizeof *a);
    for (uint32_t i = 0; i < n; i++) {
      a[i] = encode(k, term_arg(u, i), why);
      if (!a[i]) { free(a); return 0; }
    }
    v = (int)++k->nvars;
    int s = op == OP_AND ? 1 : -1;          /* or = not and of negations */
    for (uint32_t i = 0; i < n; i++) clause2(k, -s * v, s * a[i]);
    for (uint32_t i = 0; i < n; i++) a[i] = -s * a[i];
    a[n] = s * v;
    skel_add_clause(k, n + 1, a);
    free(a);
  } else if ((op == OP_EQ || op == OP_XOR) && n == 2 && boolargs) {
    int a = encode(k, term_arg(u, 0), why), b = a ? encode(k, term_arg(u, 1), why) : 0;
    if (!b) return 0;
    if (op == OP_XOR) b = -b;
    v = (int)++k->nvars;
    clause3(k, -v, -a, b); clause3(k, -v, a, -b);
    clause3(k, v, a, b); clause3(k, v, -a, -b);
  } else if (op == OP_ITE && boolargs && term_is_bool(u)) {
    int c = encode(k, term_arg(u, 0), why);
    int a = c ? encode(k, term_arg(u, 1), why) : 0;
    int b = a ? encode(k, term_arg(u, 2), why) : 0;
    if (!b) return 0;
    v = (int)++k->nvars;
    clause3(k, -v, -c, a); clause3(k, -v, c, b);
    clause3(k, v, -c, -a); clause3(k, v, c, -b);
  } else {                                   /* atoms; quantified formulas are opaque */
    return sign * skel_atom_lit(k, u);
  }
  term_map_put(memo_map, u, v);
  return sign * v;
}

int skel_formula_lit(skel *k, term_t f, const char **why) { return encode(k, f, why); }

/* Mirrors linearize: can t be linearized under k->env without an opaque
 * subterm over a bound variable? */
static bool lin_fits(const skel *k, term_t t) {
  if (term_map_has(k->env, t)) return true;
  uint32_t n = term_nargs(t);
  switch (term_op_of(t)) {
  case OP_RAT: return true;
  case OP_ADD: case OP_SUB: case OP_NEG: case OP_TO_REAL:
    for (uint32_t i = 0; i < n; i++) if (!lin_fits(k, term_arg(t, i))) return false;
    return true;
  case OP_MUL: {
    term_t other;
    uint32_t nonconst = skel_mul_split(t, NULL, &other);
    if (nonconst == 0) return true;
    if (nonconst == 1) return lin_fits(k, other);
    return !mentions_env(k, t);
  }
  case OP_DIV:
    if (n == 2 && term_op_of(term_arg(t, 1)) == OP_RAT) {
      mpq_t r;
      mpq_init(r);
      term_rat_value(term_arg(t, 1), r);
      bool nz = mpq_sgn(r) != 0;
      mpq_clear(r);
      if (nz) return lin_fits(k, term_arg(t, 0));
    }
    return !mentions_env(k, t);
  default:
    return !mentions_env(k, t);
  }
}

/* Would encode succeed on t under k->env (no trace left when it would not)? */
static bool inst_fits(const skel *k, term_t t, term_map *seen) {
  term_t u = term_unsigned(t);
  if (term_map_has(seen, u)) return true;
  term_map_put(seen, u, 1);
  term_op op = term_op_of(u);
  if (op == OP_TRUE) return true;
  bool boolargs = term_nargs(u) > 0 && term_is_bool(term_arg(u, 0));
  if (op == OP_AND || op == OP_OR || ((op == OP_EQ || op == OP_XOR) && term_nargs(u) == 2 && boolargs) ||
      (op == OP_ITE && term_is_bool(u))) {
    for (uint32_t i = 0; i < term_nargs(u); i++) if (!inst_fits(k, term_arg(u, i), seen)) return false;
    return true;
  }
  if (term_map_has(k->env, u)) return true;
  term_t a = u;
  if ((op == OP_LE || op == OP_LT) ||
      ((op == OP_EQ || op == OP_DISTINCT) && term_nargs(a) == 2 && type_is_arith(term_type(term_arg(a, 0)))))
    return lin_fits(k, term_arg(a, 0)) && lin_fits(k, term_arg(a, 1));
  return !mentions_env(k, u);
}

int skel_instance_lit(skel *k, term_t quant, const term_t *binding) {
  term_t u = term_unsigned(quant);
  uint32_t n = term_nargs(u) - 1;
  for (uint32_t i = 0; i < n; i++)
    if (binding[i] == NULL_TERM || term_type(binding[i]) != term_type(term_arg(u, i))) return 0;
  term_map env;
  term_map_init(&env);
  for (uint32_t i = 0; i < n; i++) term_map_put(&env, term_arg(u, i), binding[i]);
  k->env = &env;
  term_map seen;
  term_map_init(&seen);
  bool fits = inst_fits(k, term_arg(u, n), &seen);
  term_map_free(&seen);
  int l = 0;
  term_map_init(&k->inst_memo);
  if (fits) {
    const char *why;
    l = encode(k, term_arg(u, n), &why);
  }
  k->env = NULL;
  term_map_free(&k->inst_memo);
  term_map_free(&env);
  return l;
}
uint32_t skel_nquants(const skel *k) { return k->quants.size; }
term_t skel_quant(const skel *k, uint32_t i) { return k->quants.data[i]; }

bool skel_assert(skel *k, term_t f, const char **why) {
  k->in_assert = true;
  int l = encode(k, f, why);
  read_over_write(k);
  k->in_assert = false;
  if (!l) return false;
  skel_add_clause(k, 1, &l);
  return true;
}
