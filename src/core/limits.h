/* Resource limits that engines poll: a wall-clock deadline, optionally a
 * deadline in the process's CPU time (a slice whose budget should not
 * shrink under load), and a stop flag (set from a signal handler or
 * another thread). The memory limit is an
 * address-space rlimit set by the CLI; exceeding it is an allocation
 * failure handled by core/alloc.h's out-of-memory handler. */
#ifndef ZETA_CORE_LIMITS_H
#define ZETA_CORE_LIMITS_H
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
  double deadline;                 /* monotonic seconds; 0 = none */
  volatile sig_atomic_t *stop;     /* non-zero = stop now; may be NULL */
  double cpu_deadline;             /* process CPU seconds (limits_cpu_now); 0 = none */
  double cpu_from, wall_from;      /* with cpu_deadline: CPU and wall seconds at its start */
} zeta_limits;

double limits_now(void);                           /* monotonic seconds */
double limits_cpu_now(void);                       /* CPU seconds of this process */
zeta_limits limits_from_timeout(double seconds);   /* 0 = no limit */
bool limits_expired(const zeta_limits *l);
/* A CPU deadline seconds of this process's CPU time from now (the wall
 * deadline unchanged). */
void limits_set_cpu_budget(zeta_limits *l, double seconds);
/* Milliseconds left (at least 1), or 0 when there is no deadline; for
 * per-call solver timeouts (wall clock: with a CPU deadline, the CPU
 * seconds left at the wall/CPU rate seen since its start, at least
 * LIMITS_CPU_STRETCH wall seconds per CPU second). */
#define LIMITS_CPU_STRETCH 2
uint32_t limits_remaining_ms(const zeta_limits *l);
#endif
