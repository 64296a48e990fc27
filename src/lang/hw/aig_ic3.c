#include "lang/hw/aig_ic3.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/progress.h"
#include "solver/sat.h"

/* A cube is a sorted array of latch literals 2*j + v: latch j has value v. */
typedef struct { uint32_t *lit; uint32_t n; } cube;

typedef struct {
  cube s;
  uint32_t level;
  int32_t parent;       /* obligation this state leads to (-1: a bad state) */
  uint8_t *inputs;      /* inputs of this state's step */
  uint64_t seq;
} obligation;

typedef struct { cube *c; uint32_t n, cap; } frame;

typedef struct {
  const aig *g;
  const ts_engine_opts *o;
  sat *s;
  uint32_t *var;        /* per AIG variable: its SAT literal */
  uint32_t *nxt;        /* per latch: next-state literal */
  uint32_t bad;
  uint32_t bad_aig;      /* the bad literal in the AIG */
  uint32_t *targets;      /* scratch for lifting */
  uint32_t *act;        /* per level >= 1: activation literal */
  frame *frames;        /* delta frames, per level >= 1 */
  uint32_t nlevels, cap_levels;  /* levels 0..nlevels-1 exist */
  obligation *obl;
  uint32_t nobl, cap_obl;
  uint32_t *heap;
  uint32_t nheap, cap_heap;
  uint64_t seq, calls, retired;
  uint64_t retired_at, recycle_every, recycles;   /* solver recycling */
  uint32_t *assume;     /* scratch */
  uint8_t *latch_val;   /* scratch: model values */
  uint32_t k;           /* the frontier level */
  bool ctg;             /* CTG handling in generalization */
  uint64_t ctg_lemmas;
  bool unknown;
} ic3;

static uint32_t fresh(ic3 *m) { return sat_lit(sat_new_var(m->s), false); }

static uint32_t lit_of(ic3 *m, uint32_t l) { return m->var[l >> 1] ^ (l & 1); }

/* cube literal 2*j + v as a literal over the current / next state */
static uint32_t latch_cur(ic3 *m, uint32_t cl) { return m->var[m->g->latches[cl >> 1].lit >> 1] ^ ((cl & 1) ^ 1); }
static uint32_t latch_next(ic3 *m, uint32_t cl) { return m->nxt[cl >> 1] ^ ((cl & 1) ^ 1); }

static void clause2(ic3 *m, uint32_t a, uint32_t b) { uint32_t c[2] = {a, b}; sat_add_clause(m->s, 2, c); }

static void encode(ic3 *m) {
  const aig *g = m->g;
  free(m->var);
  free(m->nxt);
  free(m->latch_val);
  m->var = xcalloc((size_t)g->maxvar + 1, sizeof *m->var);
  m->var[0] = fresh(m);
  uint32_t f = sat_neg(m->var[0]);
  sat_add_clause(m->s, 1, &f);   /* variable 0 is the constant false */
  for (uint32_t v = 1; v <= g->maxvar; v++) m->var[v] = fresh(m);
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    uint32_t o = m->var[a->lhs >> 1], x = lit_of(m, a->rhs0), y = lit_of(m, a->rhs1);
    clause2(m, sat_neg(o), x);
    clause2(m, sat_neg(o), y);
    uint32_t c[3] = {o, sat_neg(x), sat_neg(y)};
    sat_add_clause(m->s, 3, c);
  }
  m->nxt = xcalloc(g->nlatches + 1, sizeof *m->nxt);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    m->nxt[j] = fresh(m);
    uint32_t l = lit_of(m, g->latches[j].next);
    clause2(m, sat_neg(m->nxt[j]), l);
    clause2(m, m->nxt[j], sat_neg(l));
  }
  for (uint32_t c = 0; c < g->nconstraints; c++) {
    uint32_t l = lit_of(m, g->constraints[c]);
    sat_add_clause(m->s, 1, &l);
  }
  m->latch_val = xcalloc(g->nlatches + 1, 1);
}

