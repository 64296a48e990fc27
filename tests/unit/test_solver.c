/* Both solver backends on small formulas: sat/unsat, models that satisfy,
 * cores that are unsat, push/pop, timeouts, enumeration. */
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "lang/lang_common.h"
#include "core/term.h"
#include "solver/smtlib_sexp.h"
#include "solver/solver.h"
#include "solver/z3_conv.h"
#include "solver/z3_qe.h"
#include "core/limits.h"

static const char *backends[] = {"z3", "smtlib:z3 -in", "smtlib:cvc5 --incremental --lang smt2"};
#define NB (sizeof backends / sizeof *backends)

static bool is_value(term_t v, term_t expect) { return v != NULL_TERM && v == expect; }

static void test_basic_sat_unsat(void) {
  for (unsigned b = 0; b < NB; b++) {
    const char *err = NULL;
    solver *s = solver_new(backends[b], &err);
    CHECK(s != NULL);
    if (!s) continue;
    term_t x = term_var("x", type_int()), y = term_var("y", type_int());
    term_t x1 = term_var_at(x, 1);
    solver_assert(s, term_gt(x, term_int(3)));
    solver_assert(s, term_eq(y, term_add2(x, term_int(2))));
    solver_assert(s, term_eq(x1, term_mul2(term_int(2), y)));
    CHECK(solver_check(s) == SOLVER_SAT);
    term_t vx = solver_value(s, x), vy = solver_value(s, y), vx1 = solver_value(s, x1);
    CHECK(vx != NULL_TERM && vy != NULL_TERM && vx1 != NULL_TERM);
    if (vx != NULL_TERM && vy != NULL_TERM && vx1 != NULL_TERM) {
      term_t vars[3] = {x, y, x1}, vals[3] = {vx, vy, vx1};
      term_t all = term_and2(term_and2(term_gt(x, term_int(3)), term_eq(y, term_add2(x, term_int(2)))),
                             term_eq(x1, term_mul2(term_int(2), y)));
      CHECK(term_is_true(term_eval(all, 3, vars, vals)));
    }
    /* value of a compound term */
    term_t sum = solver_value(s, term_add2(x, y));
    CHECK(sum != NULL_TERM && term_is_const(sum));
    solver_push(s);
    solver_assert(s, term_lt(y, term_int(5)));
    CHECK(solver_check(s) == SOLVER_UNSAT);
    solver_pop(s, 1);
    CHECK(solver_check(s) == SOLVER_SAT);
    solver_free(s);
  }
}

static void test_theories_values(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    CHECK(s != NULL);
    if (!s) continue;
    type_t bv8 = type_bv(8), arr = type_array(type_int(), type_int());
    term_t r = term_var("r", type_real()), p = term_var("p", type_bool());
    term_t u = term_var("u", bv8), a = term_var("a", arr);
    mpq_t third;
    mpq_init(third);
    mpq_set_ui(third, 1, 3);
    term_t q3 = term_real_mpq(third);
    solver_assert(s, term_eq(term_mul2(term_to_real(term_int(3)), r), term_to_real(term_int(1))));
    solver_assert(s, p);
    solver_assert(s, term_eq(term_bvop2(OP_BVADD, u, term_bv_u64(8, 250)), term_bv_u64(8, 4)));
    solver_assert(s, term_eq(term_select(a, term_int(1)), term_int(7)));
    solver_assert(s, term_eq(term_select(a, term_int(2)), term_int(-3)));
    CHECK(solver_check(s) == SOLVER_SAT);
    CHECK(is_value(solver_value(s, r), q3));
    CHECK(is_value(solver_value(s, p), term_true()));
    CHECK(is_value(solver_value(s, u), term_bv_u64(8, 10)));
    term_t av = solver_value(s, a);
    CHECK(av != NULL_TERM);
    if (av != NULL_TERM) {
      CHECK(is_value(solver_value(s, term_select(av, term_int(1))), term_int(7)));
      CHECK(is_value(solver_value(s, term_select(av, term_int(2))), term_int(-3)));
    }
    mpq_clear(third);
    solver_free(s);
  }
}

