/* Bounded model checking on the step-wise encoding (see tla_bmc.h). */
#include "lang/tla/tla_bmc.h"
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "core/progress.h"
#include "core/term_map.h"
#include "lang/tla/tla_sym.h"
#include "solver/solver.h"

static solver_result ask(solver *sv, const zeta_limits *lim, term_t q) {
  if (limits_expired(lim)) return SOLVER_UNKNOWN;
  solver_set_timeout(sv, limits_remaining_ms(lim));
  if (q == NULL_TERM) return solver_check(sv);
  if (term_is_false(q)) return SOLVER_UNSAT;
  solver_push(sv);
  solver_assert(sv, q);
  solver_result res = solver_check(sv);
  if (res != SOLVER_SAT) solver_pop(sv, 1);
  return res;
}

/* The path solver's lasting assertions, kept for asking a query alone. */
static void tell(solver *sv, term_vec *told, term_t t) {
  solver_assert(sv, t);
  term_vec_push(told, t);
}

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* How the path queries are asked. A fresh Z3 solver over the whole path
 * and the query (alone) runs Z3's non-incremental preprocessing, which the
 * incremental solver skips (the path's definitions of each state's fresh
 * terms stay there): Disruptor_SPMC's depth-10 query 4.4 s CPU incremental,
 * 1.2 s alone. But alone pays that preprocessing on every query: 0.01-0.2 s
 * where the incremental answer takes milliseconds (APACP_SB 0.18 s against
 * 0.003). So incremental until a query takes more than ALONE_AFTER s CPU;
 * from then on (they grow with the depth) each is asked alone first. Not
 * an incremental query cut at that time instead: after a cut query Z3's
 * alone check of MCMajority took 1.2-2.3 s CPU instead of 0.7. */
typedef enum {
  PATH_INCREMENTAL,   /* only incremental (a backend without its own alone check) */
  PATH_NOT_YET,       /* incremental, until one is slow */
  PATH_ALONE          /* alone first */
} path_mode;

/* CPU seconds: the cheap models' queries take less; the break-even of the
 * slow ones (Disruptor_SPMC, MCWriteThroughCache) lies at 0.03-0.1 s
 * (SPMC's successive queries incremental 0.09, 0.46, 1.2 s, alone 0.06,
 * 0.14, 0.3) */
#define ALONE_AFTER 0.05

/* q and the path's lasting assertions (told) alone, in a fresh solver. */
static solver_result ask_alone(solver *sv, const term_vec *told, const zeta_limits *lim, term_t q) {
  if (limits_expired(lim)) return SOLVER_UNKNOWN;
  solver_set_timeout(sv, limits_remaining_ms(lim));
  return solver_check_alone(sv, term_and2(term_and(told->size, told->data), q));
}

/* A path query; *mode becomes PATH_ALONE after a slow incremental one. SAT
 * leaves one scope pushed (take_trace pops it), with the model of whichever
 * solver answered. */
static solver_result ask_path(solver *sv, const term_vec *told, path_mode *mode, const zeta_limits *lim, term_t q) {
  if (*mode == PATH_ALONE) {
    solver_push(sv);   /* the scope a SAT answer leaves, as ask's */
    solver_result res = ask_alone(sv, told, lim, q);
    term_t qv = res == SOLVER_SAT ? solver_value(sv, q) : NULL_TERM;
    if (qv != NULL_TERM && term_is_true(qv)) return SOLVER_SAT;   /* the alone solver's model */
    solver_pop(sv, 1);
    if (res == SOLVER_UNSAT) return res;
    return ask(sv, lim, q);
  }
  double c0 = cpu_now();
  solver_result res = ask(sv, lim, q);
  if (*mode == PATH_NOT_YET && cpu_now() - c0 > ALONE_AFTER) *mode = PATH_ALONE;
  return res;
}

/* Whether some execution reaches the depth: incremental until one such
 * check is slow, then the path alone first (MultiPaxos_MC_small's depth 5:
 * 2.3-4.0 s CPU incremental, 0.5 s alone; ElevatorSafetySmall's 0.01 s
 * incremental, 0.2 s alone); the incremental solver when alone has no
 * answer. */
static solver_result path_goes_on(solver *sv, const term_vec *told, path_mode *mode, const zeta_limits *lim) {
  solver_result res = *mode == PATH_ALONE ? ask_alone(sv, told, lim, term_true()) : SOLVER_UNKNOWN;
  if (res != SOLVER_UNKNOWN) return res;
  double c0 = cpu_now();
  res = ask(sv, lim, NULL_TERM);
  if (*mode == PATH_NOT_YET && cpu_now() - c0 > ALONE_AFTER) *mode = PATH_ALONE;
  return res;
}

/* A real execution that reaches the depth, by the explicit engine, so
 * that path_goes_on's solver query (SAT while executions go on) is not
 * asked: MultiPaxos_MC_small's took 2.9-6.8 s CPU at depths 5-6 (alone,
 * the whole path solved again). The path holds every execution of the
 * model that passed the depths before (Init, the steps from states within
 * the CONSTRAINTs, the invariants at each depth, which every reachable
 * state there satisfies once the depth is checked), so one of them is a
 * model of it: an answer SAT, the solver's own. The witness is found
 * depth-first from the initial states, each state within the CONSTRAINTs
 * (the last one too: it is expanded at the next depth) and satisfying the
 * invariants (so no answer rests on the depth's checks alone), with
 * backtracking up to WITNESS_EXPANSIONS successor computations in all
 * and WITNESS_SECS (stretched by the load) a depth; past them the solver
 * as before, at every later depth too. Only for
 * state invariants (tla_steps_state_invariants_only): action and trace
 * invariants would be more to check. */
static zeta_limits relative_limits(const zeta_limits *lim, double budget);
enum { WITNESS_BRANCH = 16, WITNESS_EXPANSIONS = 512, WITNESS_SECS = 1 };
typedef struct {
  const tla_val **cand;   /* per depth j: WITNESS_BRANCH candidates, cand[j * B + at[j]] on the execution */
  uint32_t *ncand, *at;
  uint32_t n;             /* depths 0 .. n-1 on the execution */
  uint32_t cap, expansions;
  bool off;               /* no witness any more: the solver answers */
  tla_model *m;
  const tla_val **buf;    /* the successors being collected */
  uint32_t nbuf;
} witness;

/* a state the execution may hold: within the CONSTRAINTs and the invariants */
static bool witness_fits(tla_model *m, const tla_val *st) {
  bool ok = tla_constraints_hold(m, st) == 1 && tla_violated(m, st) == -1;
  tla_clear_error(m);
  return ok;
}

static bool witness_collect(void *data, const tla_val *st) {
  witness *w = data;
  for (uint32_t i = 0; i < w->nbuf; i++)
    if (w->buf[i] == st) return true;
  if (witness_fits(w->m, st)) w->buf[w->nbuf++] = st;
  return w->nbuf < WITNESS_BRANCH;
}

/* depth j's candidates: Init's (j = 0) or the successors of the state at j-1 */
static bool witness_expand(witness *w, uint32_t j) {
  if (j >= w->cap) {
    w->cap = 2 * j + 8;
    w->cand = xrealloc(w->cand, (size_t)w->cap * WITNESS_BRANCH * sizeof *w->cand);
    w->ncand = xrealloc(w->ncand, w->cap * sizeof *w->ncand);
    w->at = xrealloc(w->at, w->cap * sizeof *w->at);
  }
  w->buf = w->cand + (size_t)j * WITNESS_BRANCH, w->nbuf = 0;
  w->expansions++;
  bool ok = j ? tla_successors(w->m, w->cand[(size_t)(j - 1) * WITNESS_BRANCH + w->at[j - 1]], witness_collect, w)
              : tla_initial_states(w->m, witness_collect, w);
  if (!ok && tla_error(w->m)[0]) w->nbuf = 0;   /* an evaluation error: not this way */
  tla_clear_error(w->m);
  w->ncand[j] = w->nbuf, w->at[j] = 0;
  return w->nbuf > 0;
}

/* An execution of depths 0..k (true), extending or backtracking the last
 * one, within secs of wall time (the explicit engine's enumeration of a
 * step may be long: past them, the solver from then on). */
static bool witness_reaches(witness *w, uint32_t k, const zeta_limits *lim, double secs) {
  if (w->off || w->n > k) return !w->off;
  zeta_limits sub = relative_limits(lim, secs);
  tla_set_limits(w->m, &sub);
  while (!w->off && w->n <= k) {
    if (w->expansions >= WITNESS_EXPANSIONS) {
      w->off = true;
      break;
    }
    bool got = witness_expand(w, w->n);
    if (limits_expired(&sub)) {
      w->off = true;   /* a step cut by the time: nothing known of it */
      break;
    }
    if (got) {
      w->n++;
      continue;
    }
    /* a dead end: the next candidate of the deepest depth that has one */
    while (w->n > 0 && w->at[w->n - 1] + 1 >= w->ncand[w->n - 1]) w->n--;
    if (w->n == 0) w->off = true;
    else w->at[w->n - 1]++;
  }
  tla_set_limits(w->m, lim);
  return !w->off;
}

static void witness_free(witness *w) {
  free(w->cand), free(w->ncand), free(w->at);
  *w = (witness){0};
}

