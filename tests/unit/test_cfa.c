/* CFA model and parser: the benchmark files parse, malformed inputs give
 * file:line:column diagnostics, LBE / pruning / distances. */
#include <dirent.h>
#include <string.h>
#include "check.h"
#include "lang/cfa/cfa_parser.h"
#include "ir/cfa_live.h"
#include "ir/cfa_path.h"
#include "solver/solver.h"

static const char *shared(void) {
  const char *s = getenv("SHARED");
  return s ? s : "../shared";
}

static bool parse(const char *text, cfa *c, char *err) {
  return cfa_parse("t.cfa", text, strlen(text), c, err, 512);
}

/* f(path, parsed, c, err, ctx) for each CFA task; the number of tasks */
static int for_each_task(void (*f)(const char *path, bool parsed, cfa *c, const char *err, void *ctx), void *ctx) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/benchmarks/cfa", shared());
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (l < 5 || strcmp(e->d_name + l - 4, ".cfa")) continue;
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    cfa c;
    bool ok = cfa_parse_file(path, &c, err, sizeof err);
    f(path, ok, &c, err, ctx);
    if (ok) cfa_free(&c);
    n++;
  }
  closedir(d);
  return n;
}

static void parses(const char *path, bool ok, cfa *c, const char *err, void *ctx) {
  (void)path, (void)ctx;
  if (!ok) fprintf(stderr, "%s\n", err);
  CHECK(ok);
  if (ok) CHECK(c->init != CFA_NONE && c->error != CFA_NONE);
}

static void test_benchmarks_parse(void) { CHECK(for_each_task(parses, NULL) == 24); }

static void expect_error(const char *text, const char *where, const char *what) {
  cfa c;
  char err[512] = "";
  bool ok = parse(text, &c, err);
  CHECK(!ok);
  if (ok) { cfa_free(&c); return; }
  if (!strstr(err, where) || !strstr(err, what)) {
    fprintf(stderr, "unexpected diagnostic: %s (wanted %s ... %s)\n", err, where, what);
    CHECK(0);
  }
}

static void test_malformed(void) {
  expect_error("main process p { var x : int\n error loc E }", "t.cfa:1:14:", "no init location");
  expect_error("main process p { var x : int\n init loc I }", "t.cfa:1:14:", "no error location");
  expect_error("main process p {\n init loc I\n error loc E\n I -> E { y := 1 } }", "t.cfa:4:11:", "undeclared variable 'y'");
  expect_error("main process p { var x : int\n init loc I\n error loc E\n I -> E { x := true } }", "t.cfa:4:16:", "type mismatch");
  expect_error("main process p { var x : int\n init loc I\n error loc E\n I -> E { assume x + 1 } }", "t.cfa:4:18:", "type mismatch");
  expect_error("main process p { var x : int\n init loc I\n error loc E\n I -> E { assume (x > 1 } }", "t.cfa:4:25:", "expected ')'");
  expect_error("main process p { var x : int\n init loc I\n error loc E\n I -> F }", "t.cfa:4:7:", "undeclared location 'F'");
  expect_error("main process p { var x : fp[8:24]\n init loc I\n error loc E }", "t.cfa:1:26:", "floating-point");
  expect_error("main process p { var x : int /* open", "t.cfa:1:30:", "unterminated comment");
  expect_error("main process p { var x : int\n init loc I\n error loc E\n I -> E { x := 3 $ } }", "t.cfa:4:18:", "unexpected character");
  expect_error("", "t.cfa:1:1:", "main process");
  expect_error("main process p { var x : bv[4]\n init loc I\n error loc E\n I -> E { assume x bvult 5'd3 } }", "t.cfa:4:20:", "type mismatch");
}

static void test_expressions(void) {
  const char *text =
      "// comment\nmain process p { var a : [int] -> bool  var b : bv[4]  var r : rat  var i : int\n"
      " init loc I error loc E  /* block */\n"
      " I -> E { a := [0 <- true, default <- false]  b := 4'hF bvand 4'b0101  r := 1%2\n"
      "          assume not a[1] and a[0] = true and (b = 4'd5) and (if i > 0 then i mod 2 = 1 else -i >= 0)\n"
      "          a := a[2 <- true]  i := i * 3 + i / 2 - i rem 3  havoc i }\n}";
  cfa c;
  char err[512] = "";
  bool ok = parse(text, &c, err);
  if (!ok) fprintf(stderr, "%s\n", err);
  CHECK(ok);
  if (!ok) return;
  CHECK(c.nedges == 1 && c.edges[0].nstmts == 7);
  /* the edge is satisfiable: a[0] = true, b = 5 after the assignments */
  term_t f = cfa_edge_formula(&c, 0);
  CHECK(solver_check_formula(f, 5000) == SOLVER_SAT);
  cfa_free(&c);
}

