/* Houdini over order clauses (chc_engine.h): the largest inductive subset
 * of small disjunctions of order literals between the arguments that the
 * clauses permute.
 *
 * Systems made by abstract interpreters of term-rewriting orders (CHC-COMP's
 * `lturn` family: step / combined / lturn over one tuple, the queries
 * applying them to every permutation of some arguments) are safe by
 * invariants such as "at most one of x15 <= x16, x16 <= x17, x17 <= x15"
 * (z3's model of LIA-183: three clauses of two literals). IC3 does not find
 * them: its cubes come from models over all 19 arguments (point values,
 * bounds of the others), so its lemmas are about those, and its second
 * round does not end within 15 s (session 23); pa's predicates come from
 * interpolants of single counterexamples. Here the candidates are every
 * clause of up to three literals x_i <= x_j / x_i < x_j between the
 * permuted arguments (one literal per pair of arguments), and
 * disequalities; Houdini (Flanagan and Leino 2001) keeps the largest
 * inductive subset of them.
 *
 * Every candidate starts alive; a clause whose body (constraint and the
 * live candidates of its body predicates) has a model falsifying some live
 * candidate of its head kills those the model falsifies, until every clause
 * keeps its head's candidates. If then every query's body is
 * unsatisfiable, the conjunctions of the live candidates are a model (sat,
 * checked by the caller as every model); otherwise unknown. Never unsat. */
#include <stdlib.h>
#include "core/alloc.h"
#include "engine/chc_engine.h"
#include "solver/solver.h"

/* At most this many arguments per predicate take part, and this many
 * candidates per predicate (clauses of three literals only while within
 * it): the cost is one query per kill round and clause, over every body
 * atom's live candidates. */
#define ORDER_MAX_ARGS 6
#define ORDER_MAX_CANDS 2000

/* A candidate's literals, for subsumption: pair * 4 + k, k as in
 * pair_lits; false has none. */
typedef struct { uint8_t n; uint16_t l[3]; } shape;

typedef struct {
  const chc_system *s;
  bool **perm;           /* per predicate, per position: permuted */
  term_vec *cand;        /* per predicate, over its params */
  shape **shapes;        /* per predicate, per candidate */
  bool **alive;          /* per predicate, per candidate */
} houdini;

static bool is_int_var(term_t x) { return term_is_var(x) && type_kind_of(term_type(x)) == TYPE_INT; }

/* The applications of clause cl (head first, unless a query). */
static uint32_t clause_apps(const chc_clause *cl, const chc_app **apps) {
  uint32_t n = 0;
  if (cl->head.pred != CHC_FALSE) apps[n++] = &cl->head;
  for (uint32_t j = 0; j < cl->nbody; j++) apps[n++] = &cl->body[j];
  return n;
}

/* A query, or a clause into a nullary predicate (CHC-COMP's CHC_COMP_FALSE,
 * which only queries use). */
static bool query_like(const chc_system *s, const chc_clause *cl) {
  return cl->head.pred == CHC_FALSE || s->preds[cl->head.pred].arity == 0;
}

/* Seed round (follow false): marks (p, i) where p's argument i is a
 * variable that another application in a query has at another position
 * (the queries compare the arguments in several orders; loops that shift
 * values between arguments do not count: on LIA they gave candidates to
 * 50 of 60 tasks, each costing up to 10 s, for no new answer). Follow
 * rounds: every position a marked variable reaches through a clause
 * (copies to other predicates). True when it marked something new. */
static bool mark_round(houdini *h, bool follow) {
  bool grew = false;
  for (uint32_t c = 0; c < h->s->nclauses; c++) {
    const chc_clause *cl = &h->s->clauses[c];
    if (!follow && !query_like(h->s, cl)) continue;
    const chc_app **apps = xmalloc((cl->nbody + 2) * sizeof *apps);
    uint32_t na = clause_apps(cl, apps);
    for (uint32_t a = 0; a < na; a++)
      for (uint32_t i = 0; i < h->s->preds[apps[a]->pred].arity; i++) {
        term_t x = apps[a]->args[i];
        if (!is_int_var(x)) continue;
        for (uint32_t b = 0; b < na; b++)
          for (uint32_t j = 0; j < h->s->preds[apps[b]->pred].arity; j++) {
            if (apps[b]->args[j] != x || a == b) continue;
            if (!(follow ? h->perm[apps[a]->pred][i] : i != j) || h->perm[apps[b]->pred][j]) continue;
            h->perm[apps[b]->pred][j] = grew = true;
            if (!follow) h->perm[apps[a]->pred][i] = true;
          }
      }
    free(apps);
  }
  return grew;
}

