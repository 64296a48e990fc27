/* One watchdog thread per process that interrupts Z3 at deadlines.
 *
 * Z3 4.8.12's per-check `timeout` parameter starts a timer thread for every
 * check, and its teardown spins (hundreds of thousands of sched_yield calls
 * on a CHC run of many short checks). Instead, a caller arms a deadline and
 * gets a ticket; one thread, started at the first arm, sleeps until the
 * earliest deadline and then interrupts: the solver (Z3_solver_interrupt,
 * which only stops a check that is running, under the solver's lock and
 * through the check's event handler, as Z3's own timer does; the unknown's
 * reason is then "canceled" or what the interrupted procedure makes of it,
 * e.g. "(incomplete (theory arithmetic))") or, without a solver, the whole
 * context (Z3_interrupt, which also cancels the calls after it until the
 * next check: for contexts that are dropped after a timeout). The interrupt
 * is repeated every few milliseconds until the ticket is disarmed: one that
 * came before the check began is lost. After disarm returns, no interrupt of
 * that ticket is delivered (interrupts are sent under the watchdog's lock).
 * A forked child starts without the thread and without deadlines. */
#ifndef ZETA_Z3_WATCHDOG_H
#define ZETA_Z3_WATCHDOG_H
#include <stdbool.h>
#include <stdint.h>
#include <z3.h>

/* A deadline ms from now for s in ctx (s NULL: the whole context); the
 * ticket for disarm, 0 for none (ms 0: no deadline; or no thread). */
uint64_t z3_watchdog_arm(Z3_context ctx, Z3_solver s, uint32_t ms);
/* Removes the ticket's deadline (0: nothing); true when it had fired. */
bool z3_watchdog_disarm(uint64_t ticket);
/* Z3_solver_check (n 0) or Z3_solver_check_assumptions under a deadline of
 * ms (0: none); *fired (if not NULL): whether the watchdog interrupted it. */
Z3_lbool z3_watchdog_check(Z3_context ctx, Z3_solver s, uint32_t ms, unsigned n, const Z3_ast *as, bool *fired);

typedef struct {
  uint64_t arms;       /* deadlines armed */
  uint64_t signals;    /* arms that woke the thread (an earlier deadline) */
  uint64_t wakeups;    /* times the thread looked at the deadlines */
  uint64_t fired;      /* deadlines that passed before their disarm */
  uint64_t threads;    /* threads started (in this process) */
  uint32_t armed;      /* deadlines armed now */
} z3_watchdog_stats;
z3_watchdog_stats z3_watchdog_get_stats(void);

#endif
