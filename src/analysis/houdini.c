/* Houdini over candidate inequalities (houdini.h). One solver per edge
 * holds the edge's formula; each query pushes the source's invariant and
 * the negated conjunction of the target's live candidates. */
#include "analysis/houdini.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "core/term_map.h"
#include "ir/cfa_live.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

#define MAX_CONSTS 24
#define MAX_CANDS 3000   /* per location */
#define MAX_OCT_VARS 12
#define MAX_MODES 2         /* guards of guarded candidates */
#define MAX_GUARDED 400     /* base candidates guarded (each twice per guard) */
#define MAX_MODE_LOCS 2000  /* the cycle search is quadratic in the locations */

#define MAX_BV_CONSTS 16
#define BV_CONST_BITS 16    /* |c| < 2^16: loop bounds and small flags, not masks */

typedef struct {
  term_vec ints;     /* integer variables of the CFA */
  term_vec consts;   /* distinct integer constants (Int literals) */
  term_vec atoms;    /* comparisons over integers or bit-vectors in the conditions */
  term_vec bvs;      /* bit-vector variables (C's machine integers) */
  long bv_consts[MAX_BV_CONSTS];   /* small bit-vector literals, read as signed */
  uint32_t nbv_consts;
  term_map seen;
} collect;

static bool is_int(term_t t) { return type_kind_of(term_type(t)) == TYPE_INT; }
static bool is_bv(term_t t) { return type_kind_of(term_type(t)) == TYPE_BV; }

static bool is_comparison(term_t t) {
  term_op op = term_op_of(t);
  return (op == OP_LE || op == OP_LT || (op == OP_EQ && term_nargs(t) == 2)) && is_int(term_arg(t, 0));
}

static bool is_bv_comparison(term_t t) {
  term_op op = term_op_of(t);
  return op == OP_BVULT || op == OP_BVULE || op == OP_BVSLT || op == OP_BVSLE ||
         (op == OP_EQ && term_nargs(t) == 2 && is_bv(term_arg(t, 0)));
}

/* A bit-vector literal's value, read as signed (two's complement) or not. */
static void bv_literal(term_t t, bool is_signed, mpz_t out) {
  uint32_t w = type_bv_width(term_type(t));
  term_bv_value(t, out);
  if (is_signed && mpz_tstbit(out, w - 1)) {
    mpz_t m;
    mpz_init(m);
    mpz_ui_pow_ui(m, 2, w);
    mpz_sub(out, out, m);
    mpz_clear(m);
  }
}

/* A bit-vector literal's signed value, if it is small. */
static bool small_bv(term_t t, long *v) {
  mpz_t z;
  mpz_init(z);
  bv_literal(t, true, z);
  bool ok = mpz_sizeinbase(z, 2) < BV_CONST_BITS;
  if (ok) *v = mpz_get_si(z);
  mpz_clear(z);
  return ok;
}

static void add_bv_const(collect *k, term_t t) {
  long v;
  if (!small_bv(t, &v) || k->nbv_consts >= MAX_BV_CONSTS) return;
  for (uint32_t i = 0; i < k->nbv_consts; i++)
    if (k->bv_consts[i] == v) return;
  k->bv_consts[k->nbv_consts++] = v;
}

/* Integer literals below t (memoized: terms are DAGs). */
static void find_consts(collect *k, term_t t) {
  t = term_unsigned(t);
  if (term_map_has(&k->seen, t)) return;
  term_map_put(&k->seen, t, 1);
  if (term_op_of(t) == OP_RAT) {
    if (is_int(t) && k->consts.size < MAX_CONSTS) {
      for (uint32_t i = 0; i < k->consts.size; i++)
        if (k->consts.data[i] == t) return;
      term_vec_push(&k->consts, t);
    }
    return;
  }
  if (term_op_of(t) == OP_BV) {
    add_bv_const(k, t);
    return;
  }
  if (term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS) return;
  for (uint32_t i = 0; i < term_nargs(t); i++) find_consts(k, term_arg(t, i));
}