/* After SAT: the states 0..k of the model, then pops the query's scope. */
static bool take_trace(tla_sym *s, solver *sv, uint32_t k, tla_bmc_result *r) {
  r->trace = xmalloc((k + 1) * sizeof *r->trace);
  r->ntrace = k + 1;
  bool ok = true;
  for (uint32_t j = 0; j <= k; j++)
    if (!(r->trace[j] = tla_steps_state(s, sv, j))) ok = false;
  /* the witnesses, so that the replay finds the steps first (factorization:
   * 10^12 candidate pairs in TLC's order) */
  enum { HINTS_PER_STATE = 64 };
  r->hints = xmalloc((k + 1) * HINTS_PER_STATE * sizeof *r->hints);
  r->hint_at = xmalloc((k + 2) * sizeof *r->hint_at);
  r->hint_at[0] = 0;
  for (uint32_t j = 0; j <= k; j++)
    r->hint_at[j + 1] = r->hint_at[j] + tla_steps_hints(s, sv, j, r->hints + r->hint_at[j], HINTS_PER_STATE);
  solver_pop(sv, 1);
  if (!ok) {
    r->outcome = TLA_BMC_UNKNOWN;
    snprintf(r->msg, sizeof r->msg, "the symbolic trace does not decode into TLA+ values");
  }
  return ok;
}

/* The choice vectors that enabled some deadlock check's candidate state,
 * kept across the depths and the two solvers (each a choice's value per
 * position, NULL_TERM for a fresh one). Depth k+1's step has choices of
 * its own, but mostly the same vectors enable its states: blocking them
 * from the start saves the rounds that would find them again. */
typedef struct {
  term_t *val;     /* n per vector */
  uint32_t *n;     /* per vector: its choices' count */
  size_t count, nval;
} en_vectors;

static void en_vectors_add(en_vectors *ev, const term_t *val, uint32_t n) {
  ev->val = xrealloc(ev->val, (ev->nval + n + 1) * sizeof *ev->val);
  ev->n = xrealloc(ev->n, (ev->count + 1) * sizeof *ev->n);
  memcpy(ev->val + ev->nval, val, n * sizeof *val);
  ev->nval += n;
  ev->n[ev->count++] = n;
}

static void en_vectors_free(en_vectors *ev) {
  free(ev->val);
  free(ev->n);
  *ev = (en_vectors){0};
}

/* not body[choices := v]: implied by the deadlock (not enabled, that is
 * for all values of the choices not body) for any values of the choices'
 * sorts, so sound whichever step's vector v is; a NULL_TERM entry a fresh
 * variable (a shared one would tie the blocks' choices). */
static term_t en_block(const tla_step *nx, const term_t *v) {
  term_t *val = xmalloc((nx->en_nchoices + 1) * sizeof *val);
  for (uint32_t j = 0; j < nx->en_nchoices; j++)
    val[j] = v[j] != NULL_TERM ? v[j] : term_fresh_var("tla_blk", term_type(nx->en_choices[j]));
  term_t b = term_not(term_subst(nx->en_body, nx->en_nchoices, nx->en_choices, val));
  free(val);
  return b;
}

/* The blocks of the vectors kept that fit this step's choices (count and sorts). */
static term_t en_blocks(const en_vectors *ev, const tla_step *nx) {
  term_t all = term_true();
  const term_t *v = ev->val;
  for (size_t i = 0; i < ev->count; v += ev->n[i++]) {
    bool fits = ev->n[i] == nx->en_nchoices;
    for (uint32_t j = 0; fits && j < nx->en_nchoices; j++)
      fits = v[j] == NULL_TERM || term_type(v[j]) == term_type(nx->en_choices[j]);
    if (fits) all = term_and2(all, en_block(nx, v));
  }
  return all;
}

/* TLC's deadlock at depth k: a constrained state k with no successor, i.e.
 * not (exists choices: body). Asked without the quantifier first, by
 * model-based refinement: a candidate state; a choice vector enabling it
 * (asked with the state's leaves fixed) blocks it and every state it
 * enables (not body[choices := vector], implied by the deadlock); none
 * enables it: found. The vectors of earlier checks (ev) block from the
 * start. Sound at every point, the loop only has a cap; past it, the
 * quantified query. SAT leaves one scope pushed (take_trace). told (NULL:
 * none): the path's lasting assertions, with which the first query (with
 * the blocks of ev, mostly the last from depth 5 on: ElevatorSafetySmall's
 * depth-10 check 2.5 s CPU, no round) is asked alone first (ask_path). */
static solver_result no_successor(tla_sym *s, solver *sv, const zeta_limits *lim, term_t cons, const tla_step *nx,
                                  en_vectors *ev, const term_vec *told) {
  enum { ROUNDS = 32 };
  if (nx->en_body == NULL_TERM) return ask(sv, lim, term_and2(cons, term_not(nx->enabled)));
  term_t seeds = en_blocks(ev, nx);
  if (told && !term_is_true(seeds) && ask_alone(sv, told, lim, term_and2(cons, seeds)) == SOLVER_UNSAT)
    return SOLVER_UNSAT;
  term_t *fv = NULL;
  uint32_t nfv = term_free_vars(nx->en_body, &fv);
  term_t *val = xmalloc((nx->en_nchoices + 1) * sizeof *val);
  solver_push(sv);
  solver_assert(sv, term_and2(cons, seeds));
  solver_result res = ask(sv, lim, NULL_TERM);
  for (uint32_t round = 0; res == SOLVER_SAT && round < ROUNDS; round++) {
    /* the candidate state: its leaves at their values */
    term_t fix = term_true();
    for (uint32_t i = 0; i < nfv; i++) {
      bool choice = false;
      for (uint32_t j = 0; j < nx->en_nchoices && !choice; j++) choice = fv[i] == nx->en_choices[j];
      if (choice) continue;
      term_t v = tla_steps_pin(s, sv, fv[i]);
      if (v != NULL_TERM) fix = term_and2(fix, term_eq(fv[i], v));
    }
    solver_result en = ask(sv, lim, term_and2(fix, nx->en_body));
    if (en == SOLVER_UNSAT) {
      solver_assert(sv, fix);   /* no choice enables it: the deadlock, in this scope */
      res = ask(sv, lim, NULL_TERM);
      if (res == SOLVER_SAT) goto out;
      res = SOLVER_SAT;         /* the pins contradict the model (never "no deadlock" from that): the quantified query */
      break;
    }
    if (en != SOLVER_SAT) {
      res = en;
      break;
    }
    /* every choice replaced (a free one would tie later rounds' choices) */
    for (uint32_t j = 0; j < nx->en_nchoices; j++) val[j] = tla_steps_pin(s, sv, nx->en_choices[j]);
    en_vectors_add(ev, val, nx->en_nchoices);
    solver_pop(sv, 1);
    solver_assert(sv, en_block(nx, val));
    res = ask(sv, lim, NULL_TERM);
  }
  solver_pop(sv, 1);
  /* the cap: the quantified query, in a scope of its own */
  if (res == SOLVER_SAT) res = ask(sv, lim, term_and2(cons, term_not(nx->enabled)));
out:
  free(fv);
  free(val);
  return res;
}

/* A disjunct's shape: its term with every variable replaced by its sort
 * (constants and operators kept; the arguments of commutative operators
 * unordered), so that depth k+1's disjunct that is depth k's over the next
 * state's terms mostly has the shape of depth k's. Paired with its
 * occurrence among the disjuncts of that shape (the cells of a set, in
 * order). Only a guess for residual's seeds, never for an answer. */
typedef struct {
  uint64_t *key;   /* shape hash, occurrence */
  uint32_t n, cap;
} shapes;

static uint32_t mix32(uint32_t h) {
  h ^= h >> 16, h *= 0x7feb352dU, h ^= h >> 15, h *= 0x846ca68bU, h ^= h >> 16;
  return h;
}

static uint32_t shape_of(term_t t, term_map *memo) {
  int32_t got = term_map_get(memo, t);
  if (got != NULL_TERM || term_map_has(memo, t)) return (uint32_t)got;
  term_t u = term_unsigned(t);
  uint32_t h;
  if (term_is_var(u)) h = mix32(0x9e3779b9U + (uint32_t)term_type(u));
  else if (term_nargs(u) == 0) h = mix32((uint32_t)u * 2654435761U);   /* a constant (hash-consed) */
  else {
    term_op op = term_op_of(u);
    bool comm = op == OP_AND || op == OP_OR || op == OP_EQ || op == OP_ADD || op == OP_MUL || op == OP_DISTINCT;
    h = mix32((uint32_t)op * 0x85ebca6bU + term_nargs(u));
    for (uint32_t i = 0; i < term_nargs(u); i++) {
      uint32_t a = shape_of(term_arg(u, i), memo);
      h = comm ? h + mix32(a) : mix32(h * 31 + a);
    }
  }
  if (term_is_negated(t)) h = mix32(h ^ 0x5bd1e995U);
  term_map_put(memo, t, (int32_t)h);
  return h;
}

/* The shape keys of the disjuncts d (out[i] for d[i]). */
static void shape_keys(const term_vec *d, uint64_t *out) {
  term_map memo;
  term_map_init(&memo);
  for (uint32_t i = 0; i < d->size; i++) {
    uint32_t h = shape_of(d->data[i], &memo), occ = 0;
    for (uint32_t j = 0; j < i; j++) occ += (uint32_t)(out[j] >> 32) == h;
    out[i] = (uint64_t)h << 32 | occ;
  }
  term_map_free(&memo);
}

static bool shapes_has(const shapes *sh, uint64_t key) {
  for (uint32_t i = 0; i < sh->n; i++)
    if (sh->key[i] == key) return true;
  return false;
}

static void shapes_put(shapes *sh, uint64_t key) {
  if (sh->n == sh->cap) {
    sh->cap = sh->cap ? 2 * sh->cap : 64;
    sh->key = xrealloc(sh->key, sh->cap * sizeof *sh->key);
  }
  sh->key[sh->n++] = key;
}

/* Depth k's states relative to the invariants (Apalache's inductive check
 * over the step-wise encoding): a solver of its own, nothing of the path,
 * state k's leaves free under the hypothesis that state k is within the
 * CONSTRAINTs and satisfies the invariants. The states reachable at depth
 * k are among them once the invariants are established at depth k, so an
 * UNSAT here answers for the path without its search: no evaluation error
 * of the step (err_free), no state without successor (dead_free), and at
 * depth k+1 no violation after the step (tla_bmc.c `preserves`). */
