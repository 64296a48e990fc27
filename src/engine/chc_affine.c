/* Affine hulls by exact rational elimination, and the Horn-clause engine
 * over them (chc_affine.h).
 *
 * The engine is Karr's analysis computed by the solver: every hull
 * starts empty (false); a clause whose body (its constraint and the hulls
 * of its body predicates) has a model outside its head's hull adds the
 * model's head arguments as a point, and the hull's equalities are
 * recomputed. A hull's dimension only grows (at most arity + 1 points),
 * so this ends; then every clause keeps its head's hull: the hulls are an
 * inductive model. A predicate has one hull, or one per clause when only
 * queries use it (its model their disjunction; make_slots). Bool
 * arguments are coordinates 0 / 1. When some query is still reachable,
 * Houdini over bounds (at 0 and the values found) and congruences (true
 * at every point found) of single arguments strengthens the hulls. The
 * answer is sat (its model checked by the caller as every model) or
 * unknown. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/chc_affine.h"
#include "solver/solver.h"

/* ---- affine hulls ---- */

static void mpq_init_set(mpq_t x, const mpq_t v) {
  mpq_init(x);
  mpq_set(x, v);
}

void aff_init(aff_hull *h, uint32_t n) {
  h->n = n;
  h->npts = 0;
  h->pts = h->ech = NULL;   /* at the first point: most clauses add to another's hull */
  h->piv = NULL;
  h->eq = NULL;
  h->neq = 0;
}

void aff_free(aff_hull *h) {
  for (uint32_t i = 0; i < h->npts * h->n; i++) mpq_clear(h->pts[i]);
  for (uint32_t i = 0; i < h->npts * (h->n + 1); i++) mpq_clear(h->ech[i]);
  free(h->pts);
  free(h->ech);
  free(h->piv);
  if (h->eq) aff_rows_free(h->eq, h->neq, h->n);
  h->eq = NULL;
  h->pts = h->ech = NULL;
  h->piv = NULL;
  h->npts = h->neq = 0;
}

/* dst -= f * src over cols entries (t a scratch rational). */
static void row_sub(mpq_t *dst, const mpq_t *src, const mpq_t f, uint32_t cols, mpq_t t) {
  for (uint32_t k = 0; k < cols; k++) {
    if (mpq_sgn(src[k]) == 0) continue;
    mpq_mul(t, f, src[k]);
    mpq_sub(dst[k], dst[k], t);
  }
}

/* Adds the row [pt, 1] to h's echelon form, keeping it reduced: the row is
 * reduced by the others, scaled to a leading 1, and its pivot column
 * cleared from the others. False when it is in their span (pt in the
 * hull). The reduced row echelon form of a row space is unique: the same
 * as eliminating over all the points at once. */
static bool ech_add(aff_hull *h, const mpq_t *pt) {
  uint32_t n = h->n, cols = n + 1, np = h->npts;
  mpq_t *row = &h->ech[(size_t)np * cols], f, t;
  mpq_inits(f, t, NULL);
  for (uint32_t k = 0; k < n; k++) mpq_init_set(row[k], pt[k]);
  mpq_init(row[n]);
  mpq_set_ui(row[n], 1, 1);
  for (uint32_t r = 0; r < np; r++) {
    const mpq_t *e = &h->ech[(size_t)r * cols];
    if (mpq_sgn(row[h->piv[r]]) == 0) continue;
    mpq_set(f, row[h->piv[r]]);
    row_sub(row, e, f, cols, t);
  }
  uint32_t c = 0;
  while (c < cols && mpq_sgn(row[c]) == 0) c++;
  if (c < cols) {
    mpq_inv(f, row[c]);
    for (uint32_t k = c; k < cols; k++) mpq_mul(row[k], row[k], f);
    for (uint32_t r = 0; r < np; r++) {
      mpq_t *e = &h->ech[(size_t)r * cols];
      if (mpq_sgn(e[c]) == 0) continue;
      mpq_set(f, e[c]);
      row_sub(e, row, f, cols, t);
    }
    /* into place: the rows ordered by pivot column */
    uint32_t at = np;
    while (at > 0 && h->piv[at - 1] > c) {
      for (uint32_t k = 0; k < cols; k++) mpq_swap(h->ech[(size_t)at * cols + k], h->ech[(size_t)(at - 1) * cols + k]);
      h->piv[at] = h->piv[at - 1];
      at--;
    }
    h->piv[at] = c;
  } else
    for (uint32_t k = 0; k < cols; k++) mpq_clear(row[k]);
  mpq_clears(f, t, NULL);
  return c < cols;
}

/* v (len rationals) scaled to coprime integers into out (zeros, initialized). */
static void to_integers(mpq_t *v, uint32_t len, mpz_t *out) {
  mpz_t l, g;
  mpz_init_set_ui(l, 1);
  mpz_init_set_ui(g, 0);
  for (uint32_t k = 0; k < len; k++)
    if (mpq_sgn(v[k]) != 0) mpz_lcm(l, l, mpq_denref(v[k]));
  for (uint32_t k = 0; k < len; k++) {
    if (mpq_sgn(v[k]) == 0) continue;   /* most: a null-space vector has a 1 and the pivots' entries */
    mpz_divexact(out[k], l, mpq_denref(v[k]));
    mpz_mul(out[k], out[k], mpq_numref(v[k]));
    mpz_gcd(g, g, out[k]);
  }
  if (mpz_sgn(g) != 0)
    for (uint32_t k = 0; k < len; k++)
      if (mpz_sgn(out[k]) != 0) mpz_divexact(out[k], out[k], g);
  mpz_clears(l, g, NULL);
}