static void find_stmts(collect *k, const cfa_stmt *s, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (s[i].kind == CFA_CHOICE) {
      for (uint32_t j = 0; j < s[i].nalts; j++) find_stmts(k, s[i].alts[j].stmts, s[i].alts[j].n);
      continue;
    }
    if (s[i].expr == NULL_TERM) continue;
    find_consts(k, s[i].expr);
    if (s[i].kind != CFA_ASSUME) continue;
    term_t *at;
    uint32_t na = term_atoms(s[i].expr, &at);
    for (uint32_t j = 0; j < na; j++) {
      term_t a = term_unsigned(at[j]);
      if (!is_comparison(a) && !is_bv_comparison(a)) continue;
      bool dup = false;
      for (uint32_t q = 0; q < k->atoms.size && !dup; q++) dup = k->atoms.data[q] == a;
      if (!dup) term_vec_push(&k->atoms, a);
    }
    free(at);
  }
}

/* Constants of the range checks (±2^31 and beyond) say nothing new. */
static bool small_const(term_t c) {
  mpq_t q;
  mpq_init(q);
  term_rat_value(c, q);
  bool ok = mpz_sizeinbase(mpq_numref(q), 2) <= 30;
  mpq_clear(q);
  return ok;
}

static void push_unique(term_vec *v, term_t t) {
  if (term_is_true(t) || term_is_false(t)) return;
  for (uint32_t i = 0; i < v->size; i++)
    if (v->data[i] == t) return;
  if (v->size < MAX_CANDS) term_vec_push(v, t);
}

/* Bounds of a bit-vector variable by the program's small constants that
 * fit its width, signed and unsigned: a C loop counter's range. */
static void bv_candidates(const collect *k, term_vec *out) {
  for (uint32_t i = 0; i < k->bvs.size; i++) {
    term_t x = k->bvs.data[i];
    uint32_t w = type_bv_width(term_type(x));
    if (w < 2) continue;
    for (uint32_t j = 0; j < k->nbv_consts; j++) {
      long v = k->bv_consts[j];
      bool fits_s = w > 63 || (v >= -(1L << (w - 1)) && v < (1L << (w - 1)));
      if (!fits_s) continue;
      mpz_t z;
      mpz_init_set_si(z, v);
      term_t c = term_bv_mpz(w, z);   /* taken modulo 2^w */
      mpz_clear(z);
      push_unique(out, term_bvop2(OP_BVSLE, x, c));
      push_unique(out, term_bvop2(OP_BVSLE, c, x));
      if (v >= 0) {
        push_unique(out, term_bvop2(OP_BVULE, x, c));
        push_unique(out, term_bvop2(OP_BVULE, c, x));
      }
    }
  }
}

/* The candidates (the same at every location). */
static void candidates(const collect *k, term_vec *out) {
  for (uint32_t i = 0; i < k->atoms.size; i++) {
    term_t a = k->atoms.data[i], x = term_arg(a, 0), y = term_arg(a, 1);
    if (term_op_of(a) == OP_EQ) {
      if (is_bv(x)) {
        push_unique(out, a);
        push_unique(out, term_not(a));
        continue;
      }
      push_unique(out, term_le(x, y));
      push_unique(out, term_ge(x, y));
      continue;
    }
    push_unique(out, a);
    push_unique(out, term_not(a));
    if (term_op_of(a) == OP_LT) push_unique(out, term_le(x, y));
    if (term_op_of(a) == OP_BVULT) push_unique(out, term_bvop2(OP_BVULE, x, y));
    if (term_op_of(a) == OP_BVSLT) push_unique(out, term_bvop2(OP_BVSLE, x, y));
  }
  bv_candidates(k, out);
  for (uint32_t i = 0; i < k->ints.size; i++) {
    term_t x = k->ints.data[i];
    for (uint32_t j = 0; j < k->consts.size; j++) {
      if (!small_const(k->consts.data[j])) continue;
      push_unique(out, term_le(x, k->consts.data[j]));
      push_unique(out, term_ge(x, k->consts.data[j]));
    }
    for (uint32_t j = 0; j < k->ints.size && k->ints.size > MAX_OCT_VARS; j++)
      if (j != i) push_unique(out, term_le(x, k->ints.data[j]));
  }
  /* octagon-style differences x - y <= c, c 0 or a constant of the program
   * (i - j < 100 in string_concat), for programs with few variables */
  if (k->ints.size > MAX_OCT_VARS) return;
  for (uint32_t i = 0; i < k->ints.size; i++)
    for (uint32_t j = 0; j < k->ints.size; j++) {
      if (i == j) continue;
      term_t d = term_sub(k->ints.data[i], k->ints.data[j]);
      for (uint32_t q = 0; q < k->consts.size; q++)
        if (small_const(k->consts.data[q])) {
          push_unique(out, term_le(d, k->consts.data[q]));
          push_unique(out, term_lt(d, k->consts.data[q]));
        }
    }
}

