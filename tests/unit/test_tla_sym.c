/* The symbolic encoding of TLA+ (lang/tla/tla_sym.c): a set variable is one
 * Boolean per element of its universe (TypeOK's x \subseteq S), a function
 * variable one value per domain element; Init and Next are exact on them
 * (counted by the solver); set union/difference, membership and EXCEPT
 * give the states the explicit engine gives; a counterexample decodes into
 * TLA+ values. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "engine/ts_engine.h"
#include "lang/tla/tla_model.h"
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

static tla_model *load(char *dir) {
  if (!mkdtemp(dir)) return NULL;
  char path[600];
  snprintf(path, sizeof path, "%s/S.tla", dir);
  FILE *f = fopen(path, "w");
  fputs(SPEC, f);
  fclose(f);
  snprintf(path, sizeof path, "%s/S.cfg", dir);
  f = fopen(path, "w");
  fputs("INIT Init\nNEXT Next\nINVARIANTS TypeOK Small\nCHECK_DEADLOCK FALSE\n", f);
  fclose(f);
  snprintf(path, sizeof path, "%s/S.tla", dir);
  tla_load_opts lo = {.check_deadlock = -1};
  diag d = {0};
  return tla_model_load(path, &lo, &d);
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

int main(void) {
  RUN(test_layout_and_init);
  return CHECK_DONE();
}