/* The equalities are the null space of the points' rows [p, 1]: a vector
 * (a, d) with a . p + d = 0 at every point, i.e. a . x = -d; one per free
 * column of the echelon form. */
uint32_t aff_equalities(const aff_hull *h, mpz_t **rows) {
  uint32_t n = h->n, cols = n + 1, rank = h->npts, nrows = 0;
  *rows = NULL;
  if (rank == 0) return 0;
  const mpq_t *m = (const mpq_t *)h->ech;
  const uint32_t *pivot = h->piv;
  bool *is_pivot = xcalloc(cols, sizeof *is_pivot);
  for (uint32_t r = 0; r < rank; r++) is_pivot[pivot[r]] = true;
  mpz_t *out = xmalloc(((size_t)(cols - rank) * cols + 1) * sizeof *out);
  mpq_t *v = xmalloc(cols * sizeof *v);
  for (uint32_t k = 0; k < cols; k++) mpq_init(v[k]);
  for (uint32_t f = 0; f < cols; f++) {
    if (is_pivot[f]) continue;
    for (uint32_t k = 0; k < cols; k++) mpq_set_ui(v[k], k == f, 1);
    for (uint32_t r = 0; r < rank; r++) mpq_neg(v[pivot[r]], m[r * cols + f]);
    mpz_t *row = &out[nrows++ * cols];
    for (uint32_t k = 0; k < cols; k++) mpz_init(row[k]);
    to_integers(v, cols, row);
    mpz_neg(row[n], row[n]);   /* c = -d */
  }
  for (uint32_t k = 0; k < cols; k++) mpq_clear(v[k]);
  free(v);
  free(is_pivot);
  if (nrows == 0) free(out), out = NULL;   /* the whole space: no rows to free */
  *rows = out;
  return nrows;
}

void aff_rows_free(mpz_t *rows, uint32_t nrows, uint32_t n) {
  for (size_t i = 0; i < (size_t)nrows * (n + 1); i++) mpz_clear(rows[i]);
  free(rows);
}

/* Does pt satisfy row (a . pt = c)? */
static bool row_holds(const mpz_t *row, uint32_t n, const mpq_t *pt) {
  mpq_t sum, t;
  mpq_inits(sum, t, NULL);
  for (uint32_t k = 0; k < n; k++) {
    mpq_set_z(t, row[k]);
    mpq_mul(t, t, pt[k]);
    mpq_add(sum, sum, t);
  }
  mpq_set_z(t, row[n]);
  bool ok = mpq_equal(sum, t);
  mpq_clears(sum, t, NULL);
  return ok;
}

bool aff_contains(const aff_hull *h, const mpq_t *pt) {
  if (h->npts == 0) return false;
  bool in = true;
  for (uint32_t r = 0; r < h->neq && in; r++) in = row_holds(&h->eq[r * (h->n + 1)], h->n, pt);
  return in;
}

bool aff_add(aff_hull *h, const mpq_t *pt) {
  uint32_t n = h->n;
  if (h->npts > n) return false;   /* the whole space (and no row left in ech) */
  if (!h->pts) {
    h->pts = xmalloc(((size_t)(n + 1) * n + 1) * sizeof *h->pts);
    h->ech = xmalloc(((size_t)(n + 1) * (n + 1)) * sizeof *h->ech);
    h->piv = xmalloc((n + 1) * sizeof *h->piv);
  }
  if (!ech_add(h, pt)) return false;   /* in the hull: [pt, 1] in the rows' span */
  for (uint32_t k = 0; k < n; k++) mpq_init_set(h->pts[h->npts * n + k], pt[k]);
  h->npts++;
  if (h->eq) aff_rows_free(h->eq, h->neq, h->n);
  h->neq = aff_equalities(h, &h->eq);
  return true;
}

/* ---- the engine ---- */

/* Moduli of the congruence candidates x = r (mod m). */
static const uint32_t moduli[] = {2, 3, 4, 5, 6, 8};
#define NMODULI (sizeof moduli / sizeof *moduli)

/* A candidate bound: param k >= value (lower) or <= value; k = UINT32_MAX
 * for a congruence. */
typedef struct { uint32_t k; bool lower; long value; } bound;

struct chc_affine {
  const chc_system *s;
  solver *slv;      /* per run (its terms do not outlive it) */
  bool *stale;      /* per clause: to check (again) against its head's hull */
  bool timed_out;   /* the last run stopped for time */
  aff_hull *hull;   /* per clause: the points it gave its head (see slot) */
  uint32_t *slot;   /* per clause: the hull it adds to, its own or, when its
                       head's hulls are joined, the first clause into it */
  uint32_t **hulls_of;   /* per predicate: the clauses whose hulls are its */
  uint32_t *nhulls;
  term_t *eqs;      /* per clause: its hull as a formula over the head's params */
  term_t *hulls;    /* per predicate: the disjunction of its clauses' hulls */
  term_vec *cand;   /* per predicate: Houdini's candidates over its params */
  bool **alive;     /* per predicate, per candidate */
  bool *houdini_stale;   /* per clause: still to check in this run's Houdini */
  bound **bnd;      /* per predicate, per candidate: which bound it is */
  /* a run that ran out of time in Houdini: its survivors (per predicate,
   * per candidate, and how many candidates), for the next run when the
   * hulls have not grown since (kept_points): the same candidates then,
   * and a candidate killed stays killed (the survivors only shrink) */
  bool **kept, *kept_stale;   /* kept_stale: the clauses Houdini had still to check */
  uint32_t *kept_n, kept_points;
  uint32_t points, checks;
};
typedef struct chc_affine affine;

