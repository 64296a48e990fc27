/* IC3/PDR with implicit predicate abstraction (IC3-IA, Cimatti, Griggio,
 * Mover, Tonetta, TACAS 2014).
 *
 * Cubes and frame clauses are over a set of predicates (atoms over the
 * state variables). Because every frame clause and cube is a Boolean
 * combination of predicates, the abstract relative-induction query
 * F(X) ∧ ¬c(X) ∧ EQ(X,Y) ∧ T(Y,Y') ∧ EQ(X',Y') ∧ c(X') of IC3-IA is
 * equisatisfiable with the same query over the concrete copy directly, so
 * the solver holds T over x, inputs, x@1 and predicates are evaluated on
 * x and x@1.
 *
 * Frames are delta-encoded: a lemma (blocked cube g, clause ¬g) lives at
 * the highest level it is known to hold at, asserted as act_i ⇒ ¬g; F_i is
 * queried by assuming act_i .. act_N (F_0 = init by act_0). Blocked cubes
 * are generalized with unsat cores and by dropping literals, never
 * intersecting init. An abstract counterexample (a chain of cubes from an
 * initial cube to a bad cube) is simulated concretely; when spurious,
 * sequence interpolants of the unrolling (--pdr-refine all) or of the
 * abstract path (specific) give new predicates. Termination: an empty
 * delta frame F_i = F_i+1; the invariant is that frame, checked. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "engine/ts_check.h"
#include "core/progress.h"
#include "engine/ts_engine.h"

typedef struct { uint32_t n; term_t *lit; } cube;
typedef struct { cube *data; uint32_t size, cap; } cube_vec;
typedef struct { cube c; uint32_t level; int32_t next; } oblig;   /* next: successor obligation toward bad */

typedef struct {
  const ts *sys;
  const ts_engine_opts *o;
  ts_result *r;
  term_vec preds;
  term_map pred_set;
  solver *s;        /* trans + frame lemmas */
  solver *init_s;   /* init */
  solver *pre_s;    /* trans, for predecessor generalization */
  term_vec acts;    /* acts.data[i] activates level i */
  term_t act_t;     /* activates trans in s: bad-state queries must not
                       require a successor (deadlocked bad states count) */
  cube_vec *frames; /* frames[i], 1 <= i <= N: lemmas (as cubes) */
  uint32_t nframes_cap;
  uint32_t N;
  oblig *obl;
  uint32_t nobl, cap_obl;
  bool pregen;      /* predecessor generalization on (turned off when a
                       generalized chain was not a real abstract path) */
} pdr;

typedef enum { PDR_OK, PDR_CEX, PDR_REFINED, PDR_FAIL } pdr_status;

static void cube_push(cube_vec *v, cube c) {
  if (v->size == v->cap) { v->cap = v->cap ? 2 * v->cap : 8; v->data = xrealloc(v->data, v->cap * sizeof *v->data); }
  v->data[v->size++] = c;
}

static cube cube_copy(const term_t *lit, uint32_t n) {
  cube c = {n, xmalloc(sizeof(term_t) * (n + 1))};
  memcpy(c.lit, lit, sizeof(term_t) * n);
  return c;
}

static term_t cube_term(const cube *c, int32_t shift) {
  term_t *a = xmalloc(sizeof(term_t) * (c->n + 1));
  for (uint32_t i = 0; i < c->n; i++) a[i] = term_shift(c->lit[i], shift);
  term_t t = term_and(c->n, a);
  free(a);
  return t;
}

static bool mentions_input_or_index(const ts *sys, term_t atom) {
  term_t *fv = NULL;
  uint32_t n = term_free_vars(atom, &fv);
  bool bad = false;
  for (uint32_t i = 0; i < n && !bad; i++) {
    if (term_var_index(fv[i]) != 0) bad = true;
    for (uint32_t j = 0; j < sys->inputs.size && !bad; j++) bad = fv[i] == sys->inputs.data[j];
  }
  free(fv);
  return bad;
}