static void add_level(ic3 *m) {
  if (m->nlevels == m->cap_levels) {
    m->cap_levels = m->cap_levels ? 2 * m->cap_levels : 16;
    m->act = xrealloc(m->act, m->cap_levels * sizeof *m->act);
    /* scratch for assumptions: one per level, two per latch, a few more */
    m->assume = xrealloc(m->assume, ((size_t)m->g->nlatches * 2 + 64 + m->cap_levels) * sizeof *m->assume);
    m->frames = xrealloc(m->frames, m->cap_levels * sizeof *m->frames);
  }
  m->act[m->nlevels] = m->nlevels ? fresh(m) : 0;
  memset(&m->frames[m->nlevels], 0, sizeof m->frames[0]);
  m->nlevels++;
}

/* Assumptions selecting frame F_level (level 0: the initial states). */
static uint32_t frame_assume(ic3 *m, uint32_t level, uint32_t *out) {
  uint32_t n = 0;
  if (level == 0) {
    for (uint32_t j = 0; j < m->g->nlatches; j++) {
      const aig_latch *l = &m->g->latches[j];
      if (l->reset == l->lit) continue;
      out[n++] = m->var[l->lit >> 1] ^ (l->reset ? 0u : 1u);
    }
    return n;
  }
  for (uint32_t i = level; i < m->nlevels; i++) out[n++] = m->act[i];
  return n;
}

static bool expired(void *ctx) { return ts_engine_expired(ctx); }

/* 1 = SAT, 0 = UNSAT, -1 = out of time */
static int solve(ic3 *m, uint32_t n, const uint32_t *a) {
  if (ts_engine_expired(m->o)) { m->unknown = true; return -1; }
  m->calls++;
  int r = sat_solve(m->s, n, a, expired, (void *)m->o);
  if (r < 0) m->unknown = true;
  return r;
}

/* Values of the latches (and inputs, when in != NULL) in the last model. */
static void read_model(ic3 *m, uint8_t *latches, uint8_t *in) {
  for (uint32_t j = 0; j < m->g->nlatches; j++) latches[j] = sat_model_value(m->s, m->var[m->g->latches[j].lit >> 1]);
  for (uint32_t i = 0; in && i < m->g->ninputs; i++) in[i] = sat_model_value(m->s, m->var[m->g->inputs[i] >> 1]);
}

static cube cube_from_state(const uint8_t *vals, uint32_t n) {
  cube c = {xmalloc((n + 1) * sizeof *c.lit), n};
  for (uint32_t j = 0; j < n; j++) c.lit[j] = 2 * j + (vals[j] ? 1 : 0);
  return c;
}

/* ---- ternary simulation: 0, 1, 2 = unknown ---- */
static inline uint8_t tval(const uint8_t *v, uint32_t lit) {
  uint8_t x = v[lit >> 1];
  return x == 2 ? 2 : (uint8_t)(x ^ (lit & 1));
}

static void tsim(const aig *g, uint8_t *v) {
  v[0] = 0;
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    uint8_t x = tval(v, a->rhs0), y = tval(v, a->rhs1);
    v[a->lhs >> 1] = (x == 0 || y == 0) ? 0 : (x == 1 && y == 1) ? 1 : 2;
  }
}

/* Lifts a concrete state: drops every latch whose value does not matter
 * for the targets (literals that must stay 1 under the given inputs), by
 * ternary simulation. Every state of the returned cube, with these inputs,
 * makes all targets 1. Skipped on large circuits (quadratic cost). */
static cube lift(ic3 *m, const uint8_t *state, const uint8_t *in, uint32_t nt, const uint32_t *targets) {
  const aig *g = m->g;
  if ((uint64_t)g->nlatches * g->nands > 20000000u) return cube_from_state(state, g->nlatches);
  uint8_t *v = xcalloc((size_t)g->maxvar + 1, 1);
  for (uint32_t i = 0; i < g->ninputs; i++) v[g->inputs[i] >> 1] = in[i];
  for (uint32_t j = 0; j < g->nlatches; j++) v[g->latches[j].lit >> 1] = state[j];
  uint8_t *keep = xmalloc(g->nlatches + 1);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    uint32_t x = g->latches[j].lit >> 1;
    v[x] = 2;
    tsim(g, v);
    bool ok = true;
    for (uint32_t t = 0; t < nt && ok; t++) ok = tval(v, targets[t]) == 1;
    keep[j] = !ok;
    if (!ok) v[x] = state[j];
  }
  cube c = {xmalloc((g->nlatches + 1) * sizeof *c.lit), 0};
  for (uint32_t j = 0; j < g->nlatches; j++)
    if (keep[j]) c.lit[c.n++] = 2 * j + (state[j] ? 1 : 0);
  free(v);
  free(keep);
  return c;
}

