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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Everything the child writes, until EOF or the deadline (0: none). */
static char *read_all(int fd, int64_t deadline) {
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    int wait = -1;
    if (deadline) {
      int64_t left = deadline - now_ms();
      if (left <= 0) { free(buf); return NULL; }
      wait = left > 1000 ? 1000 : (int)left;
    }
    struct pollfd p = {fd, POLLIN, 0};
    int pr = poll(&p, 1, wait);
    if (pr < 0 && errno != EINTR) { free(buf); return NULL; }
    if (pr <= 0) continue;
    if (n + 1 == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) { free(buf); return NULL; }
      buf = nb;
    }
    ssize_t k = read(fd, buf + n, cap - n - 1);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) { free(buf); return NULL; }
    if (k == 0) break;
    n += (size_t)k;
  }
  if (buf) buf[n] = 0;
  return buf;
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

char *isolate_run(void (*fn)(FILE *w, void *ctx), void *ctx, uint32_t timeout_ms, const char **why) {
  int p[2];
  *why = "isolation: cannot fork";
  if (pipe2(p, O_CLOEXEC) < 0) return NULL;
  fflush(NULL);   /* or buffered output would be written twice */
  pid_t pid = fork();
  if (pid < 0) { close(p[0]); close(p[1]); return NULL; }
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
  char *text = read_all(p[0], timeout_ms ? now_ms() + timeout_ms + 2000 : 0);
  close(p[0]);
  bool ok = text && whole(text);
  /* Reaped here, not by a thread: a thread alive while the process forks
   * again deadlocked the next child under ASan (its allocator's lock) */
  if (!ok) kill(pid, SIGKILL);   /* overdue, or it ended without the whole answer */
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
  if (ok) return text;
  *why = !text ? "isolation: timeout" : "isolation: the child crashed";
  free(text);
  return NULL;
}