static void test_big_numbers(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    if (!s) { CHECK(0); continue; }
    term_t x = term_var("big", type_int());
    term_t big = term_int_str("115792089237316195423570985008687907853269984665640564039457584007913129639935");
    solver_assert(s, term_eq(x, term_add2(big, term_int(1))));
    CHECK(solver_check(s) == SOLVER_SAT);
    CHECK(is_value(solver_value(s, x), term_int_str("115792089237316195423570985008687907853269984665640564039457584007913129639936")));
    type_t bv256 = type_bv(256);
    term_t w = term_var("w", bv256);
    mpz_t m;
    mpz_init(m);
    mpz_setbit(m, 255);
    solver_assert(s, term_eq(w, term_bv_mpz(256, m)));
    CHECK(solver_check(s) == SOLVER_SAT);
    CHECK(is_value(solver_value(s, w), term_bv_mpz(256, m)));
    mpz_clear(m);
    solver_free(s);
  }
}

static void test_cores(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    if (!s) { CHECK(0); continue; }
    term_t x = term_var("cx", type_int()), p = term_var("cp", type_bool());
    term_t as[4] = {term_gt(x, term_int(10)), p, term_lt(x, term_int(5)), term_eq(x, term_int(20))};
    CHECK(solver_check_assuming(s, 4, as) == SOLVER_UNSAT);
    term_t *core;
    uint32_t n = solver_unsat_core(s, &core);
    CHECK(n >= 2);
    /* The core is itself unsat (checked with a fresh Z3 solver). */
    CHECK(solver_check_formula(term_and(n, core), 0) == SOLVER_UNSAT);
    for (uint32_t i = 0; i < n; i++) CHECK(core[i] != p);
    free(core);
    /* negative literal assumptions */
    term_t as2[2] = {term_not(p), p};
    CHECK(solver_check_assuming(s, 2, as2) == SOLVER_UNSAT);
    n = solver_unsat_core(s, &core);
    CHECK(n == 2);
    free(core);
    CHECK(solver_check_assuming(s, 2, as) == SOLVER_SAT);
    solver_free(s);
  }
}

static void test_uninterpreted(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    if (!s) { CHECK(0); continue; }
    type_t U = type_sort("U");
    type_t dom[1] = {U};
    term_t f = term_var("f", type_fun(1, dom, U));
    term_t a = term_var("ua", U), c = term_var("ub", U);
    term_t fa = term_apply(f, 1, &a), fc = term_apply(f, 1, &c);
    solver_assert(s, term_not(term_eq(fa, fc)));
    CHECK(solver_check(s) == SOLVER_SAT);
    term_t va = solver_value(s, a), vc = solver_value(s, c);
    CHECK(va != NULL_TERM && vc != NULL_TERM && va != vc);
    solver_assert(s, term_eq(a, c));
    CHECK(solver_check(s) == SOLVER_UNSAT);
    solver_free(s);
  }
}

static void test_quantifier(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    if (!s) { CHECK(0); continue; }
    term_t x = term_var("qx", type_int()), k = term_var("k", type_int());
    term_t body = term_le(k, x);
    solver_assert(s, term_forall(1, &x, body));   /* k <= every int: unsat */
    CHECK(solver_check(s) == SOLVER_UNSAT);
    solver_free(s);
  }
}

static double now_s(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}

/* A hard problem: a*b*c = d^3+... nonlinear; with a short timeout the answer
 * must come back quickly as unknown (or an answer) and the solver must stay usable. */
static void test_timeout(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    if (!s) { CHECK(0); continue; }
    term_t v[3];
    for (int i = 0; i < 3; i++) { char n[16]; snprintf(n, sizeof n, "t%d", i); v[i] = term_var(n, type_int()); }
    term_t cube[3];
    for (int i = 0; i < 3; i++) {
      term_t xs[3] = {v[i], v[i], v[i]};
      cube[i] = term_mul(3, xs);
      solver_assert(s, term_gt(v[i], term_int(1)));
    }
    /* x^3 + y^3 = z^3 has no positive solutions; hard for SMT solvers. */
    solver_assert(s, term_eq(term_add2(cube[0], cube[1]), cube[2]));
    solver_set_timeout(s, 300);
    double t0 = now_s();
    solver_result r = solver_check(s);
    double dt = now_s() - t0;
    CHECK(r != SOLVER_SAT);
    CHECK(dt < 5.0);
    if (r == SOLVER_UNKNOWN) CHECK(strlen(s->ops->reason_unknown(s)) > 0);
    /* still usable afterwards */
    solver_set_timeout(s, 0);
    solver_push(s);
    solver_assert(s, term_eq(v[0], term_int(1)));
    CHECK(solver_check(s) == SOLVER_UNSAT);
    solver_pop(s, 1);
    solver_free(s);
  }
}