/* Targets for lifting: the successor cube's next-state literals (or the
 * bad literal when succ is NULL) and the invariant constraints. */
static uint32_t lift_targets(ic3 *m, const cube *succ, uint32_t *out) {
  const aig *g = m->g;
  uint32_t n = 0;
  if (succ) {
    for (uint32_t i = 0; i < succ->n; i++) {
      uint32_t l = g->latches[succ->lit[i] >> 1].next;
      out[n++] = (succ->lit[i] & 1) ? l : l ^ 1;
    }
  } else {
    out[n++] = m->bad_aig;
  }
  for (uint32_t c = 0; c < g->nconstraints; c++) out[n++] = g->constraints[c];
  return n;
}

static bool intersects_init(const ic3 *m, const cube *c) {
  for (uint32_t i = 0; i < c->n; i++) {
    const aig_latch *l = &m->g->latches[c->lit[i] >> 1];
    if (l->reset != l->lit && (uint32_t)(c->lit[i] & 1) != l->reset) return false;
  }
  return true;
}

static void add_clause_of(ic3 *m, const cube *c, uint32_t level);

/* Every query leaves a retired indicator variable behind, and CaDiCaL's
 * propagation and decisions slow down with them (71% of the CPU time in
 * propagation on split-gcdb0): past a number of them, a fresh solver
 * with the circuit, new activation literals and the frames' lemmas (as
 * PDR implementations recycle theirs; learned clauses are lost). */
static void recycle(ic3 *m) {
  if (m->retired - m->retired_at < m->recycle_every) return;
  m->retired_at = m->retired;
  m->recycles++;
  sat_free(m->s);
  m->s = sat_new();
  encode(m);
  for (uint32_t i = 1; i < m->nlevels; i++) m->act[i] = fresh(m);
  for (uint32_t i = 1; i < m->nlevels; i++)
    for (uint32_t c = 0; c < m->frames[i].n; c++) add_clause_of(m, &m->frames[i].c[c], i);
  m->bad = lit_of(m, m->bad_aig);
}

/* Is F_{level-1} ∧ ¬c ∧ T ∧ c' unsatisfiable? On UNSAT with core != NULL,
 * core receives the literals of c whose primed copy is in the unsat core.
 * On SAT with pred != NULL, the predecessor state and inputs. */
static int relind(ic3 *m, const cube *c, uint32_t level, cube *core, uint8_t *pred, uint8_t *in) {
  recycle(m);
  uint32_t n = frame_assume(m, level - 1, m->assume);
  uint32_t ind = fresh(m);
  uint32_t *cl = xmalloc((c->n + 2) * sizeof *cl);
  cl[0] = sat_neg(ind);
  for (uint32_t i = 0; i < c->n; i++) cl[i + 1] = sat_neg(latch_cur(m, c->lit[i]));
  sat_add_clause(m->s, c->n + 1, cl);
  free(cl);
  m->assume[n++] = ind;
  for (uint32_t i = 0; i < c->n; i++) m->assume[n++] = latch_next(m, c->lit[i]);
  int r = solve(m, n, m->assume);
  if (r == 1 && pred) read_model(m, pred, in);
  if (r == 0 && core) {
    core->lit = xmalloc((c->n + 1) * sizeof *core->lit);
    core->n = 0;
    for (uint32_t i = 0; i < c->n; i++)
      if (sat_in_core(m->s, latch_next(m, c->lit[i]))) core->lit[core->n++] = c->lit[i];
  }
  uint32_t off = sat_neg(ind);
  sat_add_clause(m->s, 1, &off);   /* retire the indicator */
  if (++m->retired % 1000 == 0) sat_simplify(m->s);
  return r;
}

/* A reduced cube must still exclude the initial states: put back a
 * literal of the original cube that contradicts the reset. */
