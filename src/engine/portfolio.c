/* Process portfolio (see portfolio.h). Each child gets its own process
 * group (so that helper processes it forks die with it), dies with the
 * parent (PR_SET_PDEATHSIG) and has its stdout redirected into a pipe:
 * the job prints as it would alone, including the timeout and out-of-memory
 * answers of cli_common's signal handlers, and the parent only relays the
 * winner's bytes. */
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
#include "zeta/zeta.h"

typedef struct {
  pid_t pid;
  int fd;
  char *buf;
  size_t len, cap;
  bool started, eof, reaped;
  int status;
} child;

size_t portfolio_width(size_t dflt) {
  const char *w = getenv("ZETA_PORTFOLIO_WIDTH");
  if (w && *w) {
    long v = strtol(w, NULL, 10);
    if (v >= 0 && v < 64) return (size_t)v;
  }
  return dflt;
}

static void child_main(const portfolio_job *j, const zeta_limits *lim, int wfd, pid_t parent) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(ZETA_EXIT_INTERNAL);
  if (dup2(wfd, STDOUT_FILENO) < 0) _exit(ZETA_EXIT_INTERNAL);
  close(wfd);
  zeta_limits l = *lim;
  if (l.deadline > 0) {
    double now = limits_now(), left = l.deadline - now;
    if (j->share > 0 && j->share < 1) l.deadline = now + (left > 0 ? left * j->share : 0);
    /* the hard stop of cli_limits is not inherited by fork */
    left = l.deadline - now;
    alarm((unsigned)(left > 0 ? left : 0) + 2 + (unsigned)(left > 0 ? left / 10 : 0));
  }
  int code = j->run(stdout, &l, j->ctx);
  fflush(stdout);
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

/* Exited with `code` after printing SAFE or UNSAFE. */
static bool exited_with(const child *c, int code) {
  return finished(c) && c->pid > 0 && WIFEXITED(c->status) && WEXITSTATUS(c->status) == code && c->len > 0 &&
         (strncmp(c->buf, "SAFE\n", 5) == 0 || strncmp(c->buf, "UNSAFE\n", 7) == 0);
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

/* "UNKNOWN (reason)" of a finished child, or a description of its end. */
static void describe(const child *c, char *out, size_t cap) {
  if (!c->started) { snprintf(out, cap, "not started"); return; }
  if (!finished(c)) { snprintf(out, cap, "timeout"); return; }
  if (c->pid <= 0 && c->len == 0) { snprintf(out, cap, "could not start"); return; }
  if (WIFSIGNALED(c->status)) { snprintf(out, cap, "killed by signal %d", WTERMSIG(c->status)); return; }
  if (c->len > 9 && strncmp(c->buf, "UNKNOWN (", 9) == 0) {
    const char *b = c->buf + 9, *e = strchr(b, '\n');
    size_t n = e ? (size_t)(e - b) : strlen(b);
    if (n > 0 && b[n - 1] == ')') n--;
    snprintf(out, cap, "%.*s", (int)n, b);
    return;
  }
  snprintf(out, cap, "exit %d", WIFEXITED(c->status) ? WEXITSTATUS(c->status) : -1);
}

int portfolio_run(const portfolio_job *jobs, size_t n, size_t width, const zeta_limits *lim,
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
  for (size_t i = 0; i < n; i++)
    if ((int)i != winner) kill_child(&cs[i]);
  int code;
  if (winner >= 0) {
    fwrite(cs[winner].buf, 1, cs[winner].len, stdout);
    code = ZETA_EXIT_VERDICT;
    close(cs[winner].fd);
  } else if (expired && !(lim->stop && *lim->stop)) {
    code = ZETA_EXIT_UNKNOWN;
    fputs("UNKNOWN (timeout)\n", stdout);
  } else {
    code = ZETA_EXIT_UNKNOWN;
    fputs("UNKNOWN (", stdout);
    for (size_t i = 0; i < n; i++) {
      char why[200];
      describe(&cs[i], why, sizeof why);
      fprintf(stdout, "%s%s: %s", i ? "; " : "", jobs[i].name, why);
    }
    fputs(")\n", stdout);
  }
  fflush(stdout);
  for (size_t i = 0; i < n; i++) free(cs[i].buf);
  free(cs);
  if (outcome) {
    outcome->winner = winner;
    outcome->seconds = limits_now() - t0;
  }
  return code;
}