static bool sort_ok(type_t ty) { return type_kind_of(ty) == TYPE_INT || type_kind_of(ty) == TYPE_BOOL; }

/* Only Int and Bool arguments and clause variables (arrays, datatypes and
 * reals are declined at once). */
static bool supported(const chc_system *s) {
  for (uint32_t p = 0; p < s->npreds; p++)
    for (uint32_t i = 0; i < s->preds[p].arity; i++)
      if (!sort_ok(term_type(s->preds[p].params[i]))) return false;
  bool ok = true;
  for (uint32_t c = 0; c < s->nclauses && ok; c++) {
    term_t *vars;
    uint32_t n = chc_clause_all_vars(s, &s->clauses[c], &vars);
    for (uint32_t i = 0; i < n && ok; i++) ok = sort_ok(term_type(vars[i]));
    free(vars);
  }
  return ok;
}

/* The coordinate of a term: itself (Int) or 1 / 0 (Bool). */
static term_t coord(term_t x) {
  return type_kind_of(term_type(x)) == TYPE_BOOL ? term_ite(x, term_int(1), term_int(0)) : x;
}

/* Clause c's hull as a conjunction of equalities over its head's params
 * (false when empty). */
static term_t hull_formula(const affine *a, uint32_t c) {
  const chc_pred *pr = &a->s->preds[a->s->clauses[c].head.pred];
  if (a->hull[c].npts == 0) return term_false();
  const mpz_t *rows = a->hull[c].eq;
  uint32_t nr = a->hull[c].neq, n = pr->arity;
  term_vec eqs = {0}, sum = {0};
  for (uint32_t r = 0; r < nr; r++) {
    const mpz_t *row = &rows[r * (n + 1)];
    sum.size = 0;
    for (uint32_t k = 0; k < n; k++)
      if (mpz_sgn(row[k]) != 0) term_vec_push(&sum, term_mul2(term_int_mpz(row[k]), coord(pr->params[k])));
    term_vec_push(&eqs, term_eq(term_add(sum.size, sum.data), term_int_mpz(row[n])));
  }
  term_t f = term_and(eqs.size, eqs.data);
  term_vec_free(&eqs);
  term_vec_free(&sum);
  return f;
}

/* Is clause c's hull inside another one of its head's (the first of
 * equal ones kept)? Then its disjunct is left out. */
static bool covered(const affine *a, uint32_t c) {
  const aff_hull *h = &a->hull[c];
  if (h->npts == 0) return true;
  uint32_t p = a->s->clauses[c].head.pred;
  for (uint32_t j = 0; j < a->nhulls[p]; j++) {
    uint32_t d = a->hulls_of[p][j];
    if (d == c || a->hull[d].npts < h->npts) continue;
    if (a->hull[d].npts == h->npts && d > c) continue;   /* equal dimension: inside means equal */
    bool in = true;
    for (uint32_t i = 0; i < h->npts && in; i++) in = aff_contains(&a->hull[d], &h->pts[i * h->n]);
    if (in) return true;
  }
  return false;
}

/* p's hulls: one disjunct per clause into p (a disjunction keeps
 * apart what joining them would lose, e.g. a grammar's start symbol:
 * example vectors as facts and sums of other non-terminals). */
static term_t pred_hulls(const affine *a, uint32_t p) {
  term_vec v = {0};
  for (uint32_t j = 0; j < a->nhulls[p]; j++)
    if (!covered(a, a->hulls_of[p][j])) term_vec_push(&v, a->eqs[a->hulls_of[p][j]]);
  term_t f = term_or(v.size, v.data);
  term_vec_free(&v);
  return f;
}

/* Live candidate i of p is a bound that another live one implies (the
 * same side of the same param, tighter, or equal and earlier). */
static bool implied(const affine *a, uint32_t p, uint32_t i) {
  const bound *b = &a->bnd[p][i];
  if (b->k == UINT32_MAX) return false;
  for (uint32_t j = 0; j < a->cand[p].size; j++) {
    const bound *c = &a->bnd[p][j];
    if (j == i || !a->alive[p][j] || c->k != b->k || c->lower != b->lower) continue;
    if (c->value == b->value ? j < i : (c->value > b->value) == b->lower) return true;
  }
  return false;
}

/* p's invariant so far (the hull and the live candidates; for the model
 * without the implied bounds) applied to args. */
static term_t inv_at(const affine *a, uint32_t p, const term_t *args, bool model) {
  const chc_pred *pr = &a->s->preds[p];
  term_vec v = {0};
  term_vec_push(&v, a->hulls[p]);
  for (uint32_t k = 0; a->cand && k < a->cand[p].size; k++)
    if (a->alive[p][k] && !(model && implied(a, p, k))) term_vec_push(&v, a->cand[p].data[k]);
  term_t f = term_and(v.size, v.data);
  term_vec_free(&v);
  return term_subst(f, pr->arity, pr->params, args);
}

static term_t inv_in_body(const void *a, uint32_t p, const term_t *args) { return inv_at(a, p, args, false); }

static term_t clause_body(const affine *a, const chc_clause *cl) { return chc_body_under(cl, inv_in_body, a); }

/* The values of args (n of them) in the solver's model as coordinates;
 * false when one is not a literal. */
