/* The emergency exits of a run: the hard stop a little after the
 * deadline (a safety net for a solver call that ignores its timeout),
 * running out of memory (the memory limit is an address-space limit, so it
 * surfaces as a failed allocation, or as an abort or crash inside Z3 or
 * CaDiCaL), and any other crash (an internal error, exit code 3; not in
 * sanitizer builds, whose handlers report it). All write a prepared answer to stdout and _exit: the answer is
 * set in advance (emergency_set_answer), because nothing else is safe in a
 * signal handler. Process-wide: only the command-line program and the
 * portfolio's children install them. */
#ifndef ZETA_CORE_EMERGENCY_H
#define ZETA_CORE_EMERGENCY_H
#include <signal.h>
#include <stdbool.h>

/* Formats the prepared answer from the language's unknown text (e.g.
 * "unknown\n") and the reason ("timeout", "memory"); malloc'd. NULL
 * formatter: the text itself, or "UNKNOWN (reason)\n" when text is NULL. */
typedef char *(*emergency_format_fn)(const char *text, const char *reason);
void emergency_set_format(emergency_format_fn fn);
/* The language's own words for an unknown answer (NULL: "UNKNOWN (reason)";
 * "": end silently, for children whose stdout belongs to the parent). */
void emergency_set_answer(const char *text);
/* Installs the handlers: a memory limit (MB, 0 = none) as RLIMIT_AS, a hard
 * stop at timeout + 2 s + 10 % (seconds, 0 = none), SIGINT/SIGTERM setting
 * *stop. */
void emergency_install(long timeout, long memlimit, volatile sig_atomic_t *stop);
/* Rearms the hard stop for `seconds` from now (portfolio children: alarms are
 * not inherited by fork). */
void emergency_rearm(double seconds);
/* Cancels the hard stop: the answer is out, and what follows (freeing a
 * large heap can take seconds) must not add a second answer. */
void emergency_disarm(void);
/* The hard stop exactly `seconds` from now, without the margin (for a
 * checker whose prepared answer is always current, e.g. the Petri-net
 * formulas not printed yet). */
void emergency_rearm_exact(double seconds);
/* Marks the check's start (true) and end (false). A library that ends the
 * process with exit() during the check (Z3 4.8.12's assertion violations:
 * exit code 114, nothing on stdout) ends it with the prepared crash answer
 * and the internal-error exit code instead. */
void emergency_checking(bool on);
#endif