static void fix_init(const ic3 *m, cube *c, const cube *orig) {
  if (!intersects_init(m, c)) return;
  for (uint32_t i = 0; i < orig->n; i++) {
    const aig_latch *l = &m->g->latches[orig->lit[i] >> 1];
    if (l->reset != l->lit && (uint32_t)(orig->lit[i] & 1) != l->reset) {
      uint32_t k = c->n++;
      while (k > 0 && c->lit[k - 1] > orig->lit[i]) { c->lit[k] = c->lit[k - 1]; k--; }
      c->lit[k] = orig->lit[i];
      return;
    }
  }
}

static void add_lemma(ic3 *m, cube c, uint32_t level);

/* The plain drop attempt: t inductive relative to F_{level-1}? Then *t
 * becomes its core. */
static bool down_plain(ic3 *m, cube *t, uint32_t level) {
  cube c2 = {NULL, 0};
  if (intersects_init(m, t) || relind(m, t, level, &c2, NULL, NULL) != 0) { free(c2.lit); return false; }
  fix_init(m, &c2, t);
  if (c2.n < t->n) { free(t->lit); *t = c2; } else free(c2.lit);
  return true;
}

static cube generalize(ic3 *m, cube core, const cube *orig, uint32_t level, uint32_t depth);

/* Counterexamples to generalization (Hassan, Bradley, Somenzi 2013): tries
 * to show candidate t (a subcube of a blocked cube) inductive relative to
 * F_{level-1}. A predecessor state s of t that F_{level-2} already blocks
 * (a CTG) is blocked for good (its generalized lemma pushed as far as it
 * goes) and t retried, at most 3 times in a row; otherwise t shrinks to
 * the literals it shares with s (s is outside t, so one at least goes).
 * On success *t is the reduced (core) cube. */
static bool down(ic3 *m, cube *t, uint32_t level, uint32_t depth) {
  const aig *g = m->g;
  uint8_t *pred = xcalloc(g->nlatches + 1, 1);
  bool ok = false;
  for (uint32_t ctgs = 0; !m->unknown;) {
    if (t->n == 0 || intersects_init(m, t)) break;
    cube core = {NULL, 0};
    int r = relind(m, t, level, &core, pred, NULL);
    if (r < 0) break;
    if (r == 0) {
      fix_init(m, &core, t);
      free(t->lit);
      *t = core;
      ok = true;
      break;
    }
    if (depth < 1 && ctgs < 3 && level >= 2) {
      cube sc = cube_from_state(pred, g->nlatches), c2 = {NULL, 0};
      if (!intersects_init(m, &sc) && relind(m, &sc, level - 1, &c2, NULL, NULL) == 0) {
        ctgs++;
        cube gen = generalize(m, c2, &sc, level - 1, depth + 1);
        uint32_t l = level - 1;
        while (!m->unknown && l < m->k && relind(m, &gen, l + 1, NULL, NULL, NULL) == 0) l++;
        add_lemma(m, gen, l);
        m->ctg_lemmas++;
        free(sc.lit);
        continue;
      }
      free(c2.lit);
      free(sc.lit);
    }
    ctgs = 0;
    uint32_t n = 0;
    for (uint32_t i = 0; i < t->n; i++)
      if ((uint32_t)(t->lit[i] & 1) == pred[t->lit[i] >> 1]) t->lit[n++] = t->lit[i];
    t->n = n;
  }
  free(pred);
  return ok;
}

/* Generalizes a cube blocked at level (core given): tries to drop each
 * literal once, with CTG handling (down) at depth 0. */
static cube generalize(ic3 *m, cube core, const cube *orig, uint32_t level, uint32_t depth) {
  fix_init(m, &core, orig);
  uint32_t budget = core.n < 64 ? core.n : 64;
  for (uint32_t i = 0; i < core.n && budget > 0 && !m->unknown;) {
    if (core.n == 1) break;
    budget--;
    cube t = {xmalloc(core.n * sizeof *t.lit), 0};
    for (uint32_t k = 0; k < core.n; k++)
      if (k != i) t.lit[t.n++] = core.lit[k];
    if (m->ctg ? down(m, &t, level, depth) : down_plain(m, &t, level)) {
      free(core.lit);
      core = t;   /* keep position i: the next literal moved into it */
      continue;
    }
    free(t.lit);
    i++;
  }
  return core;
}

