/* Predicate abstraction for Horn clauses with refinement by tree
 * interpolants (in the spirit of Eldarica), for linear and nonlinear
 * systems alike.
 *
 * Every predicate p has a set of abstraction predicates Π(p) over its
 * params. The abstract fixpoint is a set of abstract facts per predicate,
 * each the set of Π(p) members it implies (a cube); a clause fires on a
 * combination of facts of its body predicates when its constraint together
 * with the cubes is satisfiable, and yields the cube of head predicates
 * implied (one entailment check per member). Facts implied by an existing
 * weaker one are dropped. Combinations are enumerated semi-naively: each
 * once, when its newest fact is processed.
 *
 * When a query fires, the facts' derivation tree is checked concretely
 * (each node a renamed copy of its clause, glued by argument equalities).
 * Satisfiable: a real derivation (unsat). Otherwise the tree, read as a
 * non-recursive Horn system with one predicate per node, is solved for tree
 * interpolants (Spacer on the acyclic system acts as the interpolation
 * procedure, as solver/itp does for sequences); their conjuncts join Π and
 * the abstraction restarts. The model is, per predicate, the disjunction of
 * its facts' cubes. Π starts with the equalities between same-typed
 * arguments of small predicates: relational tasks (product programs) need
 * them and interpolants find them late (4 more of the 100 shared tasks at
 * 10 s). */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/progress.h"
#include "engine/chc_engine.h"
#include "engine/chc_tree.h"
#include "solver/itp.h"
#include "solver/solver.h"

typedef struct {
  uint32_t pred;
  uint32_t nheld;
  uint32_t *held;        /* indices into Π(pred), increasing */
  uint32_t clause;       /* clause that produced it */
  uint32_t *kids;        /* fact ids, one per body application */
} fact;

typedef struct chc_pa {
  const chc_system *s;
  const zeta_limits *lim;   /* the current part's */
  bool seeded;              /* Π's first predicates added (the first part) */
  bool resumable;           /* the last part ran out of time */
  term_vec *pi;          /* per predicate */
  fact *facts;
  uint32_t nfacts, cap;
  uint32_t **by_pred;    /* fact ids per predicate */
  uint32_t *nby, *capby;
  solver *slv;
  uint32_t query_clause; /* when a query fired */
  uint32_t *query_kids;
  uint64_t checks;
  itp_strategy itp;      /* ITP_MBP: paths by MBP, never Spacer */
  const char *itp_why;   /* the last MBP interpolation's failure (-v) */
} pa;

static term_t cube(pa *a, uint32_t f, const term_t *args) {
  const fact *ft = &a->facts[f];
  term_vec v = {0};
  for (uint32_t i = 0; i < ft->nheld; i++)
    term_vec_push(&v, chc_apply_interp(a->s, ft->pred, a->pi[ft->pred].data[ft->held[i]], args));
  term_t r = term_and(v.size, v.data);
  term_vec_free(&v);
  return r;
}

static solver_result check(pa *a, term_t f) {
  a->checks++;
  uint32_t ms = limits_remaining_ms(a->lim);
  solver_set_timeout(a->slv, ms ? ms : 0);
  solver_push(a->slv);
  solver_assert(a->slv, f);
  solver_result r = solver_check(a->slv);
  solver_pop(a->slv, 1);
  return r;
}

static void free_facts(pa *a) {
  for (uint32_t i = 0; i < a->nfacts; i++) { free(a->facts[i].held); free(a->facts[i].kids); }
  a->nfacts = 0;
  for (uint32_t p = 0; p < a->s->npreds; p++) a->nby[p] = 0;
}

/* held(x) ⊆ held(y)? */
static bool subset(const fact *x, const uint32_t *held, uint32_t n) {
  uint32_t j = 0;
  for (uint32_t i = 0; i < x->nheld; i++) {
    while (j < n && held[j] < x->held[i]) j++;
    if (j == n || held[j] != x->held[i]) return false;
  }
  return true;
}