typedef struct {
  solver *sv;           /* one for the run, a scope per depth */
  term_t told;          /* the axioms asserted */
  bool scoped;          /* a depth's hypothesis is pushed */
  term_t cons, bad;     /* over state k */
  tla_step nx;          /* the step k -> k+1 (en_choices valid until the next tla_steps_next) */
  bool err_free, dead_free;
  term_t err_left;      /* the step's errors the hypothesis does not refute (nx.err: no answer) */
  uint32_t split[3];    /* the residuals answered: disjuncts, those left for the path; all residuals' rounds */
  shapes kept_inv, kept_err;   /* the disjuncts the path asked at the depth before (residual's seeds) */
  double secs[4];       /* wall s of the last useful answers (0: none): preserves, relative_step's
                           error check, their residuals (`answered`) */
} relative;

/* The depth's hypothesis dropped (the solver kept). */
static void relative_drop(relative *rl) {
  if (rl->scoped) solver_pop(rl->sv, 1);
  rl->scoped = rl->err_free = rl->dead_free = false;
}

static void relative_free(relative *rl) {
  relative_drop(rl);
  free(rl->kept_inv.key), free(rl->kept_err.key);
  solver_free(rl->sv);
  rl->sv = NULL;
}

/* Wall seconds per CPU second of the process since (wall0, cpu0), at
 * least 1 and at most 10: the fixed floors of the budgets below are
 * stretched by it so that they stand for CPU time, as without load
 * (dijkstra-mutex's literal tier at 0.5 s wall lost its facts at load
 * 9-10); a budget measured from a query's wall time is stretched already. */
double tla_bmc_stretch(double wall, double cpu) {
  if (cpu < 0.05) return 1;   /* too short to tell */
  double r = wall / cpu;
  return r < 1 ? 1 : r > 10 ? 10 : r;
}

tla_load_clock tla_load_clock_start(void) { return (tla_load_clock){limits_now(), cpu_now()}; }
double tla_load_stretch(const tla_load_clock *c) { return tla_bmc_stretch(limits_now() - c->wall0, cpu_now() - c->cpu0); }

double tla_stretched_deadline(const zeta_limits *lim, double fraction, double stretch) {
  if (!lim->deadline) return 0;
  double now = limits_now(), left = lim->deadline - now;
  double share = left * fraction * stretch;
  return share < left ? now + share : lim->deadline;
}

/* Its queries get a budget each (like the last depth's path query): a
 * failed one costs no more than the path query it may save. */
static zeta_limits relative_limits(const zeta_limits *lim, double budget) {
  zeta_limits sub = *lim;
  double until = limits_now() + budget;
  if (!sub.deadline || until < sub.deadline) sub.deadline = until;
  return sub;
}

/* A relative check's budget: at least TLA_BMC_RELATIVE_GROWTH times the same
 * check's time at the depth before (rl->secs) when its answer was of use
 * (UNSAT, or residual answered): where residual made the last path query
 * cheap, that query's time no longer measures the one a check saves.
 * MultiPaxos_MC_small's depth 5: path query 0.2 s, so depth 6's checks had
 * 0.5 s; the invariants' check (0.2 s at depth 5) and the step's errors'
 * ran out, and the path asked all of both: 36-41 s CPU instead of ~5.
 * 4x was too little for depth 5's (0.1 s CPU at depth 4, over 0.75 s at
 * depth 5, load 4). A check without an answer adds nothing. */
double tla_bmc_relative_budget(double budget, double last) {
  double g = TLA_BMC_RELATIVE_GROWTH * last;
  return g > budget ? g : budget;
}

static double grown(const relative *rl, int which, double budget) {
  return tla_bmc_relative_budget(budget, rl->secs[which]);
}

/* The wall seconds since t0 as check `which`'s last answer (res SAT or
 * UNSAT); residual (2, 3) without an answer leaves its check's none. */
static void answered(relative *rl, int which, double t0, solver_result res) {
  rl->secs[which] = res == SOLVER_SAT || res == SOLVER_UNSAT ? limits_now() - t0 : 0;
  if (which >= 2 && !rl->secs[which]) rl->secs[which - 2] = 0;
  if (which < 2 && res != SOLVER_SAT && res != SOLVER_UNSAT && progress_verbose() >= 2)
    progress_say("zeta: bmc: %s relative check: no answer in %.2f s",
                 which ? "the step's errors'" : "the invariants'", limits_now() - t0);
}

static void relative_new(relative *rl, const char *backend, term_t axioms, term_t cons, term_t bad, const tla_step *nx) {
  relative_drop(rl);
  if (!rl->sv) {
    rl->sv = solver_new(backend ? backend : "z3", NULL);
    rl->told = NULL_TERM;
    if (!rl->sv) return;
    solver_tune(rl->sv, "arith.solver", 2);
  }
  if (axioms != rl->told) solver_assert(rl->sv, axioms);
  rl->told = axioms;
  rl->cons = cons, rl->bad = bad, rl->nx = *nx;
  solver_push(rl->sv);
  solver_assert(rl->sv, term_and2(cons, term_not(bad)));
  rl->scoped = true;
}

/* Every step from such a state avoids bad' (the invariants at depth k+1):
 * UNSAT; SAT: a counterexample to induction, whose scope is left pushed
 * (residual's first round, or the caller pops it). */
static solver_result preserves(relative *rl, const zeta_limits *lim, double budget, term_t bad_next) {
  if (!rl->scoped) return SOLVER_UNKNOWN;
  zeta_limits sub = relative_limits(lim, grown(rl, 0, budget));
  double t0 = limits_now();
  solver_result res = ask(rl->sv, &sub, term_and2(rl->nx.ok, bad_next));
  answered(rl, 0, t0, res);
  return res;
}

/* The disjuncts of t into out: its disjunctions flattened (a negated
 * conjunction too), and a conjunction with one such operand distributed
 * over it (cons /\ ~inv). */
static bool is_disj(term_t t) {
  return term_is_negated(t) ? term_op_of(t) == OP_AND : term_op_of(t) == OP_OR;
}

static void disjuncts(term_t t, term_vec *out) {
  if (is_disj(t)) {
    bool neg = term_is_negated(t);
    term_t a = neg ? term_not(t) : t;
    for (uint32_t i = 0; i < term_nargs(a); i++) disjuncts(neg ? term_not(term_arg(a, i)) : term_arg(a, i), out);
    return;
  }
  if (!term_is_negated(t) && term_op_of(t) == OP_AND) {
    uint32_t n = term_nargs(t), wide = n;
    for (uint32_t i = 0; i < n; i++)
      if (is_disj(term_arg(t, i))) {
        if (wide < n) {
          wide = n + 1;   /* two: left whole */
          break;
        }
        wide = i;
      }
    if (wide < n) {
      term_vec rest = {0};
      for (uint32_t i = 0; i < n; i++)
        if (i != wide) term_vec_push(&rest, term_arg(t, i));
      term_t c = term_and(rest.size, rest.data);
      term_vec_free(&rest);
      size_t from = out->size;
      disjuncts(term_arg(t, wide), out);
      for (size_t i = from; i < out->size; i++) out->data[i] = term_and2(c, out->data[i]);
      return;
    }
  }
  if (!term_is_false(t)) term_vec_push(out, t);
}

/* residual's budget in the depth's budgets (the last path query's time):
 * the full path query it may save grows ~8x per depth (MultiPaxos_MC_small),
 * and its rounds ran out just before their answer at 4 (depth 6: 20 rounds,
 * 10.4 s CPU, then the full path query 22.7 s); at 8 once the invariants'
 * and the errors' path queries were one (the last query's time ~0.7 s
 * instead of ~1.2 s at depth 5) depth 6's ran out at 5.5 s CPU in one run
 * of two, and the full query took 15.6 s instead of 4.7 s */
#define RESIDUAL_BUDGET 16

/* The part of q that rl's hypothesis and base do not refute, found as
 * Houdini does: while the disjunction of q's disjuncts left is
 * satisfiable, the model's true ones are kept (the path asks them); at
 * UNSAT the others are refuted for every state the hypothesis holds in
 * (the reachable ones at the depth), so only the kept ones can hold on a
 * path. q itself when the rounds end without that answer (the budget).
 * MultiPaxos_MC_small's depth 6: 219 disjuncts, the path asks 28.
 * Two things save rounds (each SAT round kept ~1.4 disjuncts there, 20
 * rounds 10-20 s CPU from depth 6 on): with `model`, the solver's scope
 * holds a model of base /\ q (the caller's check, the first round's
 * query) whose true disjuncts are kept first (the scope is popped); and
 * the disjuncts of the shapes the path asked at the depth before (*mem)
 * are kept from the start, so the first query asks the others as one
 * disjunction: UNSAT answers in one round (ElevatorSafetySmall's depths 5
 * and 6: 1 round, was 3). Either only adds to what the path asks: the
 * refuted rest is still the UNSAT answer's. *mem becomes what this answer
 * kept, the seeds with it: MultiPaxos's path asks more from depth to depth
 * (78 of 273 disjuncts at depth 8, 30 without seeds) but its queries cost
 * about the same and the rounds are fewer (14-16 instead of 17-23; depth 7
 * done at 85 s CPU against 98 s with the seeds dropped at the first SAT
 * round, one run each: they vary by +-25 %). */