static void test_enumerate(void) {
  for (unsigned b = 0; b < NB; b++) {
    solver *s = solver_new(backends[b], NULL);
    if (!s) { CHECK(0); continue; }
    term_t x = term_var("ex", type_int()), p = term_var("ep", type_bool());
    term_t f = term_and2(term_le(term_int(0), x), term_lt(x, term_int(5)));
    term_t ts[2] = {x, p};
    uint32_t count;
    term_t *vals;
    CHECK(solver_enumerate(s, f, 2, ts, 0, 0, &count, &vals) == SOLVER_UNSAT);
    CHECK(count == 10);
    for (uint32_t i = 0; i < count; i++)
      for (uint32_t j = 0; j < i; j++)
        CHECK(vals[2 * i] != vals[2 * j] || vals[2 * i + 1] != vals[2 * j + 1]);
    free(vals);
    CHECK(solver_enumerate(s, f, 1, ts, 3, 0, &count, &vals) == SOLVER_SAT);
    CHECK(count == 3);
    free(vals);
    CHECK(solver_enumerate(s, term_and2(f, term_gt(x, term_int(9))), 1, ts, 0, 0, &count, &vals) == SOLVER_UNSAT);
    CHECK(count == 0);
    free(vals);
    /* a deadline bounds the whole enumeration, not each check (pds's
     * abstraction overran its run's --timeout by 6 s) */
    CHECK(solver_enumerate(s, f, 2, ts, 0, limits_now() - 1, &count, &vals) == SOLVER_UNKNOWN);
    CHECK(count == 0);
    free(vals);
    CHECK(solver_enumerate(s, f, 2, ts, 0, limits_now() + 60, &count, &vals) == SOLVER_UNSAT);
    CHECK(count == 10);
    free(vals);
    /* the solver is left as it was */
    CHECK(solver_check(s) == SOLVER_SAT);
    solver_free(s);
  }
}

static void test_dead_solver(void) {
  const char *err = NULL;
  CHECK(solver_new("smtlib:/nonexistent/solver", &err) == NULL);
  CHECK(err != NULL);
  CHECK(solver_new("nosuch", &err) == NULL);
  /* A solver that exits after the handshake: answers are unknown, no crash. */
  solver *s = solver_new("smtlib:sh -c 'read l; echo \"(:name x)\"'", NULL);
  CHECK(s != NULL);
  if (s) {
    solver_assert(s, term_var("d", type_bool()));
    CHECK(solver_check(s) == SOLVER_UNKNOWN);
    CHECK(solver_value(s, term_var("d", type_bool())) == NULL_TERM);
    solver_free(s);
  }
}

/* x*x = 2 over the reals: Z3's value is an algebraic number, which has no
 * literal term: the value is a failure, never a wrong rational. */
static void test_algebraic_value(void) {
  solver *s = solver_new_z3();
  if (!s) { CHECK(0); return; }
  term_t x = term_var("alg", type_real());
  solver_assert(s, term_eq(term_mul2(x, x), term_to_real(term_int(2))));
  CHECK(solver_check(s) == SOLVER_SAT);
  CHECK(solver_value(s, x) == NULL_TERM);
  solver_free(s);
}

/* Terms far deeper than the C stack would allow in a recursive translation. */
static void test_deep_term(void) {
  solver *s = solver_new_z3();
  if (!s) { CHECK(0); return; }
  term_t t = term_var("deep0", type_int());
  for (int i = 1; i <= 5000; i++) {
    char b[32], y[32];
    snprintf(b, sizeof b, "db%d", i);
    snprintf(y, sizeof y, "dy%d", i);
    t = term_ite(term_var(b, type_bool()), t, term_var(y, type_int()));
  }
  solver_assert(s, term_eq(t, term_int(5)));
  CHECK(solver_check(s) == SOLVER_SAT);
  CHECK(solver_value(s, t) == term_int(5));
  solver_free(s);
}

