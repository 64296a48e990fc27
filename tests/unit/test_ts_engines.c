/* Transition-system engines on tiny hand-built systems: every verdict is
 * checked against the known answer, every trace replayed and every
 * invariant re-checked with cvc5 (the second solver). */
#include <string.h>
#include "check.h"
#include "engine/ts_check.h"
#include "engine/ts_engine.h"
#include "lang/vmt/vmt.h"

#define CVC5 "smtlib:cvc5 --incremental --lang smt2"

typedef zeta_verdict (*engine_fn)(const ts *, const ts_engine_opts *, ts_result *);
static const struct { const char *name; engine_fn run; bool complete_safe; } engines[] = {
  {"bmc", bmc_run, false}, {"kind", kind_run, true}, {"pdr", pdr_run, true},
  {"pdr-specific", pdr_run, true}, {"imc", imc_run, true},
};

/* Runs every engine on sys; expected: ZETA_SAFE or ZETA_UNSAFE.
 * must_solve: engines that must give a definite answer (bitmask). */
static void run_all(const ts *sys, zeta_verdict expected, unsigned must_solve) {
  for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
    ts_engine_opts o;
    ts_engine_opts_default(&o);
    /* generous for engines that must answer (no timing claims), short otherwise */
    zeta_limits lim = limits_from_timeout(must_solve & (1u << e) ? 60 : 3);
    o.limits = &lim;
    o.bound = 12;
    o.refine_specific = strcmp(engines[e].name, "pdr-specific") == 0;
    ts_result r;
    zeta_verdict v = engines[e].run(sys, &o, &r);
    if (v != ZETA_UNKNOWN && v != expected) fprintf(stderr, "%s: %s gave the wrong verdict\n", sys->name, engines[e].name);
    CHECK(v == ZETA_UNKNOWN || v == expected);
    if (must_solve & (1u << e)) {
      if (v != expected) fprintf(stderr, "%s: %s did not solve (%s)\n", sys->name, engines[e].name, r.reason ? r.reason : "");
      CHECK(v == expected);
    }
    if (v == ZETA_UNSAFE) CHECK(ts_trace_replay_with(CVC5, sys, &r.trace) == SOLVER_SAT);
    if (v == ZETA_SAFE && r.invariant != NULL_TERM)
      CHECK(ts_invariant_check_with(CVC5, sys, r.invariant) == TS_INV_OK);
    ts_result_free(&r);
  }
}

/* x := 0; x := (x + 1) mod-like wrap at limit; property x <= bound */
static void make_counter(ts *s, long limit, long bound, bool strict) {
  ts_init(s);
  term_t x = term_var("x", type_int());
  term_vec_push(&s->vars, x);
  s->init = term_eq(x, term_int(0));
  s->trans = term_eq(term_prime(x), term_ite(term_lt(x, term_int(limit)), term_add2(x, term_int(1)), term_int(0)));
  s->prop = strict ? term_lt(x, term_int(bound)) : term_le(x, term_int(bound));
}

static void test_counter_safe(void) {
  ts s;
  make_counter(&s, 10, 10, false);
  s.name = strdup("counter-safe");
  run_all(&s, ZETA_SAFE, 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4);
  ts_free(&s);
}

static void test_counter_unsafe(void) {
  ts s;
  make_counter(&s, 10, 7, true);
  s.name = strdup("counter-unsafe");
  run_all(&s, ZETA_UNSAFE, 0x7);
  ts_free(&s);
}

/* b toggles; y grows by an input in [0,1] when b; property: y >= 0 (needs no
 * strengthening) and, unsafe variant, y < 3. */
static void make_toggle(ts *s, bool unsafe) {
  ts_init(s);
  term_t b = term_var("b", type_bool()), y = term_var("y", type_int()), i = term_var("i", type_int());
  term_vec_push(&s->vars, b);
  term_vec_push(&s->vars, y);
  term_vec_push(&s->inputs, i);
  s->init = term_and2(term_not(b), term_eq(y, term_int(0)));
  term_t in_range = term_and2(term_le(term_int(0), i), term_le(i, term_int(1)));
  s->trans = term_and(3, (term_t[]){in_range, term_iff(term_prime(b), term_not(b)),
                                   term_eq(term_prime(y), term_ite(b, term_add2(y, i), y))});
  s->prop = unsafe ? term_lt(y, term_int(3)) : term_or2(term_not(b), term_le(term_int(0), y));
}

