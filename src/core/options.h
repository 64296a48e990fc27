/* The options of zeta (options.def): one struct for every layer, set by
 * name from the command line or the public API. */
#ifndef ZETA_CORE_OPTIONS_H
#define ZETA_CORE_OPTIONS_H
#include <stdbool.h>
#include <stddef.h>
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
} zeta_options;

/* The defaults of the option table. */
void options_defaults(zeta_options *o);
/* True when name (without "--") is an option. */
bool options_known(const char *name);
/* Sets one option by name from text (flags: NULL/true/false); the value
 * is not copied. False with a message in err. */
bool options_set(zeta_options *o, const char *name, const char *value, char *err, size_t errlen);
/* The value as text (buf holds numbers), NULL for an unset string or an
 * unknown name. */
const char *options_get(const zeta_options *o, const char *name, char *buf, size_t len);
/* The table itself, for --help, the man page and the public API. */
typedef struct {
  const char *name, *kind, *help, *dflt, *values;   /* kind: flag, int, enum, string */
  long lo, hi;                                       /* int: the range */
} option_info;
const option_info *options_info(size_t i);   /* NULL past the end */
/* True when enum option value v equals s (case-sensitive, as documented). */
bool option_is(const char *v, const char *s);
#endif