/* Fires clause ci on body facts kids; 1 = new fact or nothing, 0 = query
 * fired, -1 = unknown. */
static int fire(pa *a, uint32_t ci, const uint32_t *kids) {
  const chc_clause *c = &a->s->clauses[ci];
  term_vec parts = {0};
  term_vec_push(&parts, c->constraint);
  for (uint32_t j = 0; j < c->nbody; j++) term_vec_push(&parts, cube(a, kids[j], c->body[j].args));
  term_t phi = term_and(parts.size, parts.data);
  term_vec_free(&parts);
  solver_result r = check(a, phi);
  if (r == SOLVER_UNKNOWN) return -1;
  if (r == SOLVER_UNSAT) return 1;
  if (c->head.pred == CHC_FALSE) {
    a->query_clause = ci;
    a->query_kids = xmalloc((c->nbody + 1) * sizeof(uint32_t));
    memcpy(a->query_kids, kids, c->nbody * sizeof(uint32_t));
    return 0;
  }
  uint32_t q = c->head.pred;
  uint32_t *held = xmalloc((a->pi[q].size + 1) * sizeof(uint32_t)), nh = 0;
  solver_push(a->slv);
  solver_assert(a->slv, phi);
  for (uint32_t i = 0; i < a->pi[q].size; i++) {
    term_t pi = chc_apply_interp(a->s, q, a->pi[q].data[i], c->head.args);
    a->checks++;
    uint32_t ms = limits_remaining_ms(a->lim);
    solver_set_timeout(a->slv, ms);
    solver_push(a->slv);
    solver_assert(a->slv, term_not(pi));
    solver_result rr = solver_check(a->slv);
    solver_pop(a->slv, 1);
    if (rr == SOLVER_UNSAT) held[nh++] = i;
    else if (rr == SOLVER_UNKNOWN && limits_expired(a->lim)) { solver_pop(a->slv, 1); free(held); return -1; }
  }
  solver_pop(a->slv, 1);
  for (uint32_t k = 0; k < a->nby[q]; k++)
    if (subset(&a->facts[a->by_pred[q][k]], held, nh)) { free(held); return 1; }
  XGROW(a->facts, a->cap, a->nfacts + 1);
  fact *f = &a->facts[a->nfacts];
  f->pred = q;
  f->nheld = nh;
  f->held = held;
  f->clause = ci;
  f->kids = xmalloc((c->nbody + 1) * sizeof(uint32_t));
  memcpy(f->kids, kids, c->nbody * sizeof(uint32_t));
  size_t cap = a->capby[q];
  xgrow((void **)&a->by_pred[q], sizeof(uint32_t), &cap, a->nby[q] + 1);
  a->capby[q] = (uint32_t)cap;
  a->by_pred[q][a->nby[q]++] = a->nfacts++;
  return 1;
}

/* Enumerates combinations for clause ci with fact `newest` at position j:
 * positions < j take facts with id < newest, positions > j ids <= newest. */
static int combos(pa *a, uint32_t ci, uint32_t j, uint32_t newest, uint32_t pos, uint32_t *kids) {
  const chc_clause *c = &a->s->clauses[ci];
  if (pos == c->nbody) return fire(a, ci, kids);
  if (limits_expired(a->lim)) return -1;
  if (pos == j) { kids[pos] = newest; return combos(a, ci, j, newest, pos + 1, kids); }
  uint32_t p = c->body[pos].pred;
  uint32_t n = a->nby[p];
  for (uint32_t k = 0; k < n; k++) {
    uint32_t f = a->by_pred[p][k];
    if (pos < j ? f >= newest : f > newest) continue;
    kids[pos] = f;
    int r = combos(a, ci, j, newest, pos + 1, kids);
    if (r <= 0) return r;
  }
  return 1;
}

