/* Process portfolio (see portfolio.h). Each child gets its own process
 * group (so that helper processes it forks die with it), dies with the
 * parent (PR_SET_PDEATHSIG) and has its stdout redirected into a pipe; it
 * writes its report there as JSON, and so do its emergency exits (hard
 * stop, out of memory), as an unknown report. */
#include "engine/portfolio.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/alloc.h"
#include "core/emergency.h"
#include "zeta/zeta.h"

typedef struct {
  pid_t pid;
  int fd;
  char *buf;
  size_t len, cap;
  bool started, eof, reaped;
  int status;
  report *rep;   /* parsed when finished; NULL if the output was no report */
} child;

size_t portfolio_width(size_t dflt) {
  const char *w = getenv("ZETA_PORTFOLIO_WIDTH");
  if (w && *w) {
    long v = strtol(w, NULL, 10);
    if (v >= 0 && v < 64) return (size_t)v;
  }
  return dflt;
}

/* The emergency answer of a child: an unknown report, for the parent. */
static char *unknown_json(const char *text, const char *reason) {
  (void)text;
  report *r = report_new();
  report_set_verdict(r, ZETA_UNKNOWN, reason);
  char *s = report_to_json(r, NULL, NULL, -1, -1);
  report_free(r);
  return s;
}

static void child_main(const portfolio_job *j, const zeta_limits *lim, int wfd, pid_t parent) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(ZETA_EXIT_INTERNAL);
  if (dup2(wfd, STDOUT_FILENO) < 0) _exit(ZETA_EXIT_INTERNAL);
  close(wfd);
  emergency_set_format(unknown_json);
  zeta_limits l = *lim;
  if (l.deadline > 0) {
    double now = limits_now(), left = l.deadline - now;
    if (j->share > 0 && j->share < 1) l.deadline = now + (left > 0 ? left * j->share : 0);
    /* the hard stop of the parent is not inherited by fork */
    left = l.deadline - now;
    emergency_rearm(left > 0 ? left : 0.001);
  }
  report *r = report_new();
  int code = j->run(r, &l, j->ctx);
  report_set_exit(r, code);
  char *json = report_to_json(r, NULL, NULL, -1, -1);
  fputs(json, stdout);
  fflush(stdout);
  free(json);
  report_free(r);
  _exit(code);
}

static void start(child *c, const portfolio_job *j, const zeta_limits *lim) {
  int fds[2];
  c->started = true;
  c->eof = c->reaped = true; /* until the fork succeeded */
  if (pipe2(fds, O_CLOEXEC) != 0) return;
  fflush(stdout);
  fflush(stderr);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return;
  }
  if (pid == 0) {
    close(fds[0]);
    child_main(j, lim, fds[1], parent);
  }
  setpgid(pid, pid); /* also here, so that a kill right after the fork reaches the group */
  close(fds[1]);
  c->pid = pid;
  c->fd = fds[0];
  c->eof = c->reaped = false;
}

static void drain(child *c) {
  for (;;) {
    char chunk[4096];
    ssize_t k = read(c->fd, chunk, sizeof chunk);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      c->eof = true;
      return;
    }
    XGROW(c->buf, c->cap, c->len + (size_t)k + 1);
    memcpy(c->buf + c->len, chunk, (size_t)k);
    c->len += (size_t)k;
    c->buf[c->len] = 0;
    return;
  }
}

static bool finished(const child *c) { return c->started && c->eof && c->reaped; }

/* Parses a finished child's report (once). */
static report *parsed(child *c) {
  if (!c->rep && c->len > 0) {
    c->rep = report_new();
    if (!report_from_json(c->rep, c->buf)) {
      report_free(c->rep);
      c->rep = NULL;
    }
  }
  return c->rep;
}

/* Exited with `code` and a report with a definite verdict. */
static bool exited_with(child *c, int code) {
  if (!(finished(c) && c->pid > 0 && WIFEXITED(c->status) && WEXITSTATUS(c->status) == code)) return false;
  report *r = parsed(c);
  return r && report_verdict(r) != ZETA_UNKNOWN;
}

/* Reaps c when it has exited; after EOF the exit is imminent, so wait. */
static void reap(child *c) {
  if (c->reaped) return;
  pid_t r;
  do r = waitpid(c->pid, &c->status, c->eof ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == c->pid || r < 0) {
    c->reaped = true;
    if (r < 0) c->status = 0x7f00; /* not a clean exit */
  }
  /* exited while a helper it forked still holds the pipe: take what is there */
  if (c->reaped && !c->eof) {
    int fl = fcntl(c->fd, F_GETFL);
    fcntl(c->fd, F_SETFL, fl | O_NONBLOCK);
    while (!c->eof) {
      size_t before = c->len;
      drain(c);
      if (c->len == before) c->eof = true;
    }
  }
}

