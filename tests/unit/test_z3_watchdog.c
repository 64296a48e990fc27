/* The Z3 watchdog (solver/z3_watchdog.h): deadlines interrupt checks at
 * about their time, in any order of arming; a disarmed deadline never
 * interrupts a later check; a forked child starts clean; the Z3 solver
 * backend answers unknown "timeout" through it. */
#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "core/term.h"
#include "solver/solver.h"
#include "solver/z3_watchdog.h"

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void on_error(Z3_context c, Z3_error_code e) { (void)c; (void)e; }

static Z3_context mk_ctx(void) {
  Z3_config cfg = Z3_mk_config();
  Z3_context c = Z3_mk_context(cfg);   /* not reference counted: the tests keep no references */
  Z3_del_config(cfg);
  Z3_set_error_handler(c, on_error);
  return c;
}

static Z3_solver mk_solver(Z3_context c) {
  Z3_solver s = Z3_mk_simple_solver(c);
  Z3_solver_inc_ref(c, s);
  return s;
}

/* x^3 + y^3 = z^3 over x, y, z > 1: Z3 does not answer it. */
static void assert_hard(Z3_context c, Z3_solver s) {
  Z3_sort I = Z3_mk_int_sort(c);
  Z3_ast v[3], cube[3];
  for (int i = 0; i < 3; i++) {
    char n[16];
    snprintf(n, sizeof n, "h%d", i);
    v[i] = Z3_mk_const(c, Z3_mk_string_symbol(c, n), I);
    Z3_ast xs[3] = {v[i], v[i], v[i]};
    cube[i] = Z3_mk_mul(c, 3, xs);
    Z3_solver_assert(c, s, Z3_mk_gt(c, v[i], Z3_mk_int(c, 1, I)));
  }
  Z3_ast two[2] = {cube[0], cube[1]};
  Z3_solver_assert(c, s, Z3_mk_eq(c, Z3_mk_add(c, 2, two), cube[2]));
}

/* n+1 pigeons in n holes (unsat; n = 8 takes Z3 about a second). */
static void assert_php(Z3_context c, Z3_solver s, int n) {
  Z3_sort B = Z3_mk_bool_sort(c);
  Z3_ast p[10][10];
  for (int i = 0; i <= n; i++)
    for (int j = 0; j < n; j++) {
      char nm[32];
      snprintf(nm, sizeof nm, "p%d_%d", i, j);
      p[i][j] = Z3_mk_const(c, Z3_mk_string_symbol(c, nm), B);
      Z3_inc_ref(c, p[i][j]);
    }
  for (int i = 0; i <= n; i++) Z3_solver_assert(c, s, Z3_mk_or(c, (unsigned)n, p[i]));
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++)
      for (int k = i + 1; k <= n; k++) {
        Z3_ast a[2] = {p[i][j], p[k][j]};
        Z3_solver_assert(c, s, Z3_mk_not(c, Z3_mk_and(c, 2, a)));
      }
  for (int i = 0; i <= n; i++)
    for (int j = 0; j < n; j++) Z3_dec_ref(c, p[i][j]);
}

/* A short deadline stops a hard check promptly, with the solver's own
 * interrupt and with the context's; the solver answers afterwards. */
static void test_check_times_out(void) {
  for (int whole = 0; whole < 2; whole++) {
    Z3_context c = mk_ctx();
    Z3_solver s = mk_solver(c);
    assert_hard(c, s);
    double t0 = now_s();
    uint64_t t = z3_watchdog_arm(c, whole ? NULL : s, 200);
    CHECK(t != 0);
    Z3_lbool r = Z3_solver_check(c, s);
    bool fired = z3_watchdog_disarm(t);
    double dt = now_s() - t0;
    CHECK(r == Z3_L_UNDEF);
    CHECK(fired);
    CHECK(dt >= 0.19 && dt < 2.0);
    Z3_solver_push(c, s);
    Z3_sort I = Z3_mk_int_sort(c);
    Z3_solver_assert(c, s, Z3_mk_eq(c, Z3_mk_const(c, Z3_mk_string_symbol(c, "h0"), I), Z3_mk_int(c, 1, I)));
    CHECK(z3_watchdog_check(c, s, 5000, 0, NULL, &fired) == Z3_L_FALSE);
    CHECK(!fired);
    Z3_solver_pop(c, s, 1);
    Z3_solver_dec_ref(c, s);
    Z3_del_context(c);
  }
  CHECK(z3_watchdog_get_stats().armed == 0);
}