/* The abstract fixpoint: 1 = no query fires, 0 = a query fired, -1 = unknown. */
static int fixpoint(pa *a) {
  free_facts(a);
  uint32_t kids_cap = 1;
  for (uint32_t i = 0; i < a->s->nclauses; i++)
    if (a->s->clauses[i].nbody + 1 > kids_cap) kids_cap = a->s->clauses[i].nbody + 1;
  uint32_t *kids = xmalloc(kids_cap * sizeof(uint32_t));
  int r = 1;
  for (uint32_t i = 0; i < a->s->nclauses && r > 0; i++)
    if (a->s->clauses[i].nbody == 0) r = fire(a, i, kids);
  for (uint32_t f = 0; f < a->nfacts && r > 0; f++) {
    uint32_t p = a->facts[f].pred;
    /* a fact implied by a later, weaker one is no longer needed */
    for (uint32_t i = 0; i < a->s->nclauses && r > 0; i++) {
      const chc_clause *c = &a->s->clauses[i];
      for (uint32_t j = 0; j < c->nbody && r > 0; j++)
        if (c->body[j].pred == p) r = combos(a, i, j, f, 0, kids);
    }
  }
  free(kids);
  return r;
}

/* ---- counterexample trees ---- */
/* Preorder: parents before children. false when the tree gets too big. */
static bool build_tree(pa *a, chc_tree *t) {
  const chc_clause *qc = &a->s->clauses[a->query_clause];
  chc_tree_add(t, a->query_clause, qc->nbody);
  /* pending (tree node, slot, fact) */
  typedef struct { uint32_t node, slot, fact; } item;
  item *st = NULL;
  size_t n = 0, cap = 0;
  for (uint32_t j = qc->nbody; j-- > 0;) {
    XGROW(st, cap, n + 1);
    st[n++] = (item){0, j, a->query_kids[j]};
  }
  bool ok = true;
  while (n && ok) {
    item it = st[--n];
    const fact *f = &a->facts[it.fact];
    const chc_clause *c = &a->s->clauses[f->clause];
    uint32_t id = chc_tree_add(t, f->clause, c->nbody);
    t->n[it.node].kids[it.slot] = id;
    for (uint32_t j = c->nbody; j-- > 0;) {
      XGROW(st, cap, n + 1);
      st[n++] = (item){id, j, f->kids[j]};
    }
    ok = t->size < 20000;
  }
  free(st);
  return ok;
}

static bool add_pred(pa *a, uint32_t p, term_t t) {
  if (t == NULL_TERM || term_is_true(t) || term_is_false(t)) return false;
  for (uint32_t i = 0; i < a->pi[p].size; i++) if (a->pi[p].data[i] == t) return false;
  term_vec_push(&a->pi[p], t);
  return true;
}

/* The conjuncts of interpolant it (over p's params) join Π(p); returns how
 * many were new. */
static int add_conjuncts(pa *a, uint32_t p, term_t it) {
  term_t *cj;
  uint32_t nc = term_conjuncts(it, &cj);
  int added = 0;
  for (uint32_t i = 0; i < nc; i++) added += add_pred(a, p, cj[i]);
  free(cj);
  return added;
}

/* A path (linear clauses): sequence interpolants by model-based projection
 * (solver/itp.h), no Spacer. Node k's head arguments are named by fresh
 * variables h, shared only with its parent, so the interpolant after node
 * k is over them and becomes a predicate over the head's params. Returns
 * the number of new predicates, or -1. */
