/* core/isolate: a child's whole answer comes back without the end
 * marker; a child that dies before its answer ends is a missing answer,
 * whatever it wrote; finished children are reaped (no zombies left
 * behind). In steps: a wait bounded by the child's CPU leaves it running,
 * a process forked meanwhile reads its answer, its parent reaps it. */
#include <sys/wait.h>
#include <time.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "core/isolate.h"

static void answer(FILE *w, void *ctx) {
  (void)ctx;
  fputs("sat\nline two\n", w);
}

static void dies_midway(FILE *w, void *ctx) {
  (void)ctx;
  fputs("sat\nline two\n", w);
  fflush(w);   /* the text so far reaches the parent: only the marker is missing */
  raise(SIGKILL);
}

static void exits_midway(FILE *w, void *ctx) {
  (void)ctx;
  fputs("unsat\n", w);
  fflush(w);
  _exit(0);   /* a clean exit status, but the answer did not end */
}

static void nothing(FILE *w, void *ctx) {
  (void)w; (void)ctx;
}

/* Zombie children of this process (state Z in /proc/PID/stat with our pid as parent). */
static int zombies(void) {
  DIR *d = opendir("/proc");
  if (!d) return 0;
  int n = 0;
  pid_t me = getpid();
  struct dirent *e;
  while ((e = readdir(d))) {
    char path[300], buf[512];
    snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[k] = 0;
    char *rp = strrchr(buf, ')');
    char state;
    int ppid;
    if (rp && sscanf(rp + 1, " %c %d", &state, &ppid) == 2 && ppid == me && state == 'Z') n++;
  }
  closedir(d);
  return n;
}

static void test_whole_answer(void) {
  const char *why = NULL;
  char *t = isolate_run(answer, NULL, 5000, &why);
  CHECK(t && strcmp(t, "sat\nline two\n") == 0);
  free(t);
  t = isolate_run(nothing, NULL, 5000, &why);
  CHECK(t && t[0] == 0);
  free(t);
}

static void test_cut_answer(void) {
  const char *why = NULL;
  char *t = isolate_run(dies_midway, NULL, 5000, &why);
  CHECK(t == NULL);
  CHECK(why && strstr(why, "crashed"));
  why = NULL;
  t = isolate_run(exits_midway, NULL, 5000, &why);
  CHECK(t == NULL);
  CHECK(why && strstr(why, "crashed"));
}

static void test_reaped(void) {
  const char *why;
  for (int i = 0; i < 8; i++) free(isolate_run(answer, NULL, 5000, &why));
  int z = 0;
  for (int tries = 0; tries < 50 && (z = zombies()) > 0; tries++) usleep(20000);
  CHECK(z == 0);
}

/* Busy for about 0.5 s of CPU, then an answer. */
static void busy_answer(FILE *w, void *ctx) {
  (void)ctx;
  struct timespec ts;
  double t = 0;
  volatile unsigned long x = 0;
  while (t < 0.5) {
    for (int i = 0; i < 100000; i++) x += (unsigned long)i;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    t = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
  }
  fputs("late\n", w);
}

static void test_wait_in_steps(void) {
  isolate_child c;
  const char *why = NULL;
  char *t = NULL;
  CHECK(isolate_start(&c, busy_answer, NULL, &why));
  /* 0.05 s of its CPU: still running, nothing read */
  CHECK(!isolate_wait(&c, isolate_now_ms() + 20000, 0.05, NULL, &t, &why));
  CHECK(t == NULL && c.fd >= 0);
  /* a process forked now (the portfolio's Spacer side) reads its answer */
  fflush(NULL);
  pid_t reader = fork();
  if (reader == 0) {
    bool ended = isolate_wait(&c, isolate_now_ms() + 20000, 0, NULL, &t, &why);
    _exit(ended && t && strcmp(t, "late\n") == 0 ? 0 : 1);
  }
  int st = -1;
  while (waitpid(reader, &st, 0) < 0) {}
  CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  /* the parent reaps it (it ended) */
  isolate_stop(&c);
  CHECK(c.pid == 0 && c.fd < 0);
  int z = 0;
  for (int tries = 0; tries < 50 && (z = zombies()) > 0; tries++) usleep(20000);
  CHECK(z == 0);
  /* stopped while running: killed and reaped; a second stop does nothing */
  CHECK(isolate_start(&c, busy_answer, NULL, &why));
  isolate_stop(&c);
  isolate_stop(&c);
  isolate_child never = {0};
  bool open0 = fcntl(0, F_GETFD) != -1;
  isolate_stop(&never);   /* zeroed: not a child (fd 0 stays as it was) */
  CHECK((fcntl(0, F_GETFD) != -1) == open0);
}

int main(void) {
  RUN(test_whole_answer);
  RUN(test_cut_answer);
  RUN(test_reaped);
  RUN(test_wait_in_steps);
  return CHECK_DONE();
}
