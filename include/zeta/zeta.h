/* zeta: a model checker as a library.
 *
 *   zeta_config *cfg = zeta_config_new();
 *   zeta_config_set(cfg, "timeout", "10");          // the command line's option names
 *   zeta_error err;
 *   zeta_model *m = zeta_load_file("prog.cfa", NULL, cfg, &err);  // NULL format: detect
 *   if (!m) { fprintf(stderr, "%s\n", err.message); ... }
 *   zeta_result *r = zeta_check(m, cfg);
 *   if (zeta_result_verdict(r) == ZETA_UNSAFE) ... zeta_result_step_label(r, 0) ...
 *   zeta_result_free(r); zeta_model_free(m); zeta_config_free(cfg);
 *
 * Every handle is opaque. Strings returned by the library belong to the
 * handle they came from and live as long as it does. A check runs in the
 * calling thread; zeta_interrupt() from another thread (or a signal
 * handler) makes it return UNKNOWN soon. Time limits are cooperative; the
 * memory limit and the hard stop a little after the deadline are
 * process-wide and are only installed when the option "hard-limits" is on
 * (the command-line program turns it on). Portfolios fork child processes.
 *
 * Thread safety: one check at a time per process (the term table is
 * global). */
#ifndef ZETA_ZETA_H
#define ZETA_ZETA_H
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZETA_VERSION "0.2.0"

/* Process exit codes of the command-line program; zeta_result_exit() gives
 * the one a check ended with. */
enum {
  ZETA_EXIT_VERDICT = 0,  /* SAFE or UNSAFE (sat/unsat, ...) */
  ZETA_EXIT_UNKNOWN = 1,
  ZETA_EXIT_INPUT = 2,    /* usage or input error */
  ZETA_EXIT_INTERNAL = 3,
};

typedef enum { ZETA_SAFE, ZETA_UNSAFE, ZETA_UNKNOWN } zeta_verdict;

typedef struct zeta_config zeta_config;
typedef struct zeta_model zeta_model;
typedef struct zeta_result zeta_result;

/* An error: the exit code it stands for (ZETA_EXIT_INPUT or
 * ZETA_EXIT_INTERNAL), the message as the command line prints it
 * ("file:line:column: what was expected"), and the position when known
 * (line and column 0 otherwise). */
typedef struct zeta_error {
  int code;
  char file[512];
  unsigned line, column;
  char message[2048];
} zeta_error;

/* ---- configuration: the options of `zeta --help`, by name ---- */
zeta_config *zeta_config_new(void);
void zeta_config_free(zeta_config *cfg);
/* Sets option `name` (without the leading "--") to `value`; flags take
 * "true"/"false" (NULL = true). Returns 0, or ZETA_EXIT_INPUT with a
 * message in err (unknown name, value out of range). The value is copied. */
int zeta_config_set(zeta_config *cfg, const char *name, const char *value, zeta_error *err);
/* The current value of an option as text (NULL for an unset string). */
const char *zeta_config_get(const zeta_config *cfg, const char *name);
/* Progress messages of long runs (the command line's -v): called with one
 * line of text (no newline) from the thread that runs the check (or, in a
 * portfolio, from the child process that makes progress). */
typedef void (*zeta_progress_fn)(void *user, const char *message);
void zeta_config_set_progress(zeta_config *cfg, zeta_progress_fn fn, void *user);

/* The answer text goes to `live` as it is produced (NULL: kept in the
 * result, zeta_result_text). The command line streams to stdout, so that
 * answers printed before a hard stop are not lost. */
void zeta_config_set_output(zeta_config *cfg, FILE *live);

/* The option table itself, for front ends: index 0.. until NULL. kind is
 * "flag", "int", "enum" or "string"; values lists an enum's choices
 * ("A|B|C"), default is NULL for a string without one. */
const char *zeta_option_name(size_t i);
const char *zeta_option_kind(size_t i);
const char *zeta_option_help(size_t i);
const char *zeta_option_default(size_t i);
const char *zeta_option_values(size_t i);

/* ---- input ---- */
/* The input formats, e.g. "cfa", "chc", "aiger", and the task definition
 * "task" (an SV-COMP-style .yml): index 0.. until NULL. */
const char *zeta_format_name(size_t i);
const char *zeta_format_extensions(size_t i);   /* e.g. ".aag .aig" */

