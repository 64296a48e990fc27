/* What one check found, in a form every layer above core can fill and the
 * public API can read: the verdict and the reason for an unknown, the engine
 * that decided, statistics, the evidence (counterexample steps with values,
 * an invariant or model as SMT-LIB text), per-property answers (inputs with
 * several properties: MCC formulas, Solidity assertions), a witness in the
 * format's community convention, and the answer as the user reads it (the
 * text a language prints, in its own words).
 *
 * A report travels between processes as JSON (the portfolio's children
 * hand their report to the parent that way); report_to_json is also what
 * `zeta --json` prints. The schema is documented in docs/JSON.md. */
#ifndef ZETA_CORE_REPORT_H
#define ZETA_CORE_REPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "core/term.h"
#include "zeta/zeta.h"

typedef struct report report;

report *report_new(void);
void report_free(report *r);
/* Empties r (keeps a live output stream, see report_set_stream). */
void report_clear(report *r);

/* The answer text, in the language's own words: its first line is the
 * verdict line (SAFE, sat, FORMULA ..., the HWMCC witness ...). Text
 * written here is kept (report_text) unless a live stream was set, in which
 * case it goes straight there (the CLI's plain output, so that answers
 * printed before a hard stop are not lost). */
FILE *report_out(report *r);
void report_set_stream(report *r, FILE *live);
/* The text written so far ("" when it went to a live stream). */
const char *report_text(report *r);

void report_set_verdict(report *r, zeta_verdict v, const char *reason);
zeta_verdict report_verdict(const report *r);
const char *report_reason(const report *r);   /* "" unless unknown */
void report_set_engine(report *r, const char *engine);
const char *report_engine(const report *r);   /* "" when not set */

/* Statistics, in insertion order; a name set twice keeps the last value. */
void report_stat(report *r, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
size_t report_nstats(const report *r);
const char *report_stat_name(const report *r, size_t i);
const char *report_stat_value(const report *r, size_t i);

/* Evidence. kind: "trace" (counterexample steps), "invariant", "model",
 * "derivation", "firing-sequence", ...; text: SMT-LIB or the language's
 * own notation. A trace is a list of steps, each with a label (a location,
 * "step 3", a transaction) and named values. */
void report_set_evidence(report *r, const char *kind, const char *text);
void report_add_evidence_text(report *r, const char *text);   /* appends */
const char *report_evidence_kind(const report *r);   /* "" = none */
const char *report_evidence_text(const report *r);   /* "" = none */
void report_step(report *r, const char *label_fmt, ...) __attribute__((format(printf, 2, 3)));
void report_value(report *r, const char *name, const char *value);
void report_value_term(report *r, const char *name, term_t value);   /* NULL_TERM: "?" */
size_t report_nsteps(const report *r);
const char *report_step_label(const report *r, size_t k);
size_t report_step_nvalues(const report *r, size_t k);
const char *report_step_name(const report *r, size_t k, size_t i);
const char *report_step_value(const report *r, size_t k, size_t i);

/* Per-property answers (one entry per property of a multi-property input). */
void report_property(report *r, const char *id, zeta_verdict v, const char *answer);
size_t report_nproperties(const report *r);
const char *report_property_id(const report *r, size_t i);
zeta_verdict report_property_verdict(const report *r, size_t i);
const char *report_property_answer(const report *r, size_t i);

/* The evidence as a file in the community's format (HWMCC witness, CHC-COMP
 * model, SV-COMP witness 2.0, ...), written by --witness-file. */
void report_set_witness(report *r, const char *text);
const char *report_witness(const report *r);   /* NULL = none */

/* Exit code the check ended with (0 verdict, 1 unknown, 2 input, 3 internal). */
void report_set_exit(report *r, int code);
int report_exit(const report *r);

/* Serialization: the whole report as one JSON object (malloc'd, compact);
 * report_from_json fills r from such an object (false: not a report). */
char *report_to_json(const report *r, const char *format, const char *file, double seconds, double memory_mb);
bool report_from_json(report *r, const char *json);
/* Copies everything but the live stream; the text is appended to dst's
 * output (so it reaches dst's live stream, if any). */
void report_copy(report *dst, const report *src);

const char *report_verdict_word(zeta_verdict v);   /* "safe", "unsafe", "unknown" */
#endif
