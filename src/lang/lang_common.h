/* What every language's check shares: the second solver that re-checks
 * evidence, and the verdict line. */
#ifndef ZETA_LANG_COMMON_H
#define ZETA_LANG_COMMON_H
#include <stdio.h>
#include "core/limits.h"
#include "core/options.h"
#include "core/progress.h"
#include "core/report.h"
#include "zeta/zeta.h"

/* The independent second solver that re-checks evidence (--validate,
 * `zeta validate` unless --backend names another). */
#define ZETA_SECOND_SOLVER "smtlib:cvc5 --incremental --lang smt2"

/* Sets the verdict and prints "SAFE", "UNSAFE" or "UNKNOWN (reason)" to the
 * report's text; returns the exit code. */
int lang_verdict(report *r, zeta_verdict v, const char *reason);
/* --certify: the line that says how the evidence fared (into text, at
 * most n bytes): "certified: <what> (<nq> queries)" or "certificate:
 * <status> (<why>)"; status is a cert_status (cert/cert_unsat.h). */
void lang_cert_text(char *text, size_t n, int status, const char *what, unsigned nq, const char *why);

/* Evidence printed once for two readers: open a capture, print into it,
 * then lang_emit puts the text into the answer and the report's evidence
 * (kind "invariant", "model", ...) and frees it. */
typedef struct { char *buf; size_t len; FILE *f; } lang_capture;
FILE *lang_capture_open(lang_capture *c);
void lang_emit(report *r, const char *kind, lang_capture *c);

/* For a process that runs one check (the command line, a Horn-clause run):
 * freed memory stays in the heap and clean Z3 contexts are reused, so the
 * many short-lived solver contexts of a run are not faulted in anew. */
void lang_keep_freed_memory(void);
#endif