static int refine_path(pa *a, const chc_tree *t) {
  const chc_system *s = a->s;
  uint32_t m = t->size;
  term_t **h = xcalloc(m, sizeof(term_t *));
  for (uint32_t k = 1; k < m; k++) {
    const chc_clause *c = &s->clauses[t->n[k].clause];
    uint32_t ar = s->preds[c->head.pred].arity;
    h[k] = xmalloc((ar + 1) * sizeof(term_t));
    for (uint32_t x = 0; x < ar; x++) h[k][x] = term_fresh_var("h", term_type(s->preds[c->head.pred].params[x]));
  }
  term_t *f = xmalloc(m * sizeof(term_t)), *itp = xmalloc(m * sizeof(term_t));
  for (uint32_t k = 0; k < m; k++) {   /* f[m-1-k]: node k (the fact first) */
    const chc_clause *c = &s->clauses[t->n[k].clause];
    term_vec v = {0};
    term_vec_push(&v, chc_tree_copy(c->constraint, k));
    if (k > 0)
      for (uint32_t x = 0; x < s->preds[c->head.pred].arity; x++)
        term_vec_push(&v, term_eq(h[k][x], chc_tree_copy(c->head.args[x], k)));
    if (c->nbody == 1)
      for (uint32_t x = 0; x < s->preds[c->body[0].pred].arity; x++)
        term_vec_push(&v, term_eq(chc_tree_copy(c->body[0].args[x], k), h[t->n[k].kids[0]][x]));
    f[m - 1 - k] = term_and(v.size, v.data);
    term_vec_free(&v);
  }
  int added = -1;
  uint32_t ms = limits_remaining_ms(a->lim);
  if (itp_sequence_only(ITP_MBP, m, f, itp, ms ? ms : 1, &a->itp_why) == SOLVER_UNSAT) {
    added = 0;
    for (uint32_t j = 0; j + 1 < m; j++) {   /* itp[j] follows f[j] = node m-1-j */
      uint32_t k = m - 1 - j, p = s->clauses[t->n[k].clause].head.pred;
      added += add_conjuncts(a, p, term_subst(itp[j], s->preds[p].arity, h[k], s->preds[p].params));
    }
  }
  for (uint32_t k = 1; k < m; k++) free(h[k]);
  free(h); free(f); free(itp);
  return added;
}

/* A tree without Spacer: binary interpolants by model-based projection
 * (itp_tree_mbp: children before parents, in one forked child). Node k's
 * head arguments are named by fresh variables h[k], shared only with its
 * parent; node k's interpolant is over h[k]. Preorder ids put every
 * descendant after its ancestor. Returns the number of new predicates, or
 * -1. */
static int refine_tree_mbp(pa *a, const chc_tree *t) {
  const chc_system *s = a->s;
  uint32_t m = t->size;
  term_t **h = xcalloc(m, sizeof(term_t *));
  uint32_t *parent = xcalloc(m, sizeof(uint32_t));
  for (uint32_t k = 0; k < m; k++) {
    const chc_clause *c = &s->clauses[t->n[k].clause];
    for (uint32_t j = 0; j < c->nbody; j++) parent[t->n[k].kids[j]] = k;
    if (k == 0) continue;
    uint32_t ar = s->preds[c->head.pred].arity;
    h[k] = xmalloc((ar + 1) * sizeof(term_t));
    for (uint32_t x = 0; x < ar; x++) h[k][x] = term_fresh_var("h", term_type(s->preds[c->head.pred].params[x]));
  }
  term_t *node = xmalloc(m * sizeof(term_t)), *itp = xcalloc(m, sizeof(term_t));
  for (uint32_t k = 0; k < m; k++) {   /* the clause instance, glued to h */
    const chc_clause *c = &s->clauses[t->n[k].clause];
    term_vec v = {0};
    term_vec_push(&v, chc_tree_copy(c->constraint, k));
    if (k > 0)
      for (uint32_t x = 0; x < s->preds[c->head.pred].arity; x++)
        term_vec_push(&v, term_eq(h[k][x], chc_tree_copy(c->head.args[x], k)));
    for (uint32_t j = 0; j < c->nbody; j++)
      for (uint32_t x = 0; x < s->preds[c->body[j].pred].arity; x++)
        term_vec_push(&v, term_eq(chc_tree_copy(c->body[j].args[x], k), h[t->n[k].kids[j]][x]));
    node[k] = term_and(v.size, v.data);
    term_vec_free(&v);
  }
  int added = -1;
  uint32_t ms = limits_remaining_ms(a->lim);
  if (itp_tree_mbp(m, node, parent, itp, ms ? ms : 1, &a->itp_why) == SOLVER_UNSAT) {
    added = 0;
    for (uint32_t k = m; k-- > 1;) {
      uint32_t p = s->clauses[t->n[k].clause].head.pred;
      added += add_conjuncts(a, p, term_subst(itp[k], s->preds[p].arity, h[k], s->preds[p].params));
    }
  }
  for (uint32_t k = 1; k < m; k++) free(h[k]);
  free(h); free(parent); free(node); free(itp);
  return added;
}