static void test_precedence(void) {
  /* not binds weaker than >; and weaker than =; imply right-assoc */
  const char *text = "main process p { var x : int var y : bool init loc I error loc E\n"
                     " I -> E { assume not x > 0 and y = true imply false } }";
  cfa c;
  char err[512];
  CHECK(parse(text, &c, err));
  term_t x = term_var("x", type_int()), y = term_var("y", type_bool());
  term_t want = term_implies(term_and2(term_not(term_gt(x, term_int(0))), term_eq(y, term_true())), term_false());
  CHECK(c.edges[0].stmts[0].expr == want);
  cfa_free(&c);
}

static void test_lbe_prune_distance(void) {
  const char *text = "main process p { var x : int init loc A loc B loc C loc D loc G error loc E\n"
                     " A -> B { x := 0 } B -> C { x := x + 1 } C -> D { assume x > 0 } D -> E\n"
                     " A -> G { havoc x } G -> G { x := x + 1 } }";
  cfa c;
  char err[512];
  CHECK(parse(text, &c, err));
  uint32_t *d;
  cfa_error_distance(&c, &d);
  CHECK(d[cfa_find_loc(&c, "A")] == 4);
  CHECK(d[cfa_find_loc(&c, "G")] == UINT32_MAX);
  free(d);
  cfa_prune(&c);
  CHECK(c.nlocs == 5 && cfa_find_loc(&c, "G") == CFA_NONE);
  cfa_lbe(&c);
  CHECK(c.nlocs == 2 && c.nedges == 1 && c.edges[0].nstmts == 3);
  CHECK(c.init != CFA_NONE && c.error != CFA_NONE);
  /* x := 0; x := x + 1; assume x > 0 is satisfiable and forces x@1 = 1 */
  term_t f = cfa_edge_formula(&c, 0);
  term_t x1 = term_shift(term_var("x", type_int()), 1);
  CHECK(solver_check_formula(term_and2(f, term_eq(x1, term_int(1))), 5000) == SOLVER_SAT);
  CHECK(solver_check_formula(term_and2(f, term_not(term_eq(x1, term_int(1)))), 5000) == SOLVER_UNSAT);
  cfa_free(&c);
}

/* Error hoisting (cfa_lbe_hoisted): checks inside a loop body (a shared ERROR location, as C's
 * `goto ERROR` gives) climb to the loop head, so the body is one edge and
 * the head has one edge into the error; the paths into the error are the
 * same (the head's error edge is satisfiable exactly when some check in
 * the body fails). */
static void test_lbe_hoists_errors(void) {
  const char *text =
      "main process p { var p1 : int var l1 : int var p2 : int var l2 : int\n"
      " init loc I loc H loc B1 loc U1 loc U2 loc X loc T error loc E\n"
      " I -> H\n"
      " H -> B1 { assume p2 /= 0 l1 := 0 l2 := 1 } H -> B1 { assume p2 = 0 l1 := 0 l2 := 0 }\n"
      " B1 -> U1 { assume p1 /= 0 l1 := 1 } B1 -> U1 { assume p1 = 0 }\n"
      " U1 -> X { assume p1 /= 0 } U1 -> U2 { assume p1 = 0 }\n"
      " X -> T { assume l1 /= 1 } X -> U2 { assume l1 = 1 l1 := 0 }\n"
      " U2 -> T { assume p2 /= 0 assume l2 /= 1 } U2 -> H { assume p2 = 0 } U2 -> H { assume p2 /= 0 assume l2 = 1 }\n"
      " T -> E }";
  cfa c;
  char err[512];
  CHECK(parse(text, &c, err));
  cfa_prune(&c);
  cfa_lbe_hoisted(&c);
  uint32_t h = cfa_find_loc(&c, "H");
  CHECK(h != CFA_NONE && c.nlocs == 3);   /* I, H, E */
  uint32_t to_err = CFA_NONE, loops = 0;
  for (uint32_t e = 0; e < c.nedges; e++) {
    if (c.edges[e].src == h && c.edges[e].dst == c.error) to_err = e;
    if (c.edges[e].src == h && c.edges[e].dst == h) loops++;
  }
  CHECK(to_err != CFA_NONE && loops == 1);
  /* from any state at H, no check in the body fails */
  if (to_err != CFA_NONE) CHECK(solver_check_formula(cfa_edge_formula(&c, to_err), 5000) == SOLVER_UNSAT);
  cfa_free(&c);
  /* the same body with l1 not reset: the first check can fail */
  const char *bad =
      "main process p { var p1 : int var l1 : int init loc H loc U1 loc X loc T error loc E\n"
      " H -> U1 { assume p1 /= 0 } U1 -> X { assume l1 /= 1 } U1 -> H { assume l1 = 1 }\n"
      " X -> T X -> H { havoc l1 } T -> E }";
  CHECK(parse(bad, &c, err));
  cfa_prune(&c);
  cfa_lbe_hoisted(&c);
  bool sat_err = false;
  for (uint32_t e = 0; e < c.nedges; e++)
    if (c.edges[e].dst == c.error) sat_err |= solver_check_formula(cfa_edge_formula(&c, e), 5000) == SOLVER_SAT;
  CHECK(sat_err);
  cfa_free(&c);
}

