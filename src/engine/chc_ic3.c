/* IC3/PDR for Horn clauses, linear and nonlinear, in the manner of GPDR
 * and Spacer (Komuravelli, Gurfinkel, Chaki), with no part of Z3's Spacer:
 * Z3 answers the satisfiability queries, the projections are
 * solver_project's (solver/mbp_dt.h for datatypes).
 *
 * Every predicate P has lemmas, each valid up to a level: a lemma at level
 * k holds for every derivation of P of height <= k (F_k(P) is the
 * conjunction of the lemmas at levels >= k; F_0 is false). Reach facts
 * under-approximate what is derivable: each is a projection of one clause
 * instance over earlier reach facts, remembered with them, so a reach fact
 * of the query is a derivation. A proof obligation (P, k, cube) asks for a
 * derivation of height <= k ending in the cube:
 *   - a clause with head P whose body reach facts meet the cube: a new
 *     reach fact (the obligation is met, its parent is tried again);
 *   - a clause whose body over-approximations F_{k-1} meet the cube: a
 *     child obligation for the first body atom the reach facts do not
 *     cover, projected from the model (reach facts for the atoms before,
 *     F_{k-1} for those after);
 *   - none: the cube is blocked at level k; the lemma is the negation of
 *     the literals the unsat cores need, then of fewer while still
 *     inductive relative to F_{k-1} (body atoms of P itself may assume the
 *     lemma: induction on the height).
 * After the query is blocked at level N, lemmas move up while they stay
 * inductive; a level left without lemmas of its own is an inductive
 * invariant (the model).
 *
 * Clause instances: the head's arguments are bound to P's params, body
 * atom j's to the params shifted by j+1 (term_shift), so lemmas and reach
 * facts over params apply to any atom by one shift. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/progress.h"
#include "core/term_map.h"
#include "engine/chc_engine.h"
#include "engine/chc_tree.h"
#include "solver/solver.h"

#define IC3_INF UINT32_MAX
#define IC3_MAX_POBS 200000
#define IC3_MAX_DROP 24         /* literals tried per lemma generalization */
#define IC3_MAX_WEAKEN 8        /* equalities tried as inequalities per lemma */
#define IC3_MAX_REINDEX 8       /* parameters tried as array indices per lemma */

typedef struct { term_t f; uint32_t level; } lemma;

typedef struct {
  uint32_t pred;          /* npreds for the query */
  term_t f;               /* over the params */
  uint32_t clause;
  uint32_t *kids;         /* reach fact ids, one per body atom */
} reach;

typedef struct {
  uint32_t pred, level, depth;
  term_t cube;
  int32_t parent;
  uint32_t clause, atom;  /* the parent's clause and body atom it stands for */
  int32_t resume_clause;  /* a child was reached: go on with resume_atom of */
  uint32_t resume_atom;   /*   this clause (-1: none) */
  bool open;
} pob;

typedef struct {
  const chc_system *s;
  const zeta_limits *lim;
  solver *slv;
  uint32_t np;            /* npreds; index np is the query */
  lemma **lem; uint32_t *nlem, *caplem;
  reach *rf; uint32_t nrf, caprf;
  uint32_t **rby; uint32_t *nrby, *caprby;   /* reach fact ids per predicate */
  uint32_t **heads; uint32_t *nheads;        /* clauses per head (np: queries) */
  term_t *trans;          /* per clause: constraint ∧ head link ∧ body links */
  pob *pobs; uint32_t npobs, cappobs;
  uint32_t frontier;
  uint32_t max_level;     /* rounds up to this level (0: no limit) */
  bool propagating;       /* the round at frontier was blocked: propagation next */
  bool unweakened;        /* lemmas keep the cube's equalities (chc_ic3_unweakened) */
  term_map *clause_nums;  /* Int numerals of the clauses (reindex) */
  const char *why;
} ic3;

static uint32_t head_of(const ic3 *a, uint32_t c) {
  uint32_t h = a->s->clauses[c].head.pred;
  return h == CHC_FALSE ? a->np : h;
}

static term_t at(term_t f, uint32_t j) { return term_shift(f, (int32_t)j + 1); }

/* F_k(P) over the params (true when no lemma), or false for k == 0. */
static term_t frame(const ic3 *a, uint32_t p, uint32_t k) {
  if (k == 0) return term_false();
  term_vec v = {0};
  for (uint32_t i = 0; i < a->nlem[p]; i++)
    if (a->lem[p][i].level >= k) term_vec_push(&v, a->lem[p][i].f);
  term_t r = term_and(v.size, v.data);
  term_vec_free(&v);
  return r;
}

/* The disjunction of P's reach facts. */
static term_t reach_of(const ic3 *a, uint32_t p) {
  term_vec v = {0};
  for (uint32_t i = 0; i < a->nrby[p]; i++) term_vec_push(&v, a->rf[a->rby[p][i]].f);
  term_t r = term_or(v.size, v.data);
  term_vec_free(&v);
  return r;
}

static void build_trans(ic3 *a) {
  const chc_system *s = a->s;
  a->trans = xcalloc(s->nclauses + 1, sizeof(term_t));
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    term_vec v = {0};
    term_vec_push(&v, c->constraint);
    if (c->head.pred != CHC_FALSE)
      for (uint32_t x = 0; x < s->preds[c->head.pred].arity; x++)
        term_vec_push(&v, term_eq(s->preds[c->head.pred].params[x], c->head.args[x]));
    for (uint32_t j = 0; j < c->nbody; j++)
      for (uint32_t x = 0; x < s->preds[c->body[j].pred].arity; x++)
        term_vec_push(&v, term_eq(at(s->preds[c->body[j].pred].params[x], j), c->body[j].args[x]));
    a->trans[i] = term_and(v.size, v.data);
    term_vec_free(&v);
  }
}

static solver_result check(ic3 *a, uint32_t n, const term_t *f, uint32_t na, const term_t *assume) {
  uint32_t ms = limits_remaining_ms(a->lim);
  if (a->lim->deadline && ms == 0) return SOLVER_UNKNOWN;
  solver_set_timeout(a->slv, ms);
  solver_push(a->slv);
  for (uint32_t i = 0; i < n; i++) solver_assert(a->slv, f[i]);
  solver_result r = solver_check_assuming(a->slv, na, assume);
  return r;   /* the caller pops (after reading the model or core) */
}

static void done(ic3 *a) { solver_pop(a->slv, 1); }

