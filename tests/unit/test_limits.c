/* core/limits: CPU slices (a schedule's slices in CPU seconds, the same at
 * any load) expire after their CPU time, keep the wall deadline, nest, and
 * mean the same in a forked child, whose CPU counts for the parent's
 * slice once the child is reaped. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "core/isolate.h"
#include "core/limits.h"

static double own_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Burns CPU until l expires or wall seconds pass; false on the latter. */
static bool spin_until(const zeta_limits *l, double wall) {
  double end = limits_now() + wall;
  volatile unsigned long x = 0;
  while (!limits_expired(l))
    if (limits_now() > end) return false;
    else for (int i = 0; i < 10000; i++) x += (unsigned long)i;
  return true;
}

static void test_cpu_slice_expires(void) {
  zeta_limits lim = limits_from_timeout(60);
  double c0 = limits_cpu_now();
  zeta_limits l = limits_cpu_slice(&lim, 0.1);
  CHECK(l.deadline == lim.deadline);   /* the wall deadline stays */
  CHECK(!limits_expired(&l));
  CHECK(limits_remaining_ms(&l) <= 801);   /* 0.1 s at 1/8 of a core */
  CHECK(spin_until(&l, 30));
  CHECK(limits_cpu_now() - c0 >= 0.1);
  CHECK(!limits_expired(&lim));
  zeta_limits inner = limits_cpu_slice(&lim, 10), nested = limits_cpu_slice(&inner, 0.05);
  zeta_limits wider = limits_cpu_slice(&nested, 10);   /* a slice never outlasts the one it is cut from */
  CHECK(nested.cpu_deadline < inner.cpu_deadline);
  CHECK(wider.cpu_deadline == nested.cpu_deadline);
}

/* The child spins until the parent's slice expires; writes its own CPU. */
static void child_spins(FILE *w, void *ctx) {
  const zeta_limits *l = ctx;
  double c0 = own_cpu();
  bool ok = spin_until(l, 30);
  fprintf(w, "%d %.3f\n", ok, own_cpu() - c0);
}

static void test_cpu_slice_across_fork(void) {
  zeta_limits lim = limits_from_timeout(60);
  zeta_limits busy = limits_cpu_slice(&lim, 0.3);
  CHECK(spin_until(&busy, 30));   /* the parent's CPU before the slice: not the child's budget */
  double c0 = limits_cpu_now();
  zeta_limits l = limits_cpu_slice(&lim, 0.2);
  const char *why = NULL;
  char *t = isolate_run(child_spins, &l, 60000, &why);
  CHECK(t != NULL);
  int ok = 0;
  double spent = -1;
  CHECK(t && sscanf(t, "%d %lf", &ok, &spent) == 2);
  CHECK(ok);
  CHECK(spent >= 0.15 && spent < 0.3);   /* its 0.2 s, not the parent's 0.3 s on top */
  CHECK(limits_cpu_now() - c0 >= 0.15);   /* reaped: its CPU counts here */
  CHECK(limits_expired(&l));
  free(t);
}

int main(void) {
  RUN(test_cpu_slice_expires);
  RUN(test_cpu_slice_across_fork);
  return CHECK_DONE();
}
