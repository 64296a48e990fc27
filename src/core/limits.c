#include "core/limits.h"
#include <pthread.h>
#include <sys/resource.h>
#include <time.h>

double limits_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The CPU time of the process's forebears at its fork (pthread_atfork:
 * recorded in the parent just before each fork, added in the child). */
static double cpu_base, cpu_at_fork;

/* This process's CPU seconds and those of its children that ended and
 * were waited for (a Z3 run in an isolated child counts for the slice
 * that ran it once the child is reaped). */
static double process_cpu(void) {
  struct timespec ts;
  struct rusage ch;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  getrusage(RUSAGE_CHILDREN, &ch);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 + (double)(ch.ru_utime.tv_sec + ch.ru_stime.tv_sec) +
         (double)(ch.ru_utime.tv_usec + ch.ru_stime.tv_usec) * 1e-6;
}

static void before_fork(void) { cpu_at_fork = cpu_base + process_cpu(); }
static void in_child(void) { cpu_base = cpu_at_fork; }
static void watch_forks(void) { pthread_atfork(before_fork, NULL, in_child); }

double limits_cpu_now(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, watch_forks);
  return cpu_base + process_cpu();
}

zeta_limits limits_from_timeout(double seconds) {
  zeta_limits l = {0, 0, 0};
  if (seconds > 0) l.deadline = limits_now() + seconds;
  return l;
}

zeta_limits limits_cpu_slice(const zeta_limits *lim, double cpu_seconds) {
  zeta_limits l = *lim;
  double end = limits_cpu_now() + (cpu_seconds > 0 ? cpu_seconds : 0);
  if (!l.cpu_deadline || end < l.cpu_deadline) l.cpu_deadline = end;
  return l;
}

bool limits_expired(const zeta_limits *l) {
  if (!l) return false;
  if (l->stop && *l->stop) return true;
  if (l->cpu_deadline > 0 && limits_cpu_now() >= l->cpu_deadline) return true;
  return l->deadline > 0 && limits_now() >= l->deadline;
}

#define CPU_RATE_MIN 0.125
uint32_t limits_remaining_ms(const zeta_limits *l) {
  if (!l || (l->deadline <= 0 && l->cpu_deadline <= 0)) return 0;
  double left = l->deadline > 0 ? (l->deadline - limits_now()) * 1000.0 : 4e9;
  if (l->cpu_deadline > 0) {
    double cpu_left = (l->cpu_deadline - limits_cpu_now()) * 1000.0 / CPU_RATE_MIN;
    if (cpu_left < left) left = cpu_left;
  }
  if (left < 1) return 1;
  return left > 4e9 ? 4000000000u : (uint32_t)left;
}
