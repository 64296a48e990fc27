/* core/limits: the wall deadline, and the CPU deadline of a slice that
 * should get its CPU time however loaded the machine is. */
#include <time.h>
#include "check.h"
#include "core/limits.h"

static void test_wall_deadline(void) {
  zeta_limits l = limits_from_timeout(0);
  CHECK(!limits_expired(&l));
  CHECK(limits_remaining_ms(&l) == 0);
  l = limits_from_timeout(100);
  CHECK(!limits_expired(&l));
  CHECK(limits_remaining_ms(&l) > 90000);
  l.deadline = limits_now() - 1;
  CHECK(limits_expired(&l));
  CHECK(limits_remaining_ms(&l) == 1);
}

/* Sleeping spends wall time, not CPU time: a CPU deadline does not expire
 * while the process waits (a slice beside other processes), only when the
 * process itself has computed long enough. */
static void test_cpu_deadline(void) {
  zeta_limits l = limits_from_timeout(100);
  double c0 = limits_cpu_now();
  l.cpu_deadline = c0 + 0.1;
  CHECK(!limits_expired(&l));
  /* a solver's wall timer: at most LIMITS_CPU_STRETCH s per CPU s left */
  uint32_t ms = limits_remaining_ms(&l);
  CHECK(ms > 0 && ms <= 100 * LIMITS_CPU_STRETCH + 1);
  struct timespec nap = {0, 300 * 1000 * 1000};
  nanosleep(&nap, NULL);
  CHECK(!limits_expired(&l));
  volatile unsigned long spin = 0;
  double w0 = limits_now();
  while (!limits_expired(&l) && limits_now() - w0 < 30) spin++;
  CHECK(limits_expired(&l));
  CHECK(limits_cpu_now() - c0 >= 0.1);
  CHECK(limits_remaining_ms(&l) == 1);
  l.cpu_deadline = 0;   /* the wall deadline alone again */
  CHECK(!limits_expired(&l));
}

int main(void) {
  RUN(test_wall_deadline);
  RUN(test_cpu_deadline);
  return CHECK_DONE();
}