/* Adds the atoms of f (over index-0 state variables only) as predicates;
 * returns how many were new. */
static uint32_t add_preds_of(pdr *p, term_t f) {
  term_t *atoms = NULL;
  uint32_t n = term_atoms(f, &atoms), added = 0;
  for (uint32_t i = 0; i < n; i++) {
    term_t a = term_unsigned(atoms[i]);
    if (term_is_const(a) || term_map_has(&p->pred_set, a) || mentions_input_or_index(p->sys, a)) continue;
    term_map_put(&p->pred_set, a, 1);
    term_vec_push(&p->preds, a);
    added++;
  }
  free(atoms);
  return added;
}

static solver_result check(pdr *p, solver *s, uint32_t n, const term_t *as) {
  ts_engine_arm(s, p->o);
  p->r->solver_calls++;
  return solver_check_assuming(s, n, as);
}

/* Assumptions selecting F_level, followed by extra literals; *n set. */
static term_t *frame_assumptions(pdr *p, uint32_t level, bool with_trans, uint32_t nextra, const term_t *extra,
                                 uint32_t *n) {
  term_t *a = xmalloc(sizeof(term_t) * (p->N + 3 + nextra));
  uint32_t k = 0;
  if (with_trans) a[k++] = p->act_t;
  if (level == 0) a[k++] = p->acts.data[0];
  else for (uint32_t i = level; i <= p->N; i++) a[k++] = p->acts.data[i];
  for (uint32_t i = 0; i < nextra; i++) a[k++] = extra[i];
  *n = k;
  return a;
}

static void ensure_level(pdr *p, uint32_t level) {
  while (p->acts.size <= level) {
    term_t a = term_fresh_var("pdr!act", type_bool());
    term_vec_push(&p->acts, a);
  }
  if (level >= p->nframes_cap) {
    uint32_t cap = 2 * level + 4;
    p->frames = xrealloc(p->frames, cap * sizeof *p->frames);
    memset(p->frames + p->nframes_cap, 0, (cap - p->nframes_cap) * sizeof *p->frames);
    p->nframes_cap = cap;
  }
}

/* The cube of predicate values at index k of the current model of s. */
static cube model_cube(pdr *p, solver *s, int32_t k) {
  cube c = {0, xmalloc(sizeof(term_t) * (p->preds.size + 1))};
  for (uint32_t i = 0; i < p->preds.size; i++) {
    term_t v = solver_value(s, term_shift(p->preds.data[i], k));
    if (v == NULL_TERM || !term_is_const(v)) continue;
    c.lit[c.n++] = term_is_true(v) ? p->preds.data[i] : term_not(p->preds.data[i]);
  }
  return c;
}

/* init ∧ lits satisfiable? (-1 on unknown) */
static int meets_init(pdr *p, uint32_t n, const term_t *lit) {
  solver_result r = check(p, p->init_s, n, lit);
  return r == SOLVER_SAT ? 1 : r == SOLVER_UNSAT ? 0 : -1;
}

/* Relative induction of cube g at level i: F_{i-1} ∧ ¬g ∧ T ∧ g'. On UNSAT
 * with core != NULL, *core receives the literals of g whose primed copy is
 * in the unsat core. */
static solver_result rel_ind(pdr *p, uint32_t i, const cube *g, cube *core, cube *pre) {
  term_t *primed = xmalloc(sizeof(term_t) * (g->n + 1));
  for (uint32_t j = 0; j < g->n; j++) primed[j] = term_prime(g->lit[j]);
  uint32_t na;
  term_t *as = frame_assumptions(p, i - 1, true, g->n, primed, &na);
  solver_push(p->s);
  solver_assert(p->s, term_not(cube_term(g, 0)));
  solver_result r = check(p, p->s, na, as);
  if (r == SOLVER_UNSAT && core) {
    term_t *cl = NULL;
    uint32_t nc = solver_unsat_core(p->s, &cl);
    core->n = 0;
    core->lit = xmalloc(sizeof(term_t) * (g->n + 1));
    for (uint32_t j = 0; j < g->n; j++)
      for (uint32_t k = 0; k < nc; k++)
        if (cl[k] == primed[j]) { core->lit[core->n++] = g->lit[j]; break; }
    free(cl);
  }
  if (r == SOLVER_SAT && pre) *pre = model_cube(p, p->s, 0);
  solver_pop(p->s, 1);
  free(as);
  free(primed);
  return r;
}

