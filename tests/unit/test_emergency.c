/* The emergency exits (core/emergency.c) in forked children: a library's
 * exit() during the check ends with the prepared answer and exit code 3,
 * an exit() outside the check is left alone. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "core/emergency.h"

/* Runs body in a child whose stdout is a pipe; its output and exit code. */
static int in_child(void (*body)(void), char *out, size_t cap) {
  int p[2];
  if (pipe(p) != 0) return -1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(p[0]);
    dup2(p[1], STDOUT_FILENO);
    body();
    _exit(99);
  }
  close(p[1]);
  size_t n = 0;
  ssize_t k;
  while (n + 1 < cap && (k = read(p[0], out + n, cap - n - 1)) > 0) n += (size_t)k;
  out[n] = 0;
  close(p[0]);
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void library_exit_in_check(void) {
  emergency_set_answer("unknown\n");
  emergency_checking(true);
  exit(114);   /* what Z3 4.8.12 does after an assertion violation */
}

static void exit_after_check(void) {
  emergency_set_answer("unknown\n");
  emergency_checking(true);
  emergency_checking(false);
  fputs("sat\n", stdout);
  exit(0);
}

static void test_library_exit(void) {
  char out[256];
  CHECK(in_child(library_exit_in_check, out, sizeof out) == 3);
  CHECK(strcmp(out, "unknown\n") == 0);
  CHECK(in_child(exit_after_check, out, sizeof out) == 0);
  CHECK(strcmp(out, "sat\n") == 0);
}

int main(void) {
  RUN(test_library_exit);
  return CHECK_DONE();
}