/* Marks in w the variables statements s assign or havoc. */
static void mark_written(const cfa *c, const cfa_stmt *s, uint32_t n, bool *w) {
  for (uint32_t i = 0; i < n; i++) {
    if (s[i].kind == CFA_CHOICE) {
      for (uint32_t j = 0; j < s[i].nalts; j++) mark_written(c, s[i].alts[j].stmts, s[i].alts[j].n, w);
      continue;
    }
    if (s[i].kind == CFA_ASSIGN || s[i].kind == CFA_HAVOC) {
      uint32_t v = cfa_var_index(c, s[i].var);
      if (v != CFA_NONE) w[v] = true;
    }
  }
}

/* The edges on a cycle (their source is reachable from their target), or
 * NULL for large CFAs. */
static bool *cycle_edges(const cfa *c) {
  if (c->nlocs > MAX_MODE_LOCS) return NULL;
  bool *on = xcalloc(c->nedges + 1, sizeof(bool)), *seen = xmalloc(c->nlocs + 1);
  uint32_t *stack = xmalloc((c->nlocs + 1) * sizeof *stack);
  for (uint32_t e = 0; e < c->nedges; e++) {
    memset(seen, 0, c->nlocs + 1);
    uint32_t top = 0, src = c->edges[e].src;
    stack[top++] = c->edges[e].dst;
    seen[c->edges[e].dst] = true;
    while (top && !on[e]) {
      uint32_t l = stack[--top];
      on[e] = l == src;
      for (uint32_t j = 0; j < c->locs[l].nout && !on[e]; j++) {
        uint32_t d = c->edges[c->locs[l].out[j]].dst;
        if (!seen[d]) seen[d] = true, stack[top++] = d;
      }
    }
  }
  free(seen), free(stack);
  return on;
}

/* The locations from which a cycle can be reached. */
static bool *reach_cycle(const cfa *c, const bool *on) {
  bool *r = xcalloc(c->nlocs + 1, sizeof(bool));
  for (uint32_t e = 0; e < c->nedges; e++)
    if (on[e]) r[c->edges[e].src] = true;
  for (bool again = true; again;) {
    again = false;
    for (uint32_t e = 0; e < c->nedges; e++)
      if (r[c->edges[e].dst] && !r[c->edges[e].src]) r[c->edges[e].src] = again = true;
  }
  return r;
}

/* How many of t's free variables are marked in m (*n: how many it has). */
static uint32_t marked_vars(const cfa *c, term_t t, const bool *m, uint32_t *n) {
  term_t *fv;
  *n = term_free_vars(t, &fv);
  uint32_t k = 0;
  for (uint32_t i = 0; i < *n; i++) {
    uint32_t v = cfa_var_index(c, fv[i]);
    k += v != CFA_NONE && m[v];
  }
  free(fv);
  return k;
}

/* Are all of t's variables (at least one) marked in ok? */
static bool only_over(const cfa *c, term_t t, const bool *ok) {
  uint32_t n, k = marked_vars(c, t, ok, &n);
  return n > 0 && k == n;
}