static term_t residual(relative *rl, const zeta_limits *lim, double budget, term_t base, term_t q, bool model,
                       shapes *mem, const char *what) {
  term_vec d = {0}, left = {0};
  int which = mem == &rl->kept_inv ? 2 : 3;
  if (rl->scoped) disjuncts(q, &d);
  if (d.size < 2) {
    if (model) solver_pop(rl->sv, 1);
    answered(rl, which, limits_now(), SOLVER_UNKNOWN);
    term_vec_free(&d);
    return q;
  }
  bool *kept = xcalloc(d.size + 1, sizeof *kept);
  uint64_t *key = xmalloc((d.size + 1) * sizeof *key);
  shape_keys(&d, key);
  uint32_t seeded = 0, from_model = 0;
  if (model) {
    for (uint32_t i = 0; i < d.size; i++)
      if (!term_is_false(solver_value(rl->sv, d.data[i]))) kept[i] = true, from_model++;
    solver_pop(rl->sv, 1);
  }
  for (uint32_t i = 0; i < d.size; i++)
    if (!kept[i] && shapes_has(mem, key[i])) kept[i] = true, seeded++;
  zeta_limits sub = relative_limits(lim, grown(rl, which, budget));
  term_t out = q;
  double c0 = cpu_now(), t0 = limits_now();
  uint32_t rounds = 0, nkept = 0;
  solver_push(rl->sv);
  solver_assert(rl->sv, base);
  for (;;) {
    /* each round's disjunction implies the one before: one scope for all */
    left.size = 0;
    for (uint32_t i = 0; i < d.size; i++)
      if (!kept[i]) term_vec_push(&left, d.data[i]);
    solver_result res = left.size ? ask(rl->sv, &sub, term_or(left.size, left.data)) : SOLVER_UNSAT;
    rounds++;
    if (res == SOLVER_UNSAT) {
      left.size = 0;
      mem->n = 0;
      for (uint32_t i = 0; i < d.size; i++)
        if (kept[i]) term_vec_push(&left, d.data[i]), shapes_put(mem, key[i]);
      out = term_or(left.size, left.data);
      nkept = left.size;
      rl->split[0] += d.size, rl->split[1] += nkept;
      break;
    }
    if (res != SOLVER_SAT) break;
    bool some = false;
    for (uint32_t i = 0; i < d.size; i++)
      if (!kept[i] && !term_is_false(solver_value(rl->sv, d.data[i]))) kept[i] = some = true;
    solver_pop(rl->sv, 1);
    if (!some) break;   /* a model that makes none true: never loop */
  }
  solver_pop(rl->sv, 1);
  rl->split[2] += rounds;
  answered(rl, which, t0, out == q ? SOLVER_UNKNOWN : SOLVER_UNSAT);
  if (progress_verbose() >= 2)
    progress_say("zeta: bmc: %s: %u disjuncts (%u seeded, %u by the check's model), %s %u, %u rounds, %.2f s CPU", what,
                 d.size, seeded, from_model, out == q ? "no answer, kept" : "the path asks", out == q ? d.size : nkept,
                 rounds, cpu_now() - c0);
  free(kept);
  free(key);
  term_vec_free(&d);
  term_vec_free(&left);
  return out;
}

/* said: the path's answers are known (no residual of the errors needed) */
static void relative_step(tla_sym *s, relative *rl, const zeta_limits *lim, double budget, bool tlc_deadlock,
                          bool said, en_vectors *ev) {
  rl->err_left = rl->nx.err;
  if (!rl->scoped) return;
  zeta_limits sub = relative_limits(lim, grown(rl, 1, budget));
  double t0 = limits_now();
  solver_result res = ask(rl->sv, &sub, rl->nx.err);
  answered(rl, 1, t0, res);
  if (res == SOLVER_SAT && !said)
    rl->err_left = residual(rl, lim, RESIDUAL_BUDGET * budget, term_true(), rl->nx.err, true, &rl->kept_err, "the step's errors");
  else if (res == SOLVER_SAT) solver_pop(rl->sv, 1);
  rl->err_free = res == SOLVER_UNSAT;
  if (!tlc_deadlock) return;
  sub = relative_limits(lim, budget);
  res = no_successor(s, rl->sv, &sub, term_true(), &rl->nx, ev, NULL);
  if (res == SOLVER_SAT) solver_pop(rl->sv, 1);
  rl->dead_free = res == SOLVER_UNSAT;
}

/* Facts that strengthen the relative checks' hypothesis (tla_cand.h):
 * candidates guessed from the layout sample, each proved before it is
 * used: at depth 0 on the path (Init), then from depth k to k+1 in the
 * relative solver under the invariants and the facts at depth k
 * (Houdini's way: a candidate some step falsifies is dropped, the rest
 * hold at depth k+1 for every reachable state, by induction on the depth).
 * The invariants' counterexamples to induction are mostly unreachable
 * states such facts exclude (VoucherCancel: an issuer "cancelled" with no
 * Cancel message). */
enum { FACTS_MAX = 3000, SUCC_ROOM = 256 };
typedef struct {
  tla_cands c;
  bool *alive;
  size_t nalive;
  term_t *lit;       /* per literal, over the state being translated */
  term_t *at;        /* per candidate, over state k (the hypothesis) */
  term_t *next;      /* over state k+1 (the conclusion) */
  uint32_t changed;  /* the last depth whose facts are fewer than the depth before's */
  tla_sym *s;
  tla_model *m;
  int tier;          /* the tier being proved (succ_drop) */
  bool *held;        /* the candidates the depth's hypothesis assumes (alive when its proof began) */
  const tla_val *succ[SUCC_ROOM];   /* the last expanded state's successors (the first SUCC_ROOM) */
  size_t nsucc;
  uint32_t rounds;   /* Houdini's solver queries */
  uint32_t by_model, by_succ, by_explored;   /* dropped by the solver's models, their states' successors, the states explored from them */
  const zeta_limits *lim;   /* the run's (the explicit engine's limits are reset to it) */
} facts;

static void facts_kill_tier(facts *f, int tier);
static void facts_init(facts *f, tla_sym *s, tla_model *m, bool sums) {
  const tla_val *const *states;
  size_t n = tla_steps_sample(s, &states);
  memset(f, 0, sizeof *f);
  f->s = s, f->m = m;
  tla_cands_from_states(states, n, tla_nvars(m), FACTS_MAX, &f->c);
  f->alive = xcalloc(f->c.ncand + 1, sizeof *f->alive);
  f->held = xcalloc(f->c.ncand + 1, sizeof *f->held);
  f->lit = xcalloc(f->c.nlit + 1, sizeof *f->lit);
  f->at = xcalloc(f->c.ncand + 1, sizeof *f->at);
  f->next = xcalloc(f->c.ncand + 1, sizeof *f->next);
  for (size_t i = 0; i < f->c.ncand; i++) f->alive[i] = true;
  f->nalive = f->c.ncand;
  /* one kind per run (tla_bmc): the literals (tiers 0 and 2), or the sums */
  if (sums) facts_kill_tier(f, 0), facts_kill_tier(f, 2), facts_kill_tier(f, 3);
  else facts_kill_tier(f, 1);
}

/* Element literal l as TLA+ text ("e[k1][k2] = v") into buf. */
static void elem_lit_text(const tla_lit *l, char *buf, size_t n) {
  size_t at = (size_t)snprintf(buf, n, "e");
  for (uint32_t i = 0; i < l->npath && at < n; i++) {
    char *k = tv_to_string(l->path[i]);
    at += (size_t)snprintf(buf + at, n - at, "[%s]", k);
    free(k);
  }
  char *v = l->val ? tv_to_string(l->val) : NULL;
  if (at < n) snprintf(buf + at, n - at, l->member ? (v ? " \\ni %s" : " is a set") : " = %s", v ? v : "");
  free(v);
}

/* The element facts alive (-v 3: which ones a run proved). */
static void facts_say_elems(const facts *f) {
  if (progress_verbose() < 3) return;
  char a[300], b[300];
  for (size_t i = 0; i < f->c.ncand; i++) {
    const tla_cand *c = &f->c.cand[i];
    if (!f->alive[i] || !c->elem) continue;
    elem_lit_text(&f->c.lit[c->b], b, sizeof b);
    if (c->a >= 0) elem_lit_text(&f->c.lit[c->a], a, sizeof a);
    progress_say("zeta: bmc: element fact: \\A e \\in %s : %s%s%s%s", tla_var_name(f->m, f->c.lit[c->b].var),
                 c->a >= 0 ? a : "", c->a >= 0 ? " => " : "", c->neg ? "~" : "", b);
  }
}

static void facts_free(facts *f) {
  facts_say_elems(f);
  tla_cands_free(&f->c);
  free(f->alive), free(f->held), free(f->lit), free(f->at), free(f->next);
}

static void facts_kill_all(facts *f) {
  for (size_t i = 0; i < f->c.ncand; i++) f->alive[i] = false;
  f->nalive = 0;
}

/* Candidates are proved in tiers, each with its own budget, so that a
 * tier whose Houdini does not converge in time (and is dropped) leaves the
 * other's proof: 0 = literals (units, ranges, implications, membership
 * clauses), 1 = counting sums (nbacg_guer01: its 116 sums prove TypeOK in
 * 4 s, while in one set with the 534 pairs the whole set timed out and
 * was dropped), 2 = the general three-literal facts (up to a third of the
 * room: dijkstra-mutex's sample of 9000 states gave 830, whose Houdini
 * timed out and took the pairs and membership clauses with it), 3 = the
 * element facts (MultiPaxos: tier 0's 1300 candidates time out at depth 4,
 * while its messages' facts and their node-state partners, both element
 * facts, prove each other in a tier of a few hundred). Each depth's
 * hypothesis is every tier's facts at depth k (proved), so splitting the
 * rounds changes what is proved only through the budgets. */
enum { FACT_TIERS = 4 };
static int cand_tier(const tla_cand *c) { return c->a == TLA_CAND_SUM ? 1 : c->elem ? 3 : c->wide ? 2 : 0; }