static void test_sexp_values(void) {
  struct { const char *txt; term_t expect; } cases[4];
  mpq_t q;
  mpq_init(q);
  mpq_set_si(q, -3, 2);
  cases[0].txt = "(- 1.5)"; cases[0].expect = term_real_mpq(q);
  cases[1].txt = "(/ (- 3) 2)"; cases[1].expect = term_real_mpq(q);
  cases[2].txt = "#x0f"; cases[2].expect = term_bv_u64(8, 15);
  cases[3].txt = "(_ bv15 8)"; cases[3].expect = term_bv_u64(8, 15);
  for (int i = 0; i < 4; i++) {
    smtsx *e = smtsx_parse_string(cases[i].txt);
    CHECK(e != NULL);
    type_t ty = i < 2 ? type_real() : type_bv(8);
    CHECK(smtsx_value(e, ty) == cases[i].expect);
    smtsx_free(e);
  }
  mpq_clear(q);
}

/* A tuned backend gives the same answers and keeps its timeout; a backend
 * without tuning ignores the hint; a check alone has the same answers. */
static void test_tune(void) {
  for (unsigned b = 0; b < 2; b++) {
    solver *s = solver_new(backends[b], NULL);
    CHECK(s != NULL);
    if (!s) continue;
    solver_tune(s, "arith.solver", 2);
    solver_set_timeout(s, 5000);
    term_t x = term_var("x", type_int()), y = term_var("y", type_int());
    solver_assert(s, term_le(term_int(0), x));
    solver_assert(s, term_eq(y, term_add2(x, x)));
    solver_push(s);
    solver_assert(s, term_eq(y, term_int(7)));
    CHECK(solver_check(s) == SOLVER_UNSAT);
    solver_pop(s, 1);
    solver_assert(s, term_eq(y, term_int(8)));
    CHECK(solver_check(s) == SOLVER_SAT);
    CHECK(is_value(solver_value(s, x), term_int(4)));
    /* a formula alone gets the tuned parameters too (tla_bmc's path
     * queries), with the same answers (consistent with the stack: the
     * fallback without a backend's own check_alone asks on the stack), and
     * leaves the stack as it was */
    term_t f = term_and2(term_eq(y, term_add2(x, x)), term_le(term_int(0), x));
    CHECK(solver_check_alone(s, term_and2(f, term_eq(y, term_int(7)))) == SOLVER_UNSAT);
    CHECK(solver_check_alone(s, term_and2(f, term_eq(y, term_int(8)))) == SOLVER_SAT);
    /* Z3 keeps the alone formula's model (tla_bmc's trace), others none */
    term_t xv = solver_value(s, x);
    CHECK(b == 0 ? is_value(xv, term_int(4)) : xv == NULL_TERM || is_value(xv, term_int(4)));
    CHECK(solver_check(s) == SOLVER_SAT);
    CHECK(is_value(solver_value(s, x), term_int(4)));
    solver_free(s);
  }
}

/* Quantifier elimination, several in one Z3 context (z3_qe_session): each
 * result is quantifier-free and equivalent to its input (checked by Z3). */
/* A solver in a caller's context (solver_new_z3_in: QE's projection in
 * its session's context): it frees neither the context nor the converter,
 * which stay usable after it, and the datatypes it declares are the
 * converter's (so the context is not handed out again as clean). */
static void test_borrowed_solver(void) {
  z3conv_reuse_contexts(true);
  Z3_context c = z3conv_mk_context_proofs(false);
  z3conv *cv = z3conv_new(c);
  term_t x = term_var("bx", type_int());
  for (int round = 0; round < 2; round++) {
    solver *s = solver_new_z3_in(cv);
    solver_assert(s, term_gt(x, term_int(round)));
    CHECK(solver_check(s) == SOLVER_SAT);
    solver_assert(s, term_lt(x, term_int(round)));
    CHECK(solver_check(s) == SOLVER_UNSAT);
    solver_free(s);
  }
  CHECK(z3conv_to_z3(cv, term_gt(x, term_int(7))) != NULL);
  Z3_context other = z3conv_mk_context();
  CHECK(other != c);   /* not released as a spare */
  Z3_del_context(other);
  type_t nat = type_datatype("BorrowNat");
  type_dt_ctor ctors[] = {{"BorrowZ", 0, NULL, NULL}, {"BorrowOne", 0, NULL, NULL}};
  type_datatype_define(nat, 2, ctors);
  solver *d = solver_new_z3_in(cv);
  solver_assert(d, term_dt_is(nat, 1, term_var("bn", nat)));
  CHECK(solver_check(d) == SOLVER_SAT);
  solver_free(d);
  CHECK(z3conv_declared_datatypes(cv));
  z3conv_free(cv);
  Z3_del_context(c);
  z3conv_reuse_contexts(false);
}

