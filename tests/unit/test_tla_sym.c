/* The symbolic encoding of TLA+ (lang/tla/tla_sym.c): a set variable is one
 * Boolean per element of its universe (TypeOK's x \subseteq S), a function
 * variable one value per domain element; Init and Next are exact on them
 * (counted by the solver); set union/difference, membership and EXCEPT
 * give the states the explicit engine gives; a counterexample decodes into
 * TLA+ values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "engine/ts_engine.h"
#include "lang/tla/tla_ast.h"
#include "lang/tla/tla_bmc.h"
#include "lang/tla/tla_cand.h"
#include "lang/tla/tla_eval.h"
#include "lang/tla/tla_model.h"
#include "lang/tla/tla_reach.h"
#include "lang/tla/tla_sym.h"
#include "solver/solver.h"

static const char *SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals, FiniteSets\n"
    "VARIABLES f, s\n"
    "D == {1, 2}\n"
    "U == {\"a\", \"b\", \"c\"}\n"
    "TypeOK == f \\in [D -> 0..3] /\\ s \\subseteq U\n"
    "Init == f = [d \\in D |-> 0] /\\ s \\in {{\"a\"}, {\"b\", \"c\"}}\n"
    "Next == \\/ \\E d \\in D : f[d] < 3 /\\ f' = [f EXCEPT ![d] = @ + 1] /\\ s' = s \\ {\"a\"}\n"
    "        \\/ \\E u \\in U : u \\notin s /\\ s' = s \\cup {u} /\\ UNCHANGED f\n"
    "Small == f[1] + f[2] < 2 \\/ Cardinality(s) < 3\n"
    "====\n";

static tla_model *load_spec(char *dir, const char *spec, const char *cfg) {
  if (!mkdtemp(dir)) return NULL;
  char path[600];
  snprintf(path, sizeof path, "%s/S.tla", dir);
  FILE *f = fopen(path, "w");
  fputs(spec, f);
  fclose(f);
  snprintf(path, sizeof path, "%s/S.cfg", dir);
  f = fopen(path, "w");
  fputs(cfg, f);
  fclose(f);
  snprintf(path, sizeof path, "%s/S.tla", dir);
  tla_load_opts lo = {.check_deadlock = -1};
  diag d = {0};
  return tla_model_load(path, &lo, &d);
}

static tla_model *load(char *dir) {
  return load_spec(dir, SPEC, "INIT Init\nNEXT Next\nINVARIANTS TypeOK Small\nCHECK_DEADLOCK FALSE\n");
}

static void cleanup(const char *dir) {
  char p[600];
  snprintf(p, sizeof p, "%s/S.tla", dir);
  unlink(p);
  snprintf(p, sizeof p, "%s/S.cfg", dir);
  unlink(p);
  rmdir(dir);
}

/* Models of f over the leaves: how many assignments satisfy f (at most 64). */
static int count_models(term_t f, const term_vec *vars) {
  solver *s = solver_new(NULL, NULL);
  solver_assert(s, f);
  int n = 0;
  while (n < 64 && solver_check(s) == SOLVER_SAT) {
    n++;
    term_t *diff = malloc(vars->size * sizeof *diff);
    for (uint32_t i = 0; i < vars->size; i++) diff[i] = term_not(term_eq(vars->data[i], solver_value(s, vars->data[i])));
    solver_assert(s, term_or(vars->size, diff));
    free(diff);
  }
  solver_free(s);
  return n;
}

static void test_layout_and_init(void) {
  char dir[] = "/tmp/zeta-tla-sym-XXXXXX";
  tla_model *m = load(dir);
  CHECK(m != NULL);
  if (!m) return;
  char why[1200];
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  if (sym) {
    const ts *sys = tla_sym_ts(sym);
    uint32_t first, count;
    tla_sym_leaves(sym, 0, &first, &count);
    CHECK(first == 0 && count == 2);   /* f: one integer per element of D */
    tla_sym_leaves(sym, 1, &first, &count);
    CHECK(first == 2 && count == 3);   /* s: one Boolean per element of U */
    CHECK(sys->vars.size == 6);        /* and the error flag */
    /* Init: exactly the two initial states of TLC */
    CHECK(count_models(sys->init, &sys->vars) == 2);
    /* from f = <<0, 0>>, s = {"a"}: 2 increments (s loses "a") + 2 additions = 4 successors */
    term_t st = term_and(2, (term_t[]){term_eq(sys->vars.data[0], term_int(0)), term_eq(sys->vars.data[1], term_int(0))});
    st = term_and2(st, term_and(3, (term_t[]){sys->vars.data[2], term_not(sys->vars.data[3]), term_not(sys->vars.data[4])}));
    st = term_and2(st, term_not(sys->vars.data[5]));
    term_vec primed = {0};
    for (uint32_t i = 0; i < sys->vars.size; i++) term_vec_push(&primed, term_prime(sys->vars.data[i]));
    CHECK(count_models(term_and2(st, sys->trans), &primed) == 4);
    term_vec_free(&primed);
    /* BMC: Small fails after 3 steps at the earliest (from {"b", "c"}: two
     * increments, then "a" added; increments remove "a") */
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    eo.bound = 5;
    ts_result res;
    CHECK(bmc_run(sys, &eo, &res) == ZETA_UNSAFE);
    if (res.verdict == ZETA_UNSAFE) {
      CHECK(res.trace.length == 4);
      const tla_val *last = tla_sym_state(sym, &res.trace, res.trace.length - 1);
      CHECK(last != NULL && tla_violated(m, last) == 1);
      if (last) CHECK(last->v[1]->kind == TV_SET && last->v[1]->n == 3);
    }
    ts_result_free(&res);
    tla_sym_free(sym);
  } else {
    fprintf(stderr, "%s\n", why);
  }
  tla_model_free(m);
  cleanup(dir);
}

/* A copy of an enumeration with state `drop` removed (renumbered, edges
 * into it gone) and, if from < n, the edges to `to` removed from every
 * state of from's query group (the proof pools the successors of
 * TLA_REACH_GROUP neighbours: the edges are hints, only R's states count). */
typedef struct {
  tla_sym_reach_set r;
  term_t *cube;
  uint32_t *edge;
  size_t *first;
} reach_copy;

static void reach_edit(const tla_sym_reach_set *R, size_t drop, size_t from, size_t to, reach_copy *c) {
  c->cube = malloc((R->n + R->nhint + 1) * sizeof *c->cube);
  c->edge = malloc((R->first[R->n] + 1) * sizeof *c->edge);
  c->first = malloc((R->n + 2) * sizeof *c->first);
  size_t n = 0, k = 0;
  for (size_t i = 0; i < R->n; i++) {
    if (i == drop) continue;
    c->cube[n] = R->cube[i];
    c->first[n++] = k;
    for (size_t e = R->first[i]; e < R->first[i + 1]; e++) {
      uint32_t t = R->edge[e];
      if (t == drop || (from < R->n && i / TLA_REACH_GROUP == from / TLA_REACH_GROUP && t == to)) continue;
      c->edge[k++] = t > drop && drop < R->n ? t - 1 : t;
    }
  }
  c->first[n] = k;
  /* the hints (SYMMETRY) after the states, as in R */
  for (size_t h = 0; h < R->nhint; h++) c->cube[n + h] = R->cube[R->n + h];
  c->r = *R;
  c->r.n = n;
  c->r.ninit = drop < R->ninit ? R->ninit - 1 : R->ninit;
  c->r.cube = c->cube, c->r.edge = c->edge, c->r.first = c->first;
}

/* A copy with the edge from -> to added (to a state of R). */
static void reach_add_edge(const tla_sym_reach_set *R, size_t from, size_t to, reach_copy *c) {
  c->cube = malloc((R->n + R->nhint + 1) * sizeof *c->cube);
  c->edge = malloc((R->first[R->n] + 2) * sizeof *c->edge);
  c->first = malloc((R->n + 2) * sizeof *c->first);
  size_t k = 0;
  for (size_t i = 0; i < R->n; i++) {
    c->first[i] = k;
    for (size_t e = R->first[i]; e < R->first[i + 1]; e++) c->edge[k++] = R->edge[e];
    if (i == from) c->edge[k++] = (uint32_t)to;
  }
  c->first[R->n] = k;
  for (size_t i = 0; i < R->n + R->nhint; i++) c->cube[i] = R->cube[i];
  c->r = *R;
  c->r.cube = c->cube, c->r.edge = c->edge, c->r.first = c->first;
}

static void reach_free(reach_copy *c) { free(c->cube), free(c->edge), free(c->first); }

/* The reach proof trusts nothing of the enumeration: the whole one is
 * proved; without one successor, one state (initial or not), or with a
 * violated invariant or a deadlock, no proof. by_subst: every state of the
 * spec (without a deadlock) is decided by substitution, without the
 * solver, with TLC's deadlock check too. */