static bool model_point(solver *slv, const term_t *args, uint32_t n, mpq_t *pt) {
  for (uint32_t k = 0; k < n; k++) {
    term_t v = solver_value(slv, args[k]);
    if (v == NULL_TERM || !term_is_const(v)) return false;
    if (term_is_bool(v)) mpq_set_ui(pt[k], term_is_true(v), 1);
    else term_rat_value(v, pt[k]);
  }
  return true;
}

/* Clauses to check again after p's invariant changed: those with p in
 * their body. */
static void mark_users(const chc_system *s, uint32_t p, bool *stale) {
  for (uint32_t d = 0; d < s->nclauses; d++)
    for (uint32_t j = 0; j < s->clauses[d].nbody; j++)
      if (s->clauses[d].body[j].pred == p && s->clauses[d].head.pred != CHC_FALSE) stale[d] = true;
}

/* Checks clause c against the hull it adds to until it keeps it: the
 * body asserted once, then per round the head outside the hull so far (a
 * model outside it is a point outside it: the hull grows; the next round
 * adds the grown hull's complement, which implies the last one's). A body
 * over a hull that grew meanwhile (c's head in its body) is stronger than
 * the current one: its points are still the head's, and the caller checks
 * c again. The number of points added, or -1 when a round was undecided
 * (or a model without values). */
static int widen(affine *a, uint32_t c, const zeta_limits *lim) {
  const chc_clause *cl = &a->s->clauses[c];
  uint32_t p = cl->head.pred, n = a->s->preds[p].arity, h = a->slot[c];
  int added = 0;
  mpq_t *pt = xmalloc((n + 1) * sizeof *pt);
  for (uint32_t k = 0; k < n; k++) mpq_init(pt[k]);
  solver_push(a->slv);
  solver_assert(a->slv, clause_body(a, cl));
  for (;;) {
    solver_set_timeout(a->slv, limits_remaining_ms(lim));
    solver_push(a->slv);
    solver_assert(a->slv, term_not(term_subst(a->eqs[h], n, a->s->preds[p].params, cl->head.args)));
    solver_result r = solver_check(a->slv);
    a->checks++;
    if (r == SOLVER_SAT && !model_point(a->slv, cl->head.args, n, pt)) r = SOLVER_UNKNOWN;
    solver_pop(a->slv, 1);
    if (r == SOLVER_UNSAT) break;
    if (r != SOLVER_SAT || !aff_add(&a->hull[h], pt)) {
      added = -1;
      break;
    }
    a->eqs[h] = hull_formula(a, h);
    a->hulls[p] = pred_hulls(a, p);
    a->points++;
    added++;
    if (limits_expired(lim)) break;
  }
  solver_pop(a->slv, 1);
  for (uint32_t k = 0; k < n; k++) mpq_clear(pt[k]);
  free(pt);
  return added;
}

/* Tarjan's strongly connected components of the predicates (edges from
 * body to head); comp[p] numbers them sinks first. */
typedef struct {
  const chc_system *s;
  uint32_t *index, *low, *stack, *comp, nstack, next, ncomp;
  bool *on;
} scc;

static void scc_visit(scc *g, uint32_t p) {
  g->index[p] = g->low[p] = g->next++;
  g->stack[g->nstack++] = p;
  g->on[p] = true;
  for (uint32_t c = 0; c < g->s->nclauses; c++) {
    const chc_clause *cl = &g->s->clauses[c];
    uint32_t q = cl->head.pred;
    if (q == CHC_FALSE) continue;
    bool from_p = false;
    for (uint32_t j = 0; j < cl->nbody && !from_p; j++) from_p = cl->body[j].pred == p;
    if (!from_p) continue;
    if (g->index[q] == UINT32_MAX) {
      scc_visit(g, q);
      if (g->low[q] < g->low[p]) g->low[p] = g->low[q];
    } else if (g->on[q] && g->index[q] < g->low[p]) g->low[p] = g->index[q];
  }
  if (g->low[p] != g->index[p]) return;
  uint32_t q;
  do {
    q = g->stack[--g->nstack];
    g->on[q] = false;
    g->comp[q] = g->ncomp;
  } while (q != p);
  g->ncomp++;
}

/* The clauses with heads in topological order (bodies' components before
 * heads'): a predicate's hull is mostly settled before the clauses that
 * use it are checked (fewer checks of clauses whose bodies move again). */
static uint32_t *clause_order(const chc_system *s) {
  uint32_t np1 = s->npreds + 1;
  scc g = {s, xmalloc(np1 * sizeof(uint32_t)), xmalloc(np1 * sizeof(uint32_t)), xmalloc(np1 * sizeof(uint32_t)),
           xmalloc(np1 * sizeof(uint32_t)), 0, 0, 0, xcalloc(np1, sizeof(bool))};
  for (uint32_t p = 0; p < s->npreds; p++) g.index[p] = UINT32_MAX;
  for (uint32_t p = 0; p < s->npreds; p++)
    if (g.index[p] == UINT32_MAX) scc_visit(&g, p);
  uint32_t *order = xmalloc((s->nclauses + 1) * sizeof *order), n = 0;
  for (uint32_t k = g.ncomp; k-- > 0;)   /* sources first */
    for (uint32_t c = 0; c < s->nclauses; c++) {
      uint32_t h = s->clauses[c].head.pred;
      if (h != CHC_FALSE && g.comp[h] == k) order[n++] = c;
    }
  for (uint32_t c = 0; c < s->nclauses; c++)
    if (s->clauses[c].head.pred == CHC_FALSE) order[n++] = c;
  free(g.index);
  free(g.low);
  free(g.stack);
  free(g.comp);
  free(g.on);
  return order;
}