/* Does t mention a variable marked in m? */
static bool mentions(const cfa *c, term_t t, const bool *m) {
  uint32_t n;
  return marked_vars(c, t, m, &n) > 0;
}

/* The conditions over variables marked in cv that statements s assume on
 * a branch (branch: s is one of two ways to a loop; inside a choice, each
 * alternative is one), into modes. */
static void find_modes(const cfa *c, const cfa_stmt *s, uint32_t n, bool branch, const bool *cv, term_vec *modes) {
  for (uint32_t q = 0; q < n; q++) {
    if (s[q].kind == CFA_CHOICE) {
      for (uint32_t j = 0; j < s[q].nalts; j++)
        find_modes(c, s[q].alts[j].stmts, s[q].alts[j].n, branch || s[q].nalts >= 2, cv, modes);
      continue;
    }
    if (s[q].kind != CFA_ASSUME || !branch) continue;
    term_t *at;
    uint32_t na = term_atoms(s[q].expr, &at);
    for (uint32_t i = 0; i < na; i++) {
      term_t g = term_unsigned(at[i]);
      if (!is_comparison(g) || !only_over(c, g, cv)) continue;
      bool dup = false;
      for (uint32_t m = 0; m < modes->size && !dup; m++) dup = modes->data[m] == g;
      if (!dup && modes->size < MAX_MODES) term_vec_push(modes, g);
    }
    free(at);
  }
}

/* Guarded candidates "g or c" and "not g or c" for the modes g and the
 * candidates c without g's variables. A mode is a condition over
 * variables that no edge on a cycle writes, on a branch where two ways go
 * on to loops: facts that hold in one case of it only (ddlm2013: flag != 0
 * implies a = b and j = i + 1; neither holds without the guard). Input
 * checks whose other way ends the program (n < 1000000) are not modes. */
static void guarded(const cfa *c, term_vec *cand) {
  bool *on = cycle_edges(c);
  if (!on) return;
  bool *rc = reach_cycle(c, on);
  bool *cv = xcalloc(c->vars.size + 1, sizeof(bool)), *gv = xcalloc(c->vars.size + 1, sizeof(bool));
  for (uint32_t e = 0; e < c->nedges; e++)
    if (on[e]) mark_written(c, c->edges[e].stmts, c->edges[e].nstmts, cv);
  for (uint32_t v = 0; v < c->vars.size; v++) cv[v] = !cv[v];
  term_vec modes = {0};
  for (uint32_t l = 0; l < c->nlocs; l++) {
    uint32_t ways = 0;
    for (uint32_t j = 0; j < c->locs[l].nout; j++) ways += rc[c->edges[c->locs[l].out[j]].dst];
    for (uint32_t j = 0; j < c->locs[l].nout; j++) {
      const cfa_edge *ed = &c->edges[c->locs[l].out[j]];
      if (rc[ed->dst]) find_modes(c, ed->stmts, ed->nstmts, ways >= 2, cv, &modes);
    }
  }
  uint32_t nbase = cand->size;
  for (uint32_t m = 0; m < modes.size; m++) {
    term_t g = modes.data[m], *fv;
    uint32_t n = term_free_vars(g, &fv);
    memset(gv, 0, c->vars.size + 1);
    for (uint32_t j = 0; j < n; j++) gv[cfa_var_index(c, fv[j])] = true;
    free(fv);
    for (uint32_t j = 0, used = 0; j < nbase && used < MAX_GUARDED; j++) {
      term_t b = cand->data[j];
      if (mentions(c, b, gv)) continue;
      used++;
      push_unique(cand, term_or2(g, b));
      push_unique(cand, term_or2(term_not(g), b));
    }
  }
  term_vec_free(&modes);
  free(on), free(rc), free(cv), free(gv);
}