/* --verbose 3: one line per obligation step and per lemma. */
static void trace(const ic3 *a, const char *what, uint32_t p, uint32_t level, term_t f) {
  if (progress_verbose() < 3) return;
  char *t = term_to_string_let(f);
  progress_say("zeta: ic3: %s %s L%u: %s", what, p < a->np ? a->s->preds[p].name : "query", level, t);
  free(t);
}

static bool holds(ic3 *a, term_t t) { return term_is_true(solver_value(a->slv, t)); }

/* The first of P's reach facts true at atom position j in the model. */
static int64_t reach_in_model(ic3 *a, uint32_t p, uint32_t j) {
  for (uint32_t i = 0; i < a->nrby[p]; i++)
    if (holds(a, at(a->rf[a->rby[p][i]].f, j))) return a->rby[p][i];
  return -1;
}

/* Variables of f other than P's params (index 0): what projections drop. */
static uint32_t elim_vars(term_t f, uint32_t keep_n, const term_t *keep, term_t **out) {
  term_t *vs;
  uint32_t n = term_free_vars(f, &vs), k = 0;
  for (uint32_t i = 0; i < n; i++) {
    bool kept = false;
    for (uint32_t j = 0; j < keep_n && !kept; j++) kept = keep[j] == vs[i];
    if (!kept) vs[k++] = vs[i];
  }
  *out = vs;
  return k;
}

static term_t project(ic3 *a, term_t f, uint32_t keep_n, const term_t *keep) {
  term_t *el;
  uint32_t ne = elim_vars(f, keep_n, keep, &el);
  term_t r = solver_project(a->slv, f, ne, el);
  free(el);
  if (r != NULL_TERM) return r;
  /* no projection (e.g. mbp-dt on a selector off its constructor): the
   * model's point, which also implies ∃elim. f */
  term_vec pt = {0};
  for (uint32_t i = 0; i < keep_n && r == NULL_TERM; i++) {
    if (!term_has_free_var(f, keep[i])) continue;
    term_t v = solver_value(a->slv, keep[i]);
    if (v == NULL_TERM) { term_vec_free(&pt); return NULL_TERM; }
    term_vec_push(&pt, term_eq(keep[i], v));
  }
  r = term_and(pt.size, pt.data);
  term_vec_free(&pt);
  return r;
}

static uint32_t add_reach(ic3 *a, uint32_t p, term_t f, uint32_t clause, const uint32_t *kids) {
  const chc_clause *c = &a->s->clauses[clause];
  XGROW(a->rf, a->caprf, a->nrf + 1);
  reach *r = &a->rf[a->nrf];
  r->pred = p;
  r->f = f;
  r->clause = clause;
  r->kids = xcalloc(c->nbody + 1, sizeof(uint32_t));
  memcpy(r->kids, kids, c->nbody * sizeof(uint32_t));
  XGROW(a->rby[p], a->caprby[p], a->nrby[p] + 1);
  a->rby[p][a->nrby[p]++] = a->nrf;
  return a->nrf++;
}

static void add_lemma(ic3 *a, uint32_t p, term_t f, uint32_t level) {
  for (uint32_t i = 0; i < a->nlem[p]; i++)
    if (a->lem[p][i].f == f) { if (a->lem[p][i].level < level) a->lem[p][i].level = level; return; }
  XGROW(a->lem[p], a->caplem[p], a->nlem[p] + 1);
  a->lem[p][a->nlem[p]++] = (lemma){f, level};
}

static int32_t add_pob(ic3 *a, uint32_t p, uint32_t level, term_t cube, int32_t parent, uint32_t clause, uint32_t atom) {
  if (a->npobs >= IC3_MAX_POBS) return -1;
  XGROW(a->pobs, a->cappobs, a->npobs + 1);
  a->pobs[a->npobs] = (pob){p, level, parent >= 0 ? a->pobs[parent].depth + 1 : 0, cube, parent, clause, atom, -1, 0, true};
  return (int32_t)a->npobs++;
}

/* The parts of a query for clause c at level k: trans, the cube at the head,
 * F_{k-1} at every body atom (and ¬self at atoms of the head's predicate). */
static void clause_query(ic3 *a, uint32_t c, uint32_t k, term_t cube, term_t self, term_vec *v) {
  const chc_clause *cl = &a->s->clauses[c];
  term_vec_push(v, a->trans[c]);
  if (cube != NULL_TERM) term_vec_push(v, cube);
  for (uint32_t j = 0; j < cl->nbody; j++) {
    term_vec_push(v, at(frame(a, cl->body[j].pred, k - 1), j));
    if (self != NULL_TERM && cl->body[j].pred == head_of(a, c)) term_vec_push(v, at(self, j));
  }
}

/* Must: a clause whose body reach facts meet the cube; returns the new
 * reach fact, -1 if none, -2 on unknown. */
static int64_t try_reach(ic3 *a, const pob *ob) {
  uint32_t p = ob->pred;
  for (uint32_t h = 0; h < a->nheads[p]; h++) {
    uint32_t c = a->heads[p][h];
    const chc_clause *cl = &a->s->clauses[c];
    term_vec v = {0};
    term_vec_push(&v, a->trans[c]);
    term_vec_push(&v, ob->cube);
    bool empty = false;
    for (uint32_t j = 0; j < cl->nbody && !empty; j++) {
      empty = a->nrby[cl->body[j].pred] == 0;
      term_vec_push(&v, at(reach_of(a, cl->body[j].pred), j));
    }
    if (empty) { term_vec_free(&v); continue; }
    solver_result r = check(a, v.size, v.data, 0, NULL);
    term_vec_free(&v);
    if (r == SOLVER_UNKNOWN) { done(a); return -2; }
    if (r == SOLVER_UNSAT) { done(a); continue; }
    uint32_t *kids = xcalloc(cl->nbody + 1, sizeof(uint32_t));
    term_vec parts = {0};
    term_vec_push(&parts, a->trans[c]);
    bool ok = true;
    for (uint32_t j = 0; j < cl->nbody && ok; j++) {
      int64_t k = reach_in_model(a, cl->body[j].pred, j);
      ok = k >= 0;
      if (ok) { kids[j] = (uint32_t)k; term_vec_push(&parts, at(a->rf[k].f, j)); }
    }
    const term_t *params = p < a->np ? a->s->preds[p].params : NULL;
    uint32_t ar = p < a->np ? a->s->preds[p].arity : 0;
    term_t f = ok ? project(a, term_and(parts.size, parts.data), ar, params) : NULL_TERM;
    done(a);
    term_vec_free(&parts);
    int64_t id = -2;
    if (f != NULL_TERM) id = add_reach(a, p, f, c, kids);
    else a->why = "ic3: projection failed";
    free(kids);
    return id;
  }
  return -1;
}