static void facts_kill_tier(facts *f, int tier) {
  for (size_t i = 0; i < f->c.ncand; i++)
    if (f->alive[i] && cand_tier(&f->c.cand[i]) == tier) f->alive[i] = false, f->nalive--;
}

static size_t facts_tier_alive(const facts *f, int tier) {
  size_t n = 0;
  for (size_t i = 0; i < f->c.ncand; i++) n += f->alive[i] && cand_tier(&f->c.cand[i]) == tier;
  return n;
}

static term_t feat_term(const tla_feat *f, const term_t *lit) {
  if (f->num) return lit[f->lit[0]];
  term_t *d = xmalloc((f->n + 1) * sizeof *d);
  for (uint32_t i = 0; i < f->n; i++) {
    if (lit[f->lit[i]] == NULL_TERM) {
      free(d);
      return NULL_TERM;
    }
    d[i] = term_ite(lit[f->lit[i]], term_int(1), term_int(0));
  }
  term_t r = term_add(f->n, d);
  free(d);
  return r;
}

static term_t cand_term(const tla_cands *cs, const tla_cand *c, const term_t *lit) {
  if (c->a == TLA_CAND_SUM) {
    const tla_sum *sm = &cs->sum[c->b];
    term_t d[3];
    for (uint32_t i = 0; i < sm->n; i++) {
      if ((d[i] = feat_term(&cs->feat[sm->f[i]], lit)) == NULL_TERM) return NULL_TERM;
      if (sm->c[i] < 0) d[i] = term_neg(d[i]);
    }
    term_t sum = term_add(sm->n, d), b = term_int((long)sm->bound);
    return sm->ge ? term_ge(sum, b) : term_le(sum, b);
  }
  if (c->a == TLA_CAND_RANGE) {
    size_t from = cs->range_at[c->b], to = cs->range_at[c->b + 1];
    term_t *d = xmalloc((to - from + 1) * sizeof *d);
    for (size_t i = from; i < to; i++)
      if ((d[i - from] = lit[cs->range_lit[i]]) == NULL_TERM) {
        free(d);
        return NULL_TERM;
      }
    term_t r = term_or((uint32_t)(to - from), d);
    free(d);
    return r;
  }
  term_t b = lit[c->b];
  if (b == NULL_TERM) return NULL_TERM;
  if (c->b2 >= 0) b = lit[c->b2] == NULL_TERM ? NULL_TERM : term_or2(b, lit[c->b2]);
  if (b == NULL_TERM) return NULL_TERM;
  if (c->neg) b = term_not(b);
  if (c->a < 0) return b;
  term_t a = lit[c->a];
  if (c->a2 >= 0) a = lit[c->a2] == NULL_TERM ? NULL_TERM : term_and2(a, lit[c->a2]);
  return a == NULL_TERM ? NULL_TERM : term_implies(a, b);
}

/* The integer value of t in the solver's model (false: none, or beyond 64 bits). */
static bool model_int(solver *sv, term_t t, int64_t *out) {
  term_t v = solver_value(sv, t);
  if (v == NULL_TERM || !term_is_const(v)) return false;
  mpq_t q;
  mpq_init(q);
  term_rat_value(v, q);
  bool ok = mpz_cmp_ui(mpq_denref(q), 1) == 0 && mpz_fits_slong_p(mpq_numref(q));
  if (ok) *out = mpz_get_si(mpq_numref(q));
  mpq_clear(q);
  return ok;
}

/* The greatest value of the integer term t over the solver's states, at
 * least lb (a value it takes); false when not found within the queries
 * (galloping above lb, then bisection). */
static bool maximize(solver *sv, const zeta_limits *lim, term_t t, int64_t lb, int64_t *max) {
  enum { QUERIES = 48 };
  int64_t step = 1, ub = INT64_MAX;   /* the maximum is in [lb, ub] */
  for (int q = 0; q < QUERIES && lb < ub; q++) {
    if (lb > ((int64_t)1 << 60) || lb < -((int64_t)1 << 60)) return false;   /* no overflow below */
    int64_t probe = ub == INT64_MAX ? lb + step : lb + (ub - lb) / 2;
    solver_result r = ask(sv, lim, term_gt(t, term_int((long)probe)));
    if (r == SOLVER_UNSAT) {
      ub = probe;
      continue;
    }
    if (r != SOLVER_SAT) return false;
    int64_t v;
    bool got = model_int(sv, t, &v);
    solver_pop(sv, 1);
    if (!got || v <= probe) return false;
    lb = v;
    if (ub == INT64_MAX) {
      if (step > ((int64_t)1 << 40)) return false;
      step *= 2;
    }
  }
  if (lb != ub) return false;
  *max = lb;
  return true;
}

/* The counting sums the sample bounds too tightly at Init: the bound
 * widened to Init's extreme, by the path solver over state 0
 * (CoffeeCan1000Beans: its 20000 sampled states of Init's 500500 never
 * see black + white near 1000, so the sampled bound is false at Init and
 * was dropped). Only a choice of candidate: the widened one is proved
 * (Init, then every step) like any other. f->lit over state 0. */
static void widen_at_init(facts *f, solver *sv, const zeta_limits *lim, double stretch) {
  zeta_limits sub = relative_limits(lim, 1.0 * stretch);
  for (size_t i = 0; i < f->c.ncand && !limits_expired(&sub); i++) {
    const tla_cand *c = &f->c.cand[i];
    if (!f->alive[i] || c->a != TLA_CAND_SUM || f->at[i] == NULL_TERM) continue;
    if (ask(sv, &sub, term_not(f->at[i])) != SOLVER_SAT) continue;   /* holds at Init (or no answer) */
    solver_pop(sv, 1);
    tla_sum *sm = &f->c.sum[c->b];
    term_t d[3];
    bool ok = true;
    for (uint32_t j = 0; j < sm->n && ok; j++) {
      ok = (d[j] = feat_term(&f->c.feat[sm->f[j]], f->lit)) != NULL_TERM;
      if (ok && sm->c[j] < 0) d[j] = term_neg(d[j]);
    }
    if (!ok) continue;
    term_t sum = term_add(sm->n, d);
    if (sm->ge) sum = term_neg(sum);   /* sum >= b as -sum <= -b */
    int64_t max;
    if (!maximize(sv, &sub, sum, sm->ge ? -sm->bound : sm->bound, &max)) continue;
    sm->bound = sm->ge ? -max : max;
    f->at[i] = cand_term(&f->c, c, f->lit);
  }
}

/* The live candidates over state k into out; one the structure cannot say
 * is dropped (returns how many). */
static size_t facts_terms(facts *f, tla_sym *s, uint32_t k, term_t *out) {
  if (!f->nalive) return 0;
  size_t before = f->nalive;
  if (!tla_steps_literals(s, k, f->c.lit, f->c.nlit, f->lit)) {
    facts_kill_all(f);
    return before;
  }
  for (size_t i = 0; i < f->c.ncand; i++) {
    if (!f->alive[i] || f->c.cand[i].elem) continue;
    out[i] = cand_term(&f->c, &f->c.cand[i], f->lit);
    if (out[i] == NULL_TERM) f->alive[i] = false, f->nalive--;
  }
  if (facts_tier_alive(f, 3)) {
    /* the element facts per cell of the state's collections */
    for (size_t i = 0; i < f->c.ncand; i++) out[i] = f->c.cand[i].elem ? NULL_TERM : out[i];
    if (!tla_steps_elem_facts(s, k, &f->c, f->alive, out)) facts_kill_tier(f, 3);
    for (size_t i = 0; i < f->c.ncand; i++)
      if (f->alive[i] && f->c.cand[i].elem && out[i] == NULL_TERM) f->alive[i] = false, f->nalive--;
  }
  return before - f->nalive;
}

/* The live candidates of tier (-1: all; terms t) as one conjunction. */
static term_t facts_conj(const facts *f, const term_t *t, int tier) {
  term_t *c = xmalloc((f->c.ncand + 1) * sizeof *c);
  uint32_t n = 0;
  for (size_t i = 0; i < f->c.ncand; i++)
    if (f->alive[i] && (tier < 0 || cand_tier(&f->c.cand[i]) == tier)) c[n++] = t[i];
  term_t r = term_and(n, c);
  free(c);
  return r;
}

/* A successor (by the explicit engine) of a state that satisfies the
 * hypothesis: the candidates it falsifies are not preserved by the step;
 * kept (up to the room) to be looked at as a state of depth k itself. */
static bool succ_drop(void *data, const tla_val *next) {
  facts *f = data;
  for (size_t i = 0; i < f->c.ncand; i++)
    if (f->alive[i] && cand_tier(&f->c.cand[i]) == f->tier && !tla_cand_holds(&f->c, &f->c.cand[i], next))
      f->alive[i] = false, f->nalive--;
  if (f->nsucc < SUCC_ROOM) f->succ[f->nsucc++] = next;
  return true;
}

/* A concrete state satisfies the depth's hypothesis: within the
 * CONSTRAINTs, the invariants, the facts assumed at depth k. */
static bool hypothesis_holds(facts *f, const tla_val *st) {
  if (tla_constraints_hold(f->m, st) != 1 || tla_violated(f->m, st) != -1) return false;
  for (size_t i = 0; i < f->c.ncand; i++)
    if (f->held[i] && !tla_cand_holds(&f->c, &f->c.cand[i], st)) return false;
  return true;
}

