/* Process portfolio: runs jobs (engines or configurations) in forked
 * children, at most `width` at a time. Each child fills a report and hands
 * it to the parent as JSON through a pipe; the first child that ends with a
 * definite verdict (exit code ZETA_EXIT_VERDICT) wins, its report becomes
 * the caller's and the others are killed. Used by every language whose
 * --algorithm portfolio races engines. */
#ifndef ZETA_ENGINE_PORTFOLIO_H
#define ZETA_ENGINE_PORTFOLIO_H
#include <stddef.h>
#include <stdint.h>
#include "core/limits.h"
#include "core/report.h"

typedef struct {
  const char *name;
  /* Runs the job with the child's limits, fills r (verdict, evidence, the
   * answer text) and returns the exit code. Runs in a child process:
   * anything it allocates dies with the child. */
  int (*run)(report *r, const zeta_limits *lim, void *ctx);
  void *ctx;
  /* > 0: the job gets at most this fraction of the time left when it
   * starts (time slices); 0: all of it. */
  double share;
} portfolio_job;

/* Exit code of a job with a definite verdict but without the evidence the
 * user asked for: taken only if no job wins. */
#define PORTFOLIO_EXIT_WEAK 10

typedef struct {
  int winner;          /* index of the winning job, or -1 */
  double seconds;      /* wall time of the portfolio */
  bool internal;       /* some job ended with ZETA_EXIT_INTERNAL */
  uint64_t ended;      /* bit i: job i (< 64) ended on its own without winning */
  char reason[1024];   /* without a winner: "timeout", or each job's reason */
} portfolio_outcome;

/* Runs the jobs in order, `width` in parallel (width 0 = all at once),
 * within lim. With a winner, copies its report into out (the text goes to
 * out's output) and returns its exit code; without one, leaves out
 * untouched, fills outcome->reason and returns ZETA_EXIT_UNKNOWN. */
int portfolio_run(const portfolio_job *jobs, size_t n, size_t width, const zeta_limits *lim, report *out,
                  portfolio_outcome *outcome);

/* The width from ZETA_PORTFOLIO_WIDTH (for measurements), else dflt. */
size_t portfolio_width(size_t dflt);
#endif