typedef struct {
  cfa *c;
  const term_t *base;
  term_vec cand;     /* shared candidate list */
  bool *live;        /* nlocs * ncand */
  uint32_t ncand;
} houdini;

static bool *live_at(houdini *h, uint32_t l) { return &h->live[(size_t)l * h->ncand]; }

static term_t inv_at(houdini *h, uint32_t l, bool with_base) {
  term_vec v = {0};
  if (with_base && h->base) term_vec_push(&v, h->base[l]);
  bool *lv = live_at(h, l);
  for (uint32_t i = 0; i < h->ncand; i++)
    if (lv[i]) term_vec_push(&v, h->cand.data[i]);
  term_t t = term_and(v.size, v.data);
  term_vec_free(&v);
  return t;
}

static void kill_all(houdini *h, uint32_t l) { memset(live_at(h, l), 0, h->ncand * sizeof(bool)); }

/* Drops the target's candidates that edge e can falsify; true if any died.
 * *failed on an undecided query or the budget. */
static bool check_edge(houdini *h, solver *s, uint32_t e, uint32_t timeout_ms, double end, bool *failed) {
  const cfa_edge *ed = &h->c->edges[e];
  bool *lv = live_at(h, ed->dst), changed = false;
  term_t src = inv_at(h, ed->src, true);
  for (;;) {
    term_t dst = inv_at(h, ed->dst, false);
    if (term_is_true(dst)) return changed;
    if (limits_now() > end) {
      *failed = true;
      return changed;
    }
    solver_push(s);
    solver_assert(s, src);
    solver_assert(s, term_not(term_shift(dst, 1)));
    solver_set_timeout(s, timeout_ms);
    solver_result r = solver_check(s);
    if (r == SOLVER_UNSAT) {
      solver_pop(s, 1);
      return changed;
    }
    uint32_t died = 0;
    if (r == SOLVER_SAT) {
      for (uint32_t i = 0; i < h->ncand; i++) {
        if (!lv[i]) continue;
        term_t v = solver_value(s, term_shift(h->cand.data[i], 1));
        if (v == NULL_TERM || !term_is_true(v)) lv[i] = false, died++;
      }
    }
    solver_pop(s, 1);
    if (died == 0) {   /* undecided, or a model that falsifies nothing: give up on dst */
      kill_all(h, ed->dst);
      if (r != SOLVER_SAT) *failed = true;
      return true;
    }
    changed = true;
  }
}

/* A candidate as e <= b (upper) or e >= b (lower), e not a constant: over
 * the integers (kind 0), or over bit-vectors compared signed (1) or
 * unsigned (2), b then the literal's signed or unsigned value; strict and
 * negated forms shifted by one (a bound beyond the range is a false
 * candidate, which implies any other). */
typedef struct { term_t e; bool upper; int kind; mpq_t b; } bound;

static void literal_value(term_t t, int kind, mpq_t out) {
  if (kind == 0) {
    term_rat_value(t, out);
    return;
  }
  mpz_t z;
  mpz_init(z);
  bv_literal(t, kind == 1, z);
  mpq_set_z(out, z);
  mpz_clear(z);
}

static bool as_bound(term_t t, bound *o) {
  bool neg = term_is_negated(t);
  term_t a = term_unsigned(t);
  term_op op = term_op_of(a);
  int kind;
  bool strict;
  switch (op) {
  case OP_LE: case OP_LT: kind = 0, strict = op == OP_LT; break;
  case OP_BVSLE: case OP_BVSLT: kind = 1, strict = op == OP_BVSLT; break;
  case OP_BVULE: case OP_BVULT: kind = 2, strict = op == OP_BVULT; break;
  default: return false;
  }
  if (kind == 0 && !is_int(term_arg(a, 0))) return false;
  term_t x = term_arg(a, 0), y = term_arg(a, 1);
  term_op lit = kind ? OP_BV : OP_RAT;
  bool cy = term_op_of(y) == lit, cx = term_op_of(x) == lit;
  if (cx == cy) return false;
  /* x <= c (upper), c <= y (lower); negation flips the direction and the strictness */
  o->e = cy ? x : y;
  o->upper = cy != neg;
  o->kind = kind;
  literal_value(cy ? y : x, kind, o->b);
  if (neg) strict = !strict;
  if (strict) {
    mpq_t one;
    mpq_init(one);
    mpq_set_si(one, o->upper ? -1 : 1, 1);
    mpq_add(o->b, o->b, one);
    mpq_clear(one);
  }
  return true;
}