/* The four order literals between params a and b. */
static void pair_lits(term_t a, term_t b, term_t lits[4]) {
  lits[0] = term_le(a, b);
  lits[1] = term_lt(a, b);
  lits[2] = term_le(b, a);
  lits[3] = term_lt(b, a);
}

static void push(houdini *h, uint32_t p, term_t c, shape sh) {
  h->shapes[p] = xrealloc(h->shapes[p], (h->cand[p].size + 1) * sizeof **h->shapes);
  h->shapes[p][h->cand[p].size] = sh;
  term_vec_push(&h->cand[p], c);
}

/* p's candidates of a pass: false, and over its permuted params
 * x[0..n): x_i != x_j and every clause of one literal per chosen pair, for
 * up to width pairs (fewer when there are fewer pairs, or when so many
 * candidates would pass ORDER_MAX_CANDS). True when width pairs were
 * taken (a pass wider than the last one for p). */
static bool candidates(houdini *h, uint32_t p, uint32_t width) {
  const chc_pred *pr = &h->s->preds[p];
  term_t x[ORDER_MAX_ARGS];
  uint32_t n = 0;
  for (uint32_t i = 0; i < pr->arity && n < ORDER_MAX_ARGS; i++)
    if (h->perm[p][i]) x[n++] = pr->params[i];
  term_t lit[ORDER_MAX_ARGS * ORDER_MAX_ARGS][4];
  uint32_t np = 0;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = i + 1; j < n; j++) pair_lits(x[i], x[j], lit[np++]);
  /* 5 per pair, 16 per two pairs, 64 per three */
  uint32_t two = np * (np - 1) / 2, three = two * (np - 2) / 3, w = width < np ? width : np;
  while (w > 1 && 1 + np * 5 + two * 16 + (w >= 3 ? three * 64 : 0) > ORDER_MAX_CANDS) w--;
  push(h, p, term_false(), (shape){0, {0}});   /* p underivable (CHC-COMP's nullary CHC_COMP_FALSE) */
  for (uint16_t a = 0; a < np; a++) {
    for (uint16_t k = 0; k < 4; k++) push(h, p, lit[a][k], (shape){1, {a * 4 + k}});
    push(h, p, term_or2(lit[a][1], lit[a][3]), (shape){2, {a * 4 + 1, a * 4 + 3}});
  }
  for (uint16_t a = 0; a < np && w >= 2; a++)
    for (uint16_t b = a + 1; b < np; b++)
      for (uint16_t k = 0; k < 16; k++) {
        term_t d = term_or2(lit[a][k / 4], lit[b][k % 4]);
        push(h, p, d, (shape){2, {a * 4 + k / 4, b * 4 + k % 4}});
        for (uint16_t c = b + 1; c < np && w >= 3; c++)
          for (uint16_t m = 0; m < 4; m++)
            push(h, p, term_or2(d, lit[c][m]), (shape){3, {a * 4 + k / 4, b * 4 + k % 4, c * 4 + m}});
      }
  return w == width;
}

/* Literal x implies literal y: the same pair, and equal, or x strict and
 * y the non-strict one of the same direction. */
static bool lit_implies(uint16_t x, uint16_t y) { return x == y || (x / 4 == y / 4 && x % 2 && y == x - 1); }

/* Every literal of d implies one of c (so d implies c). */
static bool subsumes(shape d, shape c) {
  for (uint8_t i = 0; i < d.n; i++) {
    bool some = false;
    for (uint8_t j = 0; j < c.n && !some; j++) some = lit_implies(d.l[i], c.l[j]);
    if (!some) return false;
  }
  return true;
}

/* Live candidate k of p is implied by another live one (the first of two
 * that imply each other stays): left out of the model. */
static bool implied(const houdini *h, uint32_t p, uint32_t k) {
  for (uint32_t d = 0; d < h->cand[p].size; d++)
    if (d != k && h->alive[p][d] && subsumes(h->shapes[p][d], h->shapes[p][k]) &&
        (d < k || !subsumes(h->shapes[p][k], h->shapes[p][d])))
      return true;
  return false;
}

