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
#include "cert/chc_cert.h"

/* Reads the clauses and the model (shared by validate and check-cert, so
 * that both build the same terms in the same order). */
static int load(const char *file, const char *mfile, chc_system *s, term_t **interp_out, diag *d) {
  FILE *in = fopen(file, "r");
  if (!in) { diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: cannot open", file); return ZETA_EXIT_INPUT; }
  chc_init(s);
  char *msg = NULL;
  chc_parse_status st = chc_parse(file, in, s, &msg);
  fclose(in);
  if (st != CHC_PARSE_OK) {
    if (st == CHC_PARSE_NOT_HORN) diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: not a Horn-clause problem", file);
    else diag_set(d, ZETA_EXIT_INPUT, "%s", msg ? msg : "parse error");
    free(msg);
    chc_free(s);
    return ZETA_EXIT_INPUT;
  }
  char why[512];
  size_t textlen;
  char *text = file_read_all(mfile, &textlen, why, sizeof why);
  if (!text) { diag_set(d, ZETA_EXIT_INPUT, "zeta: %s", why); chc_free(s); return ZETA_EXIT_INPUT; }
  /* a model file that says unsat/unknown has no model to check */
  const char *p = text;
  while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
  if (strncmp(p, "unsat", 5) == 0 || strncmp(p, "unknown", 7) == 0) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: the answer is not sat; no model to check", mfile);
    free(text); chc_free(s);
    return ZETA_EXIT_INPUT;
  }
  term_t *interp = xcalloc(s->npreds + 1, sizeof(term_t));
  if (!chc_read_model(s, mfile, text, interp, &msg)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", msg ? msg : "bad model");
    free(msg); free(text); free(interp); chc_free(s);
    return ZETA_EXIT_INPUT;
  }
  free(text);
  for (uint32_t i = 0; i < s->npreds; i++)
    if (interp[i] == NULL_TERM) progress_say("zeta: no definition of '%s' in %s (taken as true)", s->preds[i].name, mfile);
  *interp_out = interp;
  return 0;
}

/* The per-clause answers of a certification or certificate check, and the
 * model's status (the weakest); returns the exit code. */
static int print_cert(FILE *out, const chc_system *s, const chc_cert_clause *res) {
  uint32_t count[4] = {0};
  cert_status worst = CERT_CERTIFIED;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    count[res[i].status]++;
    if (res[i].status > worst) worst = res[i].status;
    if (res[i].status != CERT_CERTIFIED)
      fprintf(out, "clause %u (line %u): %s%s%s%s\n", i + 1, s->clauses[i].line, cert_status_name(res[i].status),
              res[i].why[0] ? " (" : "", res[i].why, res[i].why[0] ? ")" : "");
  }
  fprintf(out, "%s %s (%u certified, %u validated, %u unknown, %u violated of %u clauses)\n",
          worst == CERT_VIOLATED ? "invalid:" : "model", cert_status_name(worst), count[CERT_CERTIFIED],
          count[CERT_VALIDATED], count[CERT_UNKNOWN], count[CERT_VIOLATED], s->nclauses);
  return worst <= CERT_VALIDATED ? ZETA_EXIT_VERDICT : 1;
}

static int certify_run(const chc_system *s, const term_t *interp, const zeta_options *o, report *r, diag *d) {
  FILE *cf = NULL;
  if (o->cert && !(cf = fopen(o->cert, "w"))) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta validate: %s: cannot write the certificate", o->cert);
    return ZETA_EXIT_INPUT;
  }
  chc_cert_clause *res = xcalloc(s->nclauses + 1, sizeof *res);
  cert_stats st = {0};
  st.verbose = o->verbose >= 2;
  chc_certify(s, interp, o->timeout > 0 ? (uint32_t)o->timeout * 1000 : 30000, cf, res, &st);
  if (cf) fclose(cf);
  FILE *out = report_out(r);
  int rc = print_cert(out, s, res);
  if (o->stats)
    fprintf(out, "lemmas %u, checked %u (farkas %u, fourier-motzkin %u), gap lemmas %u; z3 with proofs %.3f s, certificate %.3f s\n",
            st.lemmas, st.lemmas_checked, st.lemmas_farkas, st.lemmas_fm, st.lemmas_gap, st.solve_s, st.check_s);
  free(res);
  return rc;
}

/* Checks every clause with one solver; prints the failing clauses (tagged
 * with the solver's name when tag); counts violated and undecided ones.
 * false when the solver cannot start (d set). */
