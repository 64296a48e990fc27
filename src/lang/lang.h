/* The input languages: one room each under src/lang/<name>/, each offering
 * the same three steps to the public API (src/api/): load the text into the
 * language's own model, check it (lowering to an ir/ form and running the
 * engines the options select), free it. A check fills a report (the
 * verdict, the evidence in the language's own terms, and the answer text in
 * the language's own words) and returns the exit code. A new language is a
 * new folder plus one line in lang.c's table. */
#ifndef ZETA_LANG_LANG_H
#define ZETA_LANG_LANG_H
#include <stdbool.h>
#include <stddef.h>
#include "core/diag.h"
#include "core/limits.h"
#include "core/options.h"
#include "core/report.h"

typedef struct lang {
  const char *name;        /* format name, as --input takes it */
  const char *aliases;     /* further names, space-separated ("" = none) */
  const char *extensions;  /* space-separated, e.g. ".aag .aig" */
  const char *what;        /* one line for the documentation */
  const char *exports;     /* --export formats the language writes, space-separated ("" = none) */
  /* Reads path (options may name further files: --formula, --config);
   * NULL with d filled on bad input. */
  void *(*load)(const char *path, const zeta_options *o, diag *d);
  /* Checks the model within lim; fills r; returns the exit code (and sets
   * d for an input or internal error, e.g. an option the format does not
   * take). */
  int (*check)(void *model, const zeta_options *o, const zeta_limits *lim, report *r, diag *d);
  void (*free)(void *model);
} lang;

/* A command over files (zeta validate, zeta smt), with a fixed file count. */
typedef struct lang_command {
  const char *name;
  size_t nfiles;
  const char *usage;
  int (*run)(const char *const *files, const zeta_options *o, const zeta_limits *lim, report *r, diag *d);
} lang_command;

/* Whether algo is one of list's space-separated engines; else d gets
 * "--algorithm ALGO is not available for WHAT (use a, b or c)". */
bool lang_algorithm_ok(const char *list, const char *algo, const char *what, diag *d);
/* Whether l writes its input in the --export format fmt. */
bool lang_exports(const lang *l, const char *fmt);
/* The languages, in table order; NULL past the end. */
const lang *lang_at(size_t i);
const lang *lang_by_name(const char *name);
/* The language of a file by its extension, or NULL. */
const lang *lang_by_file(const char *path);
/* The commands, in table order; NULL past the end. */
const lang_command *lang_command_at(size_t i);
const lang_command *lang_command_by_name(const char *name);

/* Each room's entry (defined in src/lang/<name>/). */
extern const lang lang_cfa, lang_chc, lang_vmt, lang_aiger, lang_btor2, lang_petri, lang_tla, lang_sol, lang_c;
extern const lang_command lang_cmd_smt, lang_cmd_validate, lang_cmd_check_cert;
#endif