/* The model's state k satisfies the hypothesis (a counterexample to the
 * candidates' induction): all of its successors by the explicit engine
 * drop what they falsify at once (one model, not one per candidate;
 * nbacg_guer01 dropped 1-5 per solver round). A successor that satisfies
 * the hypothesis too is such a counterexample of its own, so the search
 * goes on from it (up to EXPLORE states a round): the states of one
 * solver model's neighbourhood drop what many rounds would (each round
 * asks the solver for one state). Dropping is always sound (what is kept
 * is proved by the solver's UNSAT); a state the encoding's layout does
 * not hold could drop a fact the layout's states keep (a proof lost,
 * never a wrong answer); a state that does not decode, or an evaluation
 * error, only leaves the solver's rounds to do it. */
static void drop_by_successors(facts *f, solver *sv, const zeta_limits *lim, uint32_t k, int tier) {
  enum { EXPLORE = 24 };
  const tla_val *st = tla_steps_state(f->s, sv, k);
  if (!st) return;
  f->tier = tier;
  tla_set_limits(f->m, lim);   /* the tier's budget: a state may have very many successor candidates */
  const tla_val *queue[EXPLORE];
  size_t nq = 0;
  if (tla_constraints_hold(f->m, st) == 1) queue[nq++] = st;
  for (size_t at = 0; at < nq && !limits_expired(lim); at++) {
    f->nsucc = 0;
    size_t had = f->nalive;
    bool ok = tla_successors(f->m, queue[at], succ_drop, f);
    tla_clear_error(f->m);
    *(at ? &f->by_explored : &f->by_succ) += had - f->nalive;
    if (!ok) continue;
    for (size_t i = 0; i < f->nsucc && nq < EXPLORE; i++) {
      bool seen = false;
      for (size_t j = 0; j < nq && !seen; j++) seen = queue[j] == f->succ[i];
      if (!seen && hypothesis_holds(f, f->succ[i])) queue[nq++] = f->succ[i];
      tla_clear_error(f->m);
    }
  }
  tla_set_limits(f->m, f->lim);
}

/* Houdini over base for one tier: while some live candidate of the tier
 * (terms t) can fail, the ones the model falsifies are dropped; an answer
 * other than SAT or UNSAT drops the tier (nothing unproved is kept).
 * Returns how many it dropped. */
static size_t facts_prove_tier(facts *f, solver *sv, const zeta_limits *lim, term_t base, const term_t *t, int tier,
                               int64_t k) {
  size_t before = f->nalive;
  term_t *neg = xmalloc((f->c.ncand + 1) * sizeof *neg);
  /* one scope for all rounds: each round's disjunction is over fewer
   * candidates than the one before (so it implies them) and the solver
   * keeps what it learned about the step (nbacg_guer01: 2.7 -> 2.0 s CPU;
   * dijkstra-mutex's sums converge where a scope per round timed out) */
  solver_push(sv);
  solver_assert(sv, base);
  for (;;) {
    uint32_t n = 0;
    for (size_t i = 0; i < f->c.ncand; i++)
      if (f->alive[i] && cand_tier(&f->c.cand[i]) == tier) neg[n++] = term_not(t[i]);
    if (!n) break;
    solver_result res = SOLVER_UNKNOWN;
    if (!limits_expired(lim)) {
      solver_set_timeout(sv, limits_remaining_ms(lim));
      solver_assert(sv, term_or(n, neg));
      res = solver_check(sv);
      f->rounds++;
    }
    if (res == SOLVER_UNSAT) break;
    if (res != SOLVER_SAT) {
      if (progress_verbose() >= 2)
        progress_say("zeta: bmc: facts: tier %d (%zu alive) dropped at depth %lld: no answer (%s)", tier,
                     facts_tier_alive(f, tier), (long long)k + 1, limits_expired(lim) ? "budget" : "solver");
      facts_kill_tier(f, tier);
      break;
    }
    size_t had = f->nalive;
    for (size_t i = 0; i < f->c.ncand; i++)
      if (f->alive[i] && cand_tier(&f->c.cand[i]) == tier && !term_is_true(solver_value(sv, t[i])))
        f->alive[i] = false, f->nalive--;
    f->by_model += had - f->nalive;
    if (k >= 0) drop_by_successors(f, sv, lim, (uint32_t)k, tier);
    if (f->nalive == had) {
      if (progress_verbose() >= 2)
        progress_say("zeta: bmc: facts: tier %d dropped at depth %lld: a model falsifies none", tier, (long long)k + 1);
      facts_kill_tier(f, tier);   /* a model that falsifies none: never loop */
    }
  }
  solver_pop(sv, 1);
  free(neg);
  return before - f->nalive;
}

/* A tier's budget at a depth: the relative queries' (the last path
 * query's time, at least 0.5 s); in the counting facts' run, a sixth of
 * the time left if more (nbacg_guer01's sums need 1-2 s at depth 2; a tier
 * that times out is dropped for good, so this is paid once), stretched by
 * the load so that it stands for CPU time (tla_stretched_deadline). The
 * literal facts keep the short budget: with a sixth, nbacg_guer01's first
 * run spent seconds per depth on pairs that never converge, and
 * `--algorithm inductive` lost its reach proof to the time. The element
 * facts (tier 3) get the sixth too, ELEM_SECS without a deadline
 * (MultiPaxos_MC_small: 1-5 s a depth from depth 4, where the literals'
 * 0.5 s dropped them; proved, they keep the step's errors off the path). */
enum { ELEM_SECS = 10 };
static double facts_budget(const zeta_limits *lim, double budget, bool wide, double stretch) {
  if (!wide) return budget;
  double more = lim->deadline ? tla_stretched_deadline(lim, 1.0 / 6, stretch) - limits_now() : ELEM_SECS * stretch;
  return more > budget ? more : budget;
}

/* Every tier, each with budget seconds. hyp (or NULL: none) are the
 * terms of the facts at the depth before, already proved; a tier assumes
 * those of its own tier (nbacg_guer01's sums hold by themselves and the
 * pairs' conjunction made each query three times slower; a weaker
 * hypothesis is as sound). */
static size_t facts_prove(facts *f, solver *sv, const zeta_limits *lim, double budget, double elem_budget, term_t base,
                          const term_t *hyp, const term_t *t, int64_t k) {
  size_t dropped = 0;
  memcpy(f->held, f->alive, f->c.ncand * sizeof *f->held);
  for (int tier = 0; tier < FACT_TIERS; tier++) {
    if (!facts_tier_alive(f, tier)) continue;
    zeta_limits sub = relative_limits(lim, tier == 3 ? elem_budget : budget);
    term_t b = hyp ? term_and2(base, facts_conj(f, hyp, tier)) : base;
    double t0 = limits_now();
    uint32_t r0 = f->rounds;
    dropped += facts_prove_tier(f, sv, &sub, b, t, tier, k);
    if (progress_verbose() >= 3)
      progress_say("zeta: bmc: facts: tier %d at depth %lld: %zu alive, %u rounds, %.2f s", tier, (long long)k + 1,
                   facts_tier_alive(f, tier), f->rounds - r0, limits_now() - t0);
  }
  return dropped;
}

static void unknown(tla_bmc_result *r, const zeta_limits *lim, const char *what) {
  r->outcome = TLA_BMC_UNKNOWN;
  snprintf(r->msg, sizeof r->msg, "%s", limits_expired(lim) ? "timeout" : what);
}

/* When a run stops at the first depth from which it cannot prove any
 * more (UNKNOWN, r->hopeless): never; when a run with the counting facts
 * follows (so that it starts early, see tla_bmc); always (a stage of
 * --algorithm inductive, which needs a proof only: the later stages get
 * the time). */
typedef enum { STOP_NEVER, STOP_FOR_SUMS, STOP_ALWAYS } hopeless_stop;

/* The path's answers of a run, for the runs after it on the same model and
 * bound: depths 0 .. answered-1 were reached and checked clean (no
 * violation, no evaluation error of the step from the depth, no deadlock
 * when asked), and secs[k] is the last path query's wall time after depth
 * k (the next depth's budgets). These are facts about the model's
 * executions (each run's encoding is exact: a window that loses an element
 * reruns without it), so a later run asserts them instead of asking the
 * same path queries again (Disruptor_SPMC: the counting facts' run to
 * depth 10 repeated the first run's 7.6 s CPU of path queries). */
typedef struct {
  uint32_t answered;
  double *secs;   /* malloc'd, room for cap */
  uint32_t cap;
} path_log;

/* Depth k answered, with the path query's time after it. */
static void path_log_put(path_log *l, uint32_t k, double secs) {
  if (k >= l->cap) {
    l->cap = k + 16;
    l->secs = xrealloc(l->secs, l->cap * sizeof *l->secs);
  }
  l->secs[k] = secs;
  l->answered = k + 1;
}

/* One run; *escaped: stopped because a merged set lost an element. */
/* known: an earlier run's path answers (NULL: none); rec: where this run
 * records its own (NULL: nowhere). */
