/* The reach proof (see tla_reach.h). Why it is sound, whatever the
 * enumeration got wrong: with R the disjunction of the cubes (a cube: each
 * variable's layout leaves equal to one state's value, and no error),
 *  - Init /\ ~(the initial cubes) is unsatisfiable: Init => R;
 *  - per state j, cube_j /\ (~Prop \/ (Trans /\ ~(j's successors' cubes)'))
 *    is unsatisfiable, and every successor cube is one of R's: so every
 *    state of R satisfies Prop and R /\ Trans => R'. Trans is the
 *    encoding's own (no step out of a state outside the CONSTRAINT, an
 *    evaluation error steps to the error flag, which no cube admits);
 *  - with TLC's deadlock check, per state j: cube_j /\ Trans satisfiable,
 *    or cube_j outside the CONSTRAINT (not expanded, as TLC).
 * So R is an inductive invariant implying Prop (and deadlock freedom): a
 * dropped state or successor makes one query satisfiable, an unknown or
 * timed-out query fails the proof. Only the solver is trusted, as for IC3,
 * and the term builder's folding of constants (which every query passes
 * through): most states' queries are decided by substitution alone
 * (steps_covered, step_evident), each step that decides one implied by
 * what the query asserts. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/tla/tla_reach.h"
#include "solver/solver.h"

static solver_result check_scoped(solver *sv, term_t f) {
  solver_push(sv);
  solver_assert(sv, f);
  solver_result r = solver_check(sv);
  solver_pop(sv, 1);
  return r;
}

/* The leaf values cube fixes by a top-level conjunct (leaf = constant, a
 * Boolean leaf or its negation). */
static void cube_values(term_t c, term_vec *from, term_vec *to) {
  if (term_is_var(c)) {
    term_vec_push(from, c), term_vec_push(to, term_true());
  } else if (term_is_negated(c) && term_is_var(term_unsigned(c))) {
    term_vec_push(from, term_unsigned(c)), term_vec_push(to, term_false());
  } else if (!term_is_negated(c) && term_op_of(c) == OP_AND) {
    for (uint32_t i = 0; i < term_nargs(c); i++) cube_values(term_arg(c, i), from, to);
  } else if (!term_is_negated(c) && term_op_of(c) == OP_EQ && term_nargs(c) == 2) {
    term_t a = term_arg(c, 0), b = term_arg(c, 1);
    if (term_is_var(b) && term_is_const(a)) a = b, b = term_arg(c, 0);
    if (term_is_var(a) && term_is_const(b)) term_vec_push(from, a), term_vec_push(to, b);
  }
}

/* Appends the values t fixes to from/to: its top-level conjuncts'
 * (cube_values), then those t with them substituted fixes, and so on (a
 * sequence's positions are guarded by its length: `len >= 1 => s[0] = 3`);
 * each implied by t. Returns t with them substituted (false: t is
 * unsatisfiable). */
static term_t propagate(term_t t, term_vec *from, term_vec *to) {
  for (uint32_t round = 0; round < 8 && !term_is_true(t) && !term_is_false(t); round++) {
    uint32_t had = from->size;
    cube_values(t, from, to);
    if (from->size == had) break;
    term_subst_many(1, &t, from->size - had, from->data + had, to->data + had);
  }
  return t;
}

/* A state's cube fixing every leaf (after propagate: a sequence's
 * positions within its length too; not a union layout's other kinds, nor
 * positions past the length): its values substituted into Trans and Prop,
 * the term builder folds the branches not enabled in it away, and Z3 sees
 * a small query (SpanTree 1.9 -> 0.6 s CPU). Sound since the cube stays in
 * the query and implies each substituted equation (for any subset of the
 * leaves: "every leaf" is only where it pays). false: not fixed. */
typedef struct {
  term_t trans, bad, query;   /* Trans and ~Prop folded; the whole query */
  uint32_t nsucc;             /* the successors' cubes (primed) in succ */
} folded;
static bool fixed_query(const ts *sys, const tla_sym_reach_set *R, size_t j, term_t *succ, term_vec *from,
                        term_vec *to, folded *f) {
  from->size = to->size = 0;
  propagate(R->cube[j], from, to);
  if (from->size == 0) return false;
  term_t tp[2] = {sys->trans, term_not(sys->prop)};
  term_subst_many(2, tp, from->size, from->data, to->data);
  uint32_t k = 0;
  for (size_t e = R->first[j]; e < R->first[j + 1]; e++) succ[k++] = term_prime(R->cube[R->edge[e]]);
  f->trans = tp[0], f->bad = tp[1], f->nsucc = k;
  f->query = term_and2(R->cube[j], term_or2(tp[1], term_and2(tp[0], term_not(term_or(k, succ)))));
  return true;
}

