#include "cli_common.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "core/alloc.h"

static volatile sig_atomic_t stop_flag;

static void oom_answer(size_t n) {
  (void)n;
  /* the verdict line must still come first on stdout */
  fflush(stdout);
  static const char msg[] = "UNKNOWN (memory)\n";
  if (write(STDOUT_FILENO, msg, sizeof msg - 1) < 0) _exit(ZETA_EXIT_UNKNOWN);
  _exit(ZETA_EXIT_UNKNOWN);
}

static void hard_stop(int sig) {
  (void)sig;
  static const char msg[] = "UNKNOWN (timeout)\n";
  if (write(STDOUT_FILENO, msg, sizeof msg - 1) < 0) _exit(ZETA_EXIT_UNKNOWN);
  _exit(ZETA_EXIT_UNKNOWN);
}

static void soft_stop(int sig) {
  (void)sig;
  stop_flag = 1;
}

zeta_limits cli_limits(const zeta_options *o) {
  alloc_set_oom_handler(oom_answer);
  if (o->memlimit > 0) {
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)o->memlimit * 1024 * 1024;
    setrlimit(RLIMIT_AS, &rl);
  }
  signal(SIGINT, soft_stop);
  signal(SIGTERM, soft_stop);
  zeta_limits l = limits_from_timeout((double)o->timeout);
  l.stop = &stop_flag;
  if (o->timeout > 0) {
    signal(SIGALRM, hard_stop);
    alarm((unsigned)o->timeout + 2 + (unsigned)o->timeout / 10);
  }
  return l;
}

int cli_print_verdict(zeta_verdict v, const char *reason) {
  switch (v) {
  case ZETA_SAFE: puts("SAFE"); return ZETA_EXIT_VERDICT;
  case ZETA_UNSAFE: puts("UNSAFE"); return ZETA_EXIT_VERDICT;
  default: printf("UNKNOWN (%s)\n", reason && *reason ? reason : "incomplete"); return ZETA_EXIT_UNKNOWN;
  }
}
