#include "lang/hw/hw_common.h"
#include "lang/lang_common.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/alloc.h"
#include "engine/ts_check.h"
#include "solver/solver.h"
#include "zeta/zeta.h"

typedef zeta_verdict (*engine_fn)(const ts *, const ts_engine_opts *, ts_result *);
static const struct { const char *name; engine_fn run; } engines[] = {
  {"bmc", bmc_run}, {"kind", kind_run}, {"pdr", pdr_run}, {"imc", imc_run},
};
enum { NENGINES = sizeof engines / sizeof engines[0] };

/* Engine i of the table, the native engine (i == NENGINES) or its partner (NENGINES + 1). */
static const hw_native *native_engine;

static int run_one(FILE *out, const zeta_options *o, const ts *sys, int i, const zeta_limits *lim,
                   hw_finish_fn finish, void *ctx) {
  ts_engine_opts eo;
  ts_engine_opts_default(&eo);
  eo.backend = o->backend;
  eo.limits = lim;
  eo.bound = (uint32_t)o->bound;
  eo.simple_path = o->simple_path;
  eo.refine_specific = option_is(o->pdr_refine, "specific");
  itp_strategy_parse(o->itp, &eo.itp);
  ts_result r;
  const char *name;
  if (i == NENGINES) { native_engine->run(native_engine->ctx, &eo, &r); name = native_engine->name; }
  else if (i == NENGINES + 1) { native_engine->partner(native_engine->ctx, &eo, &r); name = native_engine->partner_name; }
  else { engines[i].run(sys, &eo, &r); name = engines[i].name; }
  int code = finish(out, o, sys, name, &r, ctx);
  ts_result_free(&r);
  return code;
}

typedef struct { pid_t pid; int fd; char *buf; size_t len, cap; int code; bool open; } worker;

static void start(worker *w, const zeta_options *o, const ts *sys, int i, const zeta_limits *lim,
                  hw_finish_fn finish, void *ctx) {
  memset(w, 0, sizeof *w);
  w->pid = -1;
  w->code = ZETA_EXIT_UNKNOWN;
  int fds[2];
  if (pipe(fds) != 0) return;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) { close(fds[0]); close(fds[1]); return; }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* the parent's hard stop ends us too */
    cli_set_unknown_output("");         /* stdout is the parent's: out of memory ends us silently */
    close(fds[0]);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    int code = run_one(m, o, sys, i, lim, finish, ctx);
    fclose(m);
    for (size_t off = 0; off < len;) {
      ssize_t n = write(fds[1], text + off, len - off);
      if (n <= 0) break;
      off += (size_t)n;
    }
    _exit(code);
  }
  close(fds[1]);
  w->pid = pid;
  w->fd = fds[0];
  w->open = true;
}

/* Reads the workers until one ends with a verdict; returns its index or -1. */
static int collect(worker *w, int n) {
  int open = 0;
  for (int i = 0; i < n; i++) open += w[i].open;
  while (open > 0) {
    fd_set rd;
    FD_ZERO(&rd);
    int maxfd = -1;
    for (int i = 0; i < n; i++)
      if (w[i].open) { FD_SET(w[i].fd, &rd); if (w[i].fd > maxfd) maxfd = w[i].fd; }
    if (select(maxfd + 1, &rd, NULL, NULL, NULL) < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    for (int i = 0; i < n; i++) {
      if (!w[i].open || !FD_ISSET(w[i].fd, &rd)) continue;
      char chunk[4096];
      ssize_t k = read(w[i].fd, chunk, sizeof chunk);
      if (k > 0) {
        XGROW(w[i].buf, w[i].cap, w[i].len + (size_t)k);
        memcpy(w[i].buf + w[i].len, chunk, (size_t)k);
        w[i].len += (size_t)k;
        continue;
      }
      w[i].open = false;
      open--;
      close(w[i].fd);
      int st;
      if (waitpid(w[i].pid, &st, 0) == w[i].pid) {
        w[i].pid = -1;
        w[i].code = WIFEXITED(st) ? WEXITSTATUS(st) : ZETA_EXIT_INTERNAL;
      }
      if (w[i].code == ZETA_EXIT_VERDICT) return i;
    }
  }
  return -1;
}

static int portfolio(const zeta_options *o, const ts *sys, const zeta_limits *lim, hw_finish_fn finish, void *ctx) {
  /* native engine, its partner and k-induction (1-inductive circuits are
   * common); without a native engine k-induction next to PDR */
  int parallel[3], N = 0;
  if (native_engine) {
    parallel[N++] = NENGINES;
    if (native_engine->partner) parallel[N++] = NENGINES + 1;
    parallel[N++] = 1;
  } else {
    parallel[N++] = 1;
    parallel[N++] = 2;
  }
  worker w[3];
  for (int i = 0; i < N; i++) start(&w[i], o, sys, parallel[i], lim, finish, ctx);
  int win = collect(w, N);
  int code = ZETA_EXIT_UNKNOWN;
  if (win < 0) {  /* no verdict: the answer of an engine that said why, preferring an internal error */
    for (int i = 0; i < N; i++)
      if (w[i].len && (win < 0 || w[i].code > w[win].code)) win = i;
  }
  if (win >= 0) {
    fwrite(w[win].buf, 1, w[win].len, stdout);
    code = w[win].code;
  } else {
    code = finish(stdout, o, sys, "portfolio", &(ts_result){.verdict = ZETA_UNKNOWN, .reason = "no engine answered",
                                                             .invariant = NULL_TERM}, ctx);
  }
  for (int i = 0; i < N; i++) {
    if (w[i].open) close(w[i].fd);
    if (w[i].pid > 0) { kill(w[i].pid, SIGKILL); waitpid(w[i].pid, NULL, 0); }
    free(w[i].buf);
  }
  return code;
}

int hw_run(const zeta_options *o, const ts *sys, const zeta_limits *lim, hw_finish_fn finish, void *ctx,
           const hw_native *native) {
  native_engine = native;
  if (native && option_is(o->algorithm, native->name)) return run_one(stdout, o, sys, NENGINES, lim, finish, ctx);
  if (option_is(o->algorithm, "portfolio")) return portfolio(o, sys, lim, finish, ctx);
  for (int i = 0; i < NENGINES; i++)
    if (option_is(o->algorithm, engines[i].name)) return run_one(stdout, o, sys, i, lim, finish, ctx);
  fprintf(stderr, "zeta: --algorithm %s is not available for circuits (use bmc, kind, pdr, imc%s%s or portfolio)\n",
          o->algorithm, native ? ", " : "", native ? native->name : "");
  return ZETA_EXIT_INPUT;
}

bool hw_replay(const ts *s, const ts_trace *t) {
  if (t->length == 0 || t->width != s->vars.size + s->inputs.size) return false;
  return ts_trace_replay_with(NULL, s, t) == SOLVER_SAT;
}
