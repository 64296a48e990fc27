/* zeta FILE.smt2: Horn clauses in CHC-COMP format, answered in CHC-COMP
 * words (sat / unsat / unknown). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "lang/lang_common.h"
#include "core/alloc.h"
#include "lang/lang.h"
#include "engine/chc_engine.h"
#include "lang/chc/chc_parser.h"
#include "ir/chc_ts.h"
#include "ir/chc_witness.h"

static int print_unknown(const char *reason, const zeta_options *o) {
  puts("unknown");
  if (o->verbose && reason) fprintf(stderr, "zeta: unknown: %s\n", reason);
  return ZETA_EXIT_UNKNOWN;
}

/* Trivial answers after normalization: no query left (sat, all true), or a
 * query without body predicates whose constraint is satisfiable (unsat). */
static bool trivial(const chc_system *s, const zeta_limits *lim, chc_result *r) {
  memset(r, 0, sizeof *r);
  bool any_query = false;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred != CHC_FALSE) continue;
    any_query = true;
    if (c->nbody == 0 && solver_check_formula(c->constraint, limits_remaining_ms(lim)) == SOLVER_SAT) {
      r->answer = CHC_UNSAT;
      r->engine = "normalization";
      chc_derivation_add(&r->deriv, s, i);
      return true;
    }
  }
  if (any_query) return false;
  r->answer = CHC_SAT;
  r->engine = "normalization";
  r->interp = xcalloc(s->npreds + 1, sizeof(term_t));
  for (uint32_t p = 0; p < s->npreds; p++) r->interp[p] = term_true();
  return true;
}

/* Interpolation for predicate abstraction (--itp): mbp keeps Spacer out of
 * zeta's own engines entirely (paths only); auto/spacer use Spacer for tree
 * interpolants. */
static itp_strategy pa_itp(const zeta_options *o) {
  itp_strategy st = ITP_AUTO;
  itp_strategy_parse(o->itp, &st);
  return st;
}

/* zeta's own engines: for linear systems a short BMC slice for shallow
 * counterexamples, then predicate abstraction (which also finds deep ones
 * and handles nonlinear systems); when it gives up early (a counterexample
 * tree too large, interpolation failed), PDR on linear systems. */
static void run_own(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *r) {
  bool linear = chc_is_linear(s);
  if (linear) {
    double total = lim->deadline ? lim->deadline - limits_now() : 20;
    zeta_limits l1 = *lim;
    l1.deadline = limits_now() + (total * 0.05 < 1 ? total * 0.05 : 1);
    chc_bmc_solve(s, &l1, 0, r);
    if (r->answer != CHC_UNKNOWN || limits_expired(lim)) return;
    chc_result_free(r);
  }
  chc_pa_solve_itp(s, lim, itp, r);
  if (r->answer != CHC_UNKNOWN || limits_expired(lim) || !linear) return;
  chc_result_free(r);
  chc_ts_solve(s, lim, "pdr", r);
}

/* Spacer: Z3 on the input file when there is one (the peer's own run; see
 * chc_spacer_solve_file), else, or for an unsat derivation, on our
 * normalized clauses with proofs. */
static void run_spacer(const char *file, const chc_system *sys, const chc_system *norm, const zeta_limits *lim,
                       chc_result *r) {
  if (strcmp(file, "-") != 0) {
    chc_spacer_solve_file(file, sys, lim, r);
    if (r->answer == CHC_SAT) return;
    chc_result_free(r);
  }
  chc_spacer_solve(norm, lim, true, r);
}

static void run_engine(const char *alg, itp_strategy itp, const char *file, const chc_system *sys,
                       const chc_system *s, const zeta_limits *lim, chc_result *r) {
  if (option_is(alg, "spacer")) { run_spacer(file, sys, s, lim, r); return; }
  if (option_is(alg, "bmc")) { chc_bmc_solve(s, lim, 0, r); return; }
  if (option_is(alg, "cegar") || option_is(alg, "explicit")) { chc_pa_solve_itp(s, lim, itp, r); return; }
  if (option_is(alg, "own")) { run_own(s, lim, itp, r); return; }
  if (option_is(alg, "kind") || option_is(alg, "pdr") || option_is(alg, "imc")) { chc_ts_solve(s, lim, alg, r); return; }
  memset(r, 0, sizeof *r);
  r->answer = CHC_UNKNOWN;
  r->reason = "this algorithm does not run on Horn clauses yet (use portfolio, own, spacer, cegar or bmc)";
}

