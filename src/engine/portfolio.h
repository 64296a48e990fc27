/* Process portfolio: runs jobs (engines or configurations) in forked
 * children, at most `width` at a time, each printing its complete answer
 * into a pipe. The first child that exits with a definite verdict
 * (ZETA_EXIT_VERDICT) wins (PORTFOLIO_EXIT_WEAK: see there): its output goes to stdout and the others are
 * killed. Used by every driver whose --algorithm portfolio races engines
 * (CFA: CEGAR, PDR, k-induction, BMC; transition systems: kind, PDR, IMC). */
#ifndef ZETA_CLI_PORTFOLIO_H
#define ZETA_CLI_PORTFOLIO_H
#include <stddef.h>
#include <stdio.h>
#include "core/limits.h"

typedef struct {
  const char *name;
  /* Runs the job with the child's limits, prints the verdict line and the
   * evidence to out and returns the exit code. Runs in a child process:
   * anything it allocates dies with the child. */
  int (*run)(FILE *out, const zeta_limits *lim, void *ctx);
  void *ctx;
  /* > 0: the job gets at most this fraction of the time left when it
   * starts (time slices); 0: all of it. */
  double share;
} portfolio_job;

/* Exit code of a job with a definite verdict but without the evidence the
 * user asked for: printed (with exit code 0) only if no job wins. */
#define PORTFOLIO_EXIT_WEAK 10

typedef struct {
  int winner;          /* index of the job whose answer was printed, or -1 */
  double seconds;      /* wall time of the portfolio */
} portfolio_outcome;

/* Runs the jobs in order, `width` in parallel (width 0 = all at once),
 * within lim. Prints the winner's output, or "UNKNOWN (reason)" naming
 * each job's reason, to stdout; returns the exit code. */
int portfolio_run(const portfolio_job *jobs, size_t n, size_t width, const zeta_limits *lim,
                  portfolio_outcome *out);

/* The width from ZETA_PORTFOLIO_WIDTH (for measurements), else dflt. */
size_t portfolio_width(size_t dflt);
#endif
