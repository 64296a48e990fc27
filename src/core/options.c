/* Option parsing from the list in options.def. */
#include "core/options.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool option_is(const char *v, const char *s) { return v && strcmp(v, s) == 0; }

void options_defaults(zeta_options *o) {
  memset(o, 0, sizeof *o);
#define OPT_FLAG(f, n, h) o->f = false;
#define OPT_INT(f, n, d, lo, hi, h) o->f = d;
#define OPT_ENUM(f, n, d, vals, h) o->f = d;
#define OPT_STR(f, n, d, h) o->f = d;
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
}

/* True when v is one of the '|'-separated words in vals. */
static bool enum_member(const char *vals, const char *v) {
  size_t n = strlen(v);
  for (const char *p = vals; *p;) {
    const char *e = strchr(p, '|');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && strncmp(p, v, n) == 0) return true;
    if (!e) break;
    p = e + 1;
  }
  return false;
}

static bool parse_long(const char *s, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || *s == '\0' || *end != '\0' || v < lo || v > hi) return false;
  *out = v;
  return true;
}

static bool parse_bool(const char *v, bool *out) {
  if (!v || strcmp(v, "true") == 0 || strcmp(v, "1") == 0 || strcmp(v, "yes") == 0) { *out = true; return true; }
  if (strcmp(v, "false") == 0 || strcmp(v, "0") == 0 || strcmp(v, "no") == 0) { *out = false; return true; }
  return false;
}

bool options_known(const char *name) {
#define OPT_FLAG(f, n, h) if (strcmp(name, n) == 0) return true;
#define OPT_INT(f, n, d, lo, hi, h) if (strcmp(name, n) == 0) return true;
#define OPT_ENUM(f, n, d, vals, h) if (strcmp(name, n) == 0) return true;
#define OPT_STR(f, n, d, h) if (strcmp(name, n) == 0) return true;
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
  return false;
}

bool options_set(zeta_options *o, const char *name, const char *val, char *err, size_t errlen) {
#define OPT_FLAG(f, n, h) \
  if (strcmp(name, n) == 0) { \
    if (!parse_bool(val, &o->f)) { snprintf(err, errlen, "--%s is a flag: true or false, got '%s'", n, val); return false; } \
    return true; }
#define OPT_INT(f, n, d, lo, hi, h) \
  if (strcmp(name, n) == 0) { \
    if (!val || !parse_long(val, lo, hi, &o->f)) { \
      snprintf(err, errlen, "--%s expects an integer in [%ld, %ld], got '%s'", n, (long)(lo), (long)(hi), val ? val : ""); \
      return false; } \
    return true; }
#define OPT_ENUM(f, n, d, vals, h) \
  if (strcmp(name, n) == 0) { \
    if (!val || !enum_member(vals, val)) { snprintf(err, errlen, "--%s expects one of %s, got '%s'", n, vals, val ? val : ""); return false; } \
    o->f = val; return true; }
#define OPT_STR(f, n, d, h) if (strcmp(name, n) == 0) { o->f = val; return true; }
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
  snprintf(err, errlen, "unknown option '%s' (see zeta --help)", name);
  return false;
}

const char *options_get(const zeta_options *o, const char *name, char *buf, size_t len) {
#define OPT_FLAG(f, n, h) if (strcmp(name, n) == 0) return o->f ? "true" : "false";
#define OPT_INT(f, n, d, lo, hi, h) if (strcmp(name, n) == 0) { snprintf(buf, len, "%ld", o->f); return buf; }
#define OPT_ENUM(f, n, d, vals, h) if (strcmp(name, n) == 0) return o->f;
#define OPT_STR(f, n, d, h) if (strcmp(name, n) == 0) return o->f;
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
  return NULL;
}

static const option_info infos[] = {
#define OPT_FLAG(f, n, h) {n, "flag", h, "false", NULL, 0, 1},
#define OPT_INT(f, n, d, lo, hi, h) {n, "int", h, #d, NULL, lo, hi},
#define OPT_ENUM(f, n, d, vals, h) {n, "enum", h, d, vals, 0, 0},
#define OPT_STR(f, n, d, h) {n, "string", h, d, NULL, 0, 0},
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
};

const option_info *options_info(size_t i) { return i < sizeof infos / sizeof infos[0] ? &infos[i] : NULL; }