/* Reads a model. format: a name of zeta_format_name, or NULL to detect
 * from the extension (".yml": a task definition, whose options are applied
 * to cfg). Returns NULL with err filled on bad input. */
zeta_model *zeta_load_file(const char *path, const char *format, zeta_config *cfg, zeta_error *err);
/* The same from text in memory; name is used in messages. */
zeta_model *zeta_load_string(const char *text, size_t len, const char *format, const char *name,
                             zeta_config *cfg, zeta_error *err);
const char *zeta_model_format(const zeta_model *m);
void zeta_model_free(zeta_model *m);

/* ---- checking ---- */
/* Runs the configured algorithm with the configured limits ("timeout" in
 * seconds, "memlimit" in MB). Never NULL; an error during the check (an
 * option the format does not take, ...) is a result with exit code
 * ZETA_EXIT_INPUT or ZETA_EXIT_INTERNAL and the message in
 * zeta_result_error(). */
zeta_result *zeta_check(zeta_model *m, const zeta_config *cfg);
/* Makes a running check on m return UNKNOWN (interrupted) soon; safe from
 * another thread or a signal handler. */
void zeta_interrupt(zeta_model *m);
/* Runs a command with its files, e.g. "validate" (a Horn-clause model
 * against its clauses) or "smt" (an SMT-LIB script). */
zeta_result *zeta_run_command(const char *command, const char *const *files, size_t nfiles, zeta_config *cfg);
/* The commands zeta_run_command takes, by index; NULL past the end. */
const char *zeta_command_name(size_t i);

/* ---- results ---- */
zeta_verdict zeta_result_verdict(const zeta_result *r);
/* The answer in the input's own words, as the command line prints it
 * (verdict line first: "SAFE", "sat", "FORMULA ... TRUE ...", ...). */
const char *zeta_result_text(const zeta_result *r);
const char *zeta_result_reason(const zeta_result *r);   /* "" unless UNKNOWN */
const char *zeta_result_engine(const zeta_result *r);   /* "" when none decided */
int zeta_result_exit(const zeta_result *r);              /* ZETA_EXIT_* */
const zeta_error *zeta_result_error(const zeta_result *r);   /* NULL unless exit is 2 or 3 */
double zeta_result_seconds(const zeta_result *r);        /* wall time of the check */
double zeta_result_memory_mb(const zeta_result *r);      /* peak resident memory */

size_t zeta_result_nstats(const zeta_result *r);
const char *zeta_result_stat_name(const zeta_result *r, size_t i);
const char *zeta_result_stat_value(const zeta_result *r, size_t i);

/* Evidence: kind "trace", "invariant", "model", "derivation",
 * "firing-sequence", ... or "" for none; text is SMT-LIB (invariants,
 * models) or the language's notation. A trace has steps with a label and
 * named values. */
const char *zeta_result_evidence_kind(const zeta_result *r);
const char *zeta_result_evidence_text(const zeta_result *r);
size_t zeta_result_nsteps(const zeta_result *r);
const char *zeta_result_step_label(const zeta_result *r, size_t k);
size_t zeta_result_step_nvalues(const zeta_result *r, size_t k);
const char *zeta_result_step_name(const zeta_result *r, size_t k, size_t i);
const char *zeta_result_step_value(const zeta_result *r, size_t k, size_t i);

/* Inputs with several properties (MCC formulas, Solidity assertions, ...). */
size_t zeta_result_nproperties(const zeta_result *r);
const char *zeta_result_property_id(const zeta_result *r, size_t i);
zeta_verdict zeta_result_property_verdict(const zeta_result *r, size_t i);
const char *zeta_result_property_answer(const zeta_result *r, size_t i);

/* The evidence in the format's community convention (HWMCC witness,
 * CHC-COMP model, SV-COMP witness, ...), or NULL. */
const char *zeta_result_witness(const zeta_result *r);
/* Writes it to path; 0, or ZETA_EXIT_INPUT when there is none or the file
 * cannot be written. */
int zeta_result_write_witness(const zeta_result *r, const char *path);
/* The whole result as one JSON object (docs/JSON.md); caller frees. */
char *zeta_result_json(const zeta_result *r);
void zeta_result_free(zeta_result *r);

/* The library's version, ZETA_VERSION of the build. */
const char *zeta_version(void);

#ifdef __cplusplus
}
#endif
#endif
