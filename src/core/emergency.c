#include "core/emergency.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>
#include "core/alloc.h"
#include "zeta/zeta.h"

static emergency_format_fn formatter;
static const char *lang_text;   /* NULL: the generic words */
static char *timeout_msg, *memory_msg, *crash_msg;
static volatile sig_atomic_t *stop_flag;
static volatile sig_atomic_t answered;   /* the answer is out: a crash adds nothing */

static char *format(const char *reason) {
  if (formatter) return formatter(lang_text, reason);
  if (lang_text) return strdup(lang_text);
  char *s = NULL;
  if (asprintf(&s, "UNKNOWN (%s)\n", reason) < 0) return NULL;
  return s;
}

static void prepare(void) {
  char *t = format("timeout"), *m = format("memory"), *c = format("internal error: crash");
  free(timeout_msg), free(memory_msg), free(crash_msg);
  timeout_msg = t, memory_msg = m, crash_msg = c;
}

void emergency_set_format(emergency_format_fn fn) {
  formatter = fn;
  prepare();
}

void emergency_set_answer(const char *text) {
  static char *own;
  free(own);
  own = text ? strdup(text) : NULL;
  lang_text = own;
  prepare();
}

static void emergency_exit_code(const char *msg, int code) {
  if (msg) {
    size_t n = 0;
    while (msg[n]) n++;   /* strlen is not async-signal-safe by the letter */
    if (write(STDOUT_FILENO, msg, n) < 0) _exit(code);
  }
  _exit(code);
}
static void emergency_exit(const char *msg) { emergency_exit_code(msg, ZETA_EXIT_UNKNOWN); }

static void oom_answer(size_t n) {
  (void)n;
  fflush(stdout);   /* the verdict line must still come first on stdout */
  emergency_exit(memory_msg);
}
static void library_oom(int sig) { (void)sig; emergency_exit(memory_msg); }
/* The sanitizers report crashes themselves: their handlers stay. */
#if defined(__SANITIZE_ADDRESS__)
#define ZETA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZETA_SANITIZED 1
#endif
#endif

#ifndef ZETA_SANITIZED
/* A crash (inside a library: zeta isolates the known ones) still ends with
 * an answer line, never a verdict, and the internal-error exit code. */
static void crashed(int sig) { (void)sig; emergency_exit_code(answered ? NULL : crash_msg, ZETA_EXIT_INTERNAL); }
#endif
static void hard_stop(int sig) { (void)sig; emergency_exit(timeout_msg); }
static void soft_stop(int sig) {
  (void)sig;
  if (stop_flag) *stop_flag = 1;
}

void emergency_rearm(double seconds) {
  if (seconds <= 0) return;
  answered = 0;
  signal(SIGALRM, hard_stop);
  alarm((unsigned)seconds + 2 + (unsigned)(seconds / 10));
}

void emergency_disarm(void) {
  answered = 1;
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);   /* also cancels alarm() */
}

void emergency_rearm_exact(double seconds) {
  if (seconds <= 0) seconds = 0.001;
  answered = 0;
  signal(SIGALRM, hard_stop);
  struct itimerval it = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
  if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0) it.it_value.tv_usec = 1000;
  setitimer(ITIMER_REAL, &it, NULL);
}

static volatile sig_atomic_t checking;

static void exit_during_check(void) {
  if (checking) emergency_exit_code(answered ? NULL : crash_msg, ZETA_EXIT_INTERNAL);
}

void emergency_checking(bool on) {
  static bool registered;
  if (on && !registered) {
    if (!timeout_msg) prepare();
    registered = atexit(exit_during_check) == 0;
  }
  checking = on;
}

void emergency_install(long timeout, long memlimit, volatile sig_atomic_t *stop) {
  if (!timeout_msg) prepare();
  answered = 0;
  alloc_set_oom_handler(oom_answer);
#ifndef ZETA_SANITIZED
  signal(SIGSEGV, crashed);
  signal(SIGABRT, crashed);
  signal(SIGBUS, crashed);
  signal(SIGFPE, crashed);
  signal(SIGILL, crashed);
#endif
  if (memlimit > 0) {
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)memlimit * 1024 * 1024;
    setrlimit(RLIMIT_AS, &rl);
    /* Z3 and CaDiCaL report a failed allocation by throwing (abort) or by
     * dereferencing it: under this limit that means out of memory */
    signal(SIGABRT, library_oom);
    signal(SIGSEGV, library_oom);
  }
  stop_flag = stop;
  signal(SIGINT, soft_stop);
  signal(SIGTERM, soft_stop);
  if (timeout > 0) emergency_rearm((double)timeout);
}
