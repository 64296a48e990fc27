/* Option parsing from the list in options.def. */
#include "core/options.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool option_is(const char *v, const char *s) { return v && strcmp(v, s) == 0; }

static void set_defaults(zeta_options *o) {
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

bool options_parse(zeta_options *o, int argc, char **argv) {
  set_defaults(o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-v") == 0) { o->verbose++; continue; }
    if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
      if (!o->command && o->nfiles == 0 && (strcmp(a, "smt") == 0 || strcmp(a, "validate") == 0)) {
        o->command = a;
        continue;
      }
      if (o->nfiles == (int)(sizeof o->files / sizeof o->files[0])) {
        fprintf(stderr, "zeta: too many input files\n");
        return false;
      }
      o->files[o->nfiles++] = a;
      continue;
    }
    const char *name = a + 2, *val = NULL;
    char buf[64];
    const char *eq = strchr(name, '=');
    if (eq) {
      size_t len = (size_t)(eq - name);
      if (len >= sizeof buf) len = sizeof buf - 1;
      memcpy(buf, name, len);
      buf[len] = '\0';
      name = buf;
      val = eq + 1;
    }
#define TAKE_VALUE(n) \
    if (!val) { \
      if (i + 1 >= argc) { fprintf(stderr, "zeta: option --%s needs a value\n", n); return false; } \
      val = argv[++i]; \
    }
#define OPT_FLAG(f, n, h) if (strcmp(name, n) == 0) { o->f = true; continue; }
#define OPT_INT(f, n, d, lo, hi, h) \
    if (strcmp(name, n) == 0) { TAKE_VALUE(n) \
      if (!parse_long(val, lo, hi, &o->f)) { \
        fprintf(stderr, "zeta: --%s expects an integer in [%ld, %ld], got '%s'\n", n, (long)(lo), (long)(hi), val); \
        return false; } \
      continue; }
#define OPT_ENUM(f, n, d, vals, h) \
    if (strcmp(name, n) == 0) { TAKE_VALUE(n) \
      if (!enum_member(vals, val)) { \
        fprintf(stderr, "zeta: --%s expects one of %s, got '%s'\n", n, vals, val); return false; } \
      o->f = val; continue; }
#define OPT_STR(f, n, d, h) if (strcmp(name, n) == 0) { TAKE_VALUE(n) o->f = val; continue; }
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
#undef TAKE_VALUE
    fprintf(stderr, "zeta: unknown option '%s' (see zeta --help)\n", a);
    return false;
  }
  return true;
}

void options_help(FILE *out) {
  fprintf(out,
          "usage: zeta [OPTIONS] FILE          verify a model (format from the extension or --input)\n"
          "       zeta smt [OPTIONS] FILE.smt2  run an SMT-LIB2 script through the solver layer\n"
          "       zeta validate FILE.smt2 MODEL.smt2   check a CHC model with an independent solver\n"
          "\n"
          "Verdict on the first line of stdout: SAFE, UNSAFE or UNKNOWN (reason).\n"
          "Exit codes: 0 verdict, 1 unknown, 2 usage or input error, 3 internal error.\n\n"
          "options:\n"
          "  --help                 this text\n"
          "  --version              print the version\n"
          "  -v                     more progress on stderr (repeatable)\n");
#define OPT_FLAG(f, n, h) fprintf(out, "  --%-21s %s\n", n, h);
#define OPT_INT(f, n, d, lo, hi, h) fprintf(out, "  --%-14s <int>  %s (default %ld)\n", n, h, (long)(d));
#define OPT_ENUM(f, n, d, vals, h) fprintf(out, "  --%-14s <val>  %s\n  %24s %s (default %s)\n", n, h, "", vals, d);
#define OPT_STR(f, n, d, h) fprintf(out, "  --%-14s <str>  %s\n", n, h);
#include "core/options.def"
#undef OPT_FLAG
#undef OPT_INT
#undef OPT_ENUM
#undef OPT_STR
}