/* May: a clause whose body frames meet the cube; creates the child
 * obligation for the first body atom j outside its reach facts (reach
 * facts at the atoms before it, F_{k-1} after it): the cases over j cover
 * the clause's frame query, so when none is satisfiable (and the must check
 * failed) the cube is blocked. The child excludes j's reach facts, so every
 * child asks for something new. 1 = child made, 0 = blocked, -1 = unknown. */
static int try_expand(ic3 *a, int32_t id) {
  pob ob = a->pobs[id];
  uint32_t nh = a->nheads[ob.pred];
  for (uint32_t hh = 0; hh < nh; hh++) {
    /* the clause of a reached child first (see below) */
    uint32_t h = hh;
    if (ob.resume_clause >= 0) {
      h = 0;
      while (h < nh && a->heads[ob.pred][h] != (uint32_t)ob.resume_clause) h++;
      h = h == nh ? hh : (h + hh) % nh;
    }
    uint32_t c = a->heads[ob.pred][h];
    const chc_clause *cl = &a->s->clauses[c];
    if (cl->nbody && ob.level <= 1) continue;   /* F_0 is false */
    /* Case j needs reach facts at every atom before it, so none past the
     * first atom without any. After a child for atom j was reached, the
     * cases from j+1 on first, as Spacer's derivations go on with the next
     * premise: the first case first would ask for another value of the
     * atom just reached (recursive Fibonacci: another fib(n-2) before any
     * fib(n-1), which made IC3's last round quadratic in n: LIA-005 287
     * -> 47 obligations, 3350 -> 415 checks; 008 841 -> 67, 10100 -> 590).
     * Otherwise the first case first
     * (its child is the least pinned: the last case first cost LIA-149's
     * sat answer, 1.8 -> over 14 s CPU). */
    uint32_t last = 0;
    while (last + 1 < cl->nbody && a->nrby[cl->body[last].pred]) last++;
    uint32_t start = (int32_t)c == ob.resume_clause && ob.resume_atom <= last ? ob.resume_atom : 0;
    for (uint32_t jj = 0; jj <= last && cl->nbody; jj++) {
      uint32_t j = (start + jj) % (last + 1);
      term_vec v = {0};
      term_vec_push(&v, a->trans[c]);
      term_vec_push(&v, ob.cube);
      for (uint32_t i = 0; i < cl->nbody; i++) {
        uint32_t q = cl->body[i].pred;
        if (i < j) term_vec_push(&v, at(reach_of(a, q), i));
        else term_vec_push(&v, at(frame(a, q, ob.level - 1), i));
        if (i == j) term_vec_push(&v, at(term_not(reach_of(a, q)), i));
      }
      solver_result r = check(a, v.size, v.data, 0, NULL);
      if (r == SOLVER_UNKNOWN) { done(a); term_vec_free(&v); return -1; }
      if (r == SOLVER_UNSAT) {
        done(a);
        term_vec_free(&v);
        continue;
      }
      /* reach facts before j: the ones true in the model (a cube each) */
      for (uint32_t i = 0; i < j; i++) {
        int64_t k = reach_in_model(a, cl->body[i].pred, i);
        if (k >= 0) v.data[2 + i] = at(a->rf[k].f, i);
      }
      uint32_t q = cl->body[j].pred, ar = a->s->preds[q].arity;
      term_t *keep = xmalloc((ar + 1) * sizeof(term_t));
      for (uint32_t x = 0; x < ar; x++) keep[x] = at(a->s->preds[q].params[x], j);
      term_t f = project(a, term_and(v.size, v.data), ar, keep);
      done(a);
      free(keep);
      term_vec_free(&v);
      if (f == NULL_TERM) { a->why = "ic3: projection failed"; return -1; }
      f = term_shift(f, -(int32_t)(j + 1));
      if (add_pob(a, q, ob.level - 1, f, id, c, j) < 0) { a->why = "ic3: too many obligations"; return -1; }
      return 1;
    }
  }
  return 0;
}

/* Are all clauses with head p unsat with the literals lits[0..n) at the head
 * at level k (¬lits at p's own body atoms)? With core: the literals the
 * cores used, in order. 1 yes, 0 no, -1 unknown. */
static int blocked(ic3 *a, uint32_t p, uint32_t k, uint32_t n, const term_t *lits, term_vec *core) {
  term_t self = term_not(term_and(n, lits));
  bool *used = core ? xcalloc(n + 1, sizeof(bool)) : NULL;
  int res = 1;
  for (uint32_t h = 0; h < a->nheads[p] && res == 1; h++) {
    uint32_t c = a->heads[p][h];
    if (a->s->clauses[c].nbody && k <= 1) continue;
    term_vec v = {0};
    clause_query(a, c, k, NULL_TERM, self, &v);
    solver_result r = check(a, v.size, v.data, n, lits);
    term_vec_free(&v);
    if (r == SOLVER_UNSAT && core) {
      term_t *cs;
      uint32_t nc = solver_unsat_core(a->slv, &cs);
      for (uint32_t i = 0; i < nc; i++)
        for (uint32_t l = 0; l < n; l++) if (lits[l] == cs[i]) used[l] = true;
      free(cs);
    }
    done(a);
    res = r == SOLVER_UNSAT ? 1 : r == SOLVER_SAT ? 0 : -1;
  }
  if (core && res == 1)
    for (uint32_t l = 0; l < n; l++) if (used[l]) term_vec_push(core, lits[l]);
  free(used);
  return res;
}

/* An Int equality with a numeral on one side (x = c), and the two
 * inequalities it implies. Equalities of two terms are left alone: on
 * ADT-LIA's scalarised fields (x#5 = x#7) trying them cost 3x the CPU of
 * IC3's run (ADT-LIA-211 / 224) and gained nothing measured. */
static bool int_equality(term_t l, term_t *le, term_t *ge) {
  if (term_is_negated(l) || term_op_of(l) != OP_EQ || term_nargs(l) != 2) return false;
  term_t x = term_arg(l, 0), y = term_arg(l, 1);
  if (type_kind_of(term_type(x)) != TYPE_INT || !(term_is_const(x) || term_is_const(y))) return false;
  *le = term_le(x, y);
  *ge = term_ge(x, y);
  return true;
}

/* The blocked cube's equalities weakened: x = c becomes x <= c, else x >=
 * c, where the cube stays blocked, so that the lemma excludes a half-space
 * instead of a point (the SyGuS grammars LIA-071 / 079 / 108: IC3's
 * level-2 round blocked Start#1 = -3, then -6, ... one point per lemma and
 * never ended, where Spacer's lemma is Start#1 >= 1). false on unknown. */