/* After disarm, no interrupt of that deadline: a check that outlives it
 * answers (with a broken disarm, the deadline, passed or not, would cancel
 * the check, and the watchdog repeats a passed one until disarm). */
static void test_disarm_is_final(void) {
  Z3_context c = mk_ctx();
  Z3_solver s = mk_solver(c);
  assert_php(c, s, 8);
  /* one disarmed before its deadline, one after it fired (on another check) */
  uint64_t early = z3_watchdog_arm(c, s, 100);
  CHECK(!z3_watchdog_disarm(early));
  Z3_solver h = mk_solver(c);
  assert_hard(c, h);
  bool fired;
  CHECK(z3_watchdog_check(c, h, 50, 0, NULL, &fired) == Z3_L_UNDEF);
  CHECK(fired);
  CHECK(z3_watchdog_get_stats().armed == 0);
  double t0 = now_s();
  CHECK(Z3_solver_check(c, s) == Z3_L_FALSE);   /* no deadline of its own */
  double dt = now_s() - t0;
  CHECK(dt > 0.1);   /* it did outlive the deadlines */
  CHECK(z3_watchdog_check(c, s, 60000, 0, NULL, &fired) == Z3_L_FALSE);
  CHECK(!fired);
  Z3_solver_dec_ref(c, h);
  Z3_solver_dec_ref(c, s);
  Z3_del_context(c);
}

/* Deadlines armed latest-first on contexts of their own, from threads: each
 * check stops at about its own deadline. */
typedef struct { uint32_t ms, delay_ms; double took; Z3_lbool r; bool fired; } job;

static void *run_job(void *arg) {
  job *j = arg;
  usleep(j->delay_ms * 1000);
  Z3_context c = mk_ctx();
  Z3_solver s = mk_solver(c);
  assert_hard(c, s);
  double t0 = now_s();
  j->r = z3_watchdog_check(c, s, j->ms, 0, NULL, &j->fired);
  j->took = now_s() - t0;
  Z3_solver_dec_ref(c, s);
  Z3_del_context(c);
  return NULL;
}

static void test_deadlines_in_any_order(void) {
  job jobs[3] = {{900, 0, 0, 0, 0}, {500, 30, 0, 0, 0}, {150, 60, 0, 0, 0}};
  pthread_t th[3];
  for (int i = 0; i < 3; i++) CHECK(pthread_create(&th[i], NULL, run_job, &jobs[i]) == 0);
  for (int i = 0; i < 3; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < 3; i++) {
    CHECK(jobs[i].r == Z3_L_UNDEF);
    CHECK(jobs[i].fired);
    CHECK(jobs[i].took >= jobs[i].ms / 1000.0 - 0.01);
    CHECK(jobs[i].took < jobs[i].ms / 1000.0 + 1.0);
  }
  CHECK(z3_watchdog_get_stats().armed == 0);
}

/* The thread is woken only for a deadline that is earlier than its wake-up
 * by more than an eighth of the deadline's span; the others still fire. */