/* Karr's fixpoint: every clause keeps its head's hull. False when
 * undecided or out of time (out->reason says which; a->stale keeps the
 * clauses left to check for the next run). */
static bool hull_fixpoint(affine *a, const zeta_limits *lim, chc_result *out) {
  const chc_system *s = a->s;
  bool *stale = a->stale, ok = true;
  uint32_t *order = clause_order(s);
  for (bool any = true; any && ok;) {
    any = false;
    for (uint32_t i = 0; i < s->nclauses && ok; i++) {
      uint32_t c = order[i];
      while (stale[c] && ok) {   /* until c keeps its head's hull */
        stale[c] = false;
        int r = limits_expired(lim) ? -1 : widen(a, c, lim);
        if (r > 0) {
          mark_users(s, s->clauses[c].head.pred, stale);
          any = true;
        }
        if (limits_expired(lim)) {
          stale[c] = a->timed_out = true;   /* not known to keep it yet */
          out->reason = "timeout";
          ok = false;
        } else if (r < 0) {
          out->reason = "affine: a clause was undecided";
          ok = false;
        }
      }
    }
  }
  free(order);
  return ok;
}

/* Is every query's body unsatisfiable with the invariants? */
static bool queries_blocked(affine *a, const zeta_limits *lim) {
  for (uint32_t c = 0; c < a->s->nclauses; c++) {
    const chc_clause *cl = &a->s->clauses[c];
    if (cl->head.pred != CHC_FALSE) continue;
    solver_set_timeout(a->slv, limits_remaining_ms(lim));
    a->checks++;
    if (solver_check_alone(a->slv, clause_body(a, cl)) != SOLVER_UNSAT) return false;
  }
  return true;
}

/* The points of p's hulls (rows of p's arity, pointers into the hulls;
 * *out malloc'd). */
static uint32_t pred_points(const affine *a, uint32_t p, const mpq_t ***out) {
  uint32_t n = 0;
  for (uint32_t j = 0; j < a->nhulls[p]; j++) n += a->hull[a->hulls_of[p][j]].npts;
  *out = xmalloc((n + 1) * sizeof **out);
  n = 0;
  for (uint32_t j = 0; j < a->nhulls[p]; j++) {
    const aff_hull *h = &a->hull[a->hulls_of[p][j]];
    for (uint32_t i = 0; i < h->npts; i++) (*out)[n++] = (const mpq_t *)&h->pts[i * h->n];
  }
  return n;
}

/* Do the points pts[0..n) agree on param k modulo m (integers all)? By
 * numbers: a term per point and candidate cost LIA-255 (388 predicates of
 * up to 120 params) a fifth of its run. */
static bool same_residue(const mpq_t **pts, uint32_t n, uint32_t k, unsigned long m) {
  for (uint32_t i = 0; i < n; i++)
    if (mpz_cmp_ui(mpq_denref(pts[i][k]), 1) != 0) return false;
  unsigned long r = mpz_fdiv_ui(mpq_numref(pts[0][k]), m);
  for (uint32_t i = 1; i < n; i++)
    if (mpz_fdiv_ui(mpq_numref(pts[i][k]), m) != r) return false;
  return true;
}

static void push_cand(affine *a, uint32_t p, term_t f, bound b) {
  a->bnd[p] = xrealloc(a->bnd[p], (a->cand[p].size + 1) * sizeof **a->bnd);
  a->bnd[p][a->cand[p].size] = b;
  term_vec_push(&a->cand[p], f);
}

static int cmp_long(const void *x, const void *y) {
  long a = *(const long *)x, b = *(const long *)y;
  return (a > b) - (a < b);
}

/* At most this many distinct values per param are bounds. */
#define MAX_BOUNDS 16
/* At most this many octagon candidates per predicate (four per pair of
 * Int params: JayHorn's predicates have 100+ arguments). */
#define MAX_OCTAGONS 800

/* The least and greatest of x_i + sign * x_j at the points (integers
 * fitting a long); false when some point has no such value. */
static bool pair_range(const mpq_t **pts, uint32_t n, uint32_t i, uint32_t j, int sign, long *lo, long *hi) {
  mpz_t v;
  mpz_init(v);
  bool ok = true;
  for (uint32_t q = 0; q < n && ok; q++) {
    ok = mpz_cmp_ui(mpq_denref(pts[q][i]), 1) == 0 && mpz_cmp_ui(mpq_denref(pts[q][j]), 1) == 0;
    if (!ok) break;
    if (sign > 0) mpz_add(v, mpq_numref(pts[q][i]), mpq_numref(pts[q][j]));
    else mpz_sub(v, mpq_numref(pts[q][i]), mpq_numref(pts[q][j]));
    ok = mpz_fits_slong_p(v);
    long x = ok ? mpz_get_si(v) : 0;
    if (q == 0 || x < *lo) *lo = x;
    if (q == 0 || x > *hi) *hi = x;
  }
  mpz_clear(v);
  return ok && n > 0;
}

/* The atoms of a constraint (below and / or, negated or not). */
static void atoms_of(term_t t, term_vec *out) {
  term_op op = term_op_of(t);
  if (op == OP_AND || op == OP_OR)
    for (uint32_t k = 0; k < term_nargs(t); k++) atoms_of(term_arg(t, k), out);
  else
    term_vec_push(out, t);
}

/* Does argument x (a variable, or a term over some) contain a variable of
 * w[0..nw)? */
