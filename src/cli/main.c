/* zeta command line: option parsing and dispatch to a driver. */
#include <stdio.h>
#include <string.h>
#include "lang/lang.h"
#include "zeta/zeta.h"

typedef int (*driver_fn)(const zeta_options *);

/* Input formats by name and by file extension. */
static const struct { const char *format, *ext; driver_fn run; } formats[] = {
  {"cfa", ".cfa", cli_cfa},
  {"smt2", ".smt2", cli_chc},   /* Horn clauses; other scripts: zeta smt */
  {"chc", ".smt2", cli_chc},
  {"vmt", ".vmt", cli_vmt},
  {"aiger", ".aag", cli_aiger},
  {"aiger", ".aig", cli_aiger},
  {"btor2", ".btor2", cli_btor2},
  {"btor2", ".btor", cli_btor2},
  {"pnml", ".pnml", cli_petri},
};

static const char *extension_format(const char *file) {
  const char *dot = strrchr(file, '.');
  if (!dot) return NULL;
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (strcmp(dot, formats[i].ext) == 0) return formats[i].format;
  return NULL;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      options_help(stdout);
      return ZETA_EXIT_VERDICT;
    }
    if (strcmp(argv[i], "--version") == 0) {
      printf("zeta %s\n", ZETA_VERSION);
      return ZETA_EXIT_VERDICT;
    }
  }
  zeta_options o;
  if (!options_parse(&o, argc, argv)) return ZETA_EXIT_INPUT;
  if (o.command && strcmp(o.command, "smt") == 0) {
    if (o.nfiles != 1) { fprintf(stderr, "zeta smt: expected one FILE.smt2\n"); return ZETA_EXIT_INPUT; }
    return cli_smt(&o);
  }
  if (o.command && strcmp(o.command, "validate") == 0) {
    if (o.nfiles != 2) { fprintf(stderr, "zeta validate: expected FILE.smt2 MODEL.smt2\n"); return ZETA_EXIT_INPUT; }
    return cli_validate(&o);
  }
  if (o.nfiles < 1) {
    fprintf(stderr, "zeta: no input file (see zeta --help)\n");
    return ZETA_EXIT_INPUT;
  }
  const char *format = o.input ? o.input : extension_format(o.files[0]);
  if (!format) {
    fprintf(stderr, "zeta: %s: cannot tell the input format from the extension; use --input\n", o.files[0]);
    return ZETA_EXIT_INPUT;
  }
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (strcmp(format, formats[i].format) == 0 && formats[i].run) return formats[i].run(&o);
  fprintf(stderr, "zeta: input format '%s' is not supported\n", format);
  return ZETA_EXIT_INPUT;
}
