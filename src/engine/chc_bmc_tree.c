/* Bounded model checking of non-linear Horn clauses: derivation trees of
 * growing height, unrolled top-down in one incremental solver.
 *
 * Every node of the unrolling stands for one derivation node of a
 * predicate (the root: a query). It has argument variables, an `active`
 * literal and, per clause that can derive its predicate, a selector: an
 * active node picks one clause, whose copy (variables renamed apart) then
 * holds, with the head arguments equal to the node's and each body
 * application equal to a child node, which becomes active. Children are
 * shared between the clauses of one node by (predicate, occurrence): a
 * node of P(x) ∧ P(y) → P(z) and P(x) → P(x+1) has two P children, not
 * three. The nodes at the frontier (not yet unrolled) are assumed
 * inactive, so depth d asks for a derivation of height at most d; the next
 * depth unrolls the frontier and keeps everything asserted so far. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/chc_engine.h"
#include "solver/solver.h"

/* Clause copies in all: the unrolling grows with the product of the body
 * sizes per level (2^depth for two body applications), so it stops here
 * (LIA-270, 644 clauses: 4 GB before depth 10 without a bound). */
#define TREE_MAX_COPIES 20000
/* The same in terms copied (each clause weighs its constraint's DAG size
 * and its arguments): large clauses make copies costly in memory (about
 * 2 KB per unit with Z3's share: LIA-270 at depth 8, 1.2 M, took 2.2 GB). */
#define TREE_MAX_WEIGHT 400000

typedef struct {
  uint32_t clause;
  term_t sel;           /* this clause derives the node */
} alt;

typedef struct {
  uint32_t pred;        /* CHC_FALSE: the root (a query) */
  term_t active;
  term_t *args;         /* the predicate's arity, fresh variables */
  alt *alts;
  uint32_t nalts;
  uint32_t *kids;       /* child nodes, per (predicate, occurrence) as met */
  uint32_t *kid_pred;
  uint32_t nkids;
} node;

typedef struct {
  const chc_system *s;
  solver *slv;
  node *n;
  uint32_t size, cap;
  uint32_t copies;
  uint64_t weight;      /* sum of the copied clauses' weights */
  uint64_t *clause_weight;
  int32_t stride;       /* larger than every variable index in s's clauses */
} unroll;

static uint32_t add_node(unroll *u, uint32_t pred) {
  XGROW(u->n, u->cap, u->size + 1);
  node *nd = &u->n[u->size];
  memset(nd, 0, sizeof *nd);
  nd->pred = pred;
  nd->active = term_fresh_var("bmc!active", type_bool());
  if (pred != CHC_FALSE) {
    const chc_pred *p = &u->s->preds[pred];
    nd->args = xmalloc((p->arity + 1) * sizeof(term_t));
    for (uint32_t i = 0; i < p->arity; i++) nd->args[i] = term_fresh_var("bmc!arg", term_type(p->params[i]));
  }
  return u->size++;
}

static term_t copy_of(const unroll *u, term_t t, uint32_t copy) {
  return term_shift(t, ((int32_t)copy + 1) * u->stride);
}

/* The child of node k for the occ-th application of pred in one clause. */
static uint32_t kid_for(unroll *u, uint32_t k, uint32_t pred, uint32_t occ) {
  for (uint32_t i = 0; i < u->n[k].nkids; i++)
    if (u->n[k].kid_pred[i] == pred && occ-- == 0) return u->n[k].kids[i];
  uint32_t m = add_node(u, pred);
  node *nd = &u->n[k];   /* add_node may move the array */
  nd->kids = xrealloc(nd->kids, (nd->nkids + 1) * sizeof(uint32_t));
  nd->kid_pred = xrealloc(nd->kid_pred, (nd->nkids + 1) * sizeof(uint32_t));
  nd->kids[nd->nkids] = m;
  nd->kid_pred[nd->nkids++] = pred;
  return m;
}

/* The child of node k for body application j of clause cl. */
static uint32_t body_kid(unroll *u, uint32_t k, const chc_clause *cl, uint32_t j) {
  uint32_t q = cl->body[j].pred, occ = 0;
  for (uint32_t i = 0; i < j; i++) occ += cl->body[i].pred == q;
  return kid_for(u, k, q, occ);
}

/* Asserts node k's choice of clause and creates its children. */
static void unroll_node(unroll *u, uint32_t k) {
  const chc_system *s = u->s;
  term_vec any = {0};
  for (uint32_t c = 0; c < s->nclauses; c++) {
    const chc_clause *cl = &s->clauses[c];
    if (cl->head.pred != u->n[k].pred) continue;
    alt a = {c, term_fresh_var("bmc!sel", type_bool())};
    uint32_t copy = u->copies++;
    u->weight += u->clause_weight[c];
    term_vec body = {0};
    term_vec_push(&body, copy_of(u, cl->constraint, copy));
    if (cl->head.pred != CHC_FALSE)
      for (uint32_t i = 0; i < s->preds[cl->head.pred].arity; i++)
        term_vec_push(&body, term_eq(u->n[k].args[i], copy_of(u, cl->head.args[i], copy)));
    for (uint32_t j = 0; j < cl->nbody; j++) {
      uint32_t m = body_kid(u, k, cl, j);
      term_vec_push(&body, u->n[m].active);
      for (uint32_t i = 0; i < s->preds[cl->body[j].pred].arity; i++)
        term_vec_push(&body, term_eq(u->n[m].args[i], copy_of(u, cl->body[j].args[i], copy)));
    }
    solver_assert(u->slv, term_implies(a.sel, term_and(body.size, body.data)));
    term_vec_free(&body);
    term_vec_push(&any, a.sel);
    node *nd = &u->n[k];
    nd->alts = xrealloc(nd->alts, (nd->nalts + 1) * sizeof(alt));
    nd->alts[nd->nalts++] = a;
  }
  solver_assert(u->slv, term_implies(u->n[k].active, term_or(any.size, any.data)));
  term_vec_free(&any);
}