/* Adds literals of full back to g (in order) until g misses init. */
static bool exclude_init(pdr *p, cube *g, const cube *full) {
  for (uint32_t j = 0;; j++) {
    int m = meets_init(p, g->n, g->lit);
    if (m == 0) return true;
    if (m < 0 || j >= full->n) return false;
    bool have = false;
    for (uint32_t k = 0; k < g->n && !have; k++) have = g->lit[k] == full->lit[j];
    if (!have) g->lit[g->n++] = full->lit[j];
  }
}

/* Generalizes blocked cube c at level i (core already computed in g):
 * tries to drop each literal while g stays relatively inductive and
 * disjoint from init. */
static void generalize(pdr *p, uint32_t i, cube *g) {
  for (uint32_t j = 0; j < g->n && g->n > 1;) {
    if (ts_engine_expired(p->o)) return;
    cube t = {0, xmalloc(sizeof(term_t) * g->n)};
    for (uint32_t k = 0; k < g->n; k++)
      if (k != j) t.lit[t.n++] = g->lit[k];
    cube core = {0, NULL};
    if (meets_init(p, t.n, t.lit) == 0 && rel_ind(p, i, &t, &core, NULL) == SOLVER_UNSAT) {
      /* keep the smaller of t and its core (if the core misses init) */
      if (core.n < t.n && meets_init(p, core.n, core.lit) == 0) { free(t.lit); t = core; }
      else free(core.lit);
      free(g->lit);
      *g = t;
      continue;   /* position j now holds the next literal */
    }
    free(core.lit);
    free(t.lit);
    j++;
  }
}

static void add_lemma(pdr *p, uint32_t level, cube g) {
  ensure_level(p, level);
  term_t clause = term_not(cube_term(&g, 0));
  solver_assert(p->s, term_or2(term_not(p->acts.data[level]), clause));
  cube_push(&p->frames[level], g);
  p->r->lemmas++;
}

/* Predecessor generalization: literals of pre that alone force every
 * transition into c (when T is deterministic enough); else pre itself. */
static cube gen_predecessor(pdr *p, const cube *pre, const cube *c) {
  solver_push(p->pre_s);
  solver_assert(p->pre_s, term_not(cube_term(c, 1)));
  solver_result r = check(p, p->pre_s, pre->n, pre->lit);
  cube g = {0, NULL};
  if (r == SOLVER_UNSAT) {
    term_t *cl = NULL;
    uint32_t nc = solver_unsat_core(p->pre_s, &cl);
    g.lit = xmalloc(sizeof(term_t) * (pre->n + 1));
    for (uint32_t j = 0; j < pre->n; j++)
      for (uint32_t k = 0; k < nc; k++)
        if (cl[k] == pre->lit[j]) { g.lit[g.n++] = pre->lit[j]; break; }
    free(cl);
  }
  solver_pop(p->pre_s, 1);
  if (r != SOLVER_UNSAT) return cube_copy(pre->lit, pre->n);
  return g;
}

static uint32_t new_oblig(pdr *p, cube c, uint32_t level, int32_t next) {
  if (p->nobl == p->cap_obl) { p->cap_obl = p->cap_obl ? 2 * p->cap_obl : 64; p->obl = xrealloc(p->obl, p->cap_obl * sizeof *p->obl); }
  p->obl[p->nobl] = (oblig){c, level, next};
  return p->nobl++;
}

static void clear_obligs(pdr *p) {
  for (uint32_t i = 0; i < p->nobl; i++) free(p->obl[i].c.lit);
  p->nobl = 0;
}