static void test_few_signals(void) {
  Z3_context c = mk_ctx();
  Z3_solver s = mk_solver(c);
  usleep(50 * 1000);   /* the thread's wake-up for earlier tests' deadlines passes */
  z3_watchdog_stats a = z3_watchdog_get_stats();
  uint64_t t1 = z3_watchdog_arm(c, s, 1000);   /* no deadline: woken */
  uint64_t t2 = z3_watchdog_arm(c, s, 1000);   /* later: not */
  uint64_t t3 = z3_watchdog_arm(c, s, 950);    /* 50 ms earlier, slack 118 ms: not */
  uint64_t t4 = z3_watchdog_arm(c, s, 100);    /* 900 ms earlier: woken */
  z3_watchdog_stats b = z3_watchdog_get_stats();
  CHECK(b.arms - a.arms == 4);
  CHECK(b.signals - a.signals == 2);
  CHECK(b.armed == 4);
  CHECK(!z3_watchdog_disarm(t4) && !z3_watchdog_disarm(t1) && !z3_watchdog_disarm(t2));
  usleep(1100 * 1000);   /* t3 fires, though its arm did not wake the thread */
  CHECK(z3_watchdog_disarm(t3));
  CHECK(z3_watchdog_get_stats().armed == 0);
  Z3_solver_dec_ref(c, s);
  Z3_del_context(c);
}

/* A forked child has neither the parent's deadlines nor its thread, and its
 * own deadlines work. */
static void test_fork_child_clean(void) {
  Z3_context c = mk_ctx();
  Z3_solver s = mk_solver(c);
  uint64_t t = z3_watchdog_arm(c, s, 60000);
  CHECK(z3_watchdog_get_stats().threads >= 1);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    z3_watchdog_stats st = z3_watchdog_get_stats();
    int bad = st.armed != 0 || st.threads != 0;
    Z3_context cc = mk_ctx();
    Z3_solver cs = mk_solver(cc);
    assert_hard(cc, cs);
    bool fired;
    double t0 = now_s();
    bad |= (z3_watchdog_check(cc, cs, 150, 0, NULL, &fired) != Z3_L_UNDEF || !fired) << 1;
    bad |= (now_s() - t0 > 2.0) << 2;
    bad |= (z3_watchdog_get_stats().threads != 1) << 3;
    _exit(bad);
  }
  CHECK(pid > 0);
  int status = -1;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status)) fprintf(stderr, "child status %d\n", status);
  CHECK(!z3_watchdog_disarm(t));
  Z3_solver_dec_ref(c, s);
  Z3_del_context(c);
}

/* The Z3 backend: its timeout is the watchdog's, the unknown's reason is
 * "timeout", and a later check without a timeout is not cut short. */
static void test_solver_backend(void) {
  solver *s = solver_new_z3();
  term_t v[3], cube[3];
  for (int i = 0; i < 3; i++) {
    char n[16];
    snprintf(n, sizeof n, "wd%d", i);
    v[i] = term_var(n, type_int());
    term_t xs[3] = {v[i], v[i], v[i]};
    cube[i] = term_mul(3, xs);
    solver_assert(s, term_gt(v[i], term_int(1)));
  }
  term_t hard = term_eq(term_add2(cube[0], cube[1]), cube[2]);
  solver_push(s);
  solver_assert(s, hard);
  solver_set_timeout(s, 200);
  double t0 = now_s();
  CHECK(solver_check(s) == SOLVER_UNKNOWN);
  CHECK(now_s() - t0 < 2.0);
  CHECK(strcmp(s->ops->reason_unknown(s), "timeout") == 0);
  t0 = now_s();
  term_t pos[4] = {hard, term_gt(v[0], term_int(1)), term_gt(v[1], term_int(1)), term_gt(v[2], term_int(1))};
  CHECK(solver_check_alone(s, term_and(4, pos)) == SOLVER_UNKNOWN);
  CHECK(now_s() - t0 < 2.0);
  CHECK(strcmp(s->ops->reason_unknown(s), "timeout") == 0);
  solver_pop(s, 1);
  solver_set_timeout(s, 0);
  CHECK(solver_check(s) == SOLVER_SAT);
  CHECK(z3_watchdog_get_stats().armed == 0);
  solver_free(s);
}

int main(void) {
  RUN(test_check_times_out);
  RUN(test_disarm_is_final);
  RUN(test_deadlines_in_any_order);
  RUN(test_few_signals);
  RUN(test_fork_child_clean);
  RUN(test_solver_backend);
  return CHECK_DONE();
}