static bool folds_true(term_t t, const term_vec *from, const term_vec *to) {
  term_subst_many(1, &t, from->size, from->data, to->data);
  return term_is_true(t);
}

/* A disjunction among t's top-level conjuncts (t itself if it is one);
 * NULL_TERM if none. */
static term_t a_disjunction(term_t t) {
  if (term_is_negated(t)) return NULL_TERM;
  if (term_op_of(t) == OP_OR) return t;
  if (term_op_of(t) != OP_AND) return NULL_TERM;
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    term_t c = term_arg(t, i);
    if (!term_is_negated(c) && term_op_of(c) == OP_OR) return c;
  }
  return NULL_TERM;
}

/* t with its conjunct d (a_disjunction) replaced by d's disjunct i. */
static term_t with_disjunct(term_t t, term_t d, uint32_t i) {
  if (d == t) return term_arg(d, i);
  uint32_t n = term_nargs(t);
  term_t *c = xmalloc(n * sizeof *c);
  for (uint32_t k = 0; k < n; k++) c[k] = term_arg(t, k) == d ? term_arg(d, i) : term_arg(t, k);
  term_t r = term_and(n, c);
  free(c);
  return r;
}

/* Case splits per state at most: past them the solver decides. */
#define SPLITS 64

/* Decided without the solver (Disruptor_SPMC: 2.7 ms of Z3 a state on
 * queries that substitution decides): every step t (a folded Trans) allows
 * leads into one of the successors' cubes succ[0..k). The values t fixes
 * (propagate) substituted into some successor's cube fold it to true, or
 * t folds to false; else t is split on one of its disjunctions, each case
 * decided the same way. Sound: each substituted equation is implied by t
 * (so t implies that cube), and t implies the disjunction of its cases.
 * false: undecided, the solver asks. from/to keep their size. */
static bool steps_covered(term_t t, const term_t *succ, uint32_t k, term_vec *from, term_vec *to, uint32_t *splits) {
  uint32_t had = from->size;
  t = propagate(t, from, to);
  bool ok = term_is_false(t);
  for (uint32_t s = 0; !ok && s < k; s++) ok = folds_true(succ[s], from, to);
  term_t d = ok ? NULL_TERM : a_disjunction(t);
  if (d != NULL_TERM && *splits >= term_nargs(d)) {
    *splits -= term_nargs(d);
    ok = true;
    for (uint32_t i = 0; ok && i < term_nargs(d); i++) ok = steps_covered(with_disjunct(t, d, i), succ, k, from, to, splits);
  }
  from->size = to->size = had;
  return ok;
}

/* Decided without the solver, for TLC's deadlock check: a step from every
 * state of the cube. Some case of trans (split as in steps_covered) fixes
 * next-state values that make trans (folded with the cube's values) true
 * whatever the other leaves are: stronger than the solver's "some state of
 * the cube has a step". false: undecided. from/to keep their size. */
static bool step_evident(term_t trans, term_t t, term_vec *from, term_vec *to, uint32_t *splits) {
  uint32_t had = from->size;
  t = propagate(t, from, to);
  bool ok = false;
  if (!term_is_false(t)) {
    term_vec nf = {0}, nt = {0};
    for (uint32_t i = 0; i < from->size; i++)
      if (term_var_index(from->data[i]) == 1) term_vec_push(&nf, from->data[i]), term_vec_push(&nt, to->data[i]);
    ok = folds_true(trans, &nf, &nt);
    term_vec_free(&nf), term_vec_free(&nt);
  }
  term_t d = ok || term_is_false(t) ? NULL_TERM : a_disjunction(t);
  for (uint32_t i = 0; d != NULL_TERM && !ok && i < term_nargs(d) && *splits > 0; i++) {
    --*splits;
    ok = step_evident(trans, with_disjunct(t, d, i), from, to, splits);
  }
  from->size = to->size = had;
  return ok;
}

/* with TLC's deadlock check: a step from state j, or j outside the
 * CONSTRAINT (not expanded, as TLC) */