/* Abstract counterexample starting at obligation `first`: simulate it
 * concretely; a real path gives the trace, a spurious one new predicates. */
static pdr_status refine(pdr *p, uint32_t first) {
  uint32_t m = 0;
  for (int32_t o = (int32_t)first; o >= 0; o = p->obl[o].next) m++;
  const ts *sys = p->sys;
  term_t *f = xmalloc(sizeof(term_t) * (m + 1)), *itp = xmalloc(sizeof(term_t) * (m + 1));
  int32_t o = (int32_t)first;
  for (uint32_t j = 0; j < m; j++, o = p->obl[o].next) {
    term_t parts[3];
    uint32_t np = 0;
    if (j == 0) parts[np++] = sys->init;
    if (p->o->refine_specific) parts[np++] = cube_term(&p->obl[o].c, (int32_t)j);
    parts[np++] = j + 1 < m ? term_shift(sys->trans, (int32_t)j) : term_not(term_shift(sys->prop, (int32_t)j));
    f[j] = term_and(np, parts);
  }
  pdr_status st = PDR_FAIL;
  /* concrete simulation: any path of this length reaching ¬prop counts */
  solver *s = ts_engine_solver(p->o);
  if (s) {
    solver_assert(s, sys->init);
    for (uint32_t j = 0; j + 1 < m; j++) solver_assert(s, term_shift(sys->trans, (int32_t)j));
    solver_assert(s, term_not(term_shift(sys->prop, (int32_t)m - 1)));
    ts_engine_arm(s, p->o);
    p->r->solver_calls++;
    solver_result r = solver_check(s);
    if (r == SOLVER_SAT) {
      ts_trace t;
      if (ts_trace_extract(s, sys, m, &t) && ts_trace_replay_with(p->o->backend, sys, &t) == SOLVER_SAT) {
        p->r->trace = t;
        p->r->verdict = ZETA_UNSAFE;
        st = PDR_CEX;
      } else {
        ts_trace_free(&t);
        p->r->reason = "internal: counterexample does not replay";
      }
    } else if (r == SOLVER_UNKNOWN) {
      p->r->reason = ts_engine_why_unknown(p->o);
    }
    solver_free(s);
    if (r != SOLVER_UNSAT) { free(f); free(itp); return st; }
  }
  if (m < 2) { p->r->reason = "internal: spurious counterexample of length 1"; free(f); free(itp); return PDR_FAIL; }
  solver_result ir = itp_sequence(p->o->itp, m, f, itp, ts_engine_remaining_ms(p->o));
  if (ir == SOLVER_UNSAT) {
    uint32_t added = 0;
    for (uint32_t j = 0; j + 1 < m; j++) added += add_preds_of(p, term_shift(itp[j], -(int32_t)(j + 1)));
    p->r->refinements++;
    if (added) {
      st = PDR_REFINED;
    } else if (p->pregen) {
      /* a generalized predecessor may hold states without the transition
       * into its successor cube, so the chain was not an abstract path:
       * continue with exact abstract predecessors */
      p->pregen = false;
      st = PDR_REFINED;
    } else {
      p->r->reason = "refinement found no new predicate";
    }
  } else if (ir == SOLVER_SAT) {
    p->r->reason = "internal: abstract path feasible but no counterexample";
  } else {
    p->r->reason = ts_engine_expired(p->o) ? "timeout" : "interpolation failed";
  }
  free(f);
  free(itp);
  return st;
}