/* a is implied by another live candidate of the form "the same e, a
 * tighter bound" (ties: the later one goes). */
static bool dominated(const bound *bs, const bool *has, const bool *lv, uint32_t n, uint32_t a) {
  if (!has[a]) return false;
  for (uint32_t j = 0; j < n; j++) {
    if (j == a || !lv[j] || !has[j] || bs[j].e != bs[a].e || bs[j].upper != bs[a].upper || bs[j].kind != bs[a].kind)
      continue;
    int cmp = mpq_cmp(bs[j].b, bs[a].b);
    if (bs[a].upper ? cmp < 0 : cmp > 0) return true;
    if (cmp == 0 && j < a) return true;
  }
  return false;
}

static term_t survivors(houdini *h, uint32_t l) {
  bool *lv = live_at(h, l), *has = xcalloc(h->ncand + 1, sizeof(bool));
  bound *bs = xmalloc((h->ncand + 1) * sizeof *bs);
  for (uint32_t i = 0; i < h->ncand; i++) {
    mpq_init(bs[i].b);
    has[i] = lv[i] && as_bound(h->cand.data[i], &bs[i]);
  }
  term_vec v = {0};
  for (uint32_t i = 0; i < h->ncand; i++)
    if (lv[i] && !dominated(bs, has, lv, h->ncand, i)) term_vec_push(&v, h->cand.data[i]);
  for (uint32_t i = 0; i < h->ncand; i++) mpq_clear(bs[i].b);
  free(bs), free(has);
  term_t t = term_and(v.size, v.data);
  term_vec_free(&v);
  return t;
}

/* A candidate starts alive where all its variables are live or named by
 * the base invariant (a fact about dead variables helps no one, unless an
 * equality ties them to live ones: k = i0 + i1 - j1 in seq-3), except at
 * init and error. */
static void start_live(houdini *h) {
  cfa *c = h->c;
  uint32_t nv = c->vars.size;
  bool *lv = cfa_live_vars(c);
  for (uint32_t l = 0; l < c->nlocs && h->base; l++) {
    term_t *fv;
    uint32_t n = term_free_vars(h->base[l], &fv);
    for (uint32_t j = 0; j < n; j++) {
      uint32_t v = cfa_var_index(c, fv[j]);
      if (v != CFA_NONE) lv[(size_t)l * nv + v] = true;
    }
    free(fv);
  }
  for (uint32_t i = 0; i < h->ncand; i++) {
    term_t *fv;
    uint32_t n = term_free_vars(h->cand.data[i], &fv);
    for (uint32_t l = 0; l < c->nlocs; l++) {
      bool ok = l != c->init && l != c->error;
      for (uint32_t j = 0; j < n && ok; j++) ok = lv[(size_t)l * nv + cfa_var_index(c, fv[j])];
      live_at(h, l)[i] = ok;
    }
    free(fv);
  }
  free(lv);
}

/* The edges in the order of a depth-first search from init (reverse
 * post-order of their sources): candidates die at a loop head from its
 * entry edge before the loop's own edges are asked. */