/* free_dead_joins (cfa.h): after a choice, a variable nothing reads again
 * gets a free value instead of a join; live variables and variables with
 * a havoc (read back from traces) stay exact. */
static bool sat_with(term_t f, term_t extra) { return solver_check_formula(term_and2(f, extra), 5000) == SOLVER_SAT; }

static void test_free_dead_joins(void) {
  const char *text = "main process p { var x : int var a : int var r : int var h : int\n"
                     " init loc A loc B error loc E\n"
                     " A -> B { assume x > 0 a := x + 1 r := a havoc h } A -> B { assume x <= 0 r := 0 }\n"
                     " B -> E { assume r > 5 } }";
  term_t x = term_var("x", type_int()), a1 = term_shift(term_var("a", type_int()), 1);
  term_t r1 = term_shift(term_var("r", type_int()), 1), h = term_var("h", type_int());
  term_t f[2];
  for (int relaxed = 0; relaxed < 2; relaxed++) {
    cfa c;
    char err[512];
    CHECK(parse(text, &c, err));
    cfa_lbe(&c);
    CHECK(c.nedges == 1 && c.edges[0].nstmts == 2 && c.edges[0].stmts[0].kind == CFA_CHOICE);
    c.free_dead_joins = relaxed;
    f[relaxed] = c.nedges ? cfa_edge_formula(&c, 0) : term_false();
    cfa_free(&c);
  }
  term_t x10 = term_eq(x, term_int(10)), xneg = term_eq(x, term_int(-1));
  /* a is dead at the error location: exact a@1 = 11, relaxed anything (11 included) */
  CHECK(!sat_with(f[0], term_and2(x10, term_eq(a1, term_int(7)))));
  CHECK(sat_with(f[1], term_and2(x10, term_eq(a1, term_int(7)))));
  CHECK(sat_with(f[1], term_and2(x10, term_eq(a1, term_int(11)))));
  /* r is read after the choice: exact in both */
  for (int k = 0; k < 2; k++) CHECK(!sat_with(f[k], term_and2(x10, term_not(term_eq(r1, term_int(11))))));
  /* h has a havoc: kept (the other alternative leaves it unchanged) */
  for (int k = 0; k < 2; k++) CHECK(!sat_with(f[k], term_and2(xneg, term_not(term_eq(term_shift(h, 1), h)))));
  CHECK(!sat_with(f[1], xneg));   /* r = 0 there: the error is not reached */
}

/* cfa_live_vars (gen/kill summaries per edge) against the statement walk
 * repeated to a fixpoint (the definition), on every benchmark CFA before
 * and after large-block encoding (nested choices). */
static bool *live_by_walks(const cfa *c) {
  uint32_t nv = c->vars.size;
  bool *live = calloc((size_t)c->nlocs * nv + 1, 1), *t = malloc(nv + 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t e = 0; e < c->nedges; e++) {
      const cfa_edge *ed = &c->edges[e];
      if (ed->call) memset(t, 1, nv);
      else memcpy(t, &live[(size_t)ed->dst * nv], nv), cfa_live_back(c, ed->stmts, ed->nstmts, t, NULL, NULL);
      for (uint32_t i = 0; i < nv; i++)
        if (t[i] && !live[(size_t)ed->src * nv + i]) live[(size_t)ed->src * nv + i] = changed = true;
    }
  }
  free(t);
  return live;
}