/* Blocks bad cube b at level N (or finds a counterexample / refines). */
static pdr_status block(pdr *p, cube b) {
  clear_obligs(p);
  new_oblig(p, b, p->N, -1);
  /* the queue: indices of open obligations; pop the lowest level, newest first */
  uint32_t *q = xmalloc(sizeof(uint32_t) * 16), nq = 0, cq = 16;
  q[nq++] = 0;
  pdr_status st = PDR_OK;
  while (nq > 0) {
    if (ts_engine_expired(p->o)) { p->r->reason = "timeout"; st = PDR_FAIL; break; }
    uint32_t best = 0;
    for (uint32_t k = 1; k < nq; k++)
      if (p->obl[q[k]].level <= p->obl[q[best]].level) best = k;
    uint32_t oi = q[best];
    q[best] = q[--nq];
    uint32_t lvl = p->obl[oi].level;
    /* already blocked at this level? */
    uint32_t na;
    term_t *as = frame_assumptions(p, lvl, false, p->obl[oi].c.n, p->obl[oi].c.lit, &na);
    solver_result r = check(p, p->s, na, as);
    free(as);
    if (r == SOLVER_UNSAT) continue;
    if (r == SOLVER_UNKNOWN) { p->r->reason = ts_engine_why_unknown(p->o); st = PDR_FAIL; break; }
    cube core = {0, NULL}, pre = {0, NULL};
    r = rel_ind(p, lvl, &p->obl[oi].c, &core, &pre);
    if (r == SOLVER_SAT) {
      cube g = p->pregen ? gen_predecessor(p, &pre, &p->obl[oi].c) : cube_copy(pre.lit, pre.n);
      int mi = meets_init(p, g.n, g.lit);
      if (mi == 1 && meets_init(p, pre.n, pre.lit) == 0) { free(g.lit); g = pre; pre.lit = NULL; mi = 0; }
      free(pre.lit);
      if (mi < 0) { free(g.lit); p->r->reason = "solver"; st = PDR_FAIL; break; }
      uint32_t ni = new_oblig(p, g, lvl - 1, (int32_t)oi);
      if (mi == 1 || lvl - 1 == 0) { st = refine(p, ni); break; }
      if (nq + 2 > cq) { cq *= 2; q = xrealloc(q, cq * sizeof *q); }
      q[nq++] = oi;
      q[nq++] = ni;
    } else if (r == SOLVER_UNSAT) {
      cube full = cube_copy(p->obl[oi].c.lit, p->obl[oi].c.n);
      cube g = core;
      g.lit = xrealloc(g.lit, sizeof(term_t) * (full.n + 1));
      if (!exclude_init(p, &g, &full)) { free(g.lit); g = cube_copy(full.lit, full.n); }
      free(full.lit);
      generalize(p, lvl, &g);
      add_lemma(p, lvl, g);
    } else {
      free(core.lit);
      p->r->reason = ts_engine_why_unknown(p->o);
      st = PDR_FAIL;
      break;
    }
  }
  free(q);
  clear_obligs(p);
  return st;
}

/* Pushes lemmas forward; returns the level i whose delta became empty
 * (F_i = F_i+1), or 0. */
static uint32_t propagate(pdr *p, bool *fail) {
  for (uint32_t i = 1; i < p->N; i++) {
    cube_vec *fr = &p->frames[i];
    for (uint32_t j = 0; j < fr->size;) {
      cube *g = &fr->data[j];
      term_t *primed = xmalloc(sizeof(term_t) * (g->n + 1));
      for (uint32_t k = 0; k < g->n; k++) primed[k] = term_prime(g->lit[k]);
      uint32_t na;
      term_t *as = frame_assumptions(p, i, true, g->n, primed, &na);
      solver_result r = check(p, p->s, na, as);
      free(as);
      free(primed);
      if (r == SOLVER_UNKNOWN) { *fail = true; return 0; }
      if (r == SOLVER_UNSAT) {
        cube moved = *g;
        fr->data[j] = fr->data[--fr->size];
        p->r->lemmas--;
        add_lemma(p, i + 1, moved);
      } else {
        j++;
      }
    }
    if (fr->size == 0) return i;
  }
  return 0;
}

static term_t frame_term(pdr *p, uint32_t level) {
  term_vec cl = {0};
  for (uint32_t i = level; i <= p->N; i++)
    for (uint32_t j = 0; j < p->frames[i].size; j++) term_vec_push(&cl, term_not(cube_term(&p->frames[i].data[j], 0)));
  term_t t = term_and(cl.size, cl.data);
  term_vec_free(&cl);
  return t;
}