static void add_lemma(ic3 *m, cube c, uint32_t level) {
  frame *f = &m->frames[level];
  if (f->n == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 16;
    f->c = xrealloc(f->c, f->cap * sizeof *f->c);
  }
  f->c[f->n++] = c;
  add_clause_of(m, &c, level);
}

/* The lemma ¬c of frame `level` in the solver, under its activation literal. */
static void add_clause_of(ic3 *m, const cube *c, uint32_t level) {
  uint32_t *cl = xmalloc((c->n + 2) * sizeof *cl);
  cl[0] = sat_neg(m->act[level]);
  for (uint32_t i = 0; i < c->n; i++) cl[i + 1] = sat_neg(latch_cur(m, c->lit[i]));
  sat_add_clause(m->s, c->n + 1, cl);
  free(cl);
}

/* ---- obligations: a heap ordered by level, then newest first ---- */
static bool obl_less(const ic3 *m, uint32_t a, uint32_t b) {
  const obligation *x = &m->obl[a], *y = &m->obl[b];
  return x->level != y->level ? x->level < y->level : x->seq > y->seq;
}

static void heap_push(ic3 *m, uint32_t o) {
  XGROW(m->heap, m->cap_heap, m->nheap + 1);
  uint32_t i = m->nheap++;
  m->heap[i] = o;
  while (i > 0 && obl_less(m, m->heap[i], m->heap[(i - 1) / 2])) {
    uint32_t p = (i - 1) / 2, t = m->heap[i];
    m->heap[i] = m->heap[p];
    m->heap[p] = t;
    i = p;
  }
}

static uint32_t heap_pop(ic3 *m) {
  uint32_t top = m->heap[0];
  m->heap[0] = m->heap[--m->nheap];
  for (uint32_t i = 0;;) {
    uint32_t l = 2 * i + 1, r = l + 1, b = i;
    if (l < m->nheap && obl_less(m, m->heap[l], m->heap[b])) b = l;
    if (r < m->nheap && obl_less(m, m->heap[r], m->heap[b])) b = r;
    if (b == i) break;
    uint32_t t = m->heap[i];
    m->heap[i] = m->heap[b];
    m->heap[b] = t;
    i = b;
  }
  return top;
}

static uint32_t new_obl(ic3 *m, cube s, uint32_t level, int32_t parent, uint8_t *inputs) {
  XGROW(m->obl, m->cap_obl, m->nobl + 1);
  m->obl[m->nobl] = (obligation){s, level, parent, inputs, m->seq++};
  return m->nobl++;
}

static void requeue(ic3 *m, uint32_t o, uint32_t level) {
  m->obl[o].level = level;
  m->obl[o].seq = m->seq++;
  heap_push(m, o);
}

/* The counterexample from obligation o (a cube meeting the initial
 * states) along its parents to the bad state, made concrete by simulation:
 * the start state takes the cube's values and the reset values elsewhere,
 * then each step applies the inputs recorded with its obligation. */
static void build_trace(ic3 *m, uint32_t o, const ts *sys, ts_result *r) {
  uint32_t len = 0;
  for (int32_t p = (int32_t)o; p >= 0; p = m->obl[p].parent) len++;
  const aig *g = m->g;
  ts_trace *t = &r->trace;
  t->length = len;
  t->width = sys->vars.size + sys->inputs.size;
  t->values = xmalloc(((size_t)len * t->width + 1) * sizeof *t->values);
  uint8_t *v = xcalloc((size_t)g->maxvar + 1, 1), *next = xcalloc(g->nlatches + 1, 1);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    const aig_latch *l = &g->latches[j];
    v[l->lit >> 1] = l->reset == l->lit ? 0 : (uint8_t)l->reset;
  }
  const cube *c0 = &m->obl[o].s;
  for (uint32_t i = 0; i < c0->n; i++) v[g->latches[c0->lit[i] >> 1].lit >> 1] = c0->lit[i] & 1;
  uint32_t k = 0;
  for (int32_t p = (int32_t)o; p >= 0; p = m->obl[p].parent, k++) {
    const obligation *b = &m->obl[p];
    term_t *row = t->values + (size_t)k * t->width;
    for (uint32_t i = 0; i < g->ninputs; i++) v[g->inputs[i] >> 1] = b->inputs[i];
    for (uint32_t j = 0; j < g->nlatches; j++) row[j] = term_bool(v[g->latches[j].lit >> 1]);
    for (uint32_t i = 0; i < g->ninputs; i++) row[g->nlatches + i] = term_bool(b->inputs[i]);
    aig_eval_step(g, v);
    for (uint32_t j = 0; j < g->nlatches; j++) next[j] = aig_lit_value(v, g->latches[j].next);
    for (uint32_t j = 0; j < g->nlatches; j++) v[g->latches[j].lit >> 1] = next[j];
  }
  free(v);
  free(next);
}