/* The conjunction of p's live candidates applied to args (for the model:
 * without the implied ones). */
static term_t live_at(const houdini *h, uint32_t p, const term_t *args, bool model) {
  const chc_pred *pr = &h->s->preds[p];
  term_vec v = {0};
  for (uint32_t k = 0; k < h->cand[p].size; k++)
    if (h->alive[p][k] && !(model && implied(h, p, k))) term_vec_push(&v, h->cand[p].data[k]);
  term_t c = term_and(v.size, v.data);
  term_vec_free(&v);
  return term_subst(c, pr->arity, pr->params, args);
}

term_t chc_body_under(const chc_clause *cl, term_t (*at)(const void *ctx, uint32_t p, const term_t *args),
                      const void *ctx) {
  term_vec v = {0};
  term_vec_push(&v, cl->constraint);
  for (uint32_t j = 0; j < cl->nbody; j++) term_vec_push(&v, at(ctx, cl->body[j].pred, cl->body[j].args));
  term_t b = term_and(v.size, v.data);
  term_vec_free(&v);
  return b;
}

static term_t live_in_body(const void *h, uint32_t p, const term_t *args) { return live_at(h, p, args, false); }

static term_t clause_body(const houdini *h, const chc_clause *cl) { return chc_body_under(cl, live_in_body, h); }

int chc_houdini_kill(solver *slv, term_t body, uint32_t n, const term_t *goals, bool *alive) {
  int killed = 0;
  solver_push(slv);
  solver_assert(slv, body);
  for (solver_result r = SOLVER_SAT; r == SOLVER_SAT;) {
    term_vec live = {0};
    for (uint32_t k = 0; k < n; k++)
      if (alive[k]) term_vec_push(&live, goals[k]);
    r = SOLVER_UNSAT;
    if (live.size) {
      solver_push(slv);
      solver_assert(slv, term_not(term_and(live.size, live.data)));
      r = solver_check(slv);
      if (r == SOLVER_SAT)
        for (uint32_t k = 0; k < n; k++)
          if (alive[k] && !term_is_true(solver_value(slv, goals[k]))) { alive[k] = false; killed++; }
      solver_pop(slv, 1);
    }
    term_vec_free(&live);
    if (r == SOLVER_UNKNOWN) killed = -1;
  }
  solver_pop(slv, 1);
  return killed;
}

/* Kills the head candidates that clause cl does not keep; -1 when the
 * solver is undecided, else the number killed. */
static int kill_round(houdini *h, solver *slv, const chc_clause *cl) {
  uint32_t p = cl->head.pred;
  const chc_pred *pr = &h->s->preds[p];
  term_t *goals = xmalloc((h->cand[p].size + 1) * sizeof *goals);
  for (uint32_t k = 0; k < h->cand[p].size; k++)
    goals[k] = h->alive[p][k] ? term_subst(h->cand[p].data[k], pr->arity, pr->params, cl->head.args) : NULL_TERM;
  int killed = chc_houdini_kill(slv, clause_body(h, cl), h->cand[p].size, goals, h->alive[p]);
  free(goals);
  return killed;
}

bool *chc_houdini_all_stale(const chc_system *s) {
  bool *stale = xmalloc((s->nclauses + 1) * sizeof *stale);
  for (uint32_t c = 0; c < s->nclauses; c++) stale[c] = s->clauses[c].head.pred != CHC_FALSE;
  return stale;
}

bool chc_houdini_fixpoint(const chc_system *s, const zeta_limits *lim, int (*round)(void *ctx, const chc_clause *cl),
                          void *ctx, const char *undecided, chc_result *out, bool *stale_in) {
  bool *stale = stale_in ? stale_in : chc_houdini_all_stale(s), ok = true;
  for (bool any = true; any && ok;) {
    any = false;
    for (uint32_t c = 0; c < s->nclauses && ok; c++) {
      if (!stale[c]) continue;
      if (limits_expired(lim)) { out->reason = "timeout"; ok = false; break; }
      stale[c] = false;
      int k = round(ctx, &s->clauses[c]);
      if (k < 0) { out->reason = undecided; ok = false; stale[c] = true; }   /* not known to keep it */
      if (k <= 0) continue;
      for (uint32_t d = 0; d < s->nclauses; d++)
        for (uint32_t j = 0; j < s->clauses[d].nbody && s->clauses[d].head.pred != CHC_FALSE; j++)
          if (s->clauses[d].body[j].pred == s->clauses[c].head.pred) stale[d] = any = true;
    }
  }
  if (!stale_in) free(stale);
  return ok;
}