static void live_same(const char *path, bool ok, cfa *c, const char *err, void *ctx) {
  (void)path, (void)err;
  int *counts = ctx;   /* CFAs compared, live pairs seen */
  if (!ok) return;
  for (int lbe = 0; lbe < 2; lbe++) {
    if (lbe) cfa_prune(c), cfa_lbe(c);
    bool *a = cfa_live_vars(c), *b = live_by_walks(c);
    size_t n = (size_t)c->nlocs * c->vars.size;
    CHECK(memcmp(a, b, n) == 0);
    for (size_t i = 0; i < n; i++) counts[1] += a[i];
    counts[0]++;
    free(a), free(b);
  }
}

static void test_live_summaries(void) {
  int counts[2] = {0, 0};
  for_each_task(live_same, counts);
  CHECK(counts[0] == 48 && counts[1] > 0);
  /* alternatives that kill different variables, in both orders: h and a
   * are live before the choice (one alternative keeps them) */
  const char *texts[2] = {
      "main process p { var x : int var a : int var r : int var h : int init loc A loc B error loc E\n"
      " A -> B { assume x > 0 a := x + 1 r := a havoc h } A -> B { assume x <= 0 r := 0 }\n"
      " B -> E { assume r > 5 assume h > a } }",
      "main process p { var x : int var a : int var r : int var h : int init loc A loc B error loc E\n"
      " A -> B { assume x <= 0 r := 0 } A -> B { assume x > 0 a := x + 1 r := a havoc h }\n"
      " B -> E { assume r > 5 assume h > a } }"};
  for (int k = 0; k < 2; k++) {
    cfa c;
    char err[512];
    CHECK(parse(texts[k], &c, err));
    cfa_lbe(&c);
    CHECK(c.nedges == 1 && c.edges[0].stmts[0].kind == CFA_CHOICE);
    bool *a = cfa_live_vars(&c), *b = live_by_walks(&c);
    CHECK(memcmp(a, b, (size_t)c.nlocs * c.vars.size) == 0);
    uint32_t A = cfa_find_loc(&c, "A"), h = cfa_var_index(&c, term_var("h", type_int()));
    CHECK(A != CFA_NONE && h != CFA_NONE && a[(size_t)A * c.vars.size + h]);
    free(a), free(b);
    cfa_free(&c);
  }
}

/* A chain of 3000 links becomes one edge with the statements in order
 * (built at once: cfa_lbe), and a cycle with no way in a self loop. */
static void test_lbe_long_chain(void) {
  enum { N = 3000 };
  size_t cap = 48 * (size_t)N + 256, len = 0;
  char *text = malloc(cap);
  len += (size_t)snprintf(text + len, cap - len, "main process p { var x : int init loc L0");
  for (int i = 1; i < N; i++) len += (size_t)snprintf(text + len, cap - len, " loc L%d", i);
  len += (size_t)snprintf(text + len, cap - len, " loc C0 loc C1 loc C2 error loc E\n");
  for (int i = 0; i + 1 < N; i++) len += (size_t)snprintf(text + len, cap - len, " L%d -> L%d { x := %d }", i, i + 1, i);
  len += (size_t)snprintf(text + len, cap - len, " L%d -> E { assume x = 5 } C0 -> C1 C1 -> C2 C2 -> C0 }", N - 1);
  cfa c;
  char err[512];
  CHECK(parse(text, &c, err));
  free(text);
  cfa_lbe(&c);
  uint32_t chains = 0, loops = 0;
  for (uint32_t e = 0; e < c.nedges; e++) {
    const cfa_edge *ed = &c.edges[e];
    if (ed->src == c.init && ed->dst == c.error) {
      chains++;
      CHECK(ed->nstmts == N);
      for (uint32_t i = 0; i + 1 < ed->nstmts; i++)   /* x := i, in order */
        CHECK(ed->stmts[i].kind == CFA_ASSIGN && ed->stmts[i].expr == term_int(i));
      CHECK(ed->stmts[N - 1].kind == CFA_ASSUME);
    }
    loops += ed->src == ed->dst;
  }
  CHECK(chains == 1 && loops == 1 && c.nlocs == 3);   /* L0, E and one cycle location: */
  CHECK(cfa_find_loc(&c, "C2") != CFA_NONE);          /* its highest, as link by link */
  cfa_free(&c);
}

int main(void) {
  RUN(test_benchmarks_parse);
  RUN(test_malformed);
  RUN(test_expressions);
  RUN(test_precedence);
  RUN(test_lbe_prune_distance);
  RUN(test_lbe_hoists_errors);
  RUN(test_free_dead_joins);
  RUN(test_live_summaries);
  RUN(test_lbe_long_chain);
  return CHECK_DONE();
}