static void reach_check_on(const char *spec, size_t min_states, bool by_subst) {
  char dir[] = "/tmp/zeta-tla-reach-XXXXXX";
  tla_model *m = load_spec(dir, spec, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  char why[1200];
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(R.n >= min_states && R.ninit == 2);
    tla_reach_stats st;
    CHECK(tla_reach_check(sym, &R, false, &eo, &st));
    CHECK(st.folded + st.grouped == R.n && st.in_rows == R.n);
    if (by_subst) {
      CHECK(st.by_subst == R.n);
      CHECK(tla_reach_check(sym, &R, true, &eo, &st));
      CHECK(st.by_subst == R.n);
    } else {
      /* a state without a step (S: f = <<3, 3>>, s = U): TLC's deadlock */
      CHECK(!tla_reach_check(sym, &R, true, &eo, NULL));
      /* nor with a successor made up for it (each state's successors are
       * the deadlock check's witnesses, step_witnessed: checked, not
       * trusted) */
      size_t dead = 0;
      while (dead < R.n && R.first[dead + 1] > R.first[dead]) dead++;
      CHECK(dead < R.n);
      if (dead < R.n) {
        reach_copy w;
        reach_add_edge(&R, dead, dead == 0 ? 1 : 0, &w);
        CHECK(w.r.first[w.r.n] == R.first[R.n] + 1);
        CHECK(!tla_reach_check(sym, &w.r, true, &eo, NULL));
        reach_free(&w);
      }
    }
    reach_copy c;
    size_t mid = R.n / 2;
    CHECK(R.first[mid + 1] > R.first[mid]);
    /* one successor of the middle state, of the first state, of the last
     * state with one (in R: as a hint only, left to every other group) */
    size_t last = R.n - 1;
    while (last > 0 && R.first[last + 1] == R.first[last]) last--;
    size_t from[3] = {mid, 0, last};
    for (int i = 0; i < 3; i++) {
      reach_edit(&R, R.n, from[i], R.edge[R.first[from[i]]], &c);
      CHECK(c.r.first[c.r.n] < R.first[R.n]);
      CHECK(!tla_reach_check(sym, &c.r, false, &eo, NULL));
      reach_free(&c);
    }
    /* one state: initial, in the middle, the last */
    size_t drop[3] = {0, mid, R.n - 1};
    for (int i = 0; i < 3; i++) {
      reach_edit(&R, drop[i], R.n, R.n, &c);
      CHECK(c.r.n == R.n - 1);
      CHECK(!tla_reach_check(sym, &c.r, false, &eo, NULL));
      reach_free(&c);
    }
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* A union layout (y an integer or a set): its cubes do not fix every leaf,
 * the proof pools them per group behind Trans's selector; S's fix every
 * leaf, each state's values are folded into Trans. */
static const char *UNION_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, y\n"
    "TypeOK == x \\in 0..40\n"
    "Init == x \\in {0, 1} /\\ y = 0\n"
    "Next == x < 40 /\\ x' = x + 1 /\\ y' = IF x % 3 = 0 THEN {x % 2} ELSE x % 4\n"
    "====\n";

/* A queue (a sequence layout: positions past the length are free leaves,
 * those within it guarded by the length) and two actions: each state's
 * folded Trans needs the length's value propagated to its positions and a
 * case split per action; no deadlock (Send or Recv is enabled). */
static const char *QUEUE_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals, Sequences\n"
    "VARIABLES q, n\n"
    "TypeOK == Len(q) <= 3 /\\ n \\in 0..2 /\\ \\A i \\in 1..Len(q) : q[i] \\in 0..2\n"
    "Init == q = <<>> /\\ n \\in {0, 1}\n"
    "Send == Len(q) < 3 /\\ q' = Append(q, n) /\\ n' = (n + 1) % 3\n"
    "Recv == Len(q) > 0 /\\ q' = Tail(q) /\\ UNCHANGED n\n"
    "Next == Send \\/ Recv\n"
    "====\n";

static void test_reach_check(void) {
  reach_check_on(SPEC, 20, false);
  reach_check_on(UNION_SPEC, 40, false);
  reach_check_on(QUEUE_SPEC, 10, true);
  /* the enumeration with the invariant Small (violated): no proof */
  tla_sym_reach_set R;
  char why[1200];
  char dir2[] = "/tmp/zeta-tla-reach-XXXXXX";
  tla_model *m = load(dir2);
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(!tla_reach_check(sym, &R, false, &eo, NULL));
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir2);
}

/* Without any one edge of R (dropped in turn) the proof fails. */
static void check_every_edge_needed(tla_sym *sym, const tla_sym_reach_set *R, const ts_engine_opts *eo) {
  for (size_t j = 0; j < R->n; j++)
    for (size_t e = R->first[j]; e < R->first[j + 1]; e++) {
      reach_copy c;
      reach_edit(R, R->n, j, R->edge[e], &c);
      CHECK(!tla_reach_check(sym, &c.r, false, eo, NULL));
      reach_free(&c);
    }
}

/* propagate's memo across states (tla_reach.c subst_conj): a conjunct
 * reading a next-state leaf folds one way under one value and the other
 * way under another (`x' > x` with x fixed by the state, split on the
 * disjunction of x' = v: false in the case x' = 1 of the state x = 2,
 * true in its case x' = 3), so a memo keyed without the values would take
 * the later case for unsatisfiable and never look at its successor. Each
 * state has one successor, reached from it alone: every edge dropped in
 * turn must fail the proof (a memo keyed by the conjunct alone passes the
 * proof without the edge 2 -> 3). */
static const char *GUARD_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x\n"
    "TypeOK == x \\in 0..3\n"
    "Init == x = 0\n"
    "Next == (\\E v \\in 0..3 : x' = v) /\\ x' > x /\\ x' < x + 2\n"
    "====\n";

/* The spec's enumerated states (of the shape shape_ok expects) proved by
 * substitution alone, and without any one edge no proof. */
static void check_reach_by_subst(const char *spec, const char *tmpl, bool (*shape_ok)(const tla_sym_reach_set *)) {
  char dir[64], why[1200];
  snprintf(dir, sizeof dir, "%s", tmpl);
  tla_model *m = load_spec(dir, spec, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(shape_ok(&R));
    tla_reach_stats st;
    CHECK(tla_reach_check(sym, &R, false, &eo, &st));
    CHECK(st.by_subst == R.n);
    check_every_edge_needed(sym, &R, &eo);
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

static bool chain_of_four(const tla_sym_reach_set *R) { return R->n == 4 && R->first[R->n] == 3; }   /* 0 -> 1 -> 2 -> 3 */
static void test_reach_every_edge(void) { check_reach_by_subst(GUARD_SPEC, "/tmp/zeta-tla-edges-XXXXXX", chain_of_four); }

/* The reach proof keeps a state's values as a row, one column per state
 * variable (tla_reach.c cube_info); a cube that fixes a leaf twice does not
 * fit one: a row would keep one of the values, and a cube x = v /\ x = 7
 * (unsatisfiable: no state) whose row kept x = v would be covered by the
 * step to the state x = v (its values agree, the cube is its values). So
 * GUARD_SPEC's chain with state j's cube so strengthened is not proved for
 * any j (a non-initial j: no step reaches it; the initial one: Init is not
 * covered), and every other state's values are a row. */
static void test_reach_rows(void) {
  char dir[] = "/tmp/zeta-tla-rows-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, GUARD_SPEC, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R) && chain_of_four(&R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    tla_reach_stats st;
    CHECK(tla_reach_check(sym, &R, false, &eo, &st));
    CHECK(st.in_rows == R.n);
    const ts *sys = tla_sym_ts(sym);
    uint32_t ints = 0;
    for (uint32_t v = 0; v < sys->vars.size; v++) {
      term_t x = sys->vars.data[v];
      if (type_kind_of(term_type(x)) != TYPE_INT) continue;
      ints++;
      for (size_t j = 0; j < R.n; j++) {
        reach_copy c;
        reach_edit(&R, R.n, R.n, R.n, &c);
        c.cube[j] = term_and2(R.cube[j], term_eq(x, term_int(7)));
        CHECK(!tla_reach_check(sym, &c.r, false, &eo, &st));
        CHECK(st.in_rows == R.n - 1);
        reach_free(&c);
      }
    }
    CHECK(ints >= 1);
  } else {
    CHECK(!"no enumeration of four states");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* Two actions, one of them appending to a sequence (its positions guarded
 * by its length): Trans folded by a state's values is the error flag and
 * the disjunction of the enabled actions, which propagate leaves to the
 * split (the flag's value substituted into each case instead). Every
 * state decided by substitution, and without any one edge no proof. */
static const char *SPLIT_SPEC =
    "---- MODULE Split ----\n"
    "EXTENDS Naturals, Sequences\n"
    "VARIABLES s, y\n"
    "TypeOK == Len(s) <= 2 /\\ y \\in 0..2\n"
    "Init == s = <<>> /\\ y = 0\n"
    "A == Len(s) < 2 /\\ s' = Append(s, y) /\\ y' = y\n"
    "B == y < 2 /\\ y' = y + 1 /\\ UNCHANGED s\n"
    "Next == A \\/ B\n"
    "====\n";

static bool more_than_ten(const tla_sym_reach_set *R) { return R->n > 10; }
/* The order the reach proof checks the states in (tla_reach.c
 * state_order, snake_order): sorted by their values and boustrophedon, so
 * that neighbours differ in few leaves. Every pair of x, y in 0..3 is a
 * successor of every state: consecutive states in that order differ in
 * one leaf (15 changes for 16 states; lexicographic order changes y at
 * each of x's 3 steps too: 18); the order is a permutation (the proof by
 * substitution fails without any one edge: no state is skipped). */
static const char *GRID_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, y\n"
    "TypeOK == x \\in 0..3 /\\ y \\in 0..3\n"
    "Init == x = 0 /\\ y = 0\n"
    "Next == \\E a \\in 0..3, b \\in 0..3 : x' = a /\\ y' = b\n"
    "====\n";
static bool grid_of_sixteen(const tla_sym_reach_set *R) { return R->n == 16 && R->first[R->n] == 256; }
static void test_reach_snake_order(void) {
  check_reach_by_subst(GRID_SPEC, "/tmp/zeta-tla-snake-XXXXXX", grid_of_sixteen);
  char dir[] = "/tmp/zeta-tla-snake2-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, GRID_SPEC, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R) && grid_of_sixteen(&R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    tla_reach_stats st;
    CHECK(tla_reach_check(sym, &R, false, &eo, &st));
    CHECK(st.checked == 16 && st.leaf_changes == 15);
  } else {
    CHECK(!"no enumeration of sixteen states");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* A row holds 16-bit codes per column (tla_reach.c code_of): z takes
 * 67,600 values, past the 65,535 codes of its column, so 2,065 states do
 * not fit a row and keep their values apart; every state is checked by
 * substitution all the same (the proof holds; with the invariant Low,
 * violated where z is 66,000 or more, it fails). */
static const char *WIDE_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, y, z\n"
    "Inv == z = x * 260 + y\n"
    "Low == z < 66000\n"
    "Init == x = 0 /\\ y = 0 /\\ z = 0\n"
    "Next == \\/ x' = (x + 1) % 260 /\\ y' = y /\\ z' = ((x + 1) % 260) * 260 + y\n"
    "        \\/ x' = x /\\ y' = (y + 1) % 260 /\\ z' = x * 260 + (y + 1) % 260\n"
    "====\n";
static void wide_column_on(const char *inv, bool provable) {
  char dir[] = "/tmp/zeta-tla-wide-XXXXXX", cfg[200], why[1200];
  snprintf(cfg, sizeof cfg, "INIT Init\nNEXT Next\nINVARIANT %s\nCHECK_DEADLOCK FALSE\n", inv);
  tla_model *m = load_spec(dir, WIDE_SPEC, cfg);
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build_reach(m, 60, why, sizeof why);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R) && R.n == 67600) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    tla_reach_stats st;
    CHECK(tla_reach_check(sym, &R, false, &eo, &st) == provable);
    CHECK(st.in_rows == 65535);
    if (provable) CHECK(st.by_subst == R.n);
  } else {
    CHECK(!"no enumeration of 67,600 states");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}
static void test_reach_row_codes(void) {
  wide_column_on("Inv", true);
  wide_column_on("Low", false);
}

static void test_reach_split_cases(void) { check_reach_by_subst(SPLIT_SPEC, "/tmp/zeta-tla-split-XXXXXX", more_than_ten); }

/* Actions of more than 16 conjuncts (a function's 16 leaves assigned):
 * term_inc holds them (not built per state, term_inc_new_held), and
 * steps_covered reads a case's conjuncts through its proxy; the state
 * x = 1 has two enabled actions. Every state decided by substitution, and
 * without any one edge no proof. */
static const char *HELD_SPEC =
    "---- MODULE Held ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, f\n"
    "TypeOK == x \\in 0..3 /\\ f \\in [1..16 -> 0..3]\n"
    "Init == x = 0 /\\ f = [i \\in 1..16 |-> 0]\n"
    "A == x < 3 /\\ x' = x + 1 /\\ f' = [i \\in 1..16 |-> x + 1]\n"
    "C == x = 1 /\\ x' = 3 /\\ f' = [i \\in 1..16 |-> 3]\n"
    "B == x = 3 /\\ x' = 0 /\\ f' = [i \\in 1..16 |-> 0]\n"
    "Next == A \\/ B \\/ C\n"
    "====\n";

static bool cycle_with_chord(const tla_sym_reach_set *R) { return R->n == 4 && R->first[R->n] == 5; }
static void test_reach_held_actions(void) { check_reach_by_subst(HELD_SPEC, "/tmp/zeta-tla-held-XXXXXX", cycle_with_chord); }

/* TLC's deadlock check in the reach proof (tla_reach.c step_evident):
 * each state's step decided by substitution, first by the enabled action
 * itself (its values agree and fold its other conjuncts to true). With
 * STEP_SPEC every state of the cycle (4 states) has a step: all by substitution. With
 * STUCK_SPEC the state x = 1's only action fixes x' twice (0 and 2): its
 * conjuncts fold to true after the values are taken out, but the values
 * disagree, so no step is claimed and no proof (the state deadlocks). */
static const char *STEP_SPEC =
    "---- MODULE Step ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, y\n"
    "TypeOK == x \\in 0..2 /\\ y \\in 0..2\n"
    "Init == x = 0 /\\ y = 0\n"
    "A == x < 2 /\\ x' = x + 1 /\\ y' = x\n"
    "B == x = 2 /\\ x' = 0 /\\ y' = 2\n"
    "Next == A \\/ B\n"
    "====\n";
static const char *STUCK_SPEC =
    "---- MODULE Stuck ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x\n"
    "TypeOK == x \\in 0..2\n"
    "Init == x = 0\n"
    "A == x = 0 /\\ x' = 1\n"
    "B == x = 1 /\\ x' = 0 /\\ x' = 2\n"
    "Next == A \\/ B\n"
    "====\n";

static void reach_deadlock_on(const char *spec, bool proved, size_t states, size_t in_cover) {
  char dir[] = "/tmp/zeta-tla-step-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, spec, "INIT Init\nNEXT Next\nINVARIANT TypeOK\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(R.n == states);
    tla_reach_stats st = {0};
    CHECK(tla_reach_check(sym, &R, true, &eo, &st) == proved);
    if (proved) CHECK(st.by_subst == R.n);
    /* the steps found by steps_covered's cases (session 38): step_evident
     * not run again for them */
    if (proved) CHECK(st.steps_in_cover == in_cover);
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* The same with actions of more than 16 conjuncts, held by term_inc with
 * the deadlock check too (step_evident reads a case through its proxy):
 * HELD_SPEC's 4 states all step, by substitution; in HELD_STUCK_SPEC the
 * state x = 1's only action fixes x' twice: no proof. */
static const char *HELD_STUCK_SPEC =
    "---- MODULE HeldStuck ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, f\n"
    "TypeOK == x \\in 0..2 /\\ f \\in [1..16 -> 0..3]\n"
    "Init == x = 0 /\\ f = [i \\in 1..16 |-> 0]\n"
    "A == x = 0 /\\ x' = 1 /\\ f' = [i \\in 1..16 |-> 1]\n"
    "B == x = 1 /\\ x' = 0 /\\ x' = 2 /\\ f' = [i \\in 1..16 |-> 0]\n"
    "Next == A \\/ B\n"
    "====\n";

static void test_reach_deadlock_steps(void) {
  reach_deadlock_on(STEP_SPEC, true, 4, 4);
  reach_deadlock_on(STUCK_SPEC, false, 2, 0);
  reach_deadlock_on(HELD_SPEC, true, 4, 4);
  reach_deadlock_on(HELD_STUCK_SPEC, false, 2, 0);
}

/* The deadlock check's witnesses (tla_reach.c step_witnessed) through
 * witness_value: Same, a conjunction of 17 next-state equations held by
 * term_inc (a positive disjunct of Same \/ x = 9), is negated in the only
 * enabled case, which substitution cannot decide (the proxy stays free),
 * so each state's step is its successor as the witness: Same's arguments
 * with the successor's values fold to false, ~Same to true. All 4 states
 * so, none through Trans substituted as a whole (term_inc_subst; main's
 * code before session 38: every one). With A disabled at x = 3 that state
 * deadlocks: no proof, also with a made-up successor as its witness. */
static const char *WITNESS_SPEC_FMT =
    "---- MODULE S ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, f\n"
    "TypeOK == x \\in 0..3 /\\ f \\in [1..16 -> 0..3]\n"
    "Init == x = 0 /\\ f = [i \\in 1..16 |-> 0]\n"
    "A == %s x' = (x + 1) %% 4 /\\ f' = [i \\in 1..16 |-> IF i = 1 THEN x' ELSE f[i]]\n"
    "Same == x' = x /\\ f' = f\n"
    "Next == (A /\\ ~Same) \\/ (x = 7 /\\ (Same \\/ x = 9) /\\ x' = 1 /\\ f' = f)\n"
    "====\n";

static void witness_on(bool stuck) {
  char dir[] = "/tmp/zeta-tla-witness-XXXXXX", why[1200], spec[1024];
  snprintf(spec, sizeof spec, WITNESS_SPEC_FMT, stuck ? "x < 3 /\\" : "");
  tla_model *m = load_spec(dir, spec, "INIT Init\nNEXT Next\nINVARIANT TypeOK\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(R.n == 4);
    tla_reach_stats st = {0};
    CHECK(tla_reach_check(sym, &R, true, &eo, &st) == !stuck);
    if (!stuck) CHECK(st.by_subst == 4 && st.by_witness == 4 && st.witness_whole == 0 && st.steps_in_cover == 0);
    if (stuck) {
      size_t dead = 0;
      while (dead < R.n && R.first[dead + 1] > R.first[dead]) dead++;
      CHECK(dead < R.n);
      if (dead < R.n) {
        reach_copy w;
        reach_add_edge(&R, dead, 0, &w);
        CHECK(!tla_reach_check(sym, &w.r, true, &eo, NULL));
        reach_free(&w);
      }
    }
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

static void test_reach_witness_skeleton(void) {
  witness_on(false);
  witness_on(true);
}

/* A sequence layout that takes a value in is kept, not copied (widen_seq):
 * 1111 queues of up to 3 values of 0..9 widen the layout of q only where
 * its length grows (main's code before session 38 allocated a new layout,
 * its keys and positions, per queue value: over 3000 blocks). */
static const char *SEQ_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals, Sequences\n"
    "VARIABLES q\n"
    "TypeOK == Len(q) <= 3\n"
    "Init == q = <<>>\n"
    "Next == \\/ Len(q) < 3 /\\ \\E v \\in 0..9 : q' = Append(q, v)\n"
    "        \\/ Len(q) > 0 /\\ q' = Tail(q)\n"
    "====\n";

static void test_widen_seq_shared(void) {
  char dir[] = "/tmp/zeta-tla-seqlay-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, SEQ_SPEC, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  if (sym) {
    CHECK(tla_sym_reach_count(sym) == 1111);
    CHECK(tla_steps_allocs(sym) < 1500);
    tla_sym_free(sym);
  }
  tla_model_free(m);
  cleanup(dir);
}

/* Five symmetric counters modulo 8 (tests/tla/SymOrbits.tla): 32768
 * states, more than the plain sample's cap, in 792 orbits under the
 * SYMMETRY. The sample up to the symmetry reaches every orbit; the reach
 * proof checks the representatives, whose successors in known orbits are
 * hints (successor cubes only). Without one hint edge, or with a violated
 * invariant, no proof. */
static const char *SYM_SPEC =
    "---- MODULE S ----\n"
    "EXTENDS Naturals, TLC\n"
    "CONSTANTS P\n"
    "VARIABLES s\n"
    "Inv == \\A p \\in P : s[p] \\in 0..7\n"
    "Low == \\A p \\in P : s[p] < 7\n"
    "Init == s = [p \\in P |-> 0]\n"
    "Next == \\E p \\in P : s' = [s EXCEPT ![p] = (s[p] + 1) % 8]\n"
    "Perms == Permutations(P)\n"
    "====\n";

static void sym_reach_on(const char *inv, bool provable) {
  char dir[] = "/tmp/zeta-tla-symreach-XXXXXX", cfg[300], why[1200];
  snprintf(cfg, sizeof cfg, "CONSTANTS P = {p1, p2, p3, p4, p5}\nINIT Init\nNEXT Next\nINVARIANT %s\nSYMMETRY Perms\n", inv);
  tla_model *m = load_spec(dir, SYM_SPEC, cfg);
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym != NULL);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(tla_sym_reach_by_symmetry(sym) && R.n == 792 && R.ninit == 1 && R.nhint > 0 && R.all == NULL_TERM);
    CHECK(tla_reach_check(sym, &R, false, &eo, NULL) == provable);
    CHECK(tla_reach_check(sym, &R, true, &eo, NULL) == provable);   /* no deadlock: a counter always steps */
    /* without the first edge to a hint */
    size_t ne = R.first[R.n], cut = 0, owner = 0;
    while (cut < ne && R.edge[cut] < R.n) cut++;
    CHECK(cut < ne);
    while (cut < ne && R.first[owner + 1] <= cut) owner++;
    reach_copy c;
    reach_edit(&R, R.n, owner, R.edge[cut], &c);
    CHECK(c.r.first[c.r.n] < ne);
    CHECK(!tla_reach_check(sym, &c.r, false, &eo, NULL));
    reach_free(&c);
  } else {
    CHECK(!"no enumeration up to the symmetry");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* The orbit's representative (tla_canonical): the least image of a state
 * (variable by variable, each value by its hash first, then tv_cmp), the
 * same for every member of the orbit, and the images compared before they
 * are built: a state of three model values interns at most its
 * representative (before: each of its five images). */
static int value_cmp(const tla_val *a, const tla_val *b) {
  if (a == b) return 0;
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  return tv_cmp(a, b);
}
static int image_cmp(const tla_val *a, const tla_val *b) {
  for (uint32_t k = 0; k < a->n && k < b->n; k++) {
    int c = value_cmp(a->v[k], b->v[k]);
    if (c) return c;
  }
  return a->n < b->n ? -1 : a->n > b->n;
}

static void test_canonical_least_image(void) {
  char dir[] = "/tmp/zeta-tla-canon-XXXXXX";
  tla_model *m = load_spec(dir,
                           "---- MODULE S ----\nEXTENDS TLC\nCONSTANT P\nVARIABLES x, y, z\n"
                           "Init == x \\in P /\\ y \\in P /\\ z \\in P\nNext == UNCHANGED <<x, y, z>>\n"
                           "Perms == Permutations(P)\n====\n",
                           "CONSTANT P = {p1, p2, p3}\nINIT Init\nNEXT Next\nSYMMETRY Perms\n");
  CHECK(m != NULL && tla_has_symmetry(m));
  if (!m) return;
  const tla_val *p[3] = {tv_model(tla_intern("p1", 2)), tv_model(tla_intern("p2", 2)), tv_model(tla_intern("p3", 2))};
  const tla_val *state[27], *canon[27];
  bool interns_one = true;
  for (int i = 0; i < 27; i++) {
    const tla_val *xyz[3] = {p[i / 9], p[i / 3 % 3], p[i % 3]};
    state[i] = tv_tuple(xyz, 3);
    size_t before = tla_values_count();
    canon[i] = tla_canonical(m, state[i]);
    interns_one &= tla_values_count() <= before + 1;
  }
  CHECK(interns_one);
  int orbits = 0;
  bool least = true, stable = true;
  for (int i = 0; i < 27; i++) {
    bool first = true;
    for (int j = 0; j < i; j++) first &= canon[j] != canon[i];
    orbits += first;
    stable &= tla_canonical(m, canon[i]) == canon[i];
    for (int j = 0; j < 27; j++)   /* the least of its orbit */
      if (canon[j] == canon[i]) least &= image_cmp(canon[i], state[j]) <= 0;
  }
  CHECK(orbits == 5 && least && stable);   /* all equal, two equal (x = y, x = z, y = z), all apart */
  tla_model_free(m);
  cleanup(dir);
}

/* A state-level definition without parameters evaluated once a state
 * (tla_eval.c state_memo): Big's value in the state is in the memo, its
 * steps counted at each of its six uses as before; the values stay those
 * of each state (checked alternating between two states), and LET
 * definitions (whose frames reuse the same addresses) are not memoized. */
static void test_state_memo(void) {
  char dir[] = "/tmp/zeta-tla-smemo-XXXXXX";
  tla_model *m = load_spec(dir,
                           "---- MODULE S ----\nEXTENDS Naturals, FiniteSets\nVARIABLE x\n"
                           "Big == {i \\in 1..300 : i <= x}\n"
                           "Inv == /\\ Cardinality(Big) = x /\\ Big = Big /\\ Big = Big /\\ Cardinality(Big) < 150\n"
                           "       /\\ (LET A == x IN A) = x /\\ (LET A == x + 1 IN A) = x + 1\n"
                           "Init == x = 100\nNext == x' = x\n====\n",
                           "INIT Init\nNEXT Next\nINVARIANT Inv\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_model_view mv;
  tla_model_view_get(m, &mv);
  const tla_val *low[1] = {tv_int(100)}, *high[1] = {tv_int(160)};
  const tla_val *a = tv_tuple(low, 1), *b = tv_tuple(high, 1);
  /* the steps are counted as if Big were evaluated at each use (the work
   * budgets stay what they were): the memo shows in its table */
  uint64_t t0 = mv.ev->tick;
  CHECK(tla_violated(m, a) == -1);
  uint64_t t1 = mv.ev->tick;
  CHECK(tla_violated(m, a) == -1);
  uint64_t t2 = mv.ev->tick;
  CHECK(t2 - t1 == t1 - t0 && t1 - t0 > 6 * 300);
  int big = 0;
  for (int k = 0; mv.ev->smemo && k < 1024; k++)
    big += mv.ev->smemo[k].state == a && mv.ev->smemo[k].val->n == 100;
  CHECK(big == 1);   /* Big's value in a, once */
  bool alternate = true;
  for (int i = 0; i < 4; i++) alternate &= tla_violated(m, b) == 0 && tla_violated(m, a) == -1;
  CHECK(alternate);
  tla_model_free(m);
  cleanup(dir);
}

static void test_reach_symmetry(void) {
  sym_reach_on("Inv", true);
  sym_reach_on("Low", false);
}

/* The sample's caps grown with the time left (tla_sample_caps_for): the
 * base caps without a deadline or with little time (no memory bound), as
 * many states as a reach proof checks in the run's share of the time at
 * its lowest rate (TLA_REACH_RUN_SHARE at TLA_REACH_PROOF_SECONDS_PER_STATE;
 * the work in proportion) and the memory bound in bytes (3 GiB), which
 * also bounds the states for huge times (64 bytes a state at least); the
 * grown part's CPU time a quarter of the time left (none with the base
 * caps). Session 42: 2,187,500 states at 20 s (500,000 at the whole-run
 * 0.03 ms before), lowered by the rate measured on the base part
 * (tla_sample_cap_measured): MCLamportMutex's 0.0088 ms a state admits
 * its 922,956 states at 20 s, 0.03 ms about 460,000; never below the
 * states found, never above the caps'. */
static void test_sample_caps(void) {
  tla_sample_caps base = tla_sample_caps_for(0);
  CHECK(base.states == 30000 && base.ticks == 24000000 && base.grown_cpu == 0 && base.bytes == 0);
  CHECK(tla_sample_caps_for(0.25).grown_cpu == 0);
  CHECK(tla_sample_caps_for(20).grown_cpu > 4.99 && tla_sample_caps_for(20).grown_cpu < 5.01);
  tla_sample_caps c = tla_sample_caps_for(-1);
  CHECK(c.states == base.states && c.ticks == base.ticks);
  c = tla_sample_caps_for(0.25);   /* 27343 states' proof: the base caps */
  CHECK(c.states == base.states && c.ticks == base.ticks && c.bytes == 0);
  c = tla_sample_caps_for(1.0);
  CHECK(c.states == 109375 && c.ticks == 87500000 && c.bytes == (size_t)3 << 30);
  c = tla_sample_caps_for(20);
  CHECK(c.states == 2187500 && c.ticks == 1750000000);
  CHECK(tla_sample_cap_measured(&c, 30000, 0.264) > 1000000 && tla_sample_cap_measured(&c, 30000, 0.264) < 1100000);
  CHECK(tla_sample_cap_measured(&c, 30000, 0.9) > 450000 && tla_sample_cap_measured(&c, 30000, 0.9) < 470000);
  CHECK(tla_sample_cap_measured(&c, 30000, 30) == 30000);    /* none past the states found */
  CHECK(tla_sample_cap_measured(&c, 30000, 0) == c.states);  /* the caps' at most */
  CHECK(tla_sample_cap_measured(&base, 30000, 0.264) == base.states);
  c = tla_sample_caps_for(1e6);
  CHECK(c.states == ((size_t)3 << 30) / 64 && c.bytes == (size_t)3 << 30);
}

/* SymOrbits without its SYMMETRY: 32768 states, more than the base cap.
 * The plain build's sample is cut (no reach proof); the grown one
 * enumerates every state, and the reach proof checks Inv and refutes Low. */
static void grown_sample_on(const char *inv, bool provable) {
  char dir[] = "/tmp/zeta-tla-grown-XXXXXX", cfg[300], why[1200];
  snprintf(cfg, sizeof cfg, "CONSTANTS P = {p1, p2, p3, p4, p5}\nINIT Init\nNEXT Next\nINVARIANT %s\n", inv);
  tla_model *m = load_spec(dir, SYM_SPEC, cfg);
  CHECK(m != NULL);
  if (!m) return;
  sample_cut cut;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym && tla_sym_reach_count(sym) == 0 && tla_sym_sample_size(sym, &cut) == 30000 && cut == SAMPLE_CUT_STATES);
  CHECK(sym && !tla_sym_sample_grown(sym));
  if (sym) tla_sym_free(sym);
  sym = tla_sym_build_reach(m, 20, why, sizeof why);
  CHECK(sym && tla_sym_sample_size(sym, &cut) == 32768 && cut == SAMPLE_ALL);
  CHECK(sym && tla_sym_sample_grown(sym));   /* inductive runs the stage after its reach proof if that stops */
  /* the proof planned alone (the sample done): 0.008 ms a state (its
   * lowest rate measured, session 42; 0.015 before), 1 ms the initial one */
  CHECK(sym && fabs(tla_sym_reach_cost(sym) - (32768 * 0.000008 + 0.001)) < 1e-9);
  /* stretched by the load against the time left: IC3 first, or no proof */
  CHECK(sym && tla_sym_reach_fits(sym, 1, 0.3) && !tla_sym_reach_fits(sym, 1, 0.2) && !tla_sym_reach_fits(sym, 2, 0.3));
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(R.n == 32768 && R.ninit == 1 && R.nhint == 0 && !tla_sym_reach_by_symmetry(sym));
    CHECK(tla_reach_check(sym, &R, true, &eo, NULL) == provable);
  } else {
    CHECK(!"no enumeration with the grown cap");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

static void test_grown_sample(void) {
  grown_sample_on("Inv", true);
  grown_sample_on("Low", false);
}

/* A grown cap that cuts the sample all the same (31500 of SymOrbits'
 * 32768 states without its SYMMETRY): the base caps' sample is put back,
 * its 30000 states, its cut and its layouts (the same encoding's
 * variables as the plain build's). */
static void test_grown_sample_cut(void) {
  char dir[] = "/tmp/zeta-tla-grown-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, SYM_SPEC, "CONSTANTS P = {p1, p2, p3, p4, p5}\nINIT Init\nNEXT Next\nINVARIANT Inv\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sample_caps small = tla_sample_caps_for(20);
  small.states = 31500, small.ticks = 800 * 31500;
  sample_cut cut;
  tla_sym *base = tla_sym_build(m, why, sizeof why);
  tla_sym *grown = tla_sym_build_caps(m, &small, why, sizeof why);
  CHECK(base && grown);
  if (base && grown) {
    CHECK(tla_sym_sample_size(grown, &cut) == 30000 && cut == SAMPLE_CUT_STATES && tla_sym_reach_count(grown) == 0);
    CHECK(tla_sym_ts(grown)->vars.size == tla_sym_ts(base)->vars.size);
  }
  if (base) tla_sym_free(base);
  if (grown) tla_sym_free(grown);
  /* the memory bound (tla_sym.c SAMPLE_BYTES_MAX) cuts it too: 32768
   * states of 5 leaves are ~6.5 MB of the reach proof's estimate, so a
   * bound of 4 MB stops the grown part (the base sample comes back) where
   * 64 MB lets it enumerate every state; the cap of states is 300000 */
  tla_sample_caps caps = tla_sample_caps_for(20);
  caps.bytes = (size_t)4 << 20;
  grown = tla_sym_build_caps(m, &caps, why, sizeof why);
  CHECK(grown && tla_sym_sample_size(grown, &cut) == 30000 && cut == SAMPLE_CUT_STATES && tla_sym_reach_count(grown) == 0);
  if (grown) tla_sym_free(grown);
  caps.bytes = (size_t)64 << 20;
  grown = tla_sym_build_caps(m, &caps, why, sizeof why);
  CHECK(grown && tla_sym_sample_size(grown, &cut) == 32768 && cut == SAMPLE_ALL && tla_sym_reach_count(grown) == 32768);
  if (grown) tla_sym_free(grown);
  tla_model_free(m);
  cleanup(dir);
}

/* The grown part's CPU cap against the reach proof's planned share
 * (tla_sample_plan_rest): at 20 s MultiPaxos_MC_small's 343796 states
 * (one initial) are planned at 2.75 s (0.008 ms a state, session 42; 10.3
 * s of the 15 s share at the whole-run rate before) of the run's 17.5 s,
 * which leaves ~14.75 s of the 20 (more than its own 5 s); a sample at
 * the cap of states leaves nothing. SymOrbits without its SYMMETRY (32768
 * states) with no CPU time of its own for the grown part (grown_cpu 0: cut
 * at the first reading of the clock, as before this rule): complete when
 * the time left (20 s) holds its planned proof (0.26 s) and the rest, cut
 * and put back to the base caps' 30000 states when it does not (0.25 s). */
static void test_grown_plan_rest(void) {
  tla_sample_caps c = tla_sample_caps_for(20);
  double rest = tla_sample_plan_rest(&c, 343796, 1);
  CHECK(c.seconds == 20 && rest > 14.7 && rest < 14.8 && rest > c.grown_cpu);
  CHECK(tla_sample_plan_rest(&c, c.states, 0) < 1e-9);
  char dir[] = "/tmp/zeta-tla-grown-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, SYM_SPEC, "CONSTANTS P = {p1, p2, p3, p4, p5}\nINIT Init\nNEXT Next\nINVARIANT Inv\n");
  CHECK(m != NULL);
  if (!m) return;
  sample_cut cut;
  c.grown_cpu = 0;
  tla_sym *sym = tla_sym_build_caps(m, &c, why, sizeof why);
  CHECK(sym && tla_sym_sample_size(sym, &cut) == 32768 && cut == SAMPLE_ALL && tla_sym_reach_count(sym) == 32768);
  if (sym) tla_sym_free(sym);
  c.seconds = 0.25;
  CHECK(tla_sample_plan_rest(&c, 32768, 1) < 0);
  sym = tla_sym_build_caps(m, &c, why, sizeof why);
  CHECK(sym && tla_sym_sample_size(sym, &cut) == 30000 && cut == SAMPLE_CUT_STATES && tla_sym_reach_count(sym) == 0);
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* The cubes' equations of a set variable with its states' sets
 * (set_eq_cells): the term sv_eq builds, without the element equations'
 * arena arrays nor a symbolic copy of each set (blocks for each of the
 * 1024 subsets of 1..10 before); the reach proof over them still holds and
 * each cube is one state. */
static const char *SUBSETS_SPEC = "---- MODULE S ----\n"
                                  "EXTENDS Naturals\n"
                                  "VARIABLES s\n"
                                  "Init == s = {}\n"
                                  "Next == \\E u \\in 1..10 : s' = IF u \\in s THEN s \\ {u} ELSE s \\cup {u}\n"
                                  "Inv == s \\subseteq 1..10\n"
                                  "====\n";
static void test_set_cubes(void) {
  char dir[] = "/tmp/zeta-tla-subsets-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, SUBSETS_SPEC, "INIT Init\nNEXT Next\nINVARIANT Inv\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  CHECK(sym && tla_sym_reach_count(sym) == 1024);
  tla_sym_reach_set R;
  size_t before = sym ? tla_steps_allocs(sym) : 0;
  if (sym && tla_sym_reach(sym, &R)) {
    CHECK(tla_steps_allocs(sym) - before < 100);
    const ts *sys = tla_sym_ts(sym);
    CHECK(R.n == 1024 && count_models(R.cube[0], &sys->vars) == 1 && count_models(R.cube[1023], &sys->vars) == 1);
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    CHECK(tla_reach_check(sym, &R, false, &eo, NULL));
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

/* With TLC's deadlock check, a state outside the CONSTRAINT needs no
 * step: decided by substitution (its values fold the constraint to false)
 * instead of has_step's two queries. x counts to 5 under x < 5: the six
 * states proved, each by substitution (five before: x = 5 went to the
 * solver); with the constraint x < 6 the state x = 5 has no step: no proof. */
static void outside_constraint_on(const char *constraint, bool provable) {
  static const char *spec = "---- MODULE S ----\n"
                            "EXTENDS Naturals\n"
                            "VARIABLES x\n"
                            "Init == x = 0\n"
                            "Next == x < 5 /\\ x' = x + 1\n"
                            "Inv == x <= 5\n"
                            "Small == x < 5\n"
                            "Smaller == x < 6\n"
                            "====\n";
  char dir[] = "/tmp/zeta-tla-constraint-XXXXXX", cfg[300], why[1200];
  snprintf(cfg, sizeof cfg, "INIT Init\nNEXT Next\nINVARIANT Inv\nCONSTRAINT %s\nCHECK_DEADLOCK TRUE\n", constraint);
  tla_model *m = load_spec(dir, spec, cfg);
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R)) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    tla_reach_stats st;
    CHECK(R.n == 6);
    CHECK(tla_reach_check(sym, &R, true, &eo, &st) == provable);
    if (provable) CHECK(st.checked == 6 && st.by_subst == 6);
  } else {
    CHECK(!"no enumeration");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

static void test_reach_outside_constraint(void) {
  outside_constraint_on("Small", true);
  outside_constraint_on("Smaller", false);
}

/* The grown part's stop by its levels (tla_sample_levels_hopeless) on
 * the breadth-first level sizes of real samples, replayed from where the
 * grown part starts (30000 states) with the cap of 150000 at 20 s: the
 * complete ones run on (Consensus_epr, dijkstra-mutex, Disruptor_MPMC,
 * whose levels grow linearly), the ones cut at the cap stop early
 * (APCRDT, MCKVSSafetySmall, MCLamportMutex), and so does a chain of
 * levels of one size (NatCounter). Returns the states found at the stop,
 * 0 if none. */
static size_t levels_stop_cap(const size_t *sizes, size_t n, size_t max) {
  size_t level[TLA_LEVELS_KEPT] = {0}, found = 0;
  unsigned same = 0;
  for (size_t k = 0; k < n; k++) {
    same = k && sizes[k] == level[TLA_LEVELS_KEPT - 1] ? same + 1 : 1;
    memmove(level, level + 1, (TLA_LEVELS_KEPT - 1) * sizeof *level);
    level[TLA_LEVELS_KEPT - 1] = sizes[k];
    found += sizes[k];
    if (found >= 30000 && tla_sample_levels_hopeless(level, (unsigned)k + 1, same, found, max)) return found;
  }
  return 0;
}
static size_t levels_stop(const size_t *sizes, size_t n) { return levels_stop_cap(sizes, n, 150000); }

static void test_levels_hopeless(void) {
  static const size_t consensus[] = {1,     9,     54,    243,   855,   2424, 5562, 10302,
                                     15339, 18357, 18114, 15591, 11941, 7458, 3270, 848};
  static const size_t dijkstra[] = {3,    9,    18,   30,   48,   69,   99,   138,  192,  261,  339,  429,  546,  687,
                                    903,  1155, 1440, 1725, 2076, 2490, 2958, 3456, 3996, 4416, 4803, 5169, 5484, 5523,
                                    5376, 5124, 4761, 4281, 3891, 3426, 2844, 2295, 1911, 1626, 1419, 1227, 1029, 786,
                                    624,  492,  402,  321,  243,  162,  90,   48,   24,   6,    6};
  static const size_t disruptor[] = {
      1,    2,    4,    12,   32,   66,   112,  176,  264,  374,  486,  598,  706,  796,  860,  924,  1002,
      1074, 1132, 1166, 1188, 1226, 1254, 1282, 1326, 1360, 1400, 1434, 1454, 1494, 1522, 1550, 1596, 1628,
      1668, 1702, 1720, 1762, 1790, 1818, 1866, 1896, 1936, 1970, 1986, 2030, 2058, 2086, 2136, 2164, 2204,
      2238, 2252, 2298, 2326, 2354, 2406, 2432, 2472, 2506, 2518, 2566, 2594, 2616, 2642, 2610, 2574, 2512,
      2412, 2332, 2204, 2026, 1804, 1538, 1288, 1036, 762,  530,  340,  192,  86};
  static const size_t apcrdt[] = {1, 3, 12, 37, 111, 300, 760, 1798, 3993, 8377, 16706, 31851};
  static const size_t kvs[] = {1, 3, 15, 47, 136, 411, 1184, 3322, 8793, 21334};
  static const size_t lamport[] = {1,    3,    9,    28,   60,   138,  266,  429,   675,   940,   1246,  1721,
                                   2338, 3240, 4388, 5450, 6615, 7724, 8956, 11145, 14527, 19066, 24326};
#define LEN(a) (sizeof a / sizeof *a)
  CHECK(levels_stop(consensus, LEN(consensus)) == 0);
  CHECK(levels_stop(dijkstra, LEN(dijkstra)) == 0);
  CHECK(levels_stop(disruptor, LEN(disruptor)) == 0);
  CHECK(levels_stop(apcrdt, LEN(apcrdt)) == 32098);
  CHECK(levels_stop(kvs, LEN(kvs)) == 35246);
  static const size_t lamport_all[] = {
      1,     3,     9,     28,    60,    138,   266,   429,   675,   940,   1246,  1721,  2338,  3240,  4388,  5450,
      6615,  7724,  8956,  11145, 14527, 19066, 24326, 28254, 30879, 32154, 31112, 30465, 33035, 38557, 46037, 52718,
      54003, 51720, 46164, 38445, 32984, 32394, 34576, 37331, 36115, 29851, 22581, 15802, 10382, 7988,  8216,  8303,
      7600,  5586,  3296,  1697,  778,   287,   115,   84,    51,    27,    30,    27,    15,    6};
  CHECK(levels_stop(lamport, LEN(lamport)) == 69899);
  /* the caps of ~300,000 (20 s): the same stops; the caps of millions
   * (150 s, 400 s): MCLamportMutex's 922,956 states (its levels rise
   * twice) are not stopped: projected to their end they stopped it at
   * 69,899 or at 337,747 states whatever the cap */
  CHECK(levels_stop_cap(apcrdt, LEN(apcrdt), 300000) == 32098);
  CHECK(levels_stop_cap(kvs, LEN(kvs), 300000) == 35246);
  CHECK(levels_stop_cap(lamport_all, LEN(lamport_all), 300000) == 69899);
  /* and at 500,000 (20 s since session 36): MCLamportMutex later */
  CHECK(levels_stop_cap(apcrdt, LEN(apcrdt), 500000) == 32098);
  CHECK(levels_stop_cap(kvs, LEN(kvs), 500000) == 35246);
  CHECK(levels_stop_cap(lamport_all, LEN(lamport_all), 500000) == 337747);   /* at its second rise */
  CHECK(levels_stop_cap(lamport_all, LEN(lamport_all), 2250000) == 0);
  CHECK(levels_stop_cap(lamport_all, LEN(lamport_all), 6000000) == 0);
  /* a growth of 2x a level: stopped at a cap of millions too */
  static size_t doubling[24];
  for (size_t k = 0; k < LEN(doubling); k++) doubling[k] = (size_t)1 << k;
  CHECK(levels_stop_cap(doubling, LEN(doubling), 6000000) == 65535);
  static size_t chain[30020];
  for (size_t k = 0; k < LEN(chain); k++) chain[k] = 1;
  CHECK(levels_stop(chain, LEN(chain)) == 30000);   /* at the grown part's first level */
#undef LEN
}

/* Candidate facts from states (tla_cand.c): a state is a tuple of the
 * variables' values. Three states of <<st, msgs>>, st a function of two
 * keys: the unit facts, the implications no state violates, the values a
 * position was seen with, and "never" for a string seen only elsewhere. */
static const tla_val *str(const char *s) { return tv_str(tla_intern(s, strlen(s))); }
static const tla_val *cand_state(const char *a, const char *b, const char *msg) {
  const tla_val *k[2] = {tv_int(1), tv_int(2)}, *v[2] = {str(a), str(b)};
  const tla_val *m[1] = {msg ? str(msg) : NULL};
  const tla_val *t[2] = {tv_fun(k, v, 2), tv_set(m, msg ? 1 : 0)};
  return tv_tuple(t, 2);
}

static int find_lit(const tla_cands *c, uint32_t var, int key, bool member, const char *val) {
  for (size_t i = 0; i < c->nlit; i++) {
    const tla_lit *l = &c->lit[i];
    if (l->var == var && l->member == member && l->val == str(val) &&
        (key < 0 ? l->npath == 0 : l->npath == 1 && l->path[0] == tv_int(key)))
      return (int)i;
  }
  return -1;
}

static bool has_cand(const tla_cands *c, int a, int b, bool neg) {
  for (size_t i = 0; i < c->ncand; i++)
    if (c->cand[i].a == a && (int)c->cand[i].b == b && c->cand[i].neg == neg && c->cand[i].a2 < 0) return true;
  return false;
}

static void test_candidates(void) {
  const tla_val *st[3] = {cand_state("init", "init", NULL), cand_state("done", "init", "go"),
                          cand_state("done", "done", "go")};
  tla_cands c;
  tla_cands_from_states(st, 3, 2, 1000, &c);
  int init1 = find_lit(&c, 0, 1, false, "init"), done1 = find_lit(&c, 0, 1, false, "done");
  int done2 = find_lit(&c, 0, 2, false, "done"), go = find_lit(&c, 1, -1, true, "go");
  int never = find_lit(&c, 1, -1, false, "go");   /* msgs is a set: no scalar literal */
  CHECK(init1 >= 0 && done1 >= 0 && done2 >= 0 && go >= 0 && never < 0);
  CHECK(tla_lit_holds(&c.lit[go], st[1]) && !tla_lit_holds(&c.lit[go], st[0]));
  CHECK(has_cand(&c, done1, go, false));     /* st[1] = "done" => "go" \in msgs */
  CHECK(has_cand(&c, go, done1, false));
  CHECK(has_cand(&c, done2, done1, false));  /* st[2] = "done" => st[1] = "done" */
  CHECK(!has_cand(&c, done1, done2, false)); /* violated by state 1 */
  CHECK(!has_cand(&c, init1, done1, true));  /* one position: says nothing */
  /* a value seen at one position is a "never" at the other: none here
   * (both positions take both values); ranges for both positions */
  size_t ranges = 0;
  for (size_t i = 0; i < c.ncand; i++) ranges += c.cand[i].a == TLA_CAND_RANGE;
  CHECK(ranges == 2);
  tla_cands_free(&c);
  /* st[2] never "done": the unit "not st[2] = done" (the value seen at st[1]) */
  tla_cands_from_states(st, 2, 2, 1000, &c);
  done2 = find_lit(&c, 0, 2, false, "done");
  CHECK(done2 >= 0 && has_cand(&c, TLA_CAND_UNIT, done2, true));
  CHECK(has_cand(&c, TLA_CAND_UNIT, find_lit(&c, 0, 2, false, "init"), false));
  tla_cands_free(&c);
  /* three literals: st[1] = "done" /\ st[2] = "done" => "go" \in msgs,
   * neither alone implies it (states 3 and 4) */
  const tla_val *st5[5] = {st[0], st[1], st[2], cand_state("init", "done", NULL), cand_state("done", "init", NULL)};
  tla_cands_from_states(st5, 5, 2, 1000, &c);
  done1 = find_lit(&c, 0, 1, false, "done"), done2 = find_lit(&c, 0, 2, false, "done");
  go = find_lit(&c, 1, -1, true, "go");
  bool triple = false;
  for (size_t i = 0; i < c.ncand; i++) {
    const tla_cand *k = &c.cand[i];
    /* a general triple: proved in its own Houdini tier (tla_bmc.c cand_tier) */
    triple |= !k->neg && k->b == (uint32_t)go && k->wide &&
              ((k->a == done1 && k->a2 == done2) || (k->a == done2 && k->a2 == done1));
  }
  CHECK(triple && !has_cand(&c, done1, go, false) && !has_cand(&c, done2, go, false));
  tla_cands_free(&c);
  /* the cap on candidates */
  tla_cands_from_states(st, 3, 2, 2, &c);
  CHECK(c.ncand == 2);
  tla_cands_free(&c);
}

/* "Is a set" literals (member, val NULL): temp a string at "wait" and a
 * set at "scan": the literal, pc = "scan" => it, pc = "wait" => not it,
 * and temp's range with it (a string seen or a set). */
static const tla_val *kind_state(const char *pc, const char *temp, int nset) {
  const tla_val *e[2] = {tv_int(1), tv_int(2)};
  const tla_val *t[2] = {str(pc), temp ? str(temp) : tv_set(e, (uint32_t)nset)};
  return tv_tuple(t, 2);
}

/* Element facts (tla_cand.elem): "\A e \in v : a(e) => b(e)" with a, b
 * over an element's positions, mined from the sample's distinct elements
 * of a set of records (msgs) and of a function's values (node). */
static const tla_val *vote(int64_t bal, const char *cmd) {
  const tla_val *k[2] = {str("bal"), str("cmd")}, *v[2] = {tv_int(bal), str(cmd)};
  return tv_fun(k, v, 2);
}

static const tla_val *elem_state(const tla_val **msgs, uint32_t nm, const tla_val *n1, const tla_val *n2) {
  const tla_val *k[2] = {tv_int(1), tv_int(2)}, *v[2] = {n1, n2};
  const tla_val *t[2] = {tv_set(msgs, nm), tv_fun(k, v, 2)};
  return tv_tuple(t, 2);
}

static int find_elem_lit(const tla_cands *c, uint32_t var, const char *field, const tla_val *val) {
  for (size_t i = 0; i < c->nlit; i++) {
    const tla_lit *l = &c->lit[i];
    if (l->elem && l->var == var && !l->member && l->npath == 1 && l->path[0] == str(field) && l->val == val)
      return (int)i;
  }
  return -1;
}

static const tla_cand *find_elem_cand(const tla_cands *c, int a, int b, bool neg) {
  for (size_t i = 0; i < c->ncand; i++)
    if (c->cand[i].elem && c->cand[i].a == a && (int)c->cand[i].b == b && c->cand[i].neg == neg) return &c->cand[i];
  return NULL;
}

static void test_elem_candidates(void) {
  const tla_val *m0[1] = {vote(0, "nil")}, *m1[2] = {vote(0, "nil"), vote(1, "w")}, *m2[2] = {vote(2, "w"), vote(1, "w")};
  const tla_val *st[3] = {elem_state(NULL, 0, vote(0, "nil"), vote(0, "nil")), elem_state(m0, 1, vote(1, "w"), vote(0, "nil")),
                          elem_state(m1, 2, vote(1, "w"), vote(2, "w"))};
  (void)m2;
  tla_cands c;
  tla_cands_from_states(st, 3, 2, 1000, &c);
  for (uint32_t var = 0; var < 2; var++) {
    int nil = find_elem_lit(&c, var, "cmd", str("nil")), bal0 = find_elem_lit(&c, var, "bal", tv_int(0));
    CHECK(nil >= 0 && bal0 >= 0);
    /* cmd = "nil" => bal = 0 (and back), of msgs's elements and of node's values */
    const tla_cand *k = find_elem_cand(&c, nil, bal0, false);
    CHECK(k != NULL && find_elem_cand(&c, bal0, nil, false) != NULL);
    if (!k) continue;
    for (size_t j = 0; j < 3; j++) CHECK(tla_cand_holds(&c, k, st[j]));
    /* violated by one element (a ballot with no command), not by a state-level literal */
    const tla_val *bad[2] = {vote(2, "nil"), vote(1, "w")};
    CHECK(!tla_cand_holds(&c, k, var ? elem_state(NULL, 0, vote(1, "w"), vote(2, "nil")) : elem_state(bad, 2, vote(1, "w"), vote(1, "w"))));
    CHECK(tla_cand_holds(&c, k, var ? elem_state(bad, 2, vote(1, "w"), vote(1, "w")) : elem_state(NULL, 0, vote(1, "w"), vote(2, "nil"))));
    /* no state literal holds of an element literal */
    CHECK(!tla_lit_holds(&c.lit[nil], st[1]));
  }
  /* bal = 1 => not bal = 0: one position, no fact */
  CHECK(!find_elem_cand(&c, find_elem_lit(&c, 0, "bal", tv_int(1)), find_elem_lit(&c, 0, "bal", tv_int(0)), true));
  tla_cands_free(&c);
}

/* Element facts translated per cell and proved (tla_bmc.c tier 3): Use
 * errs (T[m.cmd] outside T's domain) on a message with bal > 0 and no
 * command. The invariants do not exclude such a message, so without the
 * element fact "\A m \in msgs : m.cmd = "nil" => m.bal = 0" (proved with
 * its state partner vc = "nil" => vb = 0) the step's errors are asked on
 * the path at every depth from 1. */
static const char *ELEM_SPEC =
    "---- MODULE Elem ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES msgs, vb, vc\n"
    "T == [c \\in {\"w\"} |-> 1]\n"
    "TypeOK == /\\ msgs \\subseteq [bal : 0..3, cmd : {\"nil\", \"w\"}]\n"
    "          /\\ vb \\in 0..3 /\\ vc \\in {\"nil\", \"w\"}\n"
    "Init == msgs = {} /\\ vb = 0 /\\ vc = \"nil\"\n"
    "Vote == \\E b \\in 1..3 : b > vb /\\ vb' = b /\\ vc' = \"w\" /\\ UNCHANGED msgs\n"
    "Send == msgs' = msgs \\cup {[bal |-> vb, cmd |-> vc]} /\\ UNCHANGED <<vb, vc>>\n"
    "Use == \\E m \\in msgs : m.bal > 0 /\\ T[m.cmd] = 1 /\\ UNCHANGED <<msgs, vb, vc>>\n"
    "Next == Vote \\/ Send \\/ Use\n"
    "====\n";

static void test_bmc_elem_facts(void) {
  char dir[] = "/tmp/zeta-tla-elem-XXXXXX";
  tla_model *m = load_spec(dir, ELEM_SPEC, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  zeta_limits lim = limits_from_timeout(120);
  tla_bmc_result r;
  tla_bmc(m, 6, false, false, TLA_BMC_ANSWER, NULL, &lim, &r);
  CHECK(r.outcome == TLA_BMC_BOUND || r.outcome == TLA_BMC_PROVED);
  CHECK(r.elem_facts > 0 && r.elem_kept > 0);   /* main's code: no such fields */
  CHECK(r.err_on_path == 0);                    /* the element fact refutes the step's errors relatively */
  if (r.err_on_path || !r.elem_kept)
    fprintf(stderr, "  outcome %d, %u errors on the path, %u/%u element facts\n", (int)r.outcome, r.err_on_path, r.elem_kept,
            r.elem_facts);
  tla_bmc_result_free(&r);
  tla_model_free(m);
  cleanup(dir);
}

static void test_kind_literals(void) {
  const tla_val *st[4] = {kind_state("wait", "none", 0), kind_state("scan", NULL, 2), kind_state("scan", NULL, 1),
                          kind_state("scan", NULL, 0)};
  tla_cands c;
  tla_cands_from_states(st, 4, 2, 1000, &c);
  int set = -1;
  for (size_t i = 0; i < c.nlit; i++)
    if (c.lit[i].var == 1 && c.lit[i].member && !c.lit[i].val && c.lit[i].npath == 0) set = (int)i;
  int scan = find_lit(&c, 0, -1, false, "scan"), wait = find_lit(&c, 0, -1, false, "wait");
  int none = find_lit(&c, 1, -1, false, "none");
  CHECK(set >= 0 && scan >= 0 && wait >= 0 && none >= 0);
  if (set < 0 || scan < 0 || wait < 0 || none < 0) {
    tla_cands_free(&c);
    return;
  }
  CHECK(!tla_lit_holds(&c.lit[set], st[0]) && tla_lit_holds(&c.lit[set], st[1]) && tla_lit_holds(&c.lit[set], st[3]));
  CHECK(has_cand(&c, scan, set, false));                           /* pc = "scan" => temp is a set */
  CHECK(has_cand(&c, wait, set, true) || has_cand(&c, set, wait, true));   /* "wait" and a set exclude each other */
  bool range = false;
  for (size_t i = 0; i < c.ncand; i++) {
    if (c.cand[i].a != TLA_CAND_RANGE) continue;
    bool has_set = false, has_none = false;
    for (size_t j = c.range_at[c.cand[i].b]; j < c.range_at[c.cand[i].b + 1]; j++)
      has_set |= (int)c.range_lit[j] == set, has_none |= (int)c.range_lit[j] == none;
    range |= has_set && has_none;
    CHECK(tla_cand_holds(&c, &c.cand[i], st[0]) && tla_cand_holds(&c, &c.cand[i], st[3]));
  }
  CHECK(range);
  tla_cands_free(&c);
}

/* Membership clauses (tla_cand.c `member_clauses`): <<pc, temp>> over two
 * processes scanning each other (temp[p]: the set still to check, or
 * "none"); whenever both scan, one still has the other to check, but
 * neither membership alone holds and neither pc alone implies the
 * disjunction. */
static const tla_val *scan_state(const char *p1, const char *p2, int t1, int t2) {
  const tla_val *k[2] = {tv_int(1), tv_int(2)}, *pc[2] = {str(p1), str(p2)};
  const tla_val *e1[1] = {tv_int(2)}, *e2[1] = {tv_int(1)};
  /* t: -1 "none", 0 {}, 1 {the other} */
  const tla_val *tv[2] = {t1 < 0 ? str("none") : tv_set(e1, (uint32_t)t1), t2 < 0 ? str("none") : tv_set(e2, (uint32_t)t2)};
  const tla_val *t[2] = {tv_fun(k, pc, 2), tv_fun(k, tv, 2)};
  return tv_tuple(t, 2);
}

static void test_member_clauses(void) {
  const tla_val *st[7] = {scan_state("idle", "idle", -1, -1), scan_state("scan", "idle", 1, -1),
                          scan_state("scan", "scan", 1, 1),   scan_state("scan", "scan", 0, 1),
                          scan_state("scan", "scan", 1, 0),   scan_state("scan", "idle", 0, -1),
                          scan_state("idle", "scan", -1, 0)};
  tla_cands c;
  tla_cands_from_states(st, 7, 2, 1000, &c);
  int s1 = find_lit(&c, 0, 1, false, "scan"), s2 = find_lit(&c, 0, 2, false, "scan");
  int m1 = -1, m2 = -1;   /* 2 \in temp[1], 1 \in temp[2] */
  for (size_t i = 0; i < c.nlit; i++) {
    const tla_lit *l = &c.lit[i];
    if (l->var == 1 && l->member && l->npath == 1 && l->path[0] == tv_int(1) && l->val == tv_int(2)) m1 = (int)i;
    if (l->var == 1 && l->member && l->npath == 1 && l->path[0] == tv_int(2) && l->val == tv_int(1)) m2 = (int)i;
  }
  CHECK(s1 >= 0 && s2 >= 0 && m1 >= 0 && m2 >= 0);
  bool clause = false;
  for (size_t i = 0; i < c.ncand; i++) {
    const tla_cand *k = &c.cand[i];
    for (size_t j = 0; j < 7; j++) CHECK(tla_cand_holds(&c, k, st[j]));
    if (k->b2 < 0) continue;
    bool as = (k->a == s1 && k->a2 == s2) || (k->a == s2 && k->a2 == s1);
    bool bs = ((int)k->b == m1 && k->b2 == m2) || ((int)k->b == m2 && k->b2 == m1);
    if (as && bs && !k->neg && !k->wide) {   /* with the pairs' tier */
      clause = true;
      /* both scanning with nothing left to check: falsified */
      CHECK(!tla_cand_holds(&c, k, scan_state("scan", "scan", 0, 0)));
      CHECK(tla_cand_holds(&c, k, scan_state("scan", "idle", 0, 0)));
    }
  }
  CHECK(clause);
  tla_cands_free(&c);
}

/* Counting facts (tla_cand.c `sums`): <<pc, sent>>, pc a function of
 * three keys; sent = #"sent" always, sent + #"idle" <= 3 (an "abort" makes
 * it 2 once), so the candidates include sent - #sent <= 0 and >= 0 and
 * sent + #idle <= 3, but not sent + #idle >= 3. */
static const tla_val *count_state(const char *a, const char *b, const char *c, int sent) {
  const tla_val *k[3] = {tv_int(1), tv_int(2), tv_int(3)}, *v[3] = {str(a), str(b), str(c)};
  const tla_val *t[2] = {tv_fun(k, v, 3), tv_int(sent)};
  return tv_tuple(t, 2);
}

static bool has_sum(const tla_cands *c, int fa, int fb, int sign, bool ge, int64_t bound) {
  for (size_t i = 0; i < c->ncand; i++) {
    if (c->cand[i].a != TLA_CAND_SUM) continue;
    const tla_sum *s = &c->sum[c->cand[i].b];
    if (s->n == 2 && s->ge == ge && s->bound == bound && s->c[1] == sign &&
        ((s->f[0] == (uint32_t)fa && s->f[1] == (uint32_t)fb) || (sign > 0 && s->f[0] == (uint32_t)fb && s->f[1] == (uint32_t)fa)))
      return true;
  }
  return false;
}

static void test_counting(void) {
  const tla_val *st[5] = {count_state("idle", "idle", "idle", 0), count_state("sent", "idle", "idle", 1),
                          count_state("sent", "sent", "idle", 2), count_state("sent", "sent", "sent", 3),
                          count_state("abort", "idle", "idle", 0)};
  tla_cands c;
  tla_cands_from_states(st, 5, 2, 1000, &c);
  int fsent = -1, fidle = -1, fcount = -1;
  for (size_t i = 0; i < c.nfeat; i++) {
    const tla_feat *f = &c.feat[i];
    const tla_lit *l = &c.lit[f->lit[0]];
    if (f->num && l->var == 1) fsent = (int)i;
    if (!f->num && l->val == str("idle")) fidle = (int)i;
    if (!f->num && l->val == str("sent")) fcount = (int)i;
  }
  CHECK(fsent >= 0 && fidle >= 0 && fcount >= 0);
  if (fsent < 0 || fidle < 0 || fcount < 0) return;
  CHECK(tla_feat_value(&c, &c.feat[fidle], st[1]) == 2 && tla_feat_value(&c, &c.feat[fsent], st[2]) == 2);
  /* sent = #sent as two bounds of the difference (the order of the pair is the features') */
  int a = fsent < fcount ? fsent : fcount, b = fsent < fcount ? fcount : fsent;
  CHECK(has_sum(&c, a, b, -1, false, 0) && has_sum(&c, a, b, -1, true, 0));
  CHECK(has_sum(&c, fsent, fidle, 1, false, 3));
  CHECK(!has_sum(&c, fsent, fidle, 1, true, 3));   /* the abort state: 2 */
  /* each candidate holds in every state it came from, and a state beyond
   * the sample falsifies the sum */
  for (size_t i = 0; i < c.ncand; i++)
    for (size_t j = 0; j < 5; j++) CHECK(tla_cand_holds(&c, &c.cand[i], st[j]));
  const tla_val *leak = count_state("sent", "idle", "idle", 3);
  bool falsified = false;
  for (size_t i = 0; i < c.ncand; i++)
    if (c.cand[i].a == TLA_CAND_SUM && !tla_cand_holds(&c, &c.cand[i], leak)) falsified = true;
  CHECK(falsified);
  tla_cands_free(&c);
  /* the literals' pairs leave the sums their room (a fifth of the cap):
   * with a cap the pairs alone would fill, sums are still candidates */
  tla_cands_from_states(st, 5, 2, 1000, &c);
  size_t nsum_all = c.nsum, ncand_all = c.ncand;
  tla_cands_free(&c);
  tla_cands_from_states(st, 5, 2, 20, &c);
  CHECK(ncand_all > 20 && nsum_all > 0 && c.ncand <= 20 && c.nsum > 0);
  tla_cands_free(&c);
}

/* The budgets' floors under load: 4 s of wall time with 1 s of CPU
 * stretch them 4-fold; a process that used more CPU than wall time (solver
 * threads) or too little to tell keeps them; at most 10-fold. */
static void test_load_stretch(void) {
  CHECK(tla_bmc_stretch(4.0, 1.0) == 4.0);
  CHECK(tla_bmc_stretch(1.0, 2.0) == 1.0);
  CHECK(tla_bmc_stretch(1.0, 0.01) == 1.0);
  CHECK(tla_bmc_stretch(100.0, 1.0) == 10.0);
}

/* A relative check's budget grows with its own last useful answer (8x),
 * never below the depth's budget: MultiPaxos_MC_small's depth-6 checks
 * (0.2 s at depth 5) had 0.5 s, the path query's, and ran out. */
static void test_relative_budget(void) {
  CHECK(tla_bmc_relative_budget(0.5, 0.25) == 2.0);
  CHECK(tla_bmc_relative_budget(2.0, 0.25) == 2.0);
  CHECK(tla_bmc_relative_budget(0.5, 0) == 0.5);
}

/* A share of the time left that stands for CPU time: a quarter of 100 s
 * at stretch 1 is 25 s, at stretch 2 50 s, at stretch 10 all of it (never
 * past the deadline); without a deadline none. */
static void test_stretched_deadline(void) {
  zeta_limits lim = limits_from_timeout(100);
  double a = tla_stretched_deadline(&lim, 0.25, 1) - limits_now();
  double b = tla_stretched_deadline(&lim, 0.25, 2) - limits_now();
  CHECK(a > 24 && a <= 25);
  CHECK(b > 49 && b <= 50);
  CHECK(tla_stretched_deadline(&lim, 0.25, 10) == lim.deadline);
  zeta_limits none = limits_from_timeout(0);
  CHECK(tla_stretched_deadline(&none, 0.25, 2) == 0);
}

/* Does t mention an arithmetic comparison (<=, <)? */
static bool has_compare(term_t t, int depth) {
  if (depth > 200) return true;
  term_op op = term_op_of(t);
  if (op == OP_LE || op == OP_LT) return true;
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (has_compare(term_arg(t, i), depth + 1)) return true;
  return false;
}

/* Step mode, sets of records of several kinds: (1) a witness of \E over
 * a filtered set picks among the cells the filter keeps (a cell of
 * another kind, its guard false, was a choice too: `m.bal` an error where
 * the pick was a "B" record); (2) CHOOSE m \in M : \A n \in M : n.val
 * <= m.val fails only when M is empty (the error names no comparison of
 * the keys). The B records' val ranges over 0..1000 + bal, so their cells
 * stay symbolic (not merged per value). */
static const char *KINDS_SPEC =
    "---- MODULE Kinds ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES msgs\n"
    "TypeOK == TRUE\n"
    "Init == msgs = {}\n"
    "SendA == \\E b \\in 1..2 : msgs' = msgs \\cup {[type |-> \"A\", bal |-> b]}\n"
    "SendB == \\E m \\in {x \\in msgs : x.type = \"A\"}, k \\in 0..1000 :\n"
    "           msgs' = msgs \\cup {[type |-> \"B\", val |-> m.bal + k]}\n"
    "Pick == LET M == {x \\in msgs : x.type = \"B\"}\n"
    "        IN M # {} /\\ msgs' = msgs \\cup {[type |-> \"C\", val |-> (CHOOSE m \\in M : \\A n \\in M : n.val <= m.val).val]}\n"
    "Next == SendA \\/ SendB %s\n"
    "====\n";

static void steps_errors(bool pick) {
  char dir[] = "/tmp/zeta-tla-kinds-XXXXXX", why[1200], spec[2000];
  snprintf(spec, sizeof spec, KINDS_SPEC, pick ? "\\/ Pick" : "");
  tla_model *m = load_spec(dir, spec, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *s = tla_steps_new(m, false);
  tla_step st;
  bool ok = tla_steps_init(s, &st, why, sizeof why);
  CHECK(ok);
  for (uint32_t k = 0; ok && k < 4; k++) {
    ok = tla_steps_next(s, &st, why, sizeof why);
    CHECK(ok);
    if (!ok) break;
    if (!pick) CHECK(term_is_false(st.err));    /* (1): no field access can fail */
    else CHECK(!has_compare(st.err, 0));       /* (2): "M is empty" only */
  }
  tla_sym_free(s);
  tla_model_free(m);
  cleanup(dir);
}

static void test_step_witness_kinds(void) { steps_errors(false); }
static void test_step_choose_extremum(void) { steps_errors(true); }

/* A filter leaves out the cells no state has (their guards false): the
 * quantifiers over it translate their bodies for the one cell left, not
 * for the 60 of msgs (3600 pairs per b without it). */
static const char *FILTER_SPEC =
    "---- MODULE Filter ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES msgs\n"
    "TypeOK == TRUE\n"
    "Init == msgs = {[type |-> \"A\", bal |-> b] : b \\in 1..60}\n"
    "Next == /\\ msgs' = msgs\n"
    "        /\\ \\A b \\in 1..60 : LET M == {x \\in msgs : x.bal = b}\n"
    "                             IN \\A m \\in M : \\A n \\in M : m.bal = n.bal\n"
    "====\n";

static void test_step_filter_live_cells(void) {
  char dir[] = "/tmp/zeta-tla-filter-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, FILTER_SPEC, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *s = tla_steps_new(m, false);
  tla_step st;
  CHECK(tla_steps_init(s, &st, why, sizeof why));
  size_t before = tla_steps_allocs(s);
  CHECK(tla_steps_next(s, &st, why, sizeof why));
  CHECK(tla_steps_allocs(s) - before < 100000);   /* 16577 with, 1783037 without */
  tla_sym_free(s);
  tla_model_free(m);
  cleanup(dir);
}

/* BMC's path queries carry the step's evaluation errors only when the
 * relative check (under the invariants at that depth) does not answer
 * them: T[..] fails only outside Sync, an invariant; Far is not inductive
 * (no fact bounds y: it grows by 1 or 4), so the path is asked at depths
 * after 0 (whose state is constant: no errors to ask there). Run is a
 * step whose T[x + 1] fails at x = 3: an evaluation error on the path. */
static const char *ERRPATH_SPEC =
    "---- MODULE ErrPath ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, y\n"
    "T == <<10, 20, 30>>\n"
    "Init == x = 0 /\\ y = 0\n"
    "Next == T[IF x = y % 3 THEN 1 ELSE 4] > 0 /\\ x' = (x + 1) % 3 /\\ y' \\in {y + 1, y + 4}\n"
    "Run == T[x + 1] > 0 /\\ x' = x + 1 /\\ y' = y\n"
    "Sync == x = y % 3\n"
    "Far == y < 100\n"
    "====\n";

static uint32_t errors_on_path(const char *cfg, tla_bmc_outcome want, uint32_t *relative) {
  char dir[] = "/tmp/zeta-tla-errpath-XXXXXX";
  tla_model *m = load_spec(dir, ERRPATH_SPEC, cfg);
  CHECK(m != NULL);
  if (!m) return 0;
  zeta_limits lim = limits_from_timeout(120);
  tla_bmc_result r;
  tla_bmc(m, 4, false, false, TLA_BMC_ANSWER, NULL, &lim, &r);
  CHECK(r.outcome == want);
  *relative = r.relative;
  uint32_t n = r.err_on_path;
  tla_bmc_result_free(&r);
  tla_model_free(m);
  cleanup(dir);
  return n;
}

static void test_bmc_errors_off_path(void) {
  uint32_t rel = 0;
  CHECK(errors_on_path("INIT Init\nNEXT Next\nINVARIANTS Sync Far\nCHECK_DEADLOCK FALSE\n", TLA_BMC_BOUND, &rel) == 0);
  CHECK(rel < 3);   /* the path was asked after depth 0 (main's code: with the errors) */
  CHECK(errors_on_path("INIT Init\nNEXT Run\nINVARIANT Far\nCHECK_DEADLOCK FALSE\n", TLA_BMC_ERROR, &rel) >= 1);
}

/* The path queries split by the relative step (tla_bmc.c `residual`) stay
 * exact: TypeOK's \A over msgs's records (with a symbolic field) is one
 * conjunct per cell in the invariants told to the deeper depths and in the
 * relative hypothesis; Short4 (n < 4) fails at depth 4, TypeOK never. (The
 * split itself is measured on a benchmark: e2e bmc-path-split.) */
static const char *SPLITPATH_SPEC =
    "---- MODULE SplitPath ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES msgs, x, n\n"
    "Init == msgs = {} /\\ x = 0 /\\ n = 0\n"
    "Next == \\E v \\in 0..2 : /\\ x' = v /\\ n' = n + 1\n"
    "                         /\\ msgs' = msgs \\cup {[val |-> x, at |-> n]}\n"
    "TypeOK == \\A m \\in msgs : m.val \\in 0..2 /\\ m.at < n\n"
    "Short4 == n < 4\n"
    "Late == \\A m \\in msgs : m.at < 3 \\/ m.val = 0\n"
    "====\n";

static void split_bmc(const char *invs, uint32_t bound, tla_bmc_outcome want, uint32_t ntrace) {
  char dir[] = "/tmp/zeta-tla-splitpath-XXXXXX", cfg[200];
  snprintf(cfg, sizeof cfg, "INIT Init\nNEXT Next\nINVARIANTS %s\nCHECK_DEADLOCK FALSE\n", invs);
  tla_model *m = load_spec(dir, SPLITPATH_SPEC, cfg);
  CHECK(m != NULL);
  if (!m) return;
  zeta_limits lim = limits_from_timeout(120);
  tla_bmc_result r;
  tla_bmc(m, bound, false, false, TLA_BMC_ANSWER, NULL, &lim, &r);
  bool ok = r.outcome == want || (want == TLA_BMC_BOUND && r.outcome == TLA_BMC_PROVED);
  CHECK(ok);
  if (!ok) fprintf(stderr, "  %s: outcome %d (%s)\n", invs, (int)r.outcome, r.msg);
  if (want == TLA_BMC_VIOLATION) CHECK(r.ntrace == ntrace);
  tla_bmc_result_free(&r);
  tla_model_free(m);
  cleanup(dir);
}

static void test_bmc_split_path(void) {
  split_bmc("TypeOK", 6, TLA_BMC_BOUND, 0);
  split_bmc("TypeOK Short4", 6, TLA_BMC_VIOLATION, 5);
  split_bmc("TypeOK Late", 6, TLA_BMC_VIOLATION, 5);   /* a message at n = 3 with val # 0: sent by step 4 */
}

/* The invariants' and the step's errors' path queries asked as one
 * (tla_bmc.c: both left after the relative checks) keep TLC's order: state
 * k's invariants before the step from it. From depth 7 on some states'
 * step errs (T[4] at x = 3, y > 20) and at depth 7 the path y = 10 violates
 * NotAt too: the one query's model may pick the error alone, the violation
 * must still be the answer (8 states, as the explicit engine's). Neither
 * invariant is inductive under the facts (y grows without a bound), so the
 * path is asked at every depth; Below alone: the error, from depth 7. */
static const char *ORDER_SPEC =
    "---- MODULE Order ----\n"
    "EXTENDS Naturals\n"
    "VARIABLES x, y\n"
    "T == <<10, 20, 30>>\n"
    "Init == x = 0 /\\ y = 0\n"
    "Next == (IF x = 3 /\\ y > 20 THEN T[4] ELSE T[1]) > 0 /\\ x' = (x + 1) % 4 /\\ y' \\in {y + 1, y + 4}\n"
    "NotAt == ~(x = 3 /\\ y = 10)\n"
    "Below == y < 100\n"
    "====\n";

/* BMC (no deadlock check) on spec with cfg to bound; r's trace freed, its
 * length kept in r->ntrace. false: the spec did not load. */
static bool bmc_spec(const char *spec, const char *cfg, uint32_t bound, bool need_paths, tla_bmc_result *r) {
  char dir[] = "/tmp/zeta-tla-bmc-XXXXXX";
  tla_model *m = load_spec(dir, spec, cfg);
  CHECK(m != NULL);
  if (!m) return false;
  zeta_limits lim = limits_from_timeout(120);
  tla_bmc(m, bound, false, need_paths, TLA_BMC_ANSWER, NULL, &lim, r);
  size_t n = r->ntrace;
  tla_bmc_result_free(r);
  r->ntrace = n;
  tla_model_free(m);
  cleanup(dir);
  return true;
}

static void order_bmc(const char *invs, tla_bmc_outcome want, uint32_t ntrace) {
  char cfg[200];
  snprintf(cfg, sizeof cfg, "INIT Init\nNEXT Next\nINVARIANTS %s\nCHECK_DEADLOCK FALSE\n", invs);
  tla_bmc_result r;
  if (!bmc_spec(ORDER_SPEC, cfg, 8, false, &r)) return;
  CHECK(r.outcome == want);
  CHECK(r.ntrace == ntrace);
  if (r.outcome != want || r.ntrace != ntrace)
    fprintf(stderr, "  %s: outcome %d, %zu states (%s)\n", invs, (int)r.outcome, (size_t)r.ntrace, r.msg);
  CHECK(r.path_combined >= 1);   /* depths whose two queries were one (main's code: none) */
}

static void test_bmc_combined_order(void) {
  order_bmc("Below NotAt", TLA_BMC_VIOLATION, 8);
  order_bmc("Below", TLA_BMC_ERROR, 8);
}

/* path_goes_on answered by an execution of the explicit engine (tla_bmc.c
 * `witness`): from x = 0 the only step leads to 100, a dead end (no step,
 * no deadlock check), so the witness backtracks to x = 1, whose steps go
 * on to 7, the violation at depth 6 (7 states, as the explicit engine's
 * shortest; the witness holds states satisfying the invariants only, so
 * depth 6's is asked of the solver). With Short (x < 3 from x = 1 and 100's dead end), every
 * execution ends at depth 2: depths 0-2 have a witness and depth 3 is
 * asked of the solver, which answers that the path ends (ENDS: with
 * need_paths, the executions up to the bound are asked even where the
 * invariant is proved). */
static const char *WIT_SPEC =
    "---- MODULE Wit ----\n"
    "EXTENDS Integers\n"
    "VARIABLE x\n"
    "Init == x \\in {0, 1}\n"
    "Next == \\/ x = 0 /\\ x' = 100\n"
    "        \\/ x > 0 /\\ x < 50 /\\ x' = x + 1\n"
    "Short == \\/ x = 0 /\\ x' = 100\n"
    "         \\/ x > 0 /\\ x < 3 /\\ x' = x + 1\n"
    "Not7 == x # 7\n"
    "====\n";

static void wit_bmc(const char *next, bool need_paths, tla_bmc_outcome want, uint32_t ntrace, uint32_t witnessed) {
  char cfg[200];
  snprintf(cfg, sizeof cfg, "INIT Init\nNEXT %s\nINVARIANT Not7\nCHECK_DEADLOCK FALSE\n", next);
  tla_bmc_result r;
  if (!bmc_spec(WIT_SPEC, cfg, 10, need_paths, &r)) return;
  bool ok = r.outcome == want && r.ntrace == ntrace && r.path_witnessed == witnessed;
  CHECK(ok);
  if (!ok)
    fprintf(stderr, "  %s: outcome %d, %zu states, %u witnessed (%s)\n", next, (int)r.outcome, (size_t)r.ntrace,
            r.path_witnessed, r.msg);
}

static void test_bmc_path_witness(void) {
  wit_bmc("Next", false, TLA_BMC_VIOLATION, 7, 6);   /* depth 6's x = 7 violates Not7: no witness, the solver */
  wit_bmc("Short", true, TLA_BMC_ENDS, 0, 3);
}

/* A recursive function over SUBSET of a set over state (PaxosCommit's
 * Maximum(S) == LET Max[T \in SUBSET S] == ... IN Max[S]) unfolded per
 * subset of the set's concrete elements (the old translation unfolded it
 * over the symbolic S without end: "unsupported: recursion"). Alt's value
 * depends on CHOOSE's pick (TLC's: the least element first): acc = -174
 * only after s = {0, 1, 2, 3}, at depth 5. Dbl's domain has 0 twice (from
 * 0 and 3): after s = {3}, top = 3, f[0] is in it (the function's table
 * kept the first cell's guard only: an error there). */
static const char *RECSUB_SPEC =
    "---- MODULE RecSub ----\n"
    "EXTENDS Integers\n"
    "VARIABLES s, top, acc\n"
    "Maximum(S) == LET Max[T \\in SUBSET S] ==\n"
    "                    IF T = {} THEN -1\n"
    "                    ELSE LET n == CHOOSE n \\in T : TRUE\n"
    "                             rmax == Max[T \\ {n}]\n"
    "                         IN IF n >= rmax THEN n ELSE rmax\n"
    "              IN Max[S]\n"
    "Alt(S) == LET F[T \\in SUBSET S] == IF T = {} THEN 0\n"
    "                                   ELSE LET n == CHOOSE n \\in T : TRUE IN n - 2 * F[T \\ {n}]\n"
    "          IN F[S]\n"
    "Init == s = {} /\\ top = -1 /\\ acc = 0\n"
    "Next == \\E v \\in 0..3 : /\\ s' = s \\cup {v} /\\ top' = Maximum(s)\n"
    "                        /\\ acc' = Alt({x % 3 : x \\in s}) + 10 * Alt(s)\n"
    "Grow == \\E v \\in 0..3 : s' = s \\cup {v} /\\ top' = v /\\ UNCHANGED acc\n"
    "TopBelow2 == top < 2\n"
    "TopOK == (top = -1 \\/ top \\in s) /\\ Maximum(s) >= top\n"
    "AccNot == acc # -174\n"
    "Dbl == LET f[x \\in {y % 3 : y \\in s}] == 2 * x IN IF top \\in s THEN f[top % 3] ELSE 0\n"
    "DblOK == Dbl <= 4\n"
    "====\n";

static void recsub_bmc(const char *next, const char *inv, uint32_t bound, tla_bmc_outcome want, size_t ntrace) {
  char dir[] = "/tmp/zeta-tla-recsub-XXXXXX", cfg[200];
  snprintf(cfg, sizeof cfg, "INIT Init\nNEXT %s\nINVARIANT %s\nCHECK_DEADLOCK FALSE\n", next, inv);
  tla_model *m = load_spec(dir, RECSUB_SPEC, cfg);
  CHECK(m != NULL);
  if (!m) return;
  zeta_limits lim = limits_from_timeout(120);
  tla_bmc_result r;
  tla_bmc(m, bound, false, false, TLA_BMC_ANSWER, NULL, &lim, &r);
  /* no violation: within the bound, or proved for all depths */
  bool ok = r.outcome == want || (want == TLA_BMC_BOUND && r.outcome == TLA_BMC_PROVED);
  CHECK(ok);
  if (!ok) fprintf(stderr, "  %s/%s: outcome %d (%s)\n", next, inv, (int)r.outcome, r.msg);
  if (want == TLA_BMC_VIOLATION) CHECK(r.ntrace == ntrace);
  tla_bmc_result_free(&r);
  tla_model_free(m);
  cleanup(dir);
}

static void test_bmc_recursive_subset(void) {
  recsub_bmc("Next", "TopBelow2", 6, TLA_BMC_VIOLATION, 3);
  recsub_bmc("Next", "AccNot", 6, TLA_BMC_VIOLATION, 6);
  recsub_bmc("Next", "TopOK", 5, TLA_BMC_BOUND, 0);
  recsub_bmc("Grow", "DblOK", 4, TLA_BMC_BOUND, 0);
}

/* A state's cube from its variables' parts: tla_and_merged merges the
 * parts' sorted arguments and gives term_and's own term (the same node),
 * for parts that share arguments, complementary ones (false), a true, a
 * false or a negated conjunction among them, and more parts than it
 * merges (term_and itself). */
static void test_and_merged(void) {
  term_t x[24];
  char name[16];
  for (int i = 0; i < 24; i++) snprintf(name, sizeof name, "am%d", i), x[i] = term_var(name, type_bool());
  term_vec buf = {0};
  unsigned seed = 7;
  for (int round = 0; round < 200; round++) {
    term_t parts[8];
    uint32_t n = 1 + round % 8;
    for (uint32_t p = 0; p < n; p++) {
      term_t a[6];
      seed = seed * 1103515245u + 12345u;
      uint32_t k = 1 + (seed >> 16) % 6;
      for (uint32_t i = 0; i < k; i++) {
        seed = seed * 1103515245u + 12345u;
        term_t v = x[(seed >> 16) % 24];
        a[i] = (seed >> 8) % 7 == 0 ? term_not(v) : v;
      }
      parts[p] = (seed >> 4) % 9 == 0 ? term_not(term_and(k, a)) : term_and(k, a);
    }
    if (round % 17 == 3) parts[round % n] = term_true();
    if (round % 23 == 5) parts[round % n] = term_false();
    CHECK(tla_and_merged(n, parts, &buf) == term_and(n, parts));
  }
  /* complementary literals in two parts */
  term_t p2[2] = {term_and2(x[0], x[1]), term_and2(term_not(x[1]), x[2])};
  CHECK(term_is_false(tla_and_merged(2, p2, &buf)));
  /* many parts: term_and's result too */
  term_t many[70];
  for (int i = 0; i < 70; i++) many[i] = term_and2(x[i % 24], x[(i * 7 + 3) % 24]);
  CHECK(tla_and_merged(70, many, &buf) == term_and(70, many));
  term_vec_free(&buf);
}

/* A state's cube is its variables' parts unflattened (tla_sym.c
 * reach_cubes: term_and_nested; one node over ~6 parts where the flat one
 * had ~100 arguments): term_and flattens it into the flat cube, and the
 * proof decides every state as over the flat cubes (the same counts,
 * order and rebuilt nodes). A nested cube that fixes a leaf twice takes
 * its values from the flat cube (their order matters): no proof, as
 * test_reach_rows's flat one. And term_and_nested keeps its parts. */
static void check_same_stats(const tla_reach_stats *a, const tla_reach_stats *b) {
  CHECK(a->folded == b->folded && a->by_subst == b->by_subst && a->grouped == b->grouped);
  CHECK(a->checked == b->checked && a->in_rows == b->in_rows);
  CHECK(a->leaf_changes == b->leaf_changes && a->rebuilt == b->rebuilt);
}

static void test_reach_nested_cubes(void) {
  term_t p = term_var("nc_p", type_bool()), q = term_var("nc_q", type_bool()), r = term_var("nc_r", type_bool());
  term_t parts[3] = {term_and2(p, q), term_and2(q, r), term_not(p)};
  term_t nested = term_and_nested(2, parts);
  CHECK(nested != term_and(2, parts) && term_nargs(nested) == 2 && term_and(1, &nested) == term_and(2, parts));
  term_t pnp = term_and_nested(3, parts);   /* p and ~p in two parts: not folded, false flattened */
  CHECK(term_nargs(pnp) == 3 && term_is_false(term_and(1, &pnp)));
  CHECK(term_and_nested(2, (term_t[]){p, term_not(p)}) == term_false());   /* among the parts: term_and's */
  CHECK(term_and_nested(2, (term_t[]){parts[0], term_true()}) == parts[0]); /* one part left */
  char dir[] = "/tmp/zeta-tla-nested-XXXXXX", why[1200];
  tla_model *m = load_spec(dir, SPLIT_SPEC, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCHECK_DEADLOCK FALSE\n");
  CHECK(m != NULL);
  if (!m) return;
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  tla_sym_reach_set R;
  if (sym && tla_sym_reach(sym, &R) && R.n > 10) {
    ts_engine_opts eo;
    ts_engine_opts_default(&eo);
    size_t nested_n = 0;
    reach_copy flat;
    reach_edit(&R, R.n, R.n, R.n, &flat);
    for (size_t j = 0; j < R.n; j++) {
      flat.cube[j] = term_and(1, &R.cube[j]);
      nested_n += flat.cube[j] != R.cube[j];
    }
    CHECK(nested_n == R.n);
    tla_reach_stats a, b;
    CHECK(tla_reach_check(sym, &R, false, &eo, &a));
    CHECK(tla_reach_check(sym, &flat.r, false, &eo, &b));
    CHECK(a.by_subst == R.n && a.in_rows == R.n);
    check_same_stats(&a, &b);
    CHECK(a.by_parts == R.n && b.by_parts == 0);   /* nested: the parts' values; flat: propagate's */
    reach_free(&flat);
    const ts *sys = tla_sym_ts(sym);
    term_t y = NULL_TERM;
    for (uint32_t v = 0; v < sys->vars.size; v++)
      if (type_kind_of(term_type(sys->vars.data[v])) == TYPE_INT && y == NULL_TERM) y = sys->vars.data[v];
    for (size_t j = 0; y != NULL_TERM && j < R.n; j += 5) {
      reach_copy c;
      reach_edit(&R, R.n, R.n, R.n, &c);
      c.cube[j] = term_and_nested(2, (term_t[]){R.cube[j], term_eq(y, term_int(7))});
      CHECK(!tla_reach_check(sym, &c.r, false, &eo, &a));
      CHECK(a.in_rows == R.n - 1 && a.by_parts == R.n - 1);   /* y fixed by two parts: the flat cube's values */
      c.cube[j] = term_and2(R.cube[j], term_eq(y, term_int(7)));
      CHECK(!tla_reach_check(sym, &c.r, false, &eo, &b));
      check_same_stats(&a, &b);
      /* a part that is not its values alone (y = v \/ y = 9, v its value
       * in the state: the cube's other part fixes it): the whole cube's
       * propagate, which finds the cube pure; the same proof */
      term_t flatj = term_and(1, &R.cube[j]), yv = NULL_TERM;
      for (uint32_t i = 0; i < term_nargs(flatj); i++) {
        term_t e = term_arg(flatj, i);
        if (!term_is_negated(e) && term_op_of(e) == OP_EQ && term_arg(e, 0) == y) yv = term_arg(e, 1);
        if (!term_is_negated(e) && term_op_of(e) == OP_EQ && term_arg(e, 1) == y) yv = term_arg(e, 0);
      }
      CHECK(yv != NULL_TERM);
      if (yv != NULL_TERM) {
        c.cube[j] = term_and_nested(2, (term_t[]){R.cube[j], term_or2(term_eq(y, yv), term_eq(y, term_int(9)))});
        CHECK(tla_reach_check(sym, &c.r, false, &eo, &a));
        CHECK(a.by_subst == R.n && a.in_rows == R.n && a.by_parts == R.n - 1);
      }
      reach_free(&c);
    }
    CHECK(y != NULL_TERM);
  } else {
    CHECK(!"no enumeration of more than ten states");
  }
  if (sym) tla_sym_free(sym);
  tla_model_free(m);
  cleanup(dir);
}

int main(void) {
  RUN(test_layout_and_init);
  RUN(test_reach_check);
  RUN(test_reach_every_edge);
  RUN(test_reach_rows);
  RUN(test_reach_snake_order);
  RUN(test_reach_row_codes);
  RUN(test_and_merged);
  RUN(test_reach_nested_cubes);
  RUN(test_reach_split_cases);
  RUN(test_reach_held_actions);
  RUN(test_reach_deadlock_steps);
  RUN(test_reach_witness_skeleton);
  RUN(test_widen_seq_shared);
  RUN(test_reach_symmetry);
  RUN(test_canonical_least_image);
  RUN(test_state_memo);
  RUN(test_sample_caps);
  RUN(test_grown_sample);
  RUN(test_grown_sample_cut);
  RUN(test_grown_plan_rest);
  RUN(test_set_cubes);
  RUN(test_reach_outside_constraint);
  RUN(test_levels_hopeless);
  RUN(test_candidates);
  RUN(test_elem_candidates);
  RUN(test_kind_literals);
  RUN(test_member_clauses);
  RUN(test_counting);
  RUN(test_load_stretch);
  RUN(test_stretched_deadline);
  RUN(test_relative_budget);
  RUN(test_step_witness_kinds);
  RUN(test_step_choose_extremum);
  RUN(test_step_filter_live_cells);
  RUN(test_bmc_errors_off_path);
  RUN(test_bmc_recursive_subset);
  RUN(test_bmc_split_path);
  RUN(test_bmc_combined_order);
  RUN(test_bmc_elem_facts);
  RUN(test_bmc_path_witness);
  return CHECK_DONE();
}