typedef struct { houdini *h; solver *slv; const zeta_limits *lim; } order_round;

static int order_kill(void *ctx, const chc_clause *cl) {
  order_round *o = ctx;
  solver_set_timeout(o->slv, limits_remaining_ms(o->lim));
  return kill_round(o->h, o->slv, cl);
}

/* Is every query's body unsatisfiable with the survivors? */
static bool queries_blocked(houdini *h, solver *slv, const zeta_limits *lim) {
  for (uint32_t c = 0; c < h->s->nclauses; c++) {
    const chc_clause *cl = &h->s->clauses[c];
    if (cl->head.pred != CHC_FALSE) continue;
    solver_set_timeout(slv, limits_remaining_ms(lim));
    if (solver_check_alone(slv, clause_body(h, cl)) != SOLVER_UNSAT) return false;
  }
  return true;
}

/* One Houdini run over the candidates of clauses of up to width literals;
 * 1 = sat (out has the model), 0 = not strong enough, -1 = undecided or
 * out of time, -2 = no new candidates at this width. */
static int pass(houdini *h, uint32_t width, const zeta_limits *lim, chc_result *out) {
  const chc_system *s = h->s;
  bool any = false;
  for (uint32_t p = 0; p < s->npreds; p++) {
    h->cand[p].size = 0;
    any |= candidates(h, p, width);
    free(h->alive[p]);
    h->alive[p] = xmalloc((h->cand[p].size + 1) * sizeof **h->alive);
    for (uint32_t k = 0; k < h->cand[p].size; k++) h->alive[p][k] = true;
  }
  if (!any) return -2;
  solver *slv = solver_new_z3();
  int r = !chc_houdini_fixpoint(h->s, lim, order_kill, &(order_round){h, slv, lim}, "houdini: a query was undecided", out, NULL) ? -1 : queries_blocked(h, slv, lim) ? 1 : 0;
  solver_free(slv);
  if (r == 1) {
    out->answer = CHC_SAT;
    out->interp = xcalloc(s->npreds + 1, sizeof *out->interp);
    for (uint32_t p = 0; p < s->npreds; p++) out->interp[p] = live_at(h, p, s->preds[p].params, true);
  }
  return r;
}

static const char *const NO_PERMUTED = "houdini: no permuted arguments";
static const char *const NOT_STRONG = "houdini: no inductive order clauses strong enough";

bool chc_houdini_order_gave_up(const chc_result *r) {
  return r->answer == CHC_UNKNOWN && (r->reason == NO_PERMUTED || r->reason == NOT_STRONG);
}

void chc_houdini_order_solve(const chc_system *s, const zeta_limits *lim, chc_result *out) {
  chc_result_start(out, "houdini (order clauses between permuted arguments)");
  houdini h = {.s = s};
  uint32_t np1 = s->npreds + 1;
  h.perm = xcalloc(np1, sizeof *h.perm);
  h.cand = xcalloc(np1, sizeof *h.cand);
  h.alive = xcalloc(np1, sizeof *h.alive);
  h.shapes = xcalloc(np1, sizeof *h.shapes);
  for (uint32_t p = 0; p < s->npreds; p++) h.perm[p] = xcalloc(s->preds[p].arity + 1, sizeof(bool));
  mark_round(&h, false);
  while (mark_round(&h, true)) {}
  /* narrow clauses first: fewer candidates, cheaper queries (LIA-183's
   * invariant has two literals per clause) */
  int r = -2;
  for (uint32_t width = 1; width <= 3 && r != 1 && r != -1; width++) {
    int w = pass(&h, width, lim, out);
    if (w != -2) r = w;
  }
  if (r == 0) out->reason = NOT_STRONG;
  if (r == -2) out->reason = NO_PERMUTED;
  for (uint32_t p = 0; p < s->npreds; p++) { term_vec_free(&h.cand[p]); free(h.alive[p]); free(h.perm[p]); free(h.shapes[p]); }
  free(h.cand);
  free(h.alive);
  free(h.perm);
  free(h.shapes);
}