static bool weaken(ic3 *a, const pob *ob, term_vec *core) {
  if (a->unweakened) return true;
  for (uint32_t i = 0, tried = 0; i < core->size && tried < IC3_MAX_WEAKEN; i++) {
    term_t l = core->data[i], w[2];
    if (!int_equality(l, &w[0], &w[1])) continue;
    tried++;
    for (int k = 0; k < 2; k++) {
      core->data[i] = w[k];
      int b = blocked(a, ob->pred, ob->level, core->size, core->data, NULL);
      if (b < 0) return false;
      if (b == 1) break;
      core->data[i] = l;
    }
  }
  return true;
}

/* v's literals dropped one at a time while v stays blocked at ob's level
 * (a needed one put back where it was), at most max tries, the last keep
 * literals never. 1 done (v blocked), -1 unknown. */
static int drop_blocked(ic3 *a, const pob *ob, term_vec *v, uint32_t keep, uint32_t max) {
  for (uint32_t i = 0, tried = 0; i + keep < v->size && v->size > 1 && tried < max; tried++) {
    term_t l = v->data[i];
    memmove(&v->data[i], &v->data[i + 1], (v->size - i - 1) * sizeof(term_t));
    v->size--;
    int b = blocked(a, ob->pred, ob->level, v->size, v->data, NULL);
    if (b < 0) return -1;
    if (b == 1) continue;   /* dropped */
    term_vec_push(v, l);
    memmove(&v->data[i + 1], &v->data[i], (v->size - i - 1) * sizeof(term_t));
    v->data[i++] = l;
  }
  return 1;
}

/* Int numerals of t (select indices only when sel) into m; memo: visited. */
static void numerals(term_t t, bool sel, term_map *m, term_map *memo) {
  t = term_unsigned(t);
  if (term_map_has(memo, t)) return;
  term_map_put(memo, t, 1);
  if (term_is_const(t) && type_kind_of(term_type(t)) == TYPE_INT) { if (!sel) term_map_put(m, t, 1); return; }
  uint32_t n = term_nargs(t);
  if (term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS) return;
  for (uint32_t i = 0; i < n; i++) {
    term_t x = term_arg(t, i);
    if (sel && term_op_of(t) == OP_SELECT && i == 1 && term_is_const(x) && type_kind_of(term_type(x)) == TYPE_INT) term_map_put(m, x, 1);
    else numerals(x, sel, m, memo);
  }
}

/* The arrays (variables) t reads at index k into arrs; *uses: t has k. */
static void reads_at(term_t t, term_t k, term_vec *arrs, bool *uses, term_map *memo) {
  t = term_unsigned(t);
  if (t == k) { *uses = true; return; }
  if (term_map_has(memo, t) || term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS) return;
  term_map_put(memo, t, 1);
  if (term_op_of(t) == OP_SELECT && term_arg(t, 1) == k && term_is_var(term_arg(t, 0))) {
    bool seen = false;
    for (uint32_t i = 0; i < arrs->size && !seen; i++) seen = arrs->data[i] == term_arg(t, 0);
    if (!seen) term_vec_push(arrs, term_arg(t, 0));
  }
  for (uint32_t i = 0; i < term_nargs(t); i++) reads_at(term_arg(t, i), k, arrs, uses, memo);
}

/* Does literal t use index k? The arrays it reads there into arrs. */
static bool lit_reads_at(term_t t, term_t k, term_vec *arrs) {
  term_map memo;
  term_map_init(&memo);
  bool uses = false;
  reads_at(t, k, arrs, &uses, &memo);
  term_map_free(&memo);
  return uses;
}

static bool core_uses(const term_vec *core, term_t k) {
  term_vec arrs = {0};
  bool uses = false;
  for (uint32_t i = 0; i < core->size && !uses; i++) uses = lit_reads_at(core->data[i], k, &arrs);
  term_vec_free(&arrs);
  return uses;
}

/* The core's literals at index k (a model index no clause has) replaced by
 * the disequality of two arrays read there, when still blocked: Z3's MBP
 * projects a /= b to a[k] /= b[k] at a witness k of the model, and IC3
 * then blocked one witness per lemma (LIA-Arrays-090: funcA__sem's input
 * and output strings, equal in every fact, told apart at 2438, then
 * 10176, 23831, ...). 1 replaced, 0 not, -1 unknown. */
static int array_diseq(ic3 *a, const pob *ob, term_vec *core, term_t k, uint32_t *tried) {
  term_vec arrs = {0}, rest = {0};
  for (uint32_t i = 0; i < core->size; i++)
    if (!lit_reads_at(core->data[i], k, &arrs)) term_vec_push(&rest, core->data[i]);
  int res = 0;
  for (uint32_t x = 0; x < arrs.size && !res; x++)
    for (uint32_t y = x + 1; y < arrs.size && !res && *tried < IC3_MAX_REINDEX; y++) {
      if (term_type(arrs.data[x]) != term_type(arrs.data[y])) continue;
      (*tried)++;
      term_vec_push(&rest, term_not(term_eq(arrs.data[x], arrs.data[y])));
      int b = blocked(a, ob->pred, ob->level, rest.size, rest.data, NULL);
      if (b == 1) b = drop_blocked(a, ob, &rest, 1, UINT32_MAX);   /* the literals kept before it may go now */
      if (b == 1) {
        term_vec_free(core);
        *core = rest;
        rest = (term_vec){0};
      } else rest.size--;
      res = b;
    }
  term_vec_free(&arrs);
  term_vec_free(&rest);
  return res;
}

/* The lemma's array reads at numerals no clause has (model indices of a
 * clause's free index variable, fixed by the projection) read instead at
 * an Int parameter, when still blocked: one point per lemma otherwise
 * (LIA-Arrays-090: (select a 2213), then 25553, 3824, ...; z3's model
 * reads at parameters). false on unknown. */