static bool shares_var(term_t x, const term_t *w, uint32_t nw) {
  for (uint32_t k = 0; k < nw; k++)
    if (term_is_var(x) ? x == w[k] : term_has_free_var(x, w[k])) return true;
  return false;
}

/* Marks in rel (n * n) the pairs of positions of application app whose
 * arguments share variables with one atom of atoms. */
static void relate(const chc_app *app, uint32_t n, const term_vec *atoms, bool *rel, bool *hit) {
  for (uint32_t t = 0; t < atoms->size; t++) {
    term_t *w;
    uint32_t nw = term_free_vars(atoms->data[t], &w), nhit = 0;
    for (uint32_t i = 0; i < n; i++) nhit += hit[i] = nw > 0 && shares_var(app->args[i], w, nw);
    for (uint32_t i = 0; i < n && nhit > 1; i++)
      for (uint32_t j = i + 1; j < n && hit[i]; j++) rel[i * n + j] |= hit[j];
    free(w);
  }
}

/* rel[i * n + j] (i < j): p's params i and j meet in one atom of some
 * clause's constraint through the arguments of an application of p there
 * (a guard comparing them, an update of one from the other): the pairs
 * whose sums and differences the clauses constrain. */
static bool *related_pairs(const chc_system *s, uint32_t p) {
  uint32_t n = s->preds[p].arity;
  bool *rel = xcalloc((size_t)n * n + 1, sizeof *rel), *hit = xmalloc(n + 1);
  for (uint32_t c = 0; c < s->nclauses; c++) {
    const chc_clause *cl = &s->clauses[c];
    bool uses = cl->head.pred == p;
    for (uint32_t j = 0; j < cl->nbody && !uses; j++) uses = cl->body[j].pred == p;
    if (!uses) continue;   /* JayHorn: hundreds of predicates, each in a few clauses */
    term_vec atoms = {0};
    atoms_of(cl->constraint, &atoms);
    if (cl->head.pred == p) relate(&cl->head, n, &atoms, rel, hit);
    for (uint32_t j = 0; j < cl->nbody; j++)
      if (cl->body[j].pred == p) relate(&cl->body[j], n, &atoms, rel, hit);
    term_vec_free(&atoms);
  }
  free(hit);
  return rel;
}

/* Octagon candidates of p: lo <= x_i +- x_j <= hi with the range at the
 * points found (relational bounds the single-param ones miss: x_i - x_j
 * >= 1 when x_i > x_j everywhere but neither is bounded), for the pairs
 * the clauses relate; not where the sum or difference is constant at the
 * points (the hull implies it). */
static void octagons(affine *a, uint32_t p, const mpq_t **pts, uint32_t n) {
  const chc_pred *pr = &a->s->preds[p];
  uint32_t made = 0;
  bool *rel = n ? related_pairs(a->s, p) : NULL;
  for (uint32_t i = 0; i < pr->arity && n; i++)
    for (uint32_t j = i + 1; j < pr->arity && made + 4 <= MAX_OCTAGONS; j++) {
      term_t x = pr->params[i], y = pr->params[j];
      if (!rel[i * pr->arity + j]) continue;
      if (type_kind_of(term_type(x)) != TYPE_INT || type_kind_of(term_type(y)) != TYPE_INT) continue;
      for (int sign = -1; sign <= 1; sign += 2) {
        long lo, hi;
        if (!pair_range(pts, n, i, j, sign, &lo, &hi) || lo == hi) continue;
        term_t e = sign > 0 ? term_add2(x, y) : term_sub(x, y);
        push_cand(a, p, term_ge(e, term_int(lo)), (bound){UINT32_MAX, false, 0});
        push_cand(a, p, term_le(e, term_int(hi)), (bound){UINT32_MAX, false, 0});
        made += 2;
      }
    }
  free(rel);
}

/* p's candidates: for each Int param x, x >= v and x <= v for 0 and the
 * values of x at the points found (the points come from models of the
 * over-approximation, not only reachable ones: the bounds of the
 * reachable ones are among them, and Houdini keeps the tightest true
 * ones; the least and greatest only when there are more than MAX_BOUNDS),
 * and x = r (mod m) for the moduli where every point agrees. */
static void candidates(affine *a, uint32_t p) {
  const chc_pred *pr = &a->s->preds[p];
  const mpq_t **pts;
  uint32_t n = pred_points(a, p, &pts);
  long *vals = xmalloc((n + 2) * sizeof *vals);
  for (uint32_t k = 0; k < pr->arity && n; k++) {
    term_t x = pr->params[k];
    if (type_kind_of(term_type(x)) != TYPE_INT) continue;
    uint32_t nv = 0;
    vals[nv++] = 0;
    for (uint32_t i = 0; i < n; i++)
      if (mpz_fits_slong_p(mpq_numref(pts[i][k]))) vals[nv++] = mpz_get_si(mpq_numref(pts[i][k]));
    qsort(vals, nv, sizeof *vals, cmp_long);
    uint32_t nd = 0;
    for (uint32_t i = 0; i < nv; i++)
      if (nd == 0 || vals[nd - 1] != vals[i]) vals[nd++] = vals[i];
    for (uint32_t i = 0; i < nd; i++) {
      if (nd > MAX_BOUNDS && i != 0 && i != nd - 1) continue;
      push_cand(a, p, term_ge(x, term_int(vals[i])), (bound){k, true, vals[i]});
      push_cand(a, p, term_le(x, term_int(vals[i])), (bound){k, false, vals[i]});
    }
    for (uint32_t m = 0; m < NMODULI; m++) {
      if (!same_residue(pts, n, k, moduli[m])) continue;
      long r = (long)mpz_fdiv_ui(mpq_numref(pts[0][k]), moduli[m]);
      push_cand(a, p, term_eq(term_mod(x, term_int(moduli[m])), term_int(r)), (bound){UINT32_MAX, false, 0});
    }
  }
  octagons(a, p, pts, n);
  /* a nullary predicate (CHC-COMP's CHC_COMP_FALSE) has a point as soon as
   * a clause reaches it under the hulls alone; false, while the candidates
   * of its bodies' predicates block those clauses */
  if (pr->arity == 0) push_cand(a, p, term_false(), (bound){UINT32_MAX, false, 0});
  free(vals);
  free(pts);
  a->alive[p] = xmalloc((a->cand[p].size + 1) * sizeof **a->alive);
  for (uint32_t k = 0; k < a->cand[p].size; k++) a->alive[p][k] = true;
}