static void test_toggle(void) {
  ts s;
  make_toggle(&s, false);
  s.name = strdup("toggle-safe");
  run_all(&s, ZETA_SAFE, 1u << 2 | 1u << 3);
  ts_free(&s);
  make_toggle(&s, true);
  s.name = strdup("toggle-unsafe");
  run_all(&s, ZETA_UNSAFE, 0x7);
  ts_free(&s);
}

/* No path of length 2 at all: BMC may (and should) answer SAFE. */
static void test_bmc_complete(void) {
  ts s;
  ts_init(&s);
  term_t x = term_var("x", type_int());
  term_vec_push(&s.vars, x);
  s.init = term_eq(x, term_int(0));
  s.trans = term_and2(term_eq(x, term_int(0)), term_eq(term_prime(x), term_int(1)));
  s.prop = term_le(x, term_int(1));
  s.name = strdup("finite");
  run_all(&s, ZETA_SAFE, 1u << 0 | 1u << 2);
  ts_free(&s);
}

/* x, y start equal and step by the same input: x = y needs the relation. */
static void test_two_counters(void) {
  ts s;
  ts_init(&s);
  term_t x = term_var("x", type_int()), y = term_var("y", type_int()), z = term_var("z", type_int());
  term_vec_push(&s.vars, x);
  term_vec_push(&s.vars, y);
  term_vec_push(&s.vars, z);
  s.init = term_and(3, (term_t[]){term_eq(x, term_int(0)), term_eq(y, term_int(0)), term_eq(z, term_int(0))});
  /* z counts steps; x, y both grow by z's parity-dependent amount */
  s.trans = term_and(3, (term_t[]){term_eq(term_prime(z), term_add2(z, term_int(1))),
                                   term_eq(term_prime(x), term_add2(x, term_int(2))),
                                   term_eq(term_prime(y), term_add2(y, term_int(2)))});
  s.prop = term_not(term_eq(x, term_int(5)));   /* x even: safe, needs x = y-like strengthening? no: parity */
  s.name = strdup("parity");
  run_all(&s, ZETA_SAFE, 0);
  ts_free(&s);
}

static void test_vmt_reader(void) {
  const char *text =
    "(declare-fun x () Int)(declare-fun xn () Int)(declare-fun d () Int)\n"
    "(define-fun .x () Int (! x :next xn))\n"
    "(define-fun .i () Bool (! (= x 0) :init true))\n"
    "(define-fun .t () Bool (! (= xn (+ x d)) :trans true))\n"
    "(define-fun .p () Bool (! (< x 5) :invar-property 0))\n"
    "(define-fun .q () Bool (! (< x 9) :invar-property 1))\n";
  ts s;
  char *diag = NULL;
  CHECK(vmt_read_string("t.vmt", text, 1, &s, &diag));
  CHECK(s.vars.size == 1 && s.inputs.size == 1);
  term_t x = term_var("x", type_int());
  CHECK(s.prop == term_lt(x, term_int(9)));
  CHECK(s.trans == term_eq(term_prime(x), term_add2(x, term_var("d", type_int()))));
  ts_free(&s);
  CHECK(!vmt_read_string("bad.vmt", "(declare-fun x () Int)\n(define-fun .x () Int (! x :next y))\n", 0, &s, &diag));
  CHECK(diag && strncmp(diag, "bad.vmt:2:", 10) == 0);
  free(diag);
  diag = NULL;
  CHECK(!vmt_read_string("n.vmt", "(declare-fun x () Int)\n", 0, &s, &diag));
  free(diag);
}

/* The bad state has no successor: engines must still find it. */
static void test_deadlocked_bad(void) {
  ts s;
  ts_init(&s);
  term_t x = term_var("x", type_int());
  term_vec_push(&s.vars, x);
  s.init = term_eq(x, term_int(0));
  s.trans = term_and2(term_lt(x, term_int(3)), term_eq(term_prime(x), term_add2(x, term_int(1))));
  s.prop = term_not(term_eq(x, term_int(3)));
  s.name = strdup("deadlocked-bad");
  run_all(&s, ZETA_UNSAFE, 0x7);
  ts_free(&s);
}

int main(void) {
  RUN(test_vmt_reader);
  RUN(test_counter_safe);
  RUN(test_counter_unsafe);
  RUN(test_toggle);
  RUN(test_bmc_complete);
  RUN(test_two_counters);
  RUN(test_deadlocked_bad);
  return CHECK_DONE();
}
