/* Control flow automata in the textual CFA language (.cfa): the parser
 * and the shared CFA check (src/lang/cfa_run.h) in the language's own
 * format. */
#include <stdlib.h>
#include "core/alloc.h"
#include "lang/cfa/cfa_parser.h"
#include "lang/cfa_run.h"
#include "lang/lang.h"

static void *cfa_load(const char *path, const zeta_options *o, diag *d) {
  (void)o;
  cfa *c = xmalloc(sizeof *c);
  char err[1024];
  if (!cfa_parse_file(path, c, err, sizeof err)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", err);
    free(c);
    return NULL;
  }
  return c;
}

static int cfa_check(void *m, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  return cfa_run_check(m, o, lim, NULL, r, d);
}

static void cfa_free_model(void *m) {
  cfa_free(m);
  free(m);
}

const lang lang_cfa = {"cfa", "", ".cfa", "control flow automata in the textual CFA language (Theta-compatible)",
                       cfa_load, cfa_check, cfa_free_model};