static void test_qe_session(void) {
  term_t x = term_var("qx", type_int()), y = term_var("qy", type_int());
  term_t in[2] = {term_exists(1, &y, term_and2(term_eq(x, term_add2(y, term_int(1))), term_ge(y, term_int(0)))),
                  term_exists(1, &y, term_and2(term_lt(x, y), term_lt(y, term_int(3))))};
  z3_qe_session *q = z3_qe_open();
  CHECK(q != NULL);
  for (int i = 0; i < 2; i++) {
    term_t r = z3_qe_in(q, in[i], 5000);
    CHECK(r != NULL_TERM);
    if (r != NULL_TERM) CHECK(solver_check_formula(term_not(term_iff(r, in[i])), 5000) == SOLVER_UNSAT);
  }
  z3_qe_close(q);
  CHECK(z3_qe(in[0], 5000) != NULL_TERM);
}

/* An existential over a quantifier-free body never reaches Z3's `qe`
 * tactic, whose cancellation by its timer crashed Z3 4.8.12 (CI, ASan,
 * test_pds's test_recheck_deadline): qe-light or the projection loop
 * eliminates it, exactly, also where the result needs several cubes or a
 * divisibility constraint. */
static void test_qe_without_tactic(void) {
  term_t x = term_var("px", type_int()), z = term_var("pz", type_int()), y = term_var("py", type_int());
  term_t w = term_var("pw", type_int());
  term_t in[] = {
    term_exists(1, &y, term_and2(term_lt(x, y), term_lt(y, term_int(3)))),
    term_exists(1, &y, term_and2(term_eq(x, term_mul2(term_int(3), y)), term_le(z, y))),
    term_exists(1, &y, term_or2(term_and2(term_lt(x, y), term_lt(y, z)),
                                term_and2(term_eq(term_add2(y, y), x), term_gt(y, term_int(5))))),
    term_exists(2, (term_t[]){y, w}, term_and(3, (term_t[]){term_le(x, y), term_le(y, w), term_eq(term_add2(w, w), term_add2(z, term_int(1)))})),
  };
  z3_qe_stats before = z3_qe_get_stats();
  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
    term_t r = z3_qe(in[i], 5000);
    CHECK(r != NULL_TERM);
    if (r != NULL_TERM) CHECK(solver_check_formula(term_not(term_iff(r, in[i])), 5000) == SOLVER_UNSAT);
  }
  z3_qe_stats after = z3_qe_get_stats();
  CHECK(after.tactic == before.tactic);
  CHECK(after.projected > before.projected);
  CHECK(after.light + after.projected == before.light + before.projected + sizeof in / sizeof in[0]);
}

/* Spare contexts (z3conv_reuse_contexts, session 14): a released clean
 * context is handed out again; a solver in it sees nothing of the last
 * one's assertions; a context with datatypes is not kept, and the next
 * solver declares the same datatype afresh. */
/* What the command line's process gets (lang_keep_freed_memory, called
 * for every language since a C program's CEGAR made ~200 contexts and 880 k
 * page faults): clean contexts reused, freed big blocks kept in the heap. */
static void test_keep_freed_memory(void) {
  Z3_context c1 = z3conv_mk_context();
  z3conv_release_context(c1, true);   /* reuse is off: deleted */
  lang_keep_freed_memory();
  Z3_context c2 = z3conv_mk_context();
  z3conv_release_context(c2, true);
  CHECK(z3conv_mk_context() == c2);
  z3conv_release_context(c2, false);
#ifndef __SANITIZE_ADDRESS__   /* ASan has its own allocator and quarantine */
  char *big = malloc(16u << 20);   /* below the mmap threshold: from the heap */
  CHECK(big != NULL);
  memset(big, 1, 16u << 20);
  free(big);
  char *again = malloc(16u << 20);
  CHECK(again == big);   /* the freed block itself, still faulted in */
  free(again);
#endif
}

