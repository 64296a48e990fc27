/* Forked children with a text answer (isolate.h). */
#include "core/isolate.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int64_t isolate_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The child's CPU seconds so far (its CPU clock), or 0 when unreadable. */
static double child_cpu(pid_t pid) {
  clockid_t id;
  struct timespec ts;
  if (clock_getcpuclockid(pid, &id) != 0 || clock_gettime(id, &ts) != 0) return 0;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The child's last line: its answer is whole (it did not crash while
 * writing), whatever its exit status says afterwards. */
static const char END_MARK[] = "\n;isolate:end\n";

/* true when text ends with END_MARK, which is then cut off. */
static bool whole(char *text) {
  size_t n = strlen(text), m = sizeof END_MARK - 1;
  if (n < m || strcmp(text + n - m, END_MARK) != 0) return false;
  text[n - m] = 0;
  return true;
}

bool isolate_start(isolate_child *c, void (*fn)(FILE *w, void *ctx), void *ctx, const char **why) {
  int p[2];
  memset(c, 0, sizeof *c);
  c->fd = -1;
  *why = "isolation: cannot fork";
  if (pipe2(p, O_CLOEXEC) < 0) return false;
  fflush(NULL);   /* or buffered output would be written twice */
  pid_t pid = fork();
  if (pid < 0) { close(p[0]); close(p[1]); return false; }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* a killed zeta leaves no solver children */
    close(p[0]);
    int devnull = open("/dev/null", O_WRONLY);   /* Z3 prints its assertion failures */
    if (devnull >= 0) dup2(devnull, 2), dup2(devnull, 1);   /* stdout too: the emergency answers */
    FILE *w = fdopen(p[1], "w");
    if (!w) _exit(3);
    fn(w, ctx);
    fputs(END_MARK, w);
    _exit(fclose(w) == 0 ? 0 : 3);
  }
  close(p[1]);
  c->pid = pid;
  c->fd = p[0];
  return true;
}

/* Reads what is there; true at EOF (or on an error: the answer is then
 * incomplete and whole() rejects it). */
static bool read_some(isolate_child *c) {
  if (c->n + 1 >= c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 4096;
    char *nb = realloc(c->buf, cap);
    if (!nb) return true;
    c->buf = nb, c->cap = cap;
  }
  ssize_t k = read(c->fd, c->buf + c->n, c->cap - c->n - 1);
  if (k < 0 && errno == EINTR) return false;
  if (k <= 0) return true;
  c->n += (size_t)k;
  return false;
}

bool isolate_wait(isolate_child *c, int64_t deadline_ms, double cpu_seconds, const volatile sig_atomic_t *stop, char **text,
                  const char **why) {
  *text = NULL;
  *why = "isolation: timeout";
  if (c->fd < 0) return true;
  for (;;) {
    int wait = 1000;
    if (deadline_ms) {
      int64_t left = deadline_ms - isolate_now_ms();
      if (left <= 0) return false;
      if (left < wait) wait = (int)left;
    }
    if ((cpu_seconds > 0 || stop) && wait > 20) wait = 20;   /* the child's clock and the flag are polled */
    struct pollfd p = {c->fd, POLLIN, 0};
    int pr = poll(&p, 1, wait);
    if (pr < 0 && errno != EINTR) break;
    if (pr > 0 && read_some(c)) break;
    if (stop && *stop) return false;
    if (cpu_seconds > 0 && child_cpu(c->pid) >= cpu_seconds) return false;
  }
  close(c->fd);
  c->fd = -1;
  if (c->buf) c->buf[c->n] = 0;
  if (c->buf && whole(c->buf)) {
    *text = c->buf;
    c->buf = NULL;
    return true;
  }
  *why = "isolation: the child crashed";
  free(c->buf);
  c->buf = NULL;
  return true;
}

void isolate_stop(isolate_child *c) {
  if (c->pid <= 0) return;   /* never started (or stopped): its fields are not a child's */
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
  free(c->buf);
  c->buf = NULL;
  /* Reaped here, not by a thread: a thread alive while the process forks
   * again deadlocked the next child under ASan (its allocator's lock) */
  kill(c->pid, SIGKILL);   /* overdue, or ended (a no-op on a zombie) */
  while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR) {}
  c->pid = 0;
}

char *isolate_run(void (*fn)(FILE *w, void *ctx), void *ctx, uint32_t timeout_ms, const char **why) {
  isolate_child c;
  if (!isolate_start(&c, fn, ctx, why)) return NULL;
  char *text = NULL;
  isolate_wait(&c, timeout_ms ? isolate_now_ms() + timeout_ms + 2000 : 0, 0, NULL, &text, why);
  isolate_stop(&c);
  return text;
}

bool isolate_lower_priority(int by, int *was, int *now) {
  errno = 0;
  int p = getpriority(PRIO_PROCESS, 0);
  if (p == -1 && errno) return false;
  setpriority(PRIO_PROCESS, 0, p + by);
  *was = p;
  *now = getpriority(PRIO_PROCESS, 0);
  return true;
}