static bool reindex(ic3 *a, const pob *ob, term_vec *core) {
  if (!a->clause_nums) {
    a->clause_nums = xcalloc(1, sizeof(term_map));
    term_map_init(a->clause_nums);
    term_map memo;
    term_map_init(&memo);
    for (uint32_t c = 0; c < a->s->nclauses; c++) numerals(a->trans[c], false, a->clause_nums, &memo);
    term_map_free(&memo);
  }
  term_map idx, memo;
  term_map_init(&idx);
  term_map_init(&memo);
  for (uint32_t i = 0; i < core->size; i++) numerals(core->data[i], true, &idx, &memo);
  term_map_free(&memo);
  const chc_pred *p = &a->s->preds[ob->pred];
  bool ok = true;
  for (uint32_t s = 0, tried = 0; s < idx.cap && ok && tried < IC3_MAX_REINDEX; s++) {
    term_t k = idx.slots[s].key;
    if (k == NULL_TERM || !core_uses(core, k)) continue;   /* gone with an earlier replacement */
    int d = array_diseq(a, ob, core, k, &tried);
    ok = d >= 0;
    if (d || term_map_has(a->clause_nums, k)) continue;
    for (uint32_t x = 0; x < p->arity && ok && tried < IC3_MAX_REINDEX; x++) {
      if (type_kind_of(term_type(p->params[x])) != TYPE_INT) continue;
      tried++;
      term_vec w = {0};
      for (uint32_t i = 0; i < core->size; i++) term_vec_push(&w, term_subst(core->data[i], 1, &k, &p->params[x]));
      int b = blocked(a, ob->pred, ob->level, w.size, w.data, NULL);
      ok = b >= 0;
      if (b == 1) { memcpy(core->data, w.data, w.size * sizeof(term_t)); x = p->arity; }
      term_vec_free(&w);
    }
  }
  term_map_free(&idx);
  return ok;
}

static void push_new(term_vec *v, term_t t) {
  for (uint32_t i = 0; i < v->size; i++) if (v->data[i] == t) return;
  term_vec_push(v, t);
}

/* x = v (an array value) as the points of v's stores, into out; false
 * if l is not such an equality. */
static bool value_points(term_t l, term_vec *out) {
  if (term_is_negated(l) || term_op_of(l) != OP_EQ || term_nargs(l) != 2) return false;
  term_t x = term_arg(l, 0), v = term_arg(l, 1);
  if (term_is_var(v)) { term_t t = x; x = v; v = t; }
  if (!term_is_var(x) || type_kind_of(term_type(x)) != TYPE_ARRAY || !term_is_value(v) || term_op_of(v) != OP_STORE) return false;
  term_vec idx = {0};
  for (; term_op_of(v) == OP_STORE; v = term_arg(v, 0)) {   /* the outer store wins */
    bool seen = false;
    for (uint32_t i = 0; i < idx.size && !seen; i++) seen = idx.data[i] == term_arg(v, 1);
    if (seen) continue;
    term_vec_push(&idx, term_arg(v, 1));
    term_vec_push(out, term_eq(term_select(x, term_arg(v, 1)), term_arg(v, 2)));
  }
  term_vec_free(&idx);
  return true;
}

/* The core's equalities of an array to a value (x = (store ... c)) as the
 * stores' points, then each point dropped while still blocked: the value's
 * default is left out, so the lemma speaks of the points the clauses read
 * (LIA-Arrays-090: funcS__syn's output array pinned to a new 10-store
 * value per lemma). Kept only when blocked. false on unknown. */
static bool explode_values(ic3 *a, const pob *ob, term_vec *core) {
  term_vec w = {0};
  uint32_t npts = 0;
  for (uint32_t i = 0; i < core->size; i++) {
    uint32_t before = w.size;
    if (value_points(core->data[i], &w)) npts += w.size - before;
    else term_vec_push(&w, core->data[i]);
  }
  int b = npts ? blocked(a, ob->pred, ob->level, w.size, w.data, NULL) : 0;
  if (b == 1) b = drop_blocked(a, ob, &w, 0, IC3_MAX_DROP);
  if (b == 1) { term_vec_free(core); *core = w; } else term_vec_free(&w);
  return b >= 0;
}

/* No clause derives p at level k: every clause with head p has a body and
 * k <= 1 (F_0 is false), so blocked() checks nothing and p's frame there is
 * empty. */
static bool nothing_at(const ic3 *a, uint32_t p, uint32_t k) {
  if (k > 1) return false;
  for (uint32_t h = 0; h < a->nheads[p]; h++)
    if (a->s->clauses[a->heads[p][h]].nbody == 0) return false;
  return true;
}

/* The literals lits[0..n) blocked at ob's level generalized: the cores'
 * literals, fewer while still blocked, weakened, reindexed; the lemmas
 * added, *lemma the one that excludes lits. 1 done, 0 lits not blocked,
 * -1 unknown. */
static int generalize(ic3 *a, const pob *ob, uint32_t n, const term_t *lits, term_t *lemma) {
  /* where nothing derives p, blocked() checks nothing and every literal
   * drops but the last: IC3_MAX_DROP bounds checks, not such drops. With
   * the bound the lemma kept the cube less 24 literals (LIA-Arrays-107:
   * the level-3 round blocked funcStart's flags one combination at a time,
   * never ending; z3 0.08 s). Not the lemma false: a one-literal lemma may
   * be inductive higher up (LIA-124: false there moved IC3's fixpoint from
   * level 3 to 4, past the probe's) */
  uint32_t max_drop = nothing_at(a, ob->pred, ob->level) ? UINT32_MAX : IC3_MAX_DROP;
  term_vec core = {0};
  int r = blocked(a, ob->pred, ob->level, n, lits, &core);
  if (r <= 0) { term_vec_free(&core); return r; }
  if (core.size == 0)   /* the cores did not say: keep the cube */
    for (uint32_t i = 0; i < n; i++) term_vec_push(&core, lits[i]);
  if (drop_blocked(a, ob, &core, 0, max_drop) < 0) { term_vec_free(&core); return -1; }
  if (!weaken(a, ob, &core)) { term_vec_free(&core); return -1; }
  *lemma = term_not(term_and(core.size, core.data));
  if (!reindex(a, ob, &core) || !explode_values(a, ob, &core)) { term_vec_free(&core); return -1; }
  /* the reindexed lemma need not exclude the cube (its reads at other
   * indices): the lemma before it too, or the parent finds the cube again */
  term_t moved = term_not(term_and(core.size, core.data));
  if (moved != *lemma) { trace(a, "lemma", ob->pred, ob->level, moved); add_lemma(a, ob->pred, moved, ob->level); }
  trace(a, "lemma", ob->pred, ob->level, *lemma);
  add_lemma(a, ob->pred, *lemma, ob->level);
  term_vec_free(&core);
  return 1;
}

/* Literals of t's Boolean structure (and, or, Boolean = and ite) that
 * imply t in the model (t true there); an atom or a term ite as it is. */