static void pdr_free(pdr *p) {
  solver_free(p->s);
  solver_free(p->init_s);
  solver_free(p->pre_s);
  for (uint32_t i = 0; i < p->nframes_cap; i++) {
    for (uint32_t j = 0; j < p->frames[i].size; j++) free(p->frames[i].data[j].lit);
    free(p->frames[i].data);
  }
  free(p->frames);
  clear_obligs(p);
  free(p->obl);
  term_vec_free(&p->preds);
  term_vec_free(&p->acts);
  term_map_free(&p->pred_set);
}

zeta_verdict pdr_run(const ts *sys, const ts_engine_opts *o, ts_result *r) {
  ts_result_init(r);
  pdr p;
  memset(&p, 0, sizeof p);
  p.sys = sys, p.o = o, p.r = r;
  p.pregen = true;
  term_map_init(&p.pred_set);
  p.s = ts_engine_solver(o);
  p.init_s = ts_engine_solver(o);
  p.pre_s = ts_engine_solver(o);
  if (!p.s || !p.init_s || !p.pre_s) { r->reason = "solver"; pdr_free(&p); return r->verdict; }
  solver_assert(p.init_s, sys->init);
  solver_assert(p.pre_s, sys->trans);
  p.act_t = term_fresh_var("pdr!trans", type_bool());
  solver_assert(p.s, term_implies(p.act_t, sys->trans));
  add_preds_of(&p, sys->init);
  add_preds_of(&p, sys->prop);
  ensure_level(&p, 1);
  solver_assert(p.s, term_or2(term_not(p.acts.data[0]), sys->init));
  /* a counterexample of length 1 */
  {
    bmc_base b;
    if (!bmc_base_init(&b, sys, o)) { r->reason = "solver"; pdr_free(&p); return r->verdict; }
    solver_result res = bmc_base_bad(&b, o, r);
    bmc_base_free(&b);
    if (res != SOLVER_UNSAT) {
      if (res == SOLVER_UNKNOWN && !r->reason) r->reason = ts_engine_why_unknown(o);
      pdr_free(&p);
      return r->verdict;
    }
  }
  p.N = 1;
  for (;;) {
    r->frames = r->depth = p.N;
    r->preds = p.preds.size;
    if (ts_engine_expired(o)) { r->reason = "timeout"; break; }
    /* block every bad cube in F_N */
    uint32_t na;
    term_t nprop = term_not(sys->prop);
    term_t *as = frame_assumptions(&p, p.N, false, 1, &nprop, &na);
    solver_result res = check(&p, p.s, na, as);
    free(as);
    if (res == SOLVER_SAT) {
      pdr_status st = block(&p, model_cube(&p, p.s, 0));
      if (st == PDR_OK || st == PDR_REFINED) continue;
      break;  /* CEX or FAIL */
    }
    if (res == SOLVER_UNKNOWN) { r->reason = ts_engine_why_unknown(o); break; }
    /* F_N excludes the bad states: open a new frame and propagate */
    p.N++;
    progress_tick("zeta: pdr: frame %u, %u lemmas, %u predicates", p.N, r->lemmas, (uint32_t)p.preds.size);
    ensure_level(&p, p.N);
    bool fail = false;
    uint32_t eq = propagate(&p, &fail);
    if (fail) { r->reason = ts_engine_why_unknown(o); break; }
    if (eq) {
      term_t inv = frame_term(&p, eq + 1);
      ts_inv_status is = ts_invariant_check_with(o->backend, sys, inv);
      if (is == TS_INV_OK) {
        r->verdict = ZETA_SAFE;
        r->invariant = inv;
      } else {
        r->reason = is == TS_INV_UNKNOWN ? "invariant check unknown" : "internal: PDR invariant does not check";
      }
      break;
    }
  }
  r->frames = r->depth = p.N;
  r->preds = p.preds.size;
  pdr_free(&p);
  return r->verdict;
}