static void test_spare_context(void) {
  z3conv_reuse_contexts(true);
  Z3_context c1 = z3conv_mk_context();
  z3conv_release_context(c1, true);
  CHECK(z3conv_mk_context() == c1);
  z3conv_release_context(c1, true);
  term_t x = term_var("x", type_int());
  solver *a = solver_new_z3();   /* c1 again */
  solver_assert(a, term_gt(x, term_int(3)));
  CHECK(solver_check(a) == SOLVER_SAT);
  solver_free(a);
  solver *b = solver_new_z3();
  solver_assert(b, term_lt(x, term_int(0)));
  CHECK(solver_check(b) == SOLVER_SAT);   /* x > 3 is gone */
  CHECK(solver_value(b, x) != NULL_TERM);
  solver_free(b);
  type_t nat = type_datatype("SpareNat");
  const char *pf[] = {"spare_pred"};
  type_t pt[] = {nat};
  type_dt_ctor ctors[] = {{"SpareZ", 0, NULL, NULL}, {"SpareS", 1, pf, pt}};
  type_datatype_define(nat, 2, ctors);
  term_t n = term_var("n", nat), z = term_dt_cons(nat, 0, 0, NULL);
  for (int round = 0; round < 2; round++) {
    solver *d = solver_new_z3();
    solver_assert(d, term_dt_is(nat, 1, n));
    solver_assert(d, term_eq(term_dt_sel(nat, 1, 0, n), z));
    CHECK(solver_check(d) == SOLVER_SAT);
    CHECK(solver_value(d, n) == term_dt_cons(nat, 1, 1, &z));
    solver_assert(d, term_eq(n, z));
    CHECK(solver_check(d) == SOLVER_UNSAT);
    solver_free(d);
  }
  z3conv_reuse_contexts(false);
}

/* A forked child does not get the parent's spare context (it would write
 * into pages shared with the parent): it makes a context of its own. */
static void test_spare_not_inherited(void) {
  z3conv_reuse_contexts(true);
  Z3_context c1 = z3conv_mk_context();
  z3conv_release_context(c1, true);   /* the spare now */
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    Z3_context c = z3conv_mk_context();
    _exit(c && c != c1 ? 0 : 1);
  }
  int st = 0;
  CHECK(pid > 0 && waitpid(pid, &st, 0) == pid);
  CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK(z3conv_mk_context() == c1);   /* the parent keeps it */
  Z3_del_context(c1);
  z3conv_reuse_contexts(false);
}

/* A formula over de Bruijn variables (a Spacer cover, a HORN model's
 * definition) back over parameters: (>= v3 0) and (exists y. y = v999 + 1)
 * (v999 is index 1000 under the binder) over 1000 parameters mentions p3
 * and p999 only, and only they (and the bound y) become Z3 constants. */
static Z3_ast held[16];
static unsigned nheld;
static Z3_ast hold(Z3_context z, Z3_ast a) {   /* a reference-counted context frees what no one holds */
  Z3_inc_ref(z, a);
  return held[nheld++] = a;
}

static void test_from_z3_over(void) {
  Z3_context z = z3conv_mk_context();
  z3conv *c = z3conv_new(z);
  enum { N = 1000 };
  term_t *p = malloc(N * sizeof *p);
  for (uint32_t i = 0; i < N; i++) p[i] = term_fresh_var("p", type_int());
  Z3_sort in = Z3_mk_int_sort(z);
  Z3_ast sum[2] = {hold(z, Z3_mk_bound(z, 1000, in)), hold(z, Z3_mk_int(z, 1, in))};
  Z3_ast inner = hold(z, Z3_mk_eq(z, hold(z, Z3_mk_bound(z, 0, in)), hold(z, Z3_mk_add(z, 2, sum))));
  Z3_symbol y = Z3_mk_string_symbol(z, "y");
  Z3_ast parts[2] = {hold(z, Z3_mk_ge(z, hold(z, Z3_mk_bound(z, 3, in)), hold(z, Z3_mk_int(z, 0, in)))),
                     hold(z, Z3_mk_exists(z, 0, 0, NULL, 1, &in, &y, inner))};
  Z3_ast body = hold(z, Z3_mk_and(z, 2, parts));
  term_t t = z3conv_from_z3_over(c, body, N, p);
  CHECK(t != NULL_TERM);
  term_t *vs = NULL;
  uint32_t nv = t == NULL_TERM ? 0 : term_free_vars(t, &vs);
  CHECK(nv == 2 && ((vs[0] == p[3] && vs[1] == p[999]) || (vs[0] == p[999] && vs[1] == p[3])));
  CHECK(z3conv_num_decls(c) == 3);
  if (z3conv_num_decls(c) != 3) fprintf(stderr, "%u declarations\n", z3conv_num_decls(c));
  free(vs);
  free(p);
  while (nheld) Z3_dec_ref(z, held[--nheld]);
  z3conv_free(c);
  Z3_del_context(z);
}