static void implicant(ic3 *a, term_t t, term_vec *out) {
  term_t u = term_unsigned(t);
  bool neg = term_is_negated(t);
  term_op op = term_op_of(u);
  uint32_t n = term_nargs(u);
  if ((op == OP_AND && !neg) || (op == OP_OR && neg)) {
    for (uint32_t i = 0; i < n; i++) implicant(a, neg ? term_not(term_arg(u, i)) : term_arg(u, i), out);
    return;
  }
  if (op == OP_AND || op == OP_OR) {   /* one disjunct true in the model */
    for (uint32_t i = 0; i < n; i++) {
      term_t x = neg ? term_not(term_arg(u, i)) : term_arg(u, i);
      if (holds(a, x)) { implicant(a, x, out); return; }
    }
  } else if (op == OP_EQ && n == 2 && term_is_bool(term_arg(u, 0))) {
    term_t x = term_arg(u, 0), y = term_arg(u, 1);
    bool vx = holds(a, x), vy = holds(a, y);
    if ((vx == vy) != neg) {   /* the model's values decide t */
      implicant(a, vx ? x : term_not(x), out);
      implicant(a, vy ? y : term_not(y), out);
      return;
    }
  } else if (op == OP_EQ && n == 2 && !neg && term_op_of(term_arg(u, 1)) == OP_ITE) {
    term_t x = term_arg(u, 0), e = term_arg(u, 1), c = term_arg(e, 0);   /* x = ite(c, y, z): its branch */
    bool vc = holds(a, c);
    implicant(a, vc ? c : term_not(c), out);
    implicant(a, term_eq(x, term_arg(e, vc ? 1 : 2)), out);
    return;
  } else if (op == OP_ITE && n == 3 && term_is_bool(u)) {
    term_t c = term_arg(u, 0), b = holds(a, c) ? term_arg(u, 1) : term_arg(u, 2);
    implicant(a, holds(a, c) ? c : term_not(c), out);
    implicant(a, neg ? term_not(b) : b, out);
    return;
  }
  push_new(out, t);
}

/* The cube's literals under its Boolean structure, in a model of the cube;
 * false if it has none or on unknown. */
static bool cube_implicant(ic3 *a, uint32_t n, const term_t *lits, term_t cube, term_vec *out) {
  bool nested = false;
  for (uint32_t i = 0; i < n && !nested; i++) {
    term_t u = term_unsigned(lits[i]);
    term_op op = term_op_of(u);
    nested = op == OP_AND || op == OP_OR || ((op == OP_EQ || op == OP_ITE) && term_is_bool(term_arg(u, 1))) ||
             (op == OP_EQ && !term_is_negated(lits[i]) && term_op_of(term_arg(u, 1)) == OP_ITE);
  }
  if (!nested) return false;
  solver_result r = check(a, 1, &cube, 0, NULL);
  if (r == SOLVER_SAT)
    for (uint32_t i = 0; i < n; i++) implicant(a, lits[i], out);
  done(a);
  return r == SOLVER_SAT;
}

/* Does lemma exclude the cube? 1 yes, 0 no, -1 unknown. */
static int excludes(ic3 *a, term_t lemma, term_t cube) {
  term_t f[2] = {lemma, cube};
  solver_result r = check(a, 2, f, 0, NULL);
  done(a);
  return r == SOLVER_UNSAT ? 1 : r == SOLVER_SAT ? 0 : -1;
}

static bool has_array(const chc_pred *p) {
  for (uint32_t x = 0; x < p->arity; x++)
    if (type_kind_of(term_type(p->params[x])) == TYPE_ARRAY) return true;
  return false;
}

/* Blocks pob id at its level: a generalized lemma. false on unknown.
 * Over arrays (measured there only), a cube with Boolean structure (the
 * clauses' nested flags, kept by the projection) first through the
 * literals of its model implicant: the cores then drop flags, where the
 * nested formulas stay whole (LIA-Arrays-090: funcStart__sem's lemmas
 * negated 30-literal (or (and ...)) nests, one model of the flags each);
 * the cube's own lemma too unless that one excludes the cube. */
static bool block(ic3 *a, int32_t id) {
  pob ob = a->pobs[id];
  if (ob.pred == a->np) return true;   /* the query has no lemmas */
  term_t *lits, lemma = NULL_TERM;
  uint32_t n = term_conjuncts(ob.cube, &lits);
  term_vec imp = {0};
  int r = 0;
  if (has_array(&a->s->preds[ob.pred]) && cube_implicant(a, n, lits, ob.cube, &imp)) {
    r = generalize(a, &ob, imp.size, imp.data, &lemma);
    if (r == 1) r = excludes(a, lemma, ob.cube) == 1 ? 2 : 1;   /* 2: done */
  }
  term_vec_free(&imp);
  if (r >= 0 && r < 2) {
    r = generalize(a, &ob, n, lits, &lemma);
    if (r == 0) a->why = "ic3: blocking check disagrees with expansion";   /* never a lemma that is not */
  }
  free(lits);
  return r > 0;
}

/* Is the cube already excluded by F_k(P)? */
static int excluded(ic3 *a, const pob *ob) {
  if (ob->pred == a->np) return 0;
  term_t f[2] = {frame(a, ob->pred, ob->level), ob->cube};
  solver_result r = check(a, 2, f, 0, NULL);
  done(a);
  return r == SOLVER_UNSAT ? 1 : r == SOLVER_SAT ? 0 : -1;
}

/* The open obligation of lowest level (the newest among equals). */
static int32_t next_pob(ic3 *a) {
  int32_t best = -1;
  for (uint32_t i = 0; i < a->npobs; i++)
    if (a->pobs[i].open && (best < 0 || a->pobs[i].level <= a->pobs[best].level)) best = (int32_t)i;
  return best;
}

static void close_subtree(ic3 *a, int32_t id) {
  for (uint32_t i = 0; i < a->npobs; i++) {
    int32_t u = (int32_t)i;
    while (u >= 0 && u != id) u = a->pobs[u].parent;
    if (u == id) a->pobs[i].open = false;
  }
}

/* Runs the obligations of level-N round; 1 = query blocked, 0 = reached
 * (*root_fact), -1 = unknown. */