/* The derivation below node k as the model chose it; returns its index. */
static uint32_t read_node(unroll *u, uint32_t k, chc_derivation *d, bool *ok) {
  const node *nd = &u->n[k];
  const alt *a = NULL;
  for (uint32_t i = 0; i < nd->nalts && !a; i++)
    if (term_is_true(solver_value(u->slv, nd->alts[i].sel))) a = &nd->alts[i];
  if (!a) { *ok = false; return 0; }
  const chc_clause *cl = &u->s->clauses[a->clause];
  uint32_t id = chc_derivation_add(d, u->s, a->clause);
  if (cl->head.pred != CHC_FALSE)
    for (uint32_t i = 0; i < u->s->preds[cl->head.pred].arity; i++)
      d->nodes[id].head_vals[i] = solver_value(u->slv, nd->args[i]);
  for (uint32_t j = 0; j < cl->nbody && *ok; j++) {
    uint32_t kid = read_node(u, body_kid(u, k, cl, j), d, ok);
    d->nodes[id].children[j] = kid;
  }
  return id;
}

static int32_t max_var_index(const chc_system *s) {
  int32_t m = 0;
  for (uint32_t c = 0; c < s->nclauses; c++) {
    term_t *vs = NULL;
    uint32_t n = chc_clause_all_vars(s, &s->clauses[c], &vs);
    for (uint32_t i = 0; i < n; i++) if (term_var_index(vs[i]) > m) m = term_var_index(vs[i]);
    free(vs);
  }
  return m;
}

void chc_bmc_tree_solve(const chc_system *s, const zeta_limits *lim, uint32_t max_depth, chc_result *out) {
  chc_result_start(out, "bmc (derivation trees)");
  out->reason = "timeout";
  unroll u = {s, solver_new_z3(), NULL, 0, 0, 0, 0, xmalloc((s->nclauses + 1) * sizeof(uint64_t)), max_var_index(s) + 1};
  for (uint32_t c = 0; c < s->nclauses; c++) {
    const chc_clause *cl = &s->clauses[c];
    u.clause_weight[c] = term_dag_size(cl->constraint) + 1;
    if (cl->head.pred != CHC_FALSE) u.clause_weight[c] += s->preds[cl->head.pred].arity;
    for (uint32_t j = 0; j < cl->nbody; j++) u.clause_weight[c] += s->preds[cl->body[j].pred].arity;
  }
  uint32_t root = add_node(&u, CHC_FALSE);
  solver_assert(u.slv, u.n[root].active);
  uint32_t frontier = 0;   /* nodes [frontier, size) are not unrolled yet */
  for (uint32_t depth = 1; !limits_expired(lim) && (max_depth == 0 || depth <= max_depth); depth++) {
    uint32_t end = u.size;
    if (end == frontier) { out->reason = "bmc: no derivation of any height (no model built)"; break; }
    uint32_t k = frontier;
    for (; k < end && u.copies < TREE_MAX_COPIES && u.weight < TREE_MAX_WEIGHT && !limits_expired(lim); k++) unroll_node(&u, k);
    if (k < end) {
      if (!limits_expired(lim)) out->reason = "bmc: the unrolled derivation trees grew too large";
      break;
    }
    frontier = end;
    term_vec off = {0};
    for (uint32_t k = frontier; k < u.size; k++) term_vec_push(&off, term_not(u.n[k].active));
    solver_set_timeout(u.slv, limits_remaining_ms(lim));
    solver_result r = solver_check_assuming(u.slv, off.size, off.data);
    term_vec_free(&off);
    if (r == SOLVER_SAT) {
      bool ok = true;
      read_node(&u, root, &out->deriv, &ok);
      if (ok) out->answer = CHC_UNSAT;
      else { chc_derivation_free(&out->deriv); out->reason = "bmc: no clause chosen in the model"; }
      break;
    }
    if (r == SOLVER_UNKNOWN) break;
    if (max_depth && depth == max_depth) out->reason = "bmc: bound reached";
  }
  for (uint32_t k = 0; k < u.size; k++) {
    free(u.n[k].args); free(u.n[k].alts); free(u.n[k].kids); free(u.n[k].kid_pred);
  }
  free(u.n);
  free(u.clause_weight);
  solver_free(u.slv);
}