/* Checks the evidence of r and prints the answer; returns the exit code. */
static int finish(const zeta_options *o, const chc_system *sys, const chc_system *norm, chc_result *r) {
  int rc;
  if (r->answer == CHC_SAT) {
    term_t *interp = xcalloc(sys->npreds + 1, sizeof(term_t));
    for (uint32_t p = 0; p < sys->npreds; p++) interp[p] = r->interp[p];
    chc_expand_model(norm, interp);
    /* re-check on the original clauses (Z3; with --validate also cvc5) */
    solver *z = solver_new_z3();
    solver_set_timeout(z, 10000);
    uint32_t *failed; bool *undecided;
    uint32_t nf = chc_check_model(sys, interp, z, &failed, &undecided);
    solver_free(z);
    bool bad = false;
    for (uint32_t i = 0; i < nf; i++) bad |= !undecided[i];
    free(failed); free(undecided);
    if (!bad && o->validate) {
      const char *err = NULL;
      solver *v = solver_new(ZETA_SECOND_SOLVER, &err);
      if (v) {
        solver_set_timeout(v, 10000);
        nf = chc_check_model(sys, interp, v, &failed, &undecided);
        for (uint32_t i = 0; i < nf; i++) bad |= !undecided[i];
        free(failed); free(undecided);
        solver_free(v);
      }
    }
    if (bad) {
      rc = print_unknown("the model failed its check (engine bug)", o);
      fprintf(stderr, "zeta: internal: %s produced a model that does not satisfy the clauses\n", r->engine);
    } else {
      puts("sat");
      if (o->model) chc_write_model(stdout, sys, interp);
      rc = ZETA_EXIT_VERDICT;
    }
    free(interp);
  } else if (r->answer == CHC_UNSAT) {
    if (!chc_replay(norm, &r->deriv, 30000)) {
      rc = print_unknown("the derivation did not replay", o);
      fprintf(stderr, "zeta: %s answered unsat without a replayable derivation\n", r->engine);
    } else {
      puts("unsat");
      if (o->model) chc_write_derivation(stdout, norm, &r->deriv);
      rc = ZETA_EXIT_VERDICT;
    }
  } else {
    rc = print_unknown(r->reason, o);
  }
  if (o->stats) printf("engine: %s\n", r->engine ? r->engine : "-");
  return rc;
}

/* ---- portfolio: Spacer in a forked child, zeta's own engines here; the
 * first checked answer wins. The child prints only a definite answer, in
 * one write, and exits 0; otherwise it exits 99 silently. ---- */
static volatile sig_atomic_t pf_stop, pf_child_ok, pf_child_done;
static pid_t pf_child;

static void pf_on_chld(int sig) {
  (void)sig;
  int st;
  if (pf_child > 0 && waitpid(pf_child, &st, WNOHANG) == pf_child) {
    pf_child_done = 1;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) { pf_child_ok = 1; pf_stop = 1; }
  }
}
static void pf_on_int(int sig) { (void)sig; pf_stop = 1; }

