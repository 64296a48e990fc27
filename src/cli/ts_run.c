/* Runs a transition-system engine and prints its answer. The portfolio
 * forks one process per engine (k-induction, whose base case is BMC, and
 * IC3/PDR in parallel, then IMC), each writing its complete output into a
 * pipe; the first definite verdict is printed and the others are killed. */
#include "ts_run.h"
#include "model/chc_ts.h"
#include <sys/prctl.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli_common.h"
#include "core/alloc.h"
#include "engine/ts_check.h"

typedef zeta_verdict (*ts_engine_fn)(const ts *, const ts_engine_opts *, ts_result *);

static const struct { const char *name; ts_engine_fn run; } engines[] = {
  {"bmc", bmc_run}, {"kind", kind_run}, {"pdr", pdr_run}, {"imc", imc_run},
};

bool cli_ts_algorithm(const char *a) {
  for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
    if (option_is(a, engines[i].name)) return true;
  return option_is(a, "portfolio");
}

static void default_step(FILE *out, const ts *sys, const ts_trace *t, uint32_t k, void *ctx) {
  (void)ctx;
  fprintf(out, "step %u:", k);
  for (uint32_t c = 0; c < t->width; c++) {
    term_t v = c < sys->vars.size ? sys->vars.data[c] : sys->inputs.data[c - sys->vars.size];
    fputc(' ', out);
    term_print_var_name(out, v);
    fputs(" = ", out);
    if (ts_trace_value(t, k, c) == NULL_TERM) fputc('?', out);
    else term_print(out, ts_trace_value(t, k, c));
  }
  fputc('\n', out);
}

static void default_invariant(FILE *out, const ts *sys, term_t inv, void *ctx) {
  (void)sys, (void)ctx;
  fputs("invariant: ", out);
  term_print_let(out, inv);
  fputc('\n', out);
}

/* Verdict line (+ evidence, stats) to out; returns the exit code. */
#define SECOND_SOLVER "smtlib:cvc5 --incremental --lang smt2"

/* --validate: the evidence re-checked by the second solver; a failure turns
 * the answer into UNKNOWN (a wrong verdict is worse than none). */
static void validate(ts_result *r, const ts *sys) {
  if (r->verdict == ZETA_UNSAFE && ts_trace_replay_with(SECOND_SOLVER, sys, &r->trace) != SOLVER_SAT) {
    r->verdict = ZETA_UNKNOWN;
    r->reason = "validation of the counterexample failed";
  }
  if (r->verdict == ZETA_SAFE && r->invariant != NULL_TERM &&
      ts_invariant_check_with(SECOND_SOLVER, sys, r->invariant) != TS_INV_OK) {
    r->verdict = ZETA_UNKNOWN;
    r->reason = "validation of the invariant failed";
  }
}

static int print_result(FILE *out, const zeta_options *o, const ts *sys, const char *engine, ts_result *r,
                        const cli_ts_hooks *h, double seconds) {
  int code;
  if (o->validate) validate(r, sys);
  switch (r->verdict) {
  case ZETA_SAFE: fputs("SAFE\n", out); code = ZETA_EXIT_VERDICT; break;
  case ZETA_UNSAFE: fputs("UNSAFE\n", out); code = ZETA_EXIT_VERDICT; break;
  default:
    fprintf(out, "UNKNOWN (%s)\n", r->reason && *r->reason ? r->reason : "incomplete");
    code = ZETA_EXIT_UNKNOWN;
  }
  if (r->verdict == ZETA_UNSAFE) {
    fprintf(out, "counterexample (%u states):\n", r->trace.length);
    for (uint32_t k = 0; k < r->trace.length; k++)
      (h && h->print_step ? h->print_step : default_step)(out, sys, &r->trace, k, h ? h->ctx : NULL);
  }
  if (o->validate && r->verdict != ZETA_UNKNOWN)
    fprintf(out, "validated: %s\n", r->verdict == ZETA_UNSAFE ? "trace replayed by cvc5"
                                     : r->invariant != NULL_TERM ? "invariant checked by cvc5" : "no invariant to check");
  if (r->verdict == ZETA_SAFE && o->invariant) {
    if (r->invariant != NULL_TERM)
      (h && h->print_invariant ? h->print_invariant : default_invariant)(out, sys, r->invariant, h ? h->ctx : NULL);
    else if (r->k > 1)
      fprintf(out, "invariant: none printed; the property is %u-inductive\n", r->k);
    else
      fputs("invariant: none printed; the system has no path longer than the explored depth\n", out);
  }
  if (o->stats)
    fprintf(out, "stats: engine %s time %.3f depth %u frames %u predicates %u refinements %u lemmas %u k %u solver-calls %llu\n",
            engine, seconds, r->depth, r->frames, r->preds, r->refinements, r->lemmas, r->k,
            (unsigned long long)r->solver_calls);
  return code;
}

static void engine_opts(const zeta_options *o, const zeta_limits *lim, ts_engine_opts *eo) {
  ts_engine_opts_default(eo);
  eo->backend = o->backend;
  eo->limits = lim;
  eo->bound = (uint32_t)o->bound;
  eo->simple_path = o->simple_path;
  eo->refine_specific = option_is(o->pdr_refine, "specific");
  itp_strategy_parse(o->itp, &eo->itp);
  eo->verbose = (int)o->verbose;
}