static uint32_t *edge_order(const cfa *c) {
  uint32_t *post = xmalloc((c->nlocs + 1) * sizeof *post), np = 0;
  uint32_t *stack = xmalloc((c->nedges + c->nlocs + 1) * sizeof *stack), *it = xcalloc(c->nlocs + 1, sizeof *it);
  bool *seen = xcalloc(c->nlocs + 1, sizeof(bool));
  uint32_t top = 0;
  stack[top++] = c->init;
  seen[c->init] = true;
  while (top) {
    uint32_t l = stack[top - 1];
    if (it[l] < c->locs[l].nout) {
      uint32_t d = c->edges[c->locs[l].out[it[l]++]].dst;
      if (!seen[d]) seen[d] = true, stack[top++] = d;
    } else {
      post[np++] = l, top--;
    }
  }
  uint32_t *order = xmalloc((c->nedges + 1) * sizeof *order), ne = 0;
  for (uint32_t i = np; i-- > 0;)
    for (uint32_t j = 0; j < c->locs[post[i]].nout; j++) order[ne++] = c->locs[post[i]].out[j];
  for (uint32_t e = 0; e < c->nedges; e++)   /* edges from unreachable sources last */
    if (!seen[c->edges[e].src]) order[ne++] = e;
  free(post), free(stack), free(it), free(seen);
  return order;
}

bool cfa_houdini_invariants(cfa *c, const term_t *base, uint32_t timeout_ms, uint32_t budget_ms, term_t **inv) {
  *inv = NULL;
  if (c->init == CFA_NONE) return false;
  for (uint32_t e = 0; e < c->nedges; e++)
    if (c->edges[e].call) return false;
  collect k = {0};
  term_map_init(&k.seen);
  for (uint32_t i = 0; i < c->vars.size; i++) {
    if (is_int(c->vars.data[i])) term_vec_push(&k.ints, c->vars.data[i]);
    if (is_bv(c->vars.data[i])) term_vec_push(&k.bvs, c->vars.data[i]);
  }
  term_vec_push(&k.consts, term_int(0));
  for (uint32_t e = 0; e < c->nedges; e++) find_stmts(&k, c->edges[e].stmts, c->edges[e].nstmts);
  houdini h = {c, base, {0}, NULL, 0};
  if (k.ints.size || k.bvs.size) candidates(&k, &h.cand);
  if (h.cand.size) guarded(c, &h.cand);
  term_vec_free(&k.ints), term_vec_free(&k.consts), term_vec_free(&k.atoms), term_vec_free(&k.bvs);
  term_map_free(&k.seen);
  h.ncand = h.cand.size;
  if (h.ncand == 0) return false;
  h.live = xmalloc((size_t)c->nlocs * h.ncand + 1);
  start_live(&h);
  solver **sv = xcalloc(c->nedges + 1, sizeof *sv);
  bool *dirty = xmalloc(c->nedges + 1), failed = false, any = false;
  memset(dirty, 1, c->nedges + 1);
  double end = limits_now() + budget_ms / 1000.0;
  uint32_t *order = edge_order(c);
  for (bool again = true; again && !failed;) {
    again = false;
    for (uint32_t q = 0; q < c->nedges && !failed; q++) {
      uint32_t e = order[q];
      if (!dirty[e]) continue;
      dirty[e] = false;
      if (c->edges[e].dst == c->error) continue;
      if (!sv[e]) {
        sv[e] = solver_new_z3();
        solver_assert(sv[e], cfa_edge_formula(c, e));
      }
      if (!check_edge(&h, sv[e], e, timeout_ms, end, &failed)) continue;
      /* the target's invariant shrank: its outgoing edges assumed more
       * (edges into it only have less to show) */
      const cfa_loc *d = &c->locs[c->edges[e].dst];
      for (uint32_t i = 0; i < d->nout; i++) dirty[d->out[i]] = true;
      again = true;
    }
  }
  for (uint32_t e = 0; e < c->nedges; e++) solver_free(sv[e]);
  free(sv), free(dirty), free(order);
  if (!failed) {
    term_t *res = xmalloc((c->nlocs + 1) * sizeof *res);
    for (uint32_t l = 0; l < c->nlocs; l++) {
      res[l] = survivors(&h, l);
      any |= !term_is_true(res[l]);
    }
    if (any) *inv = res;
    else free(res);
  }
  free(h.live);
  term_vec_free(&h.cand);
  return !failed && any;
}