/* Blocks the bad state in obligation root at level k. Returns 1
 * on a counterexample (index in *cex), 0 when blocked, undef on
 * timeout. */
static int block(ic3 *m, uint32_t root, uint32_t k, uint32_t *cex) {
  m->nheap = 0;
  heap_push(m, root);
  const aig *g = m->g;
  while (m->nheap > 0) {
    uint32_t o = heap_pop(m);
    obligation *b = &m->obl[o];
    if (intersects_init(m, &b->s)) { *cex = o; return 1; }
    if (b->level == 0) { *cex = o; return 1; }
    /* already blocked at this level? */
    uint32_t n = frame_assume(m, b->level, m->assume);
    for (uint32_t i = 0; i < b->s.n; i++) m->assume[n++] = latch_cur(m, b->s.lit[i]);
    int r = solve(m, n, m->assume);
    if (r == -1) return r;
    if (r == 0) {
      if (b->level < k) requeue(m, o, b->level + 1);
      continue;
    }
    uint8_t *pred = xcalloc(g->nlatches + 1, 1), *in = xcalloc(g->ninputs + 1, 1);
    cube core = {NULL, 0};
    r = relind(m, &b->s, b->level, &core, pred, in);
    b = &m->obl[o];
    if (r == -1) { free(pred); free(in); return r; }
    if (r == 1) {
      uint32_t nt = lift_targets(m, &m->obl[o].s, m->targets);
      cube pc = lift(m, pred, in, nt, m->targets);
      uint32_t p = new_obl(m, pc, m->obl[o].level - 1, (int32_t)o, in);
      free(pred);
      requeue(m, o, m->obl[o].level);
      heap_push(m, p);
      continue;
    }
    free(pred);
    free(in);
    uint32_t level = b->level;
    cube gen = generalize(m, core, &m->obl[o].s, level, 0);
    if (m->unknown) { free(gen.lit); return -1; }
    while (level < k && relind(m, &gen, level + 1, NULL, NULL, NULL) == 0) level++;
    if (m->unknown) { free(gen.lit); return -1; }
    add_lemma(m, gen, level);
    if (level < k) requeue(m, o, level + 1);
  }
  return 0;
}

/* Pushes lemmas forward; returns the level whose delta became empty (the
 * invariant is F_{level+1}), or 0. */
static uint32_t propagate(ic3 *m, uint32_t k) {
  for (uint32_t i = 1; i < k; i++) {
    frame *f = &m->frames[i];
    uint32_t keep = 0;
    for (uint32_t c = 0; c < f->n; c++) {
      cube cu = f->c[c];
      uint32_t n = frame_assume(m, i, m->assume);
      for (uint32_t x = 0; x < cu.n; x++) m->assume[n++] = latch_next(m, cu.lit[x]);
      int r = solve(m, n, m->assume);
      if (r == -1) { f->c[keep++] = cu; for (c++; c < f->n; c++) f->c[keep++] = f->c[c]; f->n = keep; return 0; }
      if (r == 0) add_lemma(m, cu, i + 1);
      else f->c[keep++] = cu;
    }
    f->n = keep;
    if (keep == 0) return i;
  }
  return 0;
}

static term_t invariant_term(ic3 *m, uint32_t from, const ts *sys) {
  term_vec cls = {0};
  for (uint32_t i = from; i < m->nlevels; i++)
    for (uint32_t c = 0; c < m->frames[i].n; c++) {
      const cube *cu = &m->frames[i].c[c];
      term_vec lits = {0};
      for (uint32_t x = 0; x < cu->n; x++) {
        term_t v = sys->vars.data[cu->lit[x] >> 1];
        term_vec_push(&lits, (cu->lit[x] & 1) ? term_not(v) : v);
      }
      term_vec_push(&cls, term_or(lits.size, lits.data));
      term_vec_free(&lits);
    }
  term_t inv = term_and(cls.size, cls.data);
  term_vec_free(&cls);
  return inv;
}

