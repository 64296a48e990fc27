/* Resource limits that engines poll: a wall-clock deadline, optionally a
 * CPU-time deadline (a slice of a schedule: the same work at any load), and
 * a stop flag (set from a signal handler or another thread). The memory
 * limit is an address-space rlimit set by the CLI; exceeding it is an
 * allocation failure handled by core/alloc.h's out-of-memory handler. */
#ifndef ZETA_CORE_LIMITS_H
#define ZETA_CORE_LIMITS_H
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
  double deadline;                 /* monotonic seconds; 0 = none */
  volatile sig_atomic_t *stop;     /* non-zero = stop now; may be NULL */
  double cpu_deadline;             /* limits_cpu_now() seconds; 0 = none */
} zeta_limits;

double limits_now(void);                           /* monotonic seconds */
/* CPU seconds of this process, of its children that ended (and were
 * waited for), and of its forebears up to each fork (a forked child goes on
 * from its parent's CPU time at the fork), so that a CPU deadline set
 * before a fork means the same in the child. */
double limits_cpu_now(void);
zeta_limits limits_from_timeout(double seconds);   /* 0 = no limit */
/* lim with at most cpu_seconds more CPU time (the wall deadline and the
 * stop flag kept). */
zeta_limits limits_cpu_slice(const zeta_limits *lim, double cpu_seconds);
bool limits_expired(const zeta_limits *l);
/* Milliseconds left (at least 1), or 0 when there is no deadline; for
 * per-call solver timeouts. Under a CPU deadline: wall time for the CPU
 * left at a rate of at least 1/8 of a core, within the wall deadline. */
uint32_t limits_remaining_ms(const zeta_limits *l);
#endif