/* Kills the head candidates that clause cl does not keep; -1 when the
 * solver is undecided, else the number killed. */
static int kill_round(affine *a, const chc_clause *cl, const zeta_limits *lim) {
  uint32_t p = cl->head.pred;
  const chc_pred *pr = &a->s->preds[p];
  term_t *goals = xmalloc((a->cand[p].size + 1) * sizeof *goals);
  for (uint32_t k = 0; k < a->cand[p].size; k++)
    goals[k] = a->alive[p][k] ? term_subst(a->cand[p].data[k], pr->arity, pr->params, cl->head.args) : NULL_TERM;
  solver_set_timeout(a->slv, limits_remaining_ms(lim));
  a->checks++;
  int killed = chc_houdini_kill(a->slv, clause_body(a, cl), a->cand[p].size, goals, a->alive[p]);
  free(goals);
  return killed;
}

typedef struct { affine *a; const zeta_limits *lim; } affine_round;

static int affine_kill(void *ctx, const chc_clause *cl) {
  affine_round *r = ctx;
  return kill_round(r->a, cl, r->lim);
}

static void drop_kept(affine *a) {
  for (uint32_t p = 0; p < a->s->npreds && a->kept; p++) free(a->kept[p]);
  free(a->kept);
  free(a->kept_n);
  free(a->kept_stale);
  a->kept = NULL;
  a->kept_n = NULL;
  a->kept_stale = NULL;
}

/* Houdini over the candidates, the hulls fixed (they stay inductive: the
 * candidates only strengthen the bodies). False when undecided or out of
 * time. */
static bool houdini(affine *a, const zeta_limits *lim, chc_result *out) {
  const chc_system *s = a->s;
  uint32_t np1 = s->npreds + 1;
  a->cand = xcalloc(np1, sizeof *a->cand);
  a->alive = xcalloc(np1, sizeof *a->alive);
  a->bnd = xcalloc(np1, sizeof *a->bnd);
  for (uint32_t p = 0; p < s->npreds; p++) candidates(a, p);
  /* resumed: the last run's kills (LIA-270: its Houdini, 2309 checks and
   * 2.1 s CPU, ran out of time in own's first affine part and started
   * over in the next) */
  bool same = a->kept && a->kept_points == a->points;
  for (uint32_t p = 0; p < s->npreds && same; p++) same = a->kept_n[p] == a->cand[p].size;
  for (uint32_t p = 0; p < s->npreds && same; p++) memcpy(a->alive[p], a->kept[p], a->kept_n[p] * sizeof **a->alive);
  bool *stale = same ? a->kept_stale : chc_houdini_all_stale(s);
  if (same) a->kept_stale = NULL;
  drop_kept(a);
  a->houdini_stale = stale;
  /* a query that the candidates alive now do not block, no survivors
   * will (Houdini only drops candidates): give up at once (LIA-270: 2 s
   * CPU of Houdini before "no invariant strong enough") */
  if (!queries_blocked(a, lim)) return false;
  return chc_houdini_fixpoint(s, lim, affine_kill, &(affine_round){a, lim}, "affine: a clause was undecided (candidates)",
                              out, stale);
}

/* The answer: the invariants over each predicate's params. */
static void give_model(const affine *a, chc_result *out) {
  const chc_system *s = a->s;
  out->answer = CHC_SAT;
  out->interp = xcalloc(s->npreds + 1, sizeof *out->interp);
  for (uint32_t p = 0; p < s->npreds; p++) out->interp[p] = inv_at(a, p, s->preds[p].params, true);
}

/* Which hull each clause adds to: a hull per clause for predicates that
 * only queries use (a grammar's start symbol: its disjuncts keep apart
 * example vectors and sums of other non-terminals), else one per
 * predicate (disjunctions in the bodies of the other clauses cost the
 * solver: LIA-082 took 2.9 s CPU with a hull per clause everywhere). */