zeta_verdict aig_ic3_run(const aig *g, uint32_t prop, const ts *sys, const ts_engine_opts *o, ts_result *r) {
  ts_result_init(r);
  r->verdict = ZETA_UNKNOWN;
  r->reason = "timeout";
  ic3 m;
  memset(&m, 0, sizeof m);
  m.g = g;
  m.o = o;
  m.s = sat_new();
  encode(&m);
  const char *rc = getenv("ZETA_IC3_RECYCLE");   /* for measurements; 0 = never */
  m.recycle_every = rc ? strtoull(rc, NULL, 10) : 2000;
  if (m.recycle_every == 0) m.recycle_every = UINT64_MAX;
  m.bad_aig = aig_property(g, prop);
  m.bad = lit_of(&m, m.bad_aig);
  m.targets = xmalloc(((size_t)g->nlatches + g->nconstraints + 2) * sizeof *m.targets);
  add_level(&m);   /* level 0: init */
  add_level(&m);   /* level 1 */
  uint32_t k = 1;
  m.k = k;
  m.ctg = getenv("ZETA_IC3_CTG") != NULL;   /* off: measured not to pay yet (docs/STATUS-hw.md) */
  /* a bad initial state? */
  uint32_t n = frame_assume(&m, 0, m.assume);
  m.assume[n++] = m.bad;
  int res = solve(&m, n, m.assume);
  uint8_t *state = xcalloc(g->nlatches + 1, 1);
  if (res == 1) {
    uint8_t *in = xcalloc(g->ninputs + 1, 1);
    read_model(&m, state, in);
    uint32_t b = new_obl(&m, cube_from_state(state, g->nlatches), 0, -1, in);
    build_trace(&m, b, sys, r);
    r->verdict = ZETA_UNSAFE;
  }
  while (res != -1 && r->verdict == ZETA_UNKNOWN) {
    n = frame_assume(&m, k, m.assume);
    m.assume[n++] = m.bad;
    res = solve(&m, n, m.assume);
    if (res == -1) break;
    if (res == 1) {
      uint8_t *in = xcalloc(g->ninputs + 1, 1);
      read_model(&m, state, in);
      uint32_t nt = lift_targets(&m, NULL, m.targets);
      uint32_t b = new_obl(&m, lift(&m, state, in, nt, m.targets), k, -1, in), cex;
      int br = block(&m, b, k, &cex);
      if (br == -1) { res = br; break; }
      if (br == 1) { build_trace(&m, cex, sys, r); r->verdict = ZETA_UNSAFE; }
      continue;
    }
    m.k = ++k;
    if (progress_verbose()) {
      uint32_t lemmas = 0;
      for (uint32_t i = 1; i < m.nlevels; i++) lemmas += m.frames[i].n;
      progress_tick("zeta: ic3: frame %u, %u lemmas", k, lemmas);
    }
    add_level(&m);
    uint32_t fix = propagate(&m, k);
    if (m.unknown) break;
    if (fix) {
      r->verdict = ZETA_SAFE;
      r->invariant = invariant_term(&m, fix + 1, sys);
    }
  }
  r->frames = r->depth = k;
  r->solver_calls = m.calls;
  for (uint32_t i = 1; i < m.nlevels; i++) r->lemmas += m.frames[i].n;
  if (r->verdict == ZETA_UNKNOWN && !ts_engine_expired(o)) r->reason = "solver unknown";
  free(state);
  for (uint32_t i = 0; i < m.nobl; i++) { free(m.obl[i].s.lit); free(m.obl[i].inputs); }
  free(m.obl);
  free(m.heap);
  for (uint32_t i = 0; i < m.nlevels; i++) {
    for (uint32_t c = 0; c < m.frames[i].n; c++) free(m.frames[i].c[c].lit);
    free(m.frames[i].c);
  }
  free(m.frames);
  free(m.act);
  free(m.var);
  free(m.nxt);
  free(m.assume);
  free(m.latch_val);
  free(m.targets);
  sat_free(m.s);
  return r->verdict;
}
