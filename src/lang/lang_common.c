#include "lang/lang_common.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "core/alloc.h"

static volatile sig_atomic_t stop_flag;

/* What the two emergency exits print (set by cli_set_unknown_output). */
static char timeout_msg[64] = "UNKNOWN (timeout)\n", memory_msg[64] = "UNKNOWN (memory)\n";

void cli_set_unknown_output(const char *text) {
  snprintf(timeout_msg, sizeof timeout_msg, "%s", text);
  snprintf(memory_msg, sizeof memory_msg, "%s", text);
}

static void emergency_exit(const char *msg) {
  size_t n = 0;
  while (msg[n]) n++;   /* strlen is not async-signal-safe by the letter */
  if (write(STDOUT_FILENO, msg, n) < 0) _exit(ZETA_EXIT_UNKNOWN);
  _exit(ZETA_EXIT_UNKNOWN);
}

static void oom_answer(size_t n) {
  (void)n;
  /* the verdict line must still come first on stdout */
  fflush(stdout);
  emergency_exit(memory_msg);
}

static void library_oom(int sig) {
  (void)sig;
  emergency_exit(memory_msg);
}

static void hard_stop(int sig) {
  (void)sig;
  emergency_exit(timeout_msg);
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
    /* Z3 and CaDiCaL report a failed allocation by throwing (abort) or
     * by dereferencing it: under this limit that means out of memory */
    signal(SIGABRT, library_oom);
    signal(SIGSEGV, library_oom);
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