static void bmc_run(tla_model *m, uint32_t bound, bool tlc_deadlock, bool need_paths, const char *backend,
                    const zeta_limits *lim, bool window, bool sums, hopeless_stop stop, const path_log *known,
                    path_log *rec, tla_bmc_result *r, bool *escaped) {
  *r = (tla_bmc_result){.outcome = TLA_BMC_UNKNOWN};
  *escaped = false;
  if (rec) rec->answered = 0;
  tla_load_clock lc = tla_load_clock_start();
  tla_set_limits(m, lim);
  solver *sv = solver_new(backend ? backend : "z3", NULL);
  tla_sym *s = tla_steps_new(m, window);
  r->sample = tla_sym_sample_size(s, &r->sample_cut);
  /* Z3's older simplex: the invariant queries (UNSAT, over the path's ite
   * chains of small integer choices) take 30-45 % less CPU (ReadersWriters
   * length 10 12.8 -> 8.4 s, ElevatorSafetySmall length 6 11.6 -> 6.6 s) */
  if (sv) solver_tune(sv, "arith.solver", 2);
  /* without TLC's deadlock check (no quantified ENABLED): no relevancy
   * propagation: the invariant queries take less CPU (to depth 10:
   * VoucherIssue 5.2-5.9 -> 3.4 s, VoucherTransfer 7.4-7.7 -> 3.4-3.9 s,
   * VoucherCancel 10.5 -> 5.8 s, VoucherRedeem unchanged); with the
   * deadlock check mixed (ReadersWriters/MC 4.8 -> 7.4 s, 2PCwithBTM
   * 6.7 -> 5.5 s), so only without it */
  if (sv && !tlc_deadlock) solver_tune(sv, "relevancy", 0);
  tla_step st;
  char why[1100];
  term_vec told = {0};   /* what sv holds outside the queries' scopes */
  en_vectors ev = {0};   /* the deadlock checks' choice vectors */
  /* Z3 in process: slow path queries asked alone first (ask_path) */
  path_mode mode = !backend || strcmp(backend, "z3") == 0 ? PATH_NOT_YET : PATH_INCREMENTAL;
  path_mode goes = mode;   /* the same, for path_goes_on's checks */
  if (!sv) {
    unknown(r, lim, "solver");
    goto done;
  }
  if (!tla_steps_init(s, &st, why, sizeof why)) {
    snprintf(r->msg, sizeof r->msg, "%s", why);
    goto done;
  }
  /* Init's evaluation errors first (st.ok excludes them) */
  term_t axioms = tla_steps_axioms(s);   /* all so far: the inductive check's solver needs them too */
  tell(sv, &told, axioms);
  solver_result r0 = ask(sv, lim, st.err);
  if (r0 == SOLVER_SAT) {
    r->outcome = TLA_BMC_ERROR;
    *escaped = term_is_true(solver_value(sv, st.escape));
    solver_pop(sv, 1);
    goto done;
  }
  if (r0 != SOLVER_UNSAT) {
    unknown(r, lim, "solver: Init");
    goto done;
  }
  tell(sv, &told, st.ok);
  /* the proof for all depths needs state invariants only (action and
   * trace invariants mention earlier states, which it leaves out) */
  bool induct = tla_steps_state_invariants_only(s);
  /* the facts that hold initially (state 0 on the path: Init) */
  facts fx;
  facts_init(&fx, s, m, sums);
  fx.lim = lim;
  r->facts = (uint32_t)fx.c.ncand;
  r->sums = (uint32_t)fx.c.nsum;
  for (size_t i = 0; i < fx.c.ncand; i++) r->elem_facts += fx.c.cand[i].elem;
  if (fx.nalive) {
    facts_terms(&fx, s, 0, fx.at);
    term_t fa = tla_steps_axioms(s);
    axioms = term_and2(axioms, fa);
    tell(sv, &told, fa);
    double stretch = tla_load_stretch(&lc);
    if (sums) widen_at_init(&fx, sv, lim, stretch);
    facts_prove(&fx, sv, lim, 1.0 * stretch, 1.0 * stretch, term_true(), NULL, fx.at, -1);
  }
  witness wit = {.m = m};   /* an execution reaching the depth (path_goes_on) */
  bool proved = false;
  relative rel = {0};
  uint32_t streak = 0;
  bool cti = false;   /* the last depth's invariants had a counterexample relative to the depth before */
  double last_query = 0;
  bool prof = progress_verbose() >= 2;
  double pc = cpu_now(), pt[8] = {0};   /* -v 2: the depth's CPU per phase */
#define PROF(i) do { if (prof) { double c_ = cpu_now(); pt[i] += c_ - pc; pc = c_; } } while (0)
  for (uint32_t k = 0;; k++) {
    if (prof && k > 0)
      progress_say("zeta: bmc: depth %u CPU: relative %.2f next %.2f facts %.2f path %.2f rel-step %.2f err %.2f dead %.2f other %.2f",
                   k - 1, pt[0], pt[1], pt[2], pt[3], pt[4], pt[5], pt[6], pt[7]);
    memset(pt, 0, sizeof pt);
    pc = cpu_now();
    r->depth = k;
    bool said = known && k < known->answered;   /* depth k's path queries answered by an earlier run */
    r->path_known += said;
    bool seen = induct && witness_reaches(&wit, k, lim, WITNESS_SECS * tla_load_stretch(&lc));
    r->path_witnessed += seen;
    solver_result res = seen ? SOLVER_SAT : path_goes_on(sv, &told, &goes, lim);
    if (res == SOLVER_UNSAT) {
      r->outcome = TLA_BMC_ENDS;
      break;
    }
    if (res != SOLVER_SAT) {
      unknown(r, lim, "solver: the path to the depth");
      break;
    }
    term_t cons, bad, err;
    if (!tla_steps_props(s, k, &cons, &bad, &err, why, sizeof why)) {
      snprintf(r->msg, sizeof r->msg, "%s", why);
      break;
    }
    /* bad without witnesses when that translates and stays small: its
     * disjuncts and its negation, the invariants for every pick, are what
     * the queries below are split into and what the deeper ones are told */
    term_t good = tla_steps_holds(s, k);
    if (good != NULL_TERM && term_dag_size(good) > 4 * term_dag_size(bad) + 4096) good = NULL_TERM;
    if (good != NULL_TERM) bad = term_or2(err, term_not(good));
    /* the constants the invariants named (both solvers) */
    term_t pax = tla_steps_axioms(s);
    axioms = term_and2(axioms, pax);
    tell(sv, &told, pax);
    double least = 0.5 * tla_load_stretch(&lc);
    double budget = last_query < least ? least : last_query;
    /* depth k's invariants from depth k-1's, without the path */
    /* the same structures as the depth before, whose query had a
     * counterexample: the same query up to renaming, not asked again */
    bool again = cti && k >= 2 && fx.changed != k - 1 && tla_steps_covers(s, k - 1, k) &&
                 tla_steps_covers(s, k - 2, k - 1) && tla_steps_covers(s, k, k - 1) && tla_steps_covers(s, k - 1, k - 2);
    PROF(7);
    solver_result pr = proved || again ? SOLVER_UNKNOWN : preserves(&rel, lim, budget, bad);
    PROF(0);
    cti = again || pr == SOLVER_SAT;
    if (again && !proved && (stop == STOP_ALWAYS || (stop == STOP_FOR_SUMS && r->sums))) {
      /* depths k-2 .. k have the same structures and the query had a
       * counterexample at k-1 under facts that can only get fewer: every
       * later depth's query is the same (or weaker), so no streak starts
       * any more and this run proves nothing (nbacg_guer01: from depth 5
       * on, while the path queries to depth 10 cost 9 s CPU) */
      r->outcome = TLA_BMC_UNKNOWN;
      r->hopeless = true;
      snprintf(r->msg, sizeof r->msg, "no proof: the counterexamples to induction repeat from depth %u", k - 1);
      break;
    }
    bool inv_ok = pr == SOLVER_UNSAT;
    /* a counterexample to induction: the path asks what the step from the
     * invariants does not refute */
    term_t bad_left = bad;
    if (pr == SOLVER_SAT && !said)
      bad_left = residual(&rel, lim, RESIDUAL_BUDGET * budget, rel.nx.ok, bad, true, &rel.kept_inv, "the invariants");
    else if (pr == SOLVER_SAT) solver_pop(rel.sv, 1);
    if (inv_ok) r->relative++;
    /* the steps streak .. k-1 all answered relative to the invariants */
    /* (and with the same facts: fewer at depth k than at k-1 restart it) */
    if (!(inv_ok && rel.err_free && (rel.dead_free || !tlc_deadlock)) || (k > 0 && fx.changed == k)) streak = k;
    uint32_t cover = k;
    for (uint32_t i = streak; induct && i < k && cover == k; i++)
      if (tla_steps_covers(s, i, k)) cover = i;
    if (cover < k) {
      /* every later state is one of the structures of depths cover .. k-1
       * (a step from depth i's leads to depth i+1's, from depth k-1's to
       * depth k's, which depth cover's covers): for all depths */
      proved = r->proved = true;
      r->proved_from = streak;
      if (!need_paths) {
        r->outcome = TLA_BMC_PROVED;
        break;
      }
    }
    relative_drop(&rel);
    tla_step nx = {0};
    bool more = k < bound;
    if (more && !tla_steps_next(s, &nx, why, sizeof why)) {
      snprintf(r->msg, sizeof r->msg, "%s", why);
      break;
    }
    /* the facts over state k+1 (their constants among the axioms) */
    PROF(1);
    size_t unsaid = more && !proved ? facts_terms(&fx, s, k + 1, fx.next) : 0;
    term_t ax = tla_steps_axioms(s);
    axioms = term_and2(axioms, ax);
    tell(sv, &told, ax);
    if (proved) {
      /* the invariants hold at every depth: only the executions' lengths are asked */
      if (!more) {
        r->outcome = TLA_BMC_BOUND;
        break;
      }
      tell(sv, &told, term_and2(cons, nx.ok));
      continue;
    }
    PROF(2);
    /* the invariants' path query waits for the step's errors' (after
     * relative_step), to be asked with them as one query: the two asked
     * one after the other solve the same path twice (MultiPaxos_MC_small's
     * depth 6: 3.9 + 4.1 s CPU apart, 4.7 s as one, a run each). Sound:
     * relative_step assumes ~bad at depth k, which the one query's UNSAT
     * establishes before anything from it is used at depth k+1 */
    bool defer = !inv_ok && !said && more;
    if (!inv_ok && !said && !defer) {
      /* a violation in state k (the step's errors after relative_step:
       * when it answers them, the path query need not carry them) */
      double t0 = limits_now();
      res = ask_path(sv, &told, &mode, lim, bad_left);
      last_query = limits_now() - t0;
      if (res == SOLVER_SAT) {
        r->outcome = TLA_BMC_VIOLATION;
        take_trace(s, sv, k, r);
        break;
      }
      if (res != SOLVER_UNSAT) {
        unknown(r, lim, "solver: the invariants");
        break;
      }
    }
    PROF(3);
    /* no violation at depth k: a lemma for the deeper queries */
    if (!defer) tell(sv, &told, term_not(bad));
    if (!more) {
      r->outcome = TLA_BMC_BOUND;
      if (rec) path_log_put(rec, k, last_query);
      break;
    }
    relative_new(&rel, backend, axioms, cons, bad, &nx);
    if (fx.nalive && !rel.scoped) facts_kill_all(&fx), unsaid = 1;
    if (fx.nalive) {
      /* the facts at depth k (proved) into the hypothesis; those that
       * every step keeps hold at depth k+1 */
      /* asserted once (in a query per round it cost MCMajority 50 % more
       * CPU); a run has one tier of facts, so each tier assumes all */
      solver_assert(rel.sv, facts_conj(&fx, fx.at, -1));
      double stretch = tla_load_stretch(&lc);
      unsaid += facts_prove(&fx, rel.sv, lim, facts_budget(lim, budget, sums, stretch), facts_budget(lim, budget, true, stretch),
                            nx.ok, NULL, fx.next, k);
      term_t *t = fx.at;
      fx.at = fx.next, fx.next = t;
    }
    if (unsaid) fx.changed = k + 1;
    r->facts_kept = (uint32_t)fx.nalive;
    r->elem_kept = (uint32_t)facts_tier_alive(&fx, 3);
    PROF(2);
    relative_step(s, &rel, lim, budget, tlc_deadlock, said, &ev);
    term_t step_err = term_and2(cons, rel.err_left);
    PROF(4);
    bool errs_said = false;   /* the step's errors answered with the invariants */
    if (defer) {
      double t0 = limits_now();
      bool both = !rel.err_free;
      r->err_on_path += both, r->path_combined += both;
      res = ask_path(sv, &told, &mode, lim, both ? term_or2(bad_left, step_err) : bad_left);
      last_query = limits_now() - t0;
      bool violation = res == SOLVER_SAT;
      if (violation && both && !term_is_true(solver_value(sv, bad_left))) {
        /* an error of the step from state k: reported only when no state
         * k violates an invariant (TLC checks those first), asked below */
        solver_pop(sv, 1);
        res = ask_path(sv, &told, &mode, lim, bad_left);
        violation = res == SOLVER_SAT;
        if (res == SOLVER_UNSAT) res = SOLVER_SAT;
      }
      if (violation) {
        r->outcome = TLA_BMC_VIOLATION;
        take_trace(s, sv, k, r);
        break;
      }
      if (res != SOLVER_UNSAT && res != SOLVER_SAT) {
        unknown(r, lim, "solver: the invariants");
        break;
      }
      tell(sv, &told, term_not(bad));
      errs_said = res == SOLVER_UNSAT;
    }
    if (!rel.err_free && !said && !errs_said) {
      /* the step's evaluation errors on the path (under ~bad, told above:
       * TLC checks state k's invariants before its successors) */
      double t0 = limits_now();
      r->err_on_path += !defer && !term_is_false(step_err);
      res = ask_path(sv, &told, &mode, lim, step_err);
      if (!inv_ok) last_query += limits_now() - t0;
      if (res == SOLVER_SAT) {
        r->outcome = TLA_BMC_ERROR;
        *escaped = term_is_true(solver_value(sv, term_and2(cons, nx.escape)));
        take_trace(s, sv, k, r);
        break;
      }
      if (res != SOLVER_UNSAT) {
        unknown(r, lim, "solver: the evaluation errors");
        break;
      }
    }
    PROF(5);
    if (tlc_deadlock && !rel.dead_free && !said) {
      res = no_successor(s, sv, lim, cons, &nx, &ev, mode == PATH_ALONE ? &told : NULL);
      if (res == SOLVER_SAT) {
        r->outcome = TLA_BMC_DEADLOCK;
        take_trace(s, sv, k, r);
        break;
      }
      if (res != SOLVER_UNSAT) {
        unknown(r, lim, "solver: deadlock check");
        break;
      }
    }
    PROF(6);
    if (rel.dead_free) r->relative++;
    if (said) last_query = known->secs[k];   /* the budgets the run before had */
    if (rec) path_log_put(rec, k, last_query);
    progress_tick("zeta: bmc: no violation at depth %u, %u facts kept", k, r->facts_kept);
    /* states outside the constraints are not expanded (TLC) */
    tell(sv, &told, term_and2(cons, nx.ok));
  }
#undef PROF
  r->split_disjuncts = rel.split[0], r->split_asked = rel.split[1], r->split_rounds = rel.split[2];
  relative_free(&rel);
  witness_free(&wit);
  r->houdini_rounds = fx.rounds;
  r->by_model = fx.by_model, r->by_succ = fx.by_succ, r->by_explored = fx.by_explored;
  facts_free(&fx);
done:
  term_vec_free(&told);
  en_vectors_free(&ev);
  r->arrays = tla_steps_arrays(s);
  r->approx = tla_steps_approx(s);
  r->merged = tla_steps_merged(s);
  solver_free(sv);
  tla_sym_free(s);
}