static void kill_child(child *c) {
  if (!c->started || c->pid <= 0) return;
  if (!c->reaped) {
    kill(-c->pid, SIGKILL);
    kill(c->pid, SIGKILL);
    while (waitpid(c->pid, &c->status, 0) < 0 && errno == EINTR) {}
    c->reaped = true;
  }
  close(c->fd);
  c->pid = -1;
}

/* The reason of a finished child without a verdict, or how it ended. */
static void describe(child *c, char *out, size_t cap) {
  if (!c->started) { snprintf(out, cap, "not started"); return; }
  if (!finished(c)) { snprintf(out, cap, "timeout"); return; }
  if (c->pid <= 0 && c->len == 0) { snprintf(out, cap, "could not start"); return; }
  if (WIFSIGNALED(c->status)) { snprintf(out, cap, "killed by signal %d", WTERMSIG(c->status)); return; }
  report *r = parsed(c);
  if (r && report_verdict(r) == ZETA_UNKNOWN) { snprintf(out, cap, "%s", report_reason(r)); return; }
  snprintf(out, cap, "exit %d", WIFEXITED(c->status) ? WEXITSTATUS(c->status) : -1);
}

int portfolio_run(const portfolio_job *jobs, size_t n, size_t width, const zeta_limits *lim, report *out,
                  portfolio_outcome *outcome) {
  double t0 = limits_now();
  child *cs = xcalloc(n ? n : 1, sizeof *cs);
  if (width == 0 || width > n) width = n;
  size_t next = 0, running = 0;
  int winner = -1;
  bool expired = false;
  while (winner < 0) {
    expired = limits_expired(lim);
    if (expired) break;
    while (running < width && next < n) {
      start(&cs[next], &jobs[next], lim);
      if (!finished(&cs[next])) running++;
      next++;
    }
    if (running == 0) break;
    fd_set rd;
    FD_ZERO(&rd);
    int maxfd = -1;
    for (size_t i = 0; i < next; i++)
      if (cs[i].started && !cs[i].eof) {
        FD_SET(cs[i].fd, &rd);
        if (cs[i].fd > maxfd) maxfd = cs[i].fd;
      }
    /* wake up regularly for the deadline, the stop flag and children whose
     * pipe a helper process keeps open */
    struct timeval tv = {0, 200000};
    int r = maxfd >= 0 ? select(maxfd + 1, &rd, NULL, NULL, &tv) : select(0, NULL, NULL, NULL, &tv);
    if (r < 0 && errno != EINTR) break;
    for (size_t i = 0; i < next; i++) {
      child *c = &cs[i];
      if (!c->started || finished(c)) continue;
      if (r > 0 && !c->eof && FD_ISSET(c->fd, &rd)) drain(c);
      reap(c);
      if (finished(c)) {
        running--;
        if (exited_with(c, ZETA_EXIT_VERDICT) && winner < 0) winner = (int)i;
      }
    }
  }
  if (winner < 0) /* a verdict without the requested evidence beats none */
    for (size_t i = 0; i < n && winner < 0; i++)
      if (exited_with(&cs[i], PORTFOLIO_EXIT_WEAK)) winner = (int)i;
  portfolio_outcome po = {.winner = winner};
  for (size_t i = 0; i < n && i < 64; i++)
    if ((int)i != winner && cs[i].started && finished(&cs[i])) po.ended |= 1ull << i;
  for (size_t i = 0; i < n; i++)
    if ((int)i != winner) kill_child(&cs[i]);
  int code = ZETA_EXIT_UNKNOWN;
  for (size_t i = 0; i < n; i++)
    po.internal |= finished(&cs[i]) && cs[i].pid > 0 && WIFEXITED(cs[i].status) &&
                   WEXITSTATUS(cs[i].status) == ZETA_EXIT_INTERNAL;
  if (winner >= 0) {
    report_copy(out, cs[winner].rep);
    report_set_exit(out, ZETA_EXIT_VERDICT);
    code = ZETA_EXIT_VERDICT;
    close(cs[winner].fd);
  } else if (expired && !(lim->stop && *lim->stop)) {
    snprintf(po.reason, sizeof po.reason, "timeout");
  } else {
    size_t len = 0;
    for (size_t i = 0; i < n && len + 1 < sizeof po.reason; i++) {
      char why[200];
      describe(&cs[i], why, sizeof why);
      int k = snprintf(po.reason + len, sizeof po.reason - len, "%s%s: %s", i ? "; " : "", jobs[i].name, why);
      if (k > 0) len += (size_t)k;
    }
  }
  for (size_t i = 0; i < n; i++) {
    free(cs[i].buf);
    report_free(cs[i].rep);
  }
  free(cs);
  po.seconds = limits_now() - t0;
  if (outcome) *outcome = po;
  return code;
}
