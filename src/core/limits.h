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
} zeta_limits;

double limits_now(void);                           /* monotonic seconds */
double limits_cpu_now(void);                       /* CPU seconds of this process */
zeta_limits limits_from_timeout(double seconds);   /* 0 = no limit */
bool limits_expired(const zeta_limits *l);
/* Milliseconds left (at least 1), or 0 when there is no deadline; for
 * per-call solver timeouts (wall clock: with a CPU deadline, at most
 * LIMITS_CPU_STRETCH wall seconds per CPU second left). */
#define LIMITS_CPU_STRETCH 4
uint32_t limits_remaining_ms(const zeta_limits *l);
#endif