/* Tree interpolants: the tree as an acyclic Horn system, one predicate per
 * node, solved by Spacer; returns the number of new predicates, or -1.
 * ITP_MBP: never Spacer (paths by sequence, trees by binary interpolants). */
static int refine(pa *a, const chc_tree *t) {
  bool path = t->size >= 2;
  for (uint32_t k = 0; k < t->size && path; k++) path = a->s->clauses[t->n[k].clause].nbody <= 1;
  if (a->itp == ITP_MBP) return path ? refine_path(a, t) : refine_tree_mbp(a, t);
  chc_system ts;
  chc_init(&ts);
  const chc_system *s = a->s;
  for (uint32_t k = 0; k < t->size; k++) {
    const chc_clause *c = &s->clauses[t->n[k].clause];
    uint32_t p = c->head.pred == CHC_FALSE ? CHC_FALSE : c->head.pred;
    uint32_t ar = p == CHC_FALSE ? 0 : s->preds[p].arity;
    type_t *ty = xmalloc((ar + 1) * sizeof(type_t));
    for (uint32_t x = 0; x < ar; x++) ty[x] = term_type(s->preds[p].params[x]);
    char name[32];
    snprintf(name, sizeof name, "itp!N%u", k);
    chc_add_pred(&ts, name, term_fresh_var(name, type_bool()), ar, ty);
    free(ty);
  }
  for (uint32_t k = 0; k < t->size; k++) {
    const chc_clause *c = &s->clauses[t->n[k].clause];
    chc_app *body = xcalloc(c->nbody + 1, sizeof *body);
    for (uint32_t j = 0; j < c->nbody; j++) {
      body[j].pred = t->n[k].kids[j];
      body[j].args = c->body[j].args;
    }
    chc_add_clause(&ts, c->nbody, body, c->constraint, c->head.pred == CHC_FALSE ? CHC_FALSE : k, c->head.args, 0);
    free(body);
  }
  chc_result r;
  chc_spacer_solve_isolated(&ts, a->lim, false, &r);   /* Z3 4.8's Spacer crashes on some bit-vector trees */
  int added = -1;
  if (r.answer == CHC_SAT) {
    added = 0;
    for (uint32_t k = 1; k < t->size; k++) {
      uint32_t p = s->clauses[t->n[k].clause].head.pred;
      added += add_conjuncts(a, p, term_subst(r.interp[k], s->preds[p].arity, ts.preds[k].params, s->preds[p].params));
    }
  }
  chc_result_free(&r);
  chc_free(&ts);
  return added;
}

/* Initial predicates: equalities between same-typed arguments of small
 * predicates (relational invariants of product programs relate copies). */
static void seed_equalities(pa *a) {
  for (uint32_t p = 0; p < a->s->npreds; p++) {
    const chc_pred *pr = &a->s->preds[p];
    if (pr->arity > 12) continue;
    for (uint32_t i = 0; i < pr->arity; i++)
      for (uint32_t j = i + 1; j < pr->arity; j++)
        if (term_type(pr->params[i]) == term_type(pr->params[j]) && !term_is_bool(pr->params[i]))
          add_pred(a, p, term_eq(pr->params[i], pr->params[j]));
  }
}

