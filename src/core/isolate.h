/* Work run in a forked child process, for library code that may stop the
 * whole process on an internal error (Z3's Spacer and MBP abort or crash
 * on some inputs): the child writes its answer as text on a pipe, and a
 * crashed, failed or overdue child is a missing answer, not a dead zeta. */
#ifndef ZETA_CORE_ISOLATE_H
#define ZETA_CORE_ISOLATE_H
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Runs fn(w, ctx) in a child (stderr to /dev/null, killed with its
 * parent). Returns what fn wrote (malloc'd, NUL-terminated) when fn
 * returned (the child's answer ends with a marker: a child that dies while
 * writing gives none; it is reaped before the return) within
 * timeout_ms (0: no limit) plus 2 s of grace; else NULL, with the reason in
 * *why (a static string). */
char *isolate_run(void (*fn)(FILE *w, void *ctx), void *ctx, uint32_t timeout_ms, const char **why);

/* The same in steps, for a child that may outlive the wait for it (the
 * CHC portfolio's first slice hands its Z3 on to the Spacer side, a
 * process forked later that reads the same pipe). */
typedef struct {
  int pid, fd;       /* fd: the pipe's read end, -1 once closed */
  char *buf;         /* what the child wrote so far */
  size_t n, cap;
} isolate_child;
/* Starts fn(w, ctx) in a child; false (with *why) when it cannot. */
bool isolate_start(isolate_child *c, void (*fn)(FILE *w, void *ctx), void *ctx, const char **why);
/* Waits for the child's answer until the monotonic deadline_ms (0: none),
 * until the child has used cpu_seconds of CPU (0: no bound; read from its
 * CPU clock), or until *stop: true when the child ended (its answer as
 * isolate_run's: the text, or NULL with *why; the pipe closed), false when
 * it is still running (the pipe kept: it may be waited for again, also by
 * a process forked meanwhile). */
bool isolate_wait(isolate_child *c, int64_t deadline_ms, double cpu_seconds, const volatile sig_atomic_t *stop, char **text,
                  const char **why);
/* Ends the child (killed if running) and reaps it; only its parent can
 * reap, a process forked from the parent just closes its pipe. */
void isolate_stop(isolate_child *c);
/* The monotonic clock of isolate_wait's deadline, in ms. */
int64_t isolate_now_ms(void);
/* This process (its children inherit it) at a lower priority: nice + by
 * (capped at 19 by the kernel); *was and *now the nice values before and
 * after. false when the priority cannot be read (nothing changed). */
bool isolate_lower_priority(int by, int *was, int *now);
#endif