static bool validate_with(const chc_system *s, const term_t *interp, const char *backend, const zeta_options *o,
                          bool tag, FILE *out, uint32_t *nbad, uint32_t *nundecided, diag *d) {
  const char *err = NULL;
  solver *slv = solver_new(backend, &err);
  if (!slv) {
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta validate: cannot start solver '%s': %s", backend, err ? err : "?");
    return false;
  }
  solver_set_timeout(slv, o->timeout > 0 ? (uint32_t)o->timeout * 1000 : 30000);
  uint32_t *failed; bool *undecided;
  uint32_t nf = chc_check_model(s, interp, slv, &failed, &undecided);
  for (uint32_t i = 0; i < nf; i++) {
    const chc_clause *c = &s->clauses[failed[i]];
    fprintf(out, "clause %u (line %u): %s%s%s%s\n", failed[i] + 1, c->line, undecided[i] ? "undecided (solver unknown)" : "violated",
            tag ? " [" : "", tag ? backend : "", tag ? "]" : "");
    if (undecided[i]) (*nundecided)++; else (*nbad)++;
  }
  free(failed); free(undecided);
  solver_free(slv);
  return true;
}

/* --solvers z3,cvc5: names for backends ("cvc5" is the second solver's
 * subprocess, anything else a --backend value). */
static const char *solver_backend(const char *name) { return strcmp(name, "cvc5") == 0 ? ZETA_SECOND_SOLVER : name; }

static int validate_run(const char *const *files, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  (void)lim;
  const char *mfile = files[1];
  FILE *out = report_out(r);
  chc_system s;
  term_t *interp;
  int lrc = load(files[0], mfile, &s, &interp, d);
  if (lrc) return lrc;
  int rc = ZETA_EXIT_VERDICT;
  if (o->certify) rc = certify_run(&s, interp, o, r, d);
  if (!o->certify || o->solvers) {
    char list[512];
    snprintf(list, sizeof list, "%s", o->solvers ? o->solvers : o->backend ? o->backend : ZETA_SECOND_SOLVER);
    uint32_t nbad = 0, nund = 0, nsolvers = 0;
    bool ok = true;
    for (char *save = NULL, *t = o->solvers ? strtok_r(list, ",", &save) : list; t && ok;
         t = o->solvers ? strtok_r(NULL, ",", &save) : NULL, nsolvers++)
      ok = validate_with(&s, interp, o->solvers ? solver_backend(t) : t, o, o->solvers != NULL, out, &nbad, &nund, d);
    int vrc;
    if (!ok) vrc = ZETA_EXIT_INTERNAL;
    else if (nbad + nund == 0) {
      if (o->solvers) fprintf(out, "valid (%u clauses; every one of %s answers unsat)\n", s.nclauses, o->solvers);
      else fprintf(out, "valid (%u clauses, %s)\n", s.nclauses, list);
      vrc = ZETA_EXIT_VERDICT;
    } else if (nbad) {
      fprintf(out, o->solvers ? "invalid (%u failing clause checks of %u clauses)\n" : "invalid (%u of %u clauses fail)\n", nbad,
              s.nclauses);
      vrc = 1;
    } else {
      fprintf(out, o->solvers ? "unknown (%u clause checks undecided)\n" : "unknown (%u clauses undecided)\n", nund);
      vrc = 1;
    }
    if (vrc > rc) rc = vrc;
  }
  free(interp);
  chc_free(&s);
  return rc;
}

const lang_command lang_cmd_validate = {"validate", 2, "zeta validate [--certify [--cert CERT]] [--solvers z3,cvc5] FILE.smt2 MODEL.smt2", validate_run};

/* zeta check-cert FILE.smt2 MODEL.smt2 CERT: the certificate checked with
 * no SMT solver (docs/CERT.md). Exit 0 when every clause is certified or
 * validated as the certificate says, 1 otherwise, 2 on bad input. */
static int check_cert_run(const char *const *files, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  (void)o; (void)lim;
  chc_system s;
  term_t *interp;
  int lrc = load(files[0], files[1], &s, &interp, d);
  if (lrc) return lrc;
  char why[512];
  size_t len;
  char *text = file_read_all(files[2], &len, why, sizeof why);
  int rc;
  if (!text) { diag_set(d, ZETA_EXIT_INPUT, "zeta check-cert: %s", why); rc = ZETA_EXIT_INPUT; }
  else {
    chc_cert_clause *res = xcalloc(s.nclauses + 1, sizeof *res);
    int c = chc_check_cert(&s, interp, text, res, why, sizeof why);
    if (c == 2) { diag_set(d, ZETA_EXIT_INPUT, "%s:%s", files[2], why); rc = ZETA_EXIT_INPUT; }
    else if (c == 1) {
      fprintf(report_out(r), "certificate rejected: %s\n", why);
      rc = 1;
    } else rc = print_cert(report_out(r), &s, res);
    free(res);
    free(text);
  }
  free(interp);
  chc_free(&s);
  return rc;
}

const lang_command lang_cmd_check_cert = {"check-cert", 3, "zeta check-cert FILE.smt2 MODEL.smt2 CERT", check_cert_run};