static bool has_step(solver *sv, tla_sym *sym, term_t cube, term_t trans) {
  solver_result r = check_scoped(sv, term_and2(cube, trans));
  if (r == SOLVER_SAT) return true;
  return r == SOLVER_UNSAT && check_scoped(sv, term_and2(cube, tla_sym_constraint(sym))) == SOLVER_UNSAT;
}

/* A state's queries, folded: decided by substitution where it can
 * (steps_covered, step_evident), else by the solver `one`. */
static bool folded_holds(solver *one, tla_sym *sym, term_t cube, const folded *f, const term_t *succ, bool deadlock,
                         term_vec *from, term_vec *to, tla_reach_stats *st) {
  bool subst = term_is_false(f->bad) && steps_covered(f->trans, succ, f->nsucc, from, to, &(uint32_t){SPLITS});
  if (!subst && check_scoped(one, f->query) != SOLVER_UNSAT) return false;
  if (deadlock) {
    bool evident = step_evident(f->trans, f->trans, from, to, &(uint32_t){SPLITS});
    if (!evident && !has_step(one, sym, cube, f->trans)) return false;
    subst = subst && evident;
  }
  st->folded++, st->by_subst += subst;
  return true;
}

bool tla_reach_check(tla_sym *sym, const tla_sym_reach_set *R, bool deadlock, const ts_engine_opts *eo,
                     tla_reach_stats *st) {
  const ts *sys = tla_sym_ts(sym);
  tla_reach_stats none;
  if (!st) st = &none;
  memset(st, 0, sizeof *st);
  for (size_t e = 0; e < R->first[R->n]; e++)
    if (R->edge[e] >= R->n + R->nhint) return false;   /* hints: successor cubes only */
  solver *sv = ts_engine_solver(eo);
  if (!sv) return false;
  ts_engine_arm(sv, eo);
  /* half of the time left at most: IC3 and k-induction get the rest */
  const zeta_limits *lim = eo->limits;
  double stop = lim && lim->deadline ? limits_now() + (lim->deadline - limits_now()) / 2 : 0;
  term_t *succ = xmalloc((R->first[R->n] + R->n + 1) * sizeof *succ), *group = xmalloc((TLA_REACH_GROUP + 1) * sizeof *group);
  uint32_t ninit = (uint32_t)(R->ninit < R->n ? R->ninit : R->n);
  for (uint32_t i = 0; i < ninit; i++) succ[i] = R->cube[i];
  bool ok = check_scoped(sv, term_and2(sys->init, term_not(term_or(ninit, succ)))) == SOLVER_UNSAT;
  /* Trans and the property once, behind selectors (Z3 would take them in
   * again for every state) */
  /* the fixed states' queries in a solver of their own: Trans behind its
   * selector slowed them (CoffeeCan100Beans 2.3 -> 4.3 s CPU) */
  solver *one = ts_engine_solver(eo);
  if (!one) ok = false;
  else ts_engine_arm(one, eo);
  term_vec from = {0}, to = {0};
  term_t step = term_fresh_var("tla_reach_step", type_bool()), fail = term_fresh_var("tla_reach_fail", type_bool());
  solver_assert(sv, term_implies(step, sys->trans));
  solver_assert(sv, term_implies(fail, term_not(sys->prop)));
  for (size_t j = 0; j < R->n && ok; j += TLA_REACH_GROUP) {
    if (stop && limits_now() > stop) {
      ok = false;
      break;
    }
    uint32_t k = 0, g = 0;
    for (size_t i = j; ok && i < R->n && i < j + TLA_REACH_GROUP; i++) {
      folded f;
      if (fixed_query(sys, R, i, succ + k, &from, &to, &f)) {
        ok = folded_holds(one, sym, R->cube[i], &f, succ + k, deadlock, &from, &to, st);
        continue;
      }
      group[g++] = R->cube[i];
      for (size_t e = R->first[i]; e < R->first[i + 1]; e++) succ[k++] = term_prime(R->cube[R->edge[e]]);
    }
    if (!ok || !g) continue;
    st->grouped += g;
    term_t bad = term_or2(fail, term_and2(step, term_not(term_or(k, succ))));
    ok = check_scoped(sv, term_and2(term_or(g, group), bad)) == SOLVER_UNSAT;
    for (uint32_t i = 0; ok && deadlock && i < g; i++) ok = has_step(sv, sym, group[i], step);
  }
  term_vec_free(&from), term_vec_free(&to);
  free(succ), free(group);
  solver_free(sv);
  if (one) solver_free(one);
  return ok;
}
