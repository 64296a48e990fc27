/* Work run in a forked child process, for library code that may stop the
 * whole process on an internal error (Z3's Spacer and MBP abort or crash
 * on some inputs): the child writes its answer as text on a pipe, and a
 * crashed, failed or overdue child is a missing answer, not a dead zeta. */
#ifndef ZETA_CORE_ISOLATE_H
#define ZETA_CORE_ISOLATE_H
#include <stdint.h>
#include <stdio.h>

/* Runs fn(w, ctx) in a child (stderr to /dev/null, killed with its
 * parent). Returns what fn wrote (malloc'd, NUL-terminated) when fn
 * returned (the child's answer ends with a marker: a child that dies while
 * writing gives none; it is reaped before the return) within
 * timeout_ms (0: no limit) plus 2 s of grace; else NULL, with the reason in
 * *why (a static string). */
char *isolate_run(void (*fn)(FILE *w, void *ctx), void *ctx, uint32_t timeout_ms, const char **why);
#endif
