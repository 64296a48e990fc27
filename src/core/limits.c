#include "core/limits.h"
#include <time.h>

double limits_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

zeta_limits limits_from_timeout(double seconds) {
  zeta_limits l = {0, 0};
  if (seconds > 0) l.deadline = limits_now() + seconds;
  return l;
}

bool limits_expired(const zeta_limits *l) {
  if (!l) return false;
  if (l->stop && *l->stop) return true;
  return l->deadline > 0 && limits_now() >= l->deadline;
}

uint32_t limits_remaining_ms(const zeta_limits *l) {
  if (!l || l->deadline <= 0) return 0;
  double left = (l->deadline - limits_now()) * 1000.0;
  if (left < 1) return 1;
  return left > 4e9 ? 4000000000u : (uint32_t)left;
}
