/* Resource limits that engines poll: a wall-clock deadline and a stop flag
 * (set from a signal handler or another thread). The memory limit is an
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
} zeta_limits;

double limits_now(void);                           /* monotonic seconds */
zeta_limits limits_from_timeout(double seconds);   /* 0 = no limit */
bool limits_expired(const zeta_limits *l);
/* Milliseconds left (at least 1), or 0 when there is no deadline; for
 * per-call solver timeouts. */
uint32_t limits_remaining_ms(const zeta_limits *l);
#endif
