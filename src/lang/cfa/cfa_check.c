/* Control flow automata in the textual CFA language (.cfa): the parser
 * and the shared checks in the language's own format: a program with one
 * process is a plain CFA (src/lang/cfa_run.h); one with calls between
 * processes is a program with procedures (src/lang/proc_run.h). */
#include <stdlib.h>
#include "core/alloc.h"
#include "lang/cfa/cfa_parser.h"
#include "lang/cfa_run.h"
#include "lang/lang.h"
#include "lang/proc_run.h"

typedef struct {
  cfa_prog prog;
  cfa flat;     /* the program without calls as one CFA */
  bool has_flat;
} cfa_model;

static void *cfa_load(const char *path, const zeta_options *o, diag *d) {
  (void)o;
  cfa_model *m = xcalloc(1, sizeof *m);
  char err[1024];
  if (!cfa_parse_prog_file(path, &m->prog, err, sizeof err)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", err);
    free(m);
    return NULL;
  }
  if (cfa_prog_ncalls(&m->prog) == 0) {
    cfa_prog_flatten(&m->prog, &m->flat);
    m->has_flat = true;
  }
  return m;
}

static int cfa_check(void *mv, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  cfa_model *m = mv;
  /* pds and the Horn engines take the program route even without calls */
  bool prog = option_is(o->algorithm, "pds") || option_is(o->algorithm, "spacer") || option_is(o->algorithm, "own");
  if (m->has_flat && !prog) return cfa_run_check(&m->flat, o, lim, NULL, r, d);
  return proc_run_check(&m->prog, o, lim, r, d);
}

static void cfa_free_model(void *mv) {
  cfa_model *m = mv;
  if (m->has_flat) cfa_free(&m->flat);
  cfa_prog_free(&m->prog);
  free(m);
}

const lang lang_cfa = {"cfa", "", ".cfa", "control flow automata in the textual CFA language (Theta-compatible)", "chc vmt cfa",
                       cfa_load, cfa_check, cfa_free_model};