/* The constant fact c fixes x to (sat, and unsat with x != that value), in
 * out; false when it does not or the solver is undecided. */
static bool fact_value(solver *slv, const chc_clause *c, term_t x, mpz_t out) {
  solver_push(slv);
  solver_assert(slv, c->constraint);
  bool ok = solver_check(slv) == SOLVER_SAT;
  term_t v = ok ? solver_value(slv, x) : NULL_TERM;
  ok = ok && v != NULL_TERM && term_is_const(v) && term_rat_is_int(v);
  if (ok) {
    mpq_t q;
    mpq_init(q);
    term_rat_value(v, q);
    mpz_set(out, mpq_numref(q));
    mpq_clear(q);
    solver_assert(slv, term_not(term_eq(x, v)));
    ok = solver_check(slv) == SOLVER_UNSAT;
  }
  solver_pop(slv, 1);
  return ok;
}

/* Initial predicates: x mod g = r for an Int parameter that each of at
 * least two facts of its predicate fixes to a constant, g >= 2 the gcd of
 * the constants' differences and r their remainder. Interpolants over
 * linear arithmetic give no divisibility: LIA-083 and 112 (facts (3,3),
 * (0,6), (0,0), closed under sums and choices) need x, y = 0 (mod 3). */
static void seed_congruences(pa *a) {
  /* at most a second of queries (each fact's usually answers at once) */
  zeta_limits lim = *a->lim;
  if (!lim.deadline || lim.deadline > limits_now() + 1) lim.deadline = limits_now() + 1;
  solver *slv = solver_new_z3();
  solver_set_timeout(slv, 200);
  mpz_t g, v0, v;
  mpz_inits(g, v0, v, NULL);
  for (uint32_t p = 0; p < a->s->npreds && !limits_expired(&lim); p++) {
    const chc_pred *pr = &a->s->preds[p];
    uint32_t nfacts = 0;
    for (uint32_t c = 0; c < a->s->nclauses; c++)
      nfacts += a->s->clauses[c].nbody == 0 && a->s->clauses[c].head.pred == p;
    if (nfacts < 2 || nfacts > 64 || pr->arity > 12) continue;
    for (uint32_t i = 0; i < pr->arity; i++) {
      if (term_type(pr->params[i]) != type_int()) continue;
      bool ok = true, first = true;
      mpz_set_ui(g, 0);
      for (uint32_t c = 0; c < a->s->nclauses && ok; c++) {
        if (limits_expired(&lim)) { ok = false; break; }
        const chc_clause *cl = &a->s->clauses[c];
        if (cl->nbody != 0 || cl->head.pred != p) continue;
        ok = fact_value(slv, cl, cl->head.args[i], first ? v0 : v);
        if (ok && !first) { mpz_sub(v, v, v0); mpz_gcd(g, g, v); }
        first = false;
      }
      if (!ok || mpz_cmp_ui(g, 2) < 0) continue;
      mpz_fdiv_r(v, v0, g);
      add_pred(a, p, term_eq(term_mod(pr->params[i], term_int_mpz(g)), term_int_mpz(v)));
    }
  }
  mpz_clears(g, v0, v, NULL);
  solver_free(slv);
}

void chc_pa_solve(const chc_system *s, const zeta_limits *lim, chc_result *out) {
  chc_pa_solve_itp(s, lim, ITP_AUTO, out);
}

chc_pa *chc_pa_new(const chc_system *s, itp_strategy itp) {
  pa *a = xcalloc(1, sizeof *a);
  a->s = s;
  a->itp = itp;
  a->pi = xcalloc(s->npreds + 1, sizeof(term_vec));
  a->by_pred = xcalloc(s->npreds + 1, sizeof(uint32_t *));
  a->nby = xcalloc(s->npreds + 1, sizeof(uint32_t));
  a->capby = xcalloc(s->npreds + 1, sizeof(uint32_t));
  a->slv = solver_new_z3();
  return a;
}