static int run_round(ic3 *a, uint32_t *root_fact) {
  a->npobs = 0;
  add_pob(a, a->np, a->frontier, term_true(), -1, 0, 0);
  for (;;) {
    if (limits_expired(a->lim)) { a->why = "timeout"; return -1; }
    int32_t id = next_pob(a);
    if (id < 0) return 1;
    pob *ob = &a->pobs[id];
    trace(a, "obligation", ob->pred, ob->level, ob->cube);
    int ex = excluded(a, ob);
    if (ex < 0) return -1;
    if (ex == 1) { close_subtree(a, id); continue; }
    int64_t rf = try_reach(a, ob);
    if (rf == -2) return -1;
    if (rf >= 0) {
      if (a->pobs[id].parent < 0) { *root_fact = (uint32_t)rf; return 0; }
      pob *par = &a->pobs[a->pobs[id].parent];
      par->resume_clause = (int32_t)a->pobs[id].clause;
      par->resume_atom = a->pobs[id].atom + 1;
      close_subtree(a, id);
      continue;
    }
    int e = try_expand(a, id);
    if (e < 0) return -1;
    if (e == 1) continue;
    if (!block(a, id)) return -1;
    close_subtree(a, id);
    /* pushed further: the obligation again one level up (IC3's re-queue) */
    ob = &a->pobs[id];
    if (ob->level < a->frontier && ob->pred != a->np) {
      int32_t n = add_pob(a, ob->pred, ob->level + 1, ob->cube, ob->parent, ob->clause, ob->atom);
      if (n < 0) { a->why = "ic3: too many obligations"; return -1; }
    }
  }
}

/* Moves lemmas up while inductive; 1 = a fixpoint (its level in *fix),
 * 0 = none, -1 = unknown. */
static int propagate(ic3 *a, uint32_t *fix) {
  for (uint32_t k = 1; k <= a->frontier; k++) {
    bool left = false;
    for (uint32_t p = 0; p < a->np; p++)
      for (uint32_t i = 0; i < a->nlem[p]; i++) {
        lemma *l = &a->lem[p][i];
        if (l->level != k) continue;
        term_t neg = term_not(l->f);
        term_t *lits;
        uint32_t n = term_conjuncts(neg, &lits);
        int b = blocked(a, p, k + 1, n, lits, NULL);
        free(lits);
        if (b < 0) return -1;
        if (b == 1) a->lem[p][i].level = k + 1;
        else left = true;
      }
    if (!left && k + 1 <= a->frontier) { *fix = k; return 1; }
  }
  return 0;
}

/* The derivation under reach fact root, built top-down: every instance
 * is one point of its reach fact, its body values read off a model of its
 * clause with the kids' reach facts at the body atoms (a reach fact
 * under-approximates, so each of its points has such a model). Equal
 * points of one fact are one node, used by every parent: a summary serves
 * every call, so recursive Fibonacci's derivation is linear in n where
 * its tree is exponential (LIA-008: 75000 nodes). A fact's kids are older
 * facts, so nodes in decreasing fact id put children after parents.
 * Should a chosen point have no model below it (a projection that
 * over-approximates), the tree as one formula, as before session 20. */
typedef struct { uint32_t fact; term_t *vals; uint32_t *kids; } inst;

static int64_t find_inst(const inst *ns, const uint32_t *ids, uint32_t n, uint32_t ar, const term_t *vals) {
  for (uint32_t i = 0; i < n; i++)
    if (!memcmp(ns[ids[i]].vals, vals, ar * sizeof(term_t))) return ids[i];
  return -1;
}

static int cmp_fact_desc(const void *x, const void *y, void *ctx) {
  const inst *ns = ctx;
  uint32_t a = ns[*(const uint32_t *)x].fact, b = ns[*(const uint32_t *)y].fact;
  return a < b ? 1 : a > b ? -1 : 0;
}

/* 1 = out has the derivation, 0 = none this way (a point with no model
 * below it, too large), -1 = unknown. */
static int shared_derivation(ic3 *a, uint32_t root, chc_result *out) {
  const chc_system *s = a->s;
  inst *ns = NULL;
  uint32_t n = 0, cap = 0;
  uint32_t **byf = xcalloc(root + 1, sizeof *byf), *nbyf = xcalloc(root + 1, sizeof(uint32_t)),
           *capbyf = xcalloc(root + 1, sizeof(uint32_t));
  XGROW(ns, cap, 1);
  ns[n++] = (inst){root, NULL, NULL};
  solver *cs = solver_new_z3_beside(a->slv);
  bool ok = true, timeout = false;
  for (uint32_t i = 0; i < n && ok; i++) {
    const reach *r = &a->rf[ns[i].fact];
    const chc_clause *cl = &s->clauses[r->clause];
    term_vec v = {0};
    term_vec_push(&v, a->trans[r->clause]);
    if (ns[i].vals)
      for (uint32_t x = 0; x < s->preds[r->pred].arity; x++)
        term_vec_push(&v, term_eq(s->preds[r->pred].params[x], ns[i].vals[x]));
    for (uint32_t j = 0; j < cl->nbody; j++) term_vec_push(&v, at(a->rf[r->kids[j]].f, j));
    solver_set_timeout(cs, limits_remaining_ms(a->lim));
    solver_push(cs);
    solver_assert(cs, term_and(v.size, v.data));
    term_vec_free(&v);
    solver_result res = solver_check(cs);
    if (res != SOLVER_SAT) { timeout = res == SOLVER_UNKNOWN; ok = false; }
    ns[i].kids = xcalloc(cl->nbody + 1, sizeof(uint32_t));
    for (uint32_t j = 0; j < cl->nbody && ok; j++) {
      const chc_pred *q = &s->preds[cl->body[j].pred];
      uint32_t k = r->kids[j];
      term_t *vals = xcalloc(q->arity + 1, sizeof(term_t));
      for (uint32_t x = 0; x < q->arity && ok; x++) ok = (vals[x] = solver_value(cs, at(q->params[x], j))) != NULL_TERM;
      int64_t id = ok ? find_inst(ns, byf[k], nbyf[k], q->arity, vals) : -1;
      if (id >= 0 || !ok) { free(vals); ns[i].kids[j] = (uint32_t)id; continue; }
      XGROW(ns, cap, n + 1);
      ns[n] = (inst){k, vals, NULL};
      XGROW(byf[k], capbyf[k], nbyf[k] + 1);
      byf[k][nbyf[k]++] = n;
      ns[i].kids[j] = n++;
      ok = n <= 50000;
    }
    solver_pop(cs, 1);
  }
  solver_free(cs);
  if (ok) {
    uint32_t *order = xmalloc(n * sizeof(uint32_t)), *pos = xmalloc(n * sizeof(uint32_t));
    for (uint32_t i = 0; i < n; i++) order[i] = i;
    qsort_r(order, n, sizeof(uint32_t), cmp_fact_desc, ns);
    for (uint32_t i = 0; i < n; i++) pos[order[i]] = i;
    for (uint32_t i = 0; i < n; i++) {
      const inst *in = &ns[order[i]];
      uint32_t c = a->rf[in->fact].clause, id = chc_derivation_add(&out->deriv, s, c);
      for (uint32_t j = 0; j < s->clauses[c].nbody; j++) out->deriv.nodes[id].children[j] = pos[in->kids[j]];
      if (in->vals) memcpy(out->deriv.nodes[id].head_vals, in->vals, s->preds[a->rf[in->fact].pred].arity * sizeof(term_t));
    }
    out->answer = CHC_UNSAT;
    free(order);
    free(pos);
  }
  for (uint32_t i = 0; i < n; i++) { free(ns[i].vals); free(ns[i].kids); }
  for (uint32_t f = 0; f <= root; f++) free(byf[f]);
  free(ns); free(byf); free(nbyf); free(capbyf);
  return ok ? 1 : timeout ? -1 : 0;
}

