/* core/isolate: a child's whole answer comes back without the end
 * marker; a child that dies before its answer ends is a missing answer,
 * whatever it wrote; finished children are reaped (no zombies left
 * behind). */
#include <dirent.h>
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

int main(void) {
  RUN(test_whole_answer);
  RUN(test_cut_answer);
  RUN(test_reaped);
  return CHECK_DONE();
}