/* The model: per predicate, the disjunction of its facts' cubes. */
static void pa_model(pa *a, chc_result *out) {
  const chc_system *s = a->s;
  out->answer = CHC_SAT;
  out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
  for (uint32_t p = 0; p < s->npreds; p++) {
    term_vec d = {0};
    for (uint32_t k = 0; k < a->nby[p]; k++) {
      const fact *f = &a->facts[a->by_pred[p][k]];
      term_vec c = {0};
      for (uint32_t i = 0; i < f->nheld; i++) term_vec_push(&c, a->pi[p].data[f->held[i]]);
      term_vec_push(&d, term_and(c.size, c.data));
      term_vec_free(&c);
    }
    out->interp[p] = term_or(d.size, d.data);
    term_vec_free(&d);
  }
}

void chc_pa_run(chc_pa *a, const zeta_limits *lim, chc_result *out) {
  const chc_system *s = a->s;
  chc_result_start(out, "pa (predicate abstraction, tree interpolants)");
  out->reason = "timeout";
  a->lim = lim;
  if (!a->seeded) {
    seed_equalities(a);
    seed_congruences(a);
    a->seeded = true;
  }
  while (!limits_expired(lim)) {
    free(a->query_kids);
    a->query_kids = NULL;
    int r = fixpoint(a);
    if (r < 0) break;
    if (r > 0) {
      pa_model(a, out);
      break;
    }
    chc_tree t = {0};
    if (!build_tree(a, &t)) { chc_tree_free(&t); out->reason = "pa: counterexample tree too large"; break; }
    term_t f = chc_tree_formula(s, &t);
    solver *cs = solver_new_z3();
    solver_set_timeout(cs, limits_remaining_ms(lim));
    solver_assert(cs, f);
    solver_result cr = solver_check(cs);
    if (cr == SOLVER_SAT) {
      out->answer = CHC_UNSAT;
      chc_tree_derivation(s, &t, cs, &out->deriv);
    }
    solver_free(cs);
    if (cr != SOLVER_UNSAT) { chc_tree_free(&t); if (cr == SOLVER_UNKNOWN && !limits_expired(lim)) out->reason = "pa: tree check unknown"; break; }
    int added = refine(a, &t);
    if (added < 0 && a->itp == ITP_MBP) progress_tick("zeta: pa: %s (tree of %u nodes)", a->itp_why ? a->itp_why : "?", t.size);
    chc_tree_free(&t);
    progress_tick("zeta: pa: refined, %d new predicates", added);
    if (added <= 0) {
      /* an interpolation the deadline cut is a timeout, not a failure
       * (LIA-255: one of 114 per-call children cut at the end) */
      out->reason = limits_expired(lim) ? "timeout"
                    : added == 0 ? "pa: refinement made no progress"
                    : a->itp == ITP_MBP ? "pa: interpolation failed (MBP)" : "pa: interpolation failed";
      break;
    }
  }
  /* a check cut by the part's end (its timeout is the time left) may
   * come back unknown just before limits_expired says so */
  a->resumable = out->answer == CHC_UNKNOWN && strcmp(out->reason, "timeout") == 0;
}

bool chc_pa_resumable(const chc_pa *a) { return a->resumable; }

void chc_pa_free(chc_pa *a) {
  if (!a) return;
  free_facts(a);
  for (uint32_t p = 0; p < a->s->npreds; p++) { term_vec_free(&a->pi[p]); free(a->by_pred[p]); }
  free(a->pi); free(a->by_pred); free(a->nby); free(a->capby); free(a->facts); free(a->query_kids);
  solver_free(a->slv);
  free(a);
}

void chc_pa_solve_itp(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *out) {
  chc_pa *a = chc_pa_new(s, itp);
  chc_pa_run(a, lim, out);
  chc_pa_free(a);
}