/* Runs engine i and prints to out; returns the exit code. */
static int run_one(FILE *out, const zeta_options *o, const ts *sys, size_t i, const zeta_limits *lim,
                   const cli_ts_hooks *h, zeta_verdict *v) {
  ts_engine_opts eo;
  engine_opts(o, lim, &eo);
  ts_result r;
  double t0 = limits_now();
  engines[i].run(sys, &eo, &r);
  *v = r.verdict;
  int code = print_result(out, o, sys, engines[i].name, &r, h, limits_now() - t0);
  ts_result_free(&r);
  return code;
}

typedef struct { pid_t pid; int fd; char *buf; size_t len, cap; bool done; } worker;

static void start_worker(worker *w, const zeta_options *o, const ts *sys, size_t i, const zeta_limits *lim,
                         const cli_ts_hooks *h) {
  int fds[2];
  memset(w, 0, sizeof *w);
  w->pid = -1;
  if (pipe(fds) != 0) return;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) { close(fds[0]); close(fds[1]); return; }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the parent */
    close(fds[0]);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    zeta_verdict v;
    int code = run_one(m, o, sys, i, lim, h, &v);
    fclose(m);
    size_t off = 0;
    while (off < len) {
      ssize_t n = write(fds[1], text + off, len - off);
      if (n <= 0) break;
      off += (size_t)n;
    }
    _exit(code);
  }
  close(fds[1]);
  w->pid = pid;
  w->fd = fds[0];
}

/* Reads every worker to its end; returns the index of the first one (in
 * completion order) with a definite verdict, or -1. */
static int collect(worker *w, int n) {
  int winner = -1, open = 0;
  for (int i = 0; i < n; i++) open += w[i].pid > 0;
  while (open > 0 && winner < 0) {
    fd_set rd;
    FD_ZERO(&rd);
    int maxfd = -1;
    for (int i = 0; i < n; i++)
      if (w[i].pid > 0 && !w[i].done) { FD_SET(w[i].fd, &rd); if (w[i].fd > maxfd) maxfd = w[i].fd; }
    if (select(maxfd + 1, &rd, NULL, NULL, NULL) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < n; i++) {
      if (w[i].pid <= 0 || w[i].done || !FD_ISSET(w[i].fd, &rd)) continue;
      char chunk[4096];
      ssize_t k = read(w[i].fd, chunk, sizeof chunk);
      if (k > 0) {
        XGROW(w[i].buf, w[i].cap, w[i].len + (size_t)k + 1);
        memcpy(w[i].buf + w[i].len, chunk, (size_t)k);
        w[i].len += (size_t)k;
        w[i].buf[w[i].len] = 0;
        continue;
      }
      w[i].done = true;
      open--;
      if (w[i].len && (strncmp(w[i].buf, "SAFE\n", 5) == 0 || strncmp(w[i].buf, "UNSAFE\n", 7) == 0) && winner < 0)
        winner = i;
    }
  }
  return winner;
}

static void stop_workers(worker *w, int n) {
  for (int i = 0; i < n; i++) {
    if (w[i].pid <= 0) continue;
    kill(w[i].pid, SIGKILL);
    waitpid(w[i].pid, NULL, 0);
    close(w[i].fd);
  }
}

static int portfolio(const zeta_options *o, const ts *sys, const zeta_limits *lim, const cli_ts_hooks *h) {
  static const size_t parallel[] = {1 /* kind */, 2 /* pdr */};
  worker w[2];
  for (int i = 0; i < 2; i++) start_worker(&w[i], o, sys, parallel[i], lim, h);
  int win = collect(w, 2);
  int code;
  if (win >= 0) {
    fwrite(w[win].buf, 1, w[win].len, stdout);
    code = ZETA_EXIT_VERDICT;
  } else if (!limits_expired(lim)) {
    zeta_verdict v;
    code = run_one(stdout, o, sys, 3 /* imc */, lim, h, &v);
  } else {
    code = cli_print_verdict(ZETA_UNKNOWN, "timeout");
  }
  stop_workers(w, 2);
  for (int i = 0; i < 2; i++) free(w[i].buf);
  return code;
}

int cli_run_ts(const zeta_options *o, const ts *sys, const cli_ts_hooks *hooks) {
  if (!option_is(o->export_fmt, "none")) {   /* --export chc|vmt: write and stop */
    if (option_is(o->export_fmt, "vmt")) { ts_write_vmt(stdout, sys); return ZETA_EXIT_VERDICT; }
    chc_system c;
    bool ok = ts_to_chc(sys, &c);
    if (ok) chc_write(stdout, &c);
    chc_free(&c);
    return ok ? ZETA_EXIT_VERDICT : ZETA_EXIT_INTERNAL;
  }
  zeta_limits lim = cli_limits(o);
  if (option_is(o->algorithm, "portfolio")) return portfolio(o, sys, &lim, hooks);
  for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
    if (option_is(o->algorithm, engines[i].name)) {
      zeta_verdict v;
      return run_one(stdout, o, sys, i, &lim, hooks, &v);
    }
  fprintf(stderr, "zeta: --algorithm %s is not available for transition systems (use bmc, kind, pdr, imc or portfolio)\n",
          o->algorithm);
  return ZETA_EXIT_INPUT;
}