/* Sets of records merge per value with the sampled integers first; an
 * element outside them (a state the sample did not reach) is no error of
 * the model: then again without the window. */
static void bmc_window(tla_model *m, uint32_t bound, bool tlc_deadlock, bool need_paths, const char *backend,
                       const zeta_limits *lim, bool sums, hopeless_stop stop, const path_log *known, path_log *rec,
                       tla_bmc_result *r) {
  bool escaped;
  bmc_run(m, bound, tlc_deadlock, need_paths, backend, lim, true, sums, stop, known, rec, r, &escaped);
  if (!escaped) return;
  tla_bmc_result_free(r);
  bmc_run(m, bound, tlc_deadlock, need_paths, backend, lim, false, sums, stop, known, rec, r, &escaped);
  r->rerun = true;
  if (escaped) {
    /* the ranges are over-approximations: not expected, never a verdict */
    tla_bmc_result_free(r);
    r->outcome = TLA_BMC_UNKNOWN;
    snprintf(r->msg, sizeof r->msg, "a set merged per value lost an element (the encoding's ranges)");
  }
}

/* The counting facts only in a second run (without the literals' facts):
 * their Houdini rounds cost the models the literals prove (VoucherCancel:
 * proved at depth 0 with them alone, but not within 10 depths while
 * non-inductive sums were dropped one depth after another, each drop
 * restarting the proof's streak), and with the literals' facts
 * nbacg_guer01's rounds took three times longer. The second run starts
 * when the first reached the bound without a proof, or as soon as the
 * first can prove nothing any more (`hopeless`: nbacg_guer01 at depth 5
 * of 10). After a first run to the bound the second answers only with a
 * proof (the first's answer stands); after a hopeless one it is the BMC
 * run, whatever it answers (a fresh run over the same paths: as sound). */
void tla_bmc(tla_model *m, uint32_t bound, bool tlc_deadlock, bool need_paths, tla_bmc_use use, const char *backend,
             const zeta_limits *lim, tla_bmc_result *r) {
  /* a stage answers with a proof only: a hopeless run stops */
  bool leave_time = use != TLA_BMC_ANSWER;
  tla_load_clock lc = tla_load_clock_start();
  path_log first = {0};
  bmc_window(m, bound, tlc_deadlock, need_paths, backend, lim, false, leave_time ? STOP_ALWAYS : STOP_FOR_SUMS, NULL,
             &first, r);
  bool hopeless = r->hopeless;
  if (!r->sums || limits_expired(lim) || (!hopeless && (r->outcome != TLA_BMC_BOUND || r->proved))) {
    free(first.secs);
    return;
  }
  /* a stage of --algorithm inductive: half of the time left at most,
   * stretched by the load (the reach proof and IC3 come after it); with
   * --algorithm bmc or as the last stage all of it (nbacg_guer01 at 90 s,
   * load 9: no proof with half) */
  zeta_limits half = *lim;
  if (use == TLA_BMC_STAGE) half.deadline = tla_stretched_deadline(lim, 0.5, tla_load_stretch(&lc));
  tla_bmc_result r2;
  bmc_window(m, bound, tlc_deadlock, need_paths, backend, &half, true, leave_time ? STOP_ALWAYS : STOP_NEVER, &first,
             NULL, &r2);
  tla_set_limits(m, lim);
  bool r2_proved = r2.outcome == TLA_BMC_PROVED || (r2.outcome == TLA_BMC_BOUND && r2.proved);
  /* after a hopeless first run, a second that failed without using the
   * time (not a timeout) leaves the first to run to its end (--algorithm
   * bmc; the inductive stage needs a proof only, which the first cannot give) */
  bool rerun_first = hopeless && r2.outcome == TLA_BMC_UNKNOWN && !leave_time && !limits_expired(lim);
  if (r2_proved || (hopeless && !rerun_first)) {
    uint32_t first_depth = r->depth;
    tla_bmc_result_free(r);
    *r = r2;
    r->counting = true;
    r->first_depth = first_depth;
    r->first_hopeless = hopeless;
    free(first.secs);
    return;
  }
  tla_bmc_result_free(&r2);
  if (rerun_first) {
    tla_bmc_result_free(r);
    bmc_window(m, bound, tlc_deadlock, need_paths, backend, lim, false, STOP_NEVER, &first, NULL, r);
  }
  free(first.secs);
}

void tla_bmc_result_free(tla_bmc_result *r) {
  free(r->trace);
  free(r->hints);
  free(r->hint_at);
  r->trace = NULL;
  r->hints = NULL;
  r->hint_at = NULL;
  r->ntrace = 0;
}
