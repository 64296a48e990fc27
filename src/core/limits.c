#include "core/limits.h"
#include <time.h>

double limits_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double limits_cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

zeta_limits limits_from_timeout(double seconds) {
  zeta_limits l = {.deadline = 0};
  if (seconds > 0) l.deadline = limits_now() + seconds;
  return l;
}

void limits_set_cpu_budget(zeta_limits *l, double seconds) {
  l->cpu_from = limits_cpu_now();
  l->wall_from = limits_now();
  l->cpu_deadline = l->cpu_from + seconds;
}

bool limits_expired(const zeta_limits *l) {
  if (!l) return false;
  if (l->stop && *l->stop) return true;
  if (l->cpu_deadline > 0 && limits_cpu_now() >= l->cpu_deadline) return true;
  return l->deadline > 0 && limits_now() >= l->deadline;
}

uint32_t limits_remaining_ms(const zeta_limits *l) {
  if (!l || l->deadline <= 0) return 0;
  double left = (l->deadline - limits_now()) * 1000.0;
  if (l->cpu_deadline > 0) {
    /* a solver's timer counts wall time: beside other processes a CPU
     * second takes several wall seconds, as many as it took so far */
    double cpu = limits_cpu_now(), used = cpu - l->cpu_from, rate = LIMITS_CPU_STRETCH;
    if (used > 0.01 && (limits_now() - l->wall_from) / used > rate) rate = (limits_now() - l->wall_from) / used;
    double cpu_left = (l->cpu_deadline - cpu) * 1000.0 * rate;
    if (cpu_left < left) left = cpu_left;
  }
  if (left < 1) return 1;
  return left > 4e9 ? 4000000000u : (uint32_t)left;
}
