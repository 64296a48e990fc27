/* Command-line options, generated from options.def. */
#ifndef ZETA_CLI_OPTIONS_H
#define ZETA_CLI_OPTIONS_H
#include <stdbool.h>
#include <stdio.h>

typedef struct zeta_options {
#define OPT_FLAG(f, n, h) bool f;
#define OPT_INT(f, n, d, lo, hi, h) long f;
#define OPT_ENUM(f, n, d, vals, h) const char *f;
#define OPT_STR(f, n, d, h) const char *f;
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
  const char *command; /* "smt", "validate" or NULL for verification */
  const char *files[8];
  int nfiles;
} zeta_options;

/* Fills o from argv; on a usage error prints a message and returns false. */
bool options_parse(zeta_options *o, int argc, char **argv);
void options_help(FILE *out);
/* True when enum option value v equals s (case-sensitive, as documented). */
bool option_is(const char *v, const char *s);
#endif