/* Z3 4.8.12's array projection fails on an eliminated array under an ite
 * of arrays whose condition is kept ("domain sort (Array Int Int) and
 * parameter Int do not match"); the projection then goes without the ite
 * (its model branch): a formula free of O, true in the model, that keeps
 * J's three points and leaves its other points free (LIA-Arrays-131: IC3
 * pinned every parameter to its model value instead). */
static void test_project_array_ite(void) {
  type_t arr = type_array(type_int(), type_int());
  term_t o = term_var("O", arr), j = term_var("J", arr), k = term_var("K", arr), n = term_var("N", arr);
  term_t p = term_var("P", type_bool());
  term_t s3 = term_store(term_store(term_store(o, term_int(0), term_int(1)), term_int(1), term_int(2)), term_int(2), term_int(3));
  term_t s4 = term_store(term_store(term_store(o, term_int(0), term_int(1)), term_int(1), term_int(16)), term_int(2), term_int(81));
  term_t f = term_and2(term_eq(j, s3), term_eq(k, term_ite(p, n, s4)));
  solver *s = solver_new_z3();
  solver_assert(s, f);
  solver_assert(s, term_not(p));
  CHECK(solver_check(s) == SOLVER_SAT);
  term_t r = solver_project(s, f, 1, &o);
  CHECK(r != NULL_TERM);
  if (r != NULL_TERM) {
    CHECK(!term_has_free_var(r, o));
    CHECK(term_is_true(solver_value(s, r)));
    solver *t = solver_new_z3();
    solver_push(t);   /* J's points kept */
    solver_assert(t, r);
    solver_assert(t, term_not(term_eq(term_select(j, term_int(1)), term_int(2))));
    CHECK(solver_check(t) == SOLVER_UNSAT);
    solver_pop(t, 1);
    term_t v = solver_value(s, term_select(j, term_int(7)));   /* another point free */
    solver_assert(t, r);
    if (v != NULL_TERM) solver_assert(t, term_not(term_eq(term_select(j, term_int(7)), v)));
    CHECK(v != NULL_TERM && solver_check(t) == SOLVER_SAT);
    solver_free(t);
  }
  solver_free(s);
}


/* A solver beside another (solver_new_z3_beside) makes no context: it is
 * in the other's, with a stack of its own; beside nothing, a context of
 * its own. */
static void test_solver_beside(void) {
  term_t x = term_var("sbx", type_int());
  solver *s = solver_new_z3();
  solver_assert(s, term_lt(x, term_int(0)));
  uint64_t c0 = z3conv_contexts_made();
  solver *b = solver_new_z3_beside(s);
  CHECK(z3conv_contexts_made() == c0);
  solver_assert(b, term_gt(x, term_int(3)));
  CHECK(solver_check(b) == SOLVER_SAT);
  CHECK(solver_value(b, x) != NULL_TERM);
  solver_assert(b, term_lt(x, term_int(3)));
  CHECK(solver_check(b) == SOLVER_UNSAT);
  CHECK(solver_check(s) == SOLVER_SAT);   /* b's assertions are not s's */
  solver_free(b);
  CHECK(solver_check(s) == SOLVER_SAT);
  solver_free(s);
  solver *n = solver_new_z3_beside(NULL);
  CHECK(z3conv_contexts_made() == c0 + 1);
  solver_assert(n, term_gt(x, term_int(3)));
  CHECK(solver_check(n) == SOLVER_SAT);
  solver_free(n);
}