static void make_slots(affine *a) {
  const chc_system *s = a->s;
  bool *in_body = xcalloc(s->npreds + 1, sizeof *in_body);
  uint32_t *first = xmalloc((s->npreds + 1) * sizeof *first), *slot = xmalloc((s->nclauses + 1) * sizeof *slot);
  for (uint32_t p = 0; p < s->npreds; p++) first[p] = UINT32_MAX;
  for (uint32_t c = 0; c < s->nclauses; c++) {
    const chc_clause *cl = &s->clauses[c];
    if (cl->head.pred == CHC_FALSE) continue;
    for (uint32_t j = 0; j < cl->nbody; j++) in_body[cl->body[j].pred] = true;
    if (first[cl->head.pred] == UINT32_MAX) first[cl->head.pred] = c;
  }
  bool split_all = getenv("ZETA_AFFINE_SPLIT") != NULL;
  for (uint32_t c = 0; c < s->nclauses; c++) {
    uint32_t p = s->clauses[c].head.pred;
    slot[c] = p == CHC_FALSE || !in_body[p] || split_all ? c : first[p];
    if (p == CHC_FALSE || slot[c] != c) continue;
    a->hulls_of[p] = xrealloc(a->hulls_of[p], (a->nhulls[p] + 1) * sizeof **a->hulls_of);
    a->hulls_of[p][a->nhulls[p]++] = c;
  }
  free(in_body);
  free(first);
  a->slot = slot;
}

/* ZETA_AFFINE_TRACE: the counts and each predicate's invariant. */
static void trace(const affine *a) {
  fprintf(stderr, "affine: %u points, %u checks\n", a->points, a->checks);
  for (uint32_t p = 0; p < a->s->npreds; p++) {
    const mpq_t **pts;
    uint32_t n = pred_points(a, p, &pts);
    free(pts);
    fprintf(stderr, "  %s (%u points): ", a->s->preds[p].name, n);
    term_print(stderr, inv_at(a, p, a->s->preds[p].params, true));
    fputc('\n', stderr);
  }
}

chc_affine *chc_affine_new(const chc_system *s) {
  affine *a = xcalloc(1, sizeof *a);
  a->s = s;
  uint32_t np1 = s->npreds + 1;
  a->hull = xmalloc((s->nclauses + 1) * sizeof *a->hull);
  a->stale = xmalloc((s->nclauses + 1) * sizeof *a->stale);
  a->eqs = xmalloc((s->nclauses + 1) * sizeof *a->eqs);
  a->hulls = xmalloc(np1 * sizeof *a->hulls);
  for (uint32_t c = 0; c < s->nclauses; c++) {
    uint32_t h = s->clauses[c].head.pred;
    aff_init(&a->hull[c], h == CHC_FALSE ? 0 : s->preds[h].arity);
    a->stale[c] = h != CHC_FALSE;
  }
  a->hulls_of = xcalloc(np1, sizeof *a->hulls_of);
  a->nhulls = xcalloc(np1, sizeof *a->nhulls);
  make_slots(a);
  return a;
}

/* Houdini's candidates (made per run: they are terms); the survivors of
 * a run out of time in Houdini are kept. */
static void free_candidates(affine *a) {
  if (a->cand && a->timed_out) {
    a->kept = a->alive;
    a->kept_stale = a->houdini_stale;
    a->kept_n = xmalloc((a->s->npreds + 1) * sizeof *a->kept_n);
    for (uint32_t p = 0; p < a->s->npreds; p++) a->kept_n[p] = a->cand[p].size;
    a->kept_points = a->points;
    a->alive = NULL;
  } else free(a->houdini_stale);
  a->houdini_stale = NULL;
  for (uint32_t p = 0; p < a->s->npreds && a->cand; p++) {
    term_vec_free(&a->cand[p]);
    if (a->alive) free(a->alive[p]);
    free(a->bnd[p]);
  }
  free(a->cand);
  free(a->alive);
  free(a->bnd);
  a->cand = NULL;
  a->alive = NULL;
  a->bnd = NULL;
}

void chc_affine_run(affine *a, const zeta_limits *lim, chc_result *out) {
  const chc_system *s = a->s;
  chc_result_start(out, "affine (Karr's hulls by models, then bounds and congruences)");
  a->timed_out = false;
  if (!supported(s)) { out->reason = "affine: arguments other than Int and Bool"; return; }
  a->slv = solver_new_z3();
  /* the formulas of the hulls so far (the terms of the last run may be gone) */
  for (uint32_t c = 0; c < s->nclauses; c++)
    a->eqs[c] = a->slot[c] == c && s->clauses[c].head.pred != CHC_FALSE ? hull_formula(a, c) : term_false();
  for (uint32_t p = 0; p < s->npreds; p++) a->hulls[p] = pred_hulls(a, p);
  out->reason = "affine: no invariant strong enough";
  /* the hulls alone, else strengthened (a failing step sets the reason) */
  if (hull_fixpoint(a, lim, out) &&
      (queries_blocked(a, lim) || (houdini(a, lim, out) && queries_blocked(a, lim))))
    give_model(a, out);
  else if (limits_expired(lim))
    a->timed_out = true;
  if (getenv("ZETA_AFFINE_TRACE")) trace(a);
  free_candidates(a);
  solver_free(a->slv);
  a->slv = NULL;
}

bool chc_affine_resumable(const chc_affine *a) { return a->timed_out; }

void chc_affine_free(chc_affine *a) {
  if (!a) return;
  for (uint32_t c = 0; c < a->s->nclauses; c++) aff_free(&a->hull[c]);
  free(a->hull);
  free(a->stale);
  free(a->eqs);
  free(a->hulls);
  free(a->slot);
  for (uint32_t p = 0; p < a->s->npreds; p++) free(a->hulls_of[p]);
  free(a->hulls_of);
  free(a->nhulls);
  drop_kept(a);
  free(a);
}

void chc_affine_solve(const chc_system *s, const zeta_limits *lim, chc_result *out) {
  affine *a = chc_affine_new(s);
  chc_affine_run(a, lim, out);
  chc_affine_free(a);
}
