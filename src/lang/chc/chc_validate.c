/* zeta validate FILE.smt2 MODEL.smt2: checks a Horn-clause model (zeta's,
 * Z3/Spacer's, Eldarica's define-fun list) clause by clause with an
 * independent solver (default: cvc5 subprocess; --backend selects).
 * Exit 0 valid, 1 invalid (each failing clause reported), 2 bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/file.h"
#include "lang/lang_common.h"
#include "core/alloc.h"
#include "lang/lang.h"
#include "core/progress.h"
#include "lang/chc/chc_parser.h"
#include "ir/chc_witness.h"

static int validate_run(const char *const *files, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  (void)lim;
  const char *file = files[0], *mfile = files[1];
  FILE *out = report_out(r);
  FILE *in = fopen(file, "r");
  if (!in) { diag_set(d, ZETA_EXIT_INPUT, "zeta validate: %s: cannot open", file); return ZETA_EXIT_INPUT; }
  chc_system s;
  chc_init(&s);
  char *msg = NULL;
  chc_parse_status st = chc_parse(file, in, &s, &msg);
  fclose(in);
  if (st != CHC_PARSE_OK) {
    if (st == CHC_PARSE_NOT_HORN) diag_set(d, ZETA_EXIT_INPUT, "zeta validate: %s: not a Horn-clause problem", file);
    else diag_set(d, ZETA_EXIT_INPUT, "%s", msg ? msg : "parse error");
    free(msg);
    chc_free(&s);
    return ZETA_EXIT_INPUT;
  }
  char why[512];
  size_t textlen;
  char *text = file_read_all(mfile, &textlen, why, sizeof why);
  if (!text) { diag_set(d, ZETA_EXIT_INPUT, "zeta validate: %s", why); chc_free(&s); return ZETA_EXIT_INPUT; }
  /* a model file that says unsat/unknown has no model to check */
  const char *p = text;
  while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
  if (strncmp(p, "unsat", 5) == 0 || strncmp(p, "unknown", 7) == 0) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta validate: %s: the answer is not sat; no model to check", mfile);
    free(text); chc_free(&s);
    return ZETA_EXIT_INPUT;
  }
  term_t *interp = xcalloc(s.npreds + 1, sizeof(term_t));
  if (!chc_read_model(&s, mfile, text, interp, &msg)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", msg ? msg : "bad model");
    free(msg); free(text); free(interp); chc_free(&s);
    return ZETA_EXIT_INPUT;
  }
  free(text);
  uint32_t missing = 0;
  for (uint32_t i = 0; i < s.npreds; i++)
    if (interp[i] == NULL_TERM) {
      progress_say("zeta validate: no definition of '%s' in %s (taken as true)", s.preds[i].name, mfile);
      missing++;
    }
  const char *backend = o->backend ? o->backend : ZETA_SECOND_SOLVER, *err = NULL;
  solver *slv = solver_new(backend, &err);
  if (!slv) {
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta validate: cannot start solver '%s': %s", backend, err ? err : "?");
    free(interp); chc_free(&s);
    return ZETA_EXIT_INTERNAL;
  }
  solver_set_timeout(slv, o->timeout > 0 ? (uint32_t)o->timeout * 1000 : 30000);
  uint32_t *failed; bool *undecided;
  uint32_t nf = chc_check_model(&s, interp, slv, &failed, &undecided);
  uint32_t nbad = 0;
  for (uint32_t i = 0; i < nf; i++) {
    const chc_clause *c = &s.clauses[failed[i]];
    fprintf(out, "clause %u (line %u): %s\n", failed[i] + 1, c->line, undecided[i] ? "undecided (solver unknown)" : "violated");
    nbad += !undecided[i];
  }
  int rc;
  if (nf == 0) { fprintf(out, "valid (%u clauses, %s)\n", s.nclauses, backend); rc = ZETA_EXIT_VERDICT; }
  else if (nbad) { fprintf(out, "invalid (%u of %u clauses fail)\n", nbad, s.nclauses); rc = 1; }
  else { fprintf(out, "unknown (%u clauses undecided)\n", nf); rc = 1; }
  free(failed); free(undecided);
  solver_free(slv);
  free(interp);
  chc_free(&s);
  return rc;
}

const lang_command lang_cmd_validate = {"validate", 2, "zeta validate FILE.smt2 MODEL.smt2", validate_run};
