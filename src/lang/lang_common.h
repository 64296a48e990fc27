/* What every driver shares: limits from the options and verdict output. */
#ifndef ZETA_CLI_COMMON_H
#define ZETA_CLI_COMMON_H
#include "core/limits.h"
#include "core/options.h"
#include "zeta/zeta.h"

/* The independent second solver that re-checks evidence (--validate,
 * `zeta validate` unless --backend names another). */
#define ZETA_SECOND_SOLVER "smtlib:cvc5 --incremental --lang smt2"

/* Installs the memory limit, the out-of-memory answer and a hard stop a
 * little after the deadline (a safety net for a solver call that ignores
 * its timeout); returns the limits engines poll. */
zeta_limits cli_limits(const zeta_options *o);
/* The whole output of an unknown answer in the input's output format, which
 * the hard stop at the deadline and the out-of-memory handler print instead
 * of "UNKNOWN (timeout)" / "UNKNOWN (memory)" (e.g. "unknown\n" for Horn
 * clauses, "2\nb0\n.\n" for HWMCC witnesses); at most 63 characters. */
void cli_set_unknown_output(const char *text);
/* Prints "SAFE", "UNSAFE" or "UNKNOWN (reason)" and returns the exit code. */
int cli_print_verdict(zeta_verdict v, const char *reason);
#endif