/* A formula with a quantified part alone (a model check's expanded
 * definition in a clause's head): with solver_z3_alone_simple_first the
 * simple solver's unsat answers it (Z3's default solver builds its whole
 * default tactic at every first check: 6-10 ms each), without it the
 * default solver (tla_bmc's path queries); a sat one goes to the default
 * solver either way. */
static void test_alone_quantified(void) {
  term_t x = term_var("aqx", type_int()), y = term_var("aqy", type_int());
  term_t ex = term_exists(1, &y, term_and2(term_gt(y, x), term_lt(y, term_int(100))));
  term_t in[] = {term_gt(x, term_int(3)), term_lt(x, term_int(50)), term_not(ex)};
  solver *d = solver_new_z3();
  uint64_t d0 = solver_z3_alone_defaults();
  CHECK(solver_check_alone(d, term_and(3, in)) == SOLVER_UNSAT);
  CHECK(solver_z3_alone_defaults() == d0 + 1);
  solver_free(d);
  solver *s = solver_new_z3();
  solver_z3_alone_simple_first(s);
  solver_set_timeout(s, 10000);
  d0 = solver_z3_alone_defaults();
  CHECK(solver_check_alone(s, term_and(3, in)) == SOLVER_UNSAT);
  CHECK(solver_z3_alone_defaults() == d0);
  term_t out[] = {term_ge(x, term_int(99)), term_lt(x, term_int(200)), term_not(ex)};
  CHECK(solver_check_alone(s, term_and(3, out)) == SOLVER_SAT);
  CHECK(solver_z3_alone_defaults() == d0 + 1);
  term_t v = solver_value(s, x);
  CHECK(v != NULL_TERM);
  solver_free(s);
}

/* A sat check's model is fetched from Z3 at its first use only (value,
 * project), and still the model of that check: a check whose model no one
 * asks for (most of IC3's in generalize) costs no Z3_solver_get_model
 * (~10 % of IC3's CPU on small array tasks); the next change of the solver
 * drops it unfetched. */
static void test_model_fetched_when_used(void) {
  term_t x = term_var("mfx", type_int()), y = term_var("mfy", type_int());
  solver *s = solver_new_z3();
  solver_assert(s, term_and2(term_gt(x, term_int(3)), term_lt(x, term_int(5))));
  uint64_t m0 = solver_z3_models_fetched();
  CHECK(solver_check(s) == SOLVER_SAT);
  CHECK(solver_z3_models_fetched() == m0);       /* not yet */
  solver_push(s);
  solver_assert(s, term_eq(y, term_add2(x, term_int(1))));
  CHECK(solver_z3_models_fetched() == m0);       /* dropped unfetched */
  CHECK(solver_check(s) == SOLVER_SAT);
  solver_tune(s, "random_seed", 7);              /* the model survives a tune, as before */
  term_t vy = solver_value(s, y), vx = solver_value(s, x);
  CHECK(solver_z3_models_fetched() == m0 + 1);   /* once for both values */
  CHECK(vx == term_int(4));
  CHECK(vy == term_int(5));
  solver_pop(s, 1);
  CHECK(solver_value(s, x) == NULL_TERM);        /* no model after a change */
  term_t lt = term_lt(x, term_int(4));
  CHECK(solver_check_assuming(s, 1, &lt) == SOLVER_UNSAT);
  CHECK(solver_value(s, x) == NULL_TERM);
  CHECK(solver_z3_models_fetched() == m0 + 1);
  solver_free(s);
}

int main(void) {
  RUN(test_basic_sat_unsat);
  RUN(test_theories_values);
  RUN(test_big_numbers);
  RUN(test_cores);
  RUN(test_uninterpreted);
  RUN(test_quantifier);
  RUN(test_timeout);
  RUN(test_enumerate);
  RUN(test_dead_solver);
  RUN(test_algebraic_value);
  RUN(test_deep_term);
  RUN(test_sexp_values);
  RUN(test_tune);
  RUN(test_qe_session);
  RUN(test_qe_without_tactic);
  RUN(test_keep_freed_memory);
  RUN(test_spare_context);
  RUN(test_spare_not_inherited);
  RUN(test_from_z3_over);
  RUN(test_borrowed_solver);
  RUN(test_project_array_ite);
  RUN(test_solver_beside);
  RUN(test_alone_quantified);
  RUN(test_model_fetched_when_used);
  terms_reset();
  return CHECK_DONE();
}