/* The fallback: the reach facts under root unfolded into a tree, solved as
 * one formula (values chosen for the whole tree at once). */
static void tree_derivation(ic3 *a, uint32_t root, chc_result *out) {
  chc_tree t = {0};
  typedef struct { uint32_t node, slot, fact; } item;
  item *st = NULL;
  size_t n = 0, cap = 0;
  const reach *r0 = &a->rf[root];
  chc_tree_add(&t, r0->clause, a->s->clauses[r0->clause].nbody);
  for (uint32_t j = 0; j < a->s->clauses[r0->clause].nbody; j++) {
    XGROW(st, cap, n + 1);
    st[n++] = (item){0, j, r0->kids[j]};
  }
  bool ok = true;
  while (n && ok) {
    item it = st[--n];
    const reach *r = &a->rf[it.fact];
    uint32_t nb = a->s->clauses[r->clause].nbody, id = chc_tree_add(&t, r->clause, nb);
    t.n[it.node].kids[it.slot] = id;
    for (uint32_t j = 0; j < nb; j++) {
      XGROW(st, cap, n + 1);
      st[n++] = (item){id, j, r->kids[j]};
    }
    ok = t.size < 50000;
  }
  free(st);
  if (ok) {
    solver *cs = solver_new_z3_beside(a->slv);
    solver_set_timeout(cs, limits_remaining_ms(a->lim));
    solver_assert(cs, chc_tree_formula(a->s, &t));
    if (solver_check(cs) == SOLVER_SAT) {
      out->answer = CHC_UNSAT;
      chc_tree_derivation(a->s, &t, cs, &out->deriv);
    } else a->why = "ic3: reach facts do not concretize (engine bug)";
    solver_free(cs);
  } else a->why = "ic3: derivation too large";
  chc_tree_free(&t);
}

static void derivation(ic3 *a, uint32_t root, chc_result *out) {
  int r = shared_derivation(a, root, out);
  if (r < 0) a->why = "timeout";
  if (r == 0) tree_derivation(a, root, out);
}


struct chc_ic3 { ic3 a; };

chc_ic3 *chc_ic3_new(const chc_system *s) {
  chc_ic3 *st = xcalloc(1, sizeof *st);
  ic3 *a = &st->a;
  a->s = s;
  a->np = s->npreds;
  uint32_t np1 = s->npreds + 1;
  a->lem = xcalloc(np1, sizeof *a->lem); a->nlem = xcalloc(np1, sizeof(uint32_t)); a->caplem = xcalloc(np1, sizeof(uint32_t));
  a->rby = xcalloc(np1, sizeof *a->rby); a->nrby = xcalloc(np1, sizeof(uint32_t)); a->caprby = xcalloc(np1, sizeof(uint32_t));
  a->heads = xcalloc(np1, sizeof *a->heads); a->nheads = xcalloc(np1, sizeof(uint32_t));
  for (uint32_t i = 0; i < s->nclauses; i++) {
    uint32_t h = head_of(a, i);
    a->heads[h] = xrealloc(a->heads[h], (a->nheads[h] + 1) * sizeof(uint32_t));
    a->heads[h][a->nheads[h]++] = i;
  }
  build_trans(a);
  a->slv = solver_new_z3();
  a->frontier = 1;
  return st;
}

/* Rounds from where the last call stopped: a round cut short is run again
 * at its level (its obligations start over; lemmas and reach facts stay),
 * a propagation cut short is done again. */
void chc_ic3_run(chc_ic3 *st, const zeta_limits *lim, chc_result *out) {
  ic3 *a = &st->a;
  chc_result_start(out, "ic3 (PDR on Horn clauses, MBP, no Spacer)");
  a->lim = lim;
  a->why = "timeout";
  for (;; a->frontier++) {
    uint32_t root = 0, fix = 0;
    if (a->max_level && a->frontier > a->max_level) {
      a->why = "ic3: level limit";
      break;
    }
    if (!a->propagating) {
      int r = run_round(a, &root);
      if (r < 0) break;
      if (r == 0) { derivation(a, root, out); break; }
      a->propagating = true;
    }
    int f = propagate(a, &fix);
    if (f < 0) break;
    if (f == 1) {
      out->answer = CHC_SAT;
      out->interp = xcalloc(a->np + 1, sizeof(term_t));
      for (uint32_t p = 0; p < a->np; p++) out->interp[p] = frame(a, p, fix + 1);
      break;
    }
    a->propagating = false;
    if (progress_verbose()) {
      uint32_t lemmas = 0;
      for (uint32_t p = 0; p < a->np; p++) lemmas += a->nlem[p];
      progress_tick("zeta: ic3: level %u, %u lemmas, %u reach facts", a->frontier + 1, lemmas, a->nrf);
    }
  }
  if (out->answer == CHC_UNKNOWN) out->reason = a->why;
}

void chc_ic3_limit_level(chc_ic3 *st, uint32_t level) { st->a.max_level = level; }
void chc_ic3_unweakened(chc_ic3 *st) { st->a.unweakened = true; }

void chc_ic3_free(chc_ic3 *st) {
  if (!st) return;
  ic3 *a = &st->a;
  for (uint32_t p = 0; p <= a->np; p++) { free(a->lem[p]); free(a->rby[p]); free(a->heads[p]); }
  for (uint32_t i = 0; i < a->nrf; i++) free(a->rf[i].kids);
  free(a->lem); free(a->nlem); free(a->caplem); free(a->rby); free(a->nrby); free(a->caprby);
  free(a->heads); free(a->nheads); free(a->rf); free(a->pobs); free(a->trans);
  solver_free(a->slv);
  if (a->clause_nums) { term_map_free(a->clause_nums); free(a->clause_nums); }
  free(st);
}

void chc_ic3_solve(const chc_system *s, const zeta_limits *lim, chc_result *out) {
  chc_ic3 *st = chc_ic3_new(s);
  chc_ic3_run(st, lim, out);
  chc_ic3_free(st);
}