static int portfolio(const zeta_options *o, const chc_system *sys, const chc_system *norm, const zeta_limits *lim) {
  fflush(stdout);
  fflush(stderr);
  pf_stop = pf_child_ok = pf_child_done = 0;
  signal(SIGCHLD, pf_on_chld);
  pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the parent */
    if (getppid() == 1) _exit(99);
    signal(SIGCHLD, SIG_DFL);
    alarm(0);
    cli_set_unknown_output("");   /* stdout is the parent's: out of memory ends us silently */
    chc_result r;
    run_spacer(o->files[0], sys, norm, lim, &r);
    if (r.answer == CHC_UNKNOWN) _exit(99);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    FILE *real = stdout;
    stdout = mem;
    int rc = finish(o, sys, norm, &r);
    fclose(mem);
    stdout = real;
    if (rc != ZETA_EXIT_VERDICT) _exit(99);
    if (write(STDOUT_FILENO, buf, len) < 0) _exit(99);
    _exit(0);
  }
  chc_result r;
  if (pid < 0) {  /* no fork: sequential, own engines then Spacer */
    run_own(norm, lim, pa_itp(o), &r);
    if (r.answer == CHC_UNKNOWN) { chc_result_free(&r); run_spacer(o->files[0], sys, norm, lim, &r); }
    int rc = finish(o, sys, norm, &r);
    chc_result_free(&r);
    return rc;
  }
  pf_child = pid;
  pf_on_chld(SIGCHLD);   /* in case it ended before pf_child was set */
  signal(SIGINT, pf_on_int);
  signal(SIGTERM, pf_on_int);
  zeta_limits own = *lim;
  own.stop = &pf_stop;
  if (!pf_child_ok) run_own(norm, &own, pa_itp(o), &r);
  else { memset(&r, 0, sizeof r); r.answer = CHC_UNKNOWN; }
  int rc;
  if (r.answer != CHC_UNKNOWN && !pf_child_ok) {
    signal(SIGCHLD, SIG_DFL);
    kill(pid, SIGKILL);
    int st;
    if (!pf_child_done) {
      waitpid(pid, &st, 0);
      if (WIFEXITED(st) && WEXITSTATUS(st) == 0) pf_child_ok = 1;
    }
    rc = pf_child_ok ? ZETA_EXIT_VERDICT : finish(o, sys, norm, &r);
  } else {
    /* wait for Spacer (it has the same deadline) */
    signal(SIGCHLD, SIG_DFL);
    if (!pf_child_done) {
      int st;
      if (waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0) pf_child_ok = 1;
    }
    if (pf_child_ok) rc = ZETA_EXIT_VERDICT;
    else rc = finish(o, sys, norm, &r);
  }
  chc_result_free(&r);
  return rc;
}

int cli_chc(const zeta_options *o) {
  const char *file = o->files[0];
  FILE *in = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
  if (!in) { fprintf(stderr, "zeta: %s: cannot open\n", file); return ZETA_EXIT_INPUT; }
  cli_set_unknown_output("unknown\n");   /* CHC-COMP words, also for the hard stop and out of memory */
  zeta_limits lim = cli_limits(o);
  chc_system sys;
  chc_init(&sys);
  char *msg = NULL;
  chc_parse_status st = chc_parse(file, in, &sys, &msg);
  if (in != stdin) fclose(in);
  if (st == CHC_PARSE_NOT_HORN) {
    fprintf(stderr, "zeta: %s: not a Horn-clause problem (no (set-logic HORN)); for other SMT-LIB scripts use `zeta smt %s`\n",
            file, file);
    chc_free(&sys);
    return ZETA_EXIT_INPUT;
  }
  if (st != CHC_PARSE_OK) {
    fprintf(stderr, "%s\n", msg ? msg : "parse error");
    free(msg);
    chc_free(&sys);
    return ZETA_EXIT_INPUT;
  }
  if (!option_is(o->export_fmt, "none")) {
    int rc = ZETA_EXIT_VERDICT;
    if (option_is(o->export_fmt, "chc")) chc_write(stdout, &sys);
    else rc = chc_export_vmt(stdout, &sys) ? ZETA_EXIT_VERDICT : ZETA_EXIT_INPUT;
    if (rc != ZETA_EXIT_VERDICT) fprintf(stderr, "zeta: %s: VMT export needs a linear system\n", file);
    chc_free(&sys);
    return rc;
  }
  chc_system norm;
  double t0 = limits_now();
  chc_copy(&norm, &sys);
  chc_normalize(&norm);
  if (o->verbose)
    fprintf(stderr, "zeta: %u predicates, %u clauses (%s); after normalization %u clauses (%s, %.2f s)\n",
            sys.npreds, sys.nclauses, chc_is_linear(&sys) ? "linear" : "nonlinear", norm.nclauses,
            chc_is_linear(&norm) ? "linear" : "nonlinear", limits_now() - t0);
  chc_result r;
  int rc;
  if (trivial(&norm, &lim, &r)) rc = finish(o, &sys, &norm, &r);
  else if (option_is(o->algorithm, "portfolio")) rc = portfolio(o, &sys, &norm, &lim);
  else { run_engine(o->algorithm, pa_itp(o), file, &sys, &norm, &lim, &r); rc = finish(o, &sys, &norm, &r); }
  chc_result_free(&r);
  chc_free(&norm);
  chc_free(&sys);
  return rc;
}
