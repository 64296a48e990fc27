/* Solidity (.sol): contracts lowered to Horn clauses (sol_lower.h), solved
 * with zeta's Horn engines (Spacer as one labelled engine); one answer per
 * assertion, found one at a time: a violated assertion is reported with
 * its transaction sequence and excluded, and the rest solved again.
 * Evidence: UNSAFE with the derivation replayed on the clauses and read
 * back as transactions; SAFE with the contract invariant (the
 * interpretation of C over the state variables) checked on every clause. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/emergency.h"
#include "engine/chc_engine.h"
#include "ir/chc_witness.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/sol/sol_ast.h"
#include "lang/sol/sol_lower.h"
#include "lang/sol/sol_modular.h"
#include "lang/sol/sol_solve.h"
#include "lang/sol/sol_trace.h"
#include "solver/solver.h"

typedef struct { sol_ast *ast; sol_annots annots; } sol_model;

/* --sol-mode modular: the AST of the copy with the annotations (sol_annot.h) */
static void *sol_load(const char *path, const zeta_options *o, diag *d) {
  sol_annots an = {0};
  sol_ast *a = option_is(o->sol_mode, "modular") ? sol_annot_load(path, &an, d) : sol_ast_load(path, d);
  if (!a) return NULL;
  sol_model *m = xcalloc(1, sizeof *m);
  m->ast = a;
  m->annots = an;
  return m;
}

static void sol_free(void *p) {
  sol_model *m = p;
  sol_ast_free(m->ast);
  sol_annots_free(&m->annots);
  free(m);
}

/* NULL_TERM: the variable does not occur in the replayed clause (any value
 * does) */
static void print_term(FILE *out, term_t t) {
  if (t == NULL_TERM) { fputs("any", out); return; }
  char *s = term_to_string(t);
  fputs(s, out);
  free(s);
}

static void print_sol(FILE *out, term_t t);

/* A state leaf named like "s.a[].b[]" (one "[]" per array or mapping on
 * the way) read at indices idx[0..n) (outermost first): s.a[i].b[j]; a
 * "[]" without its index is every element, [*] (none at the end). */
static void print_leaf(FILE *out, const char *nm, const term_t *idx, uint32_t n) {
  uint32_t k = 0;
  for (const char *p = nm; *p; p++) {
    if (p[0] == '[' && p[1] == ']') {
      p++;
      if (k < n) { fputc('[', out); print_sol(out, idx[k++]); fputc(']', out); }
      else if (p[1]) fputs("[*]", out);
      continue;
    }
    fputc(*p, out);
  }
  for (; k < n; k++) { fputc('[', out); print_sol(out, idx[k]); fputc(']', out); }
}

/* A formula in Solidity's notation (infix, a[i], ! && ||); what has no
 * Solidity form (stores, quantifiers) stays in SMT-LIB. */
static void print_sol(FILE *out, term_t t) {
  if (term_is_true(t)) { fputs("true", out); return; }
  if (term_is_false(t)) { fputs("false", out); return; }
  if (term_is_negated(t)) {
    fputs("!(", out);
    print_sol(out, term_unsigned(t));
    fputc(')', out);
    return;
  }
  term_op op = term_op_of(t);
  uint32_t n = term_nargs(t);
  const char *inf = NULL;
  switch (op) {
  case OP_VAR: print_leaf(out, term_var_name(t), NULL, 0); return;
  case OP_EQ: inf = " == "; break;
  case OP_AND: inf = " && "; break;
  case OP_OR: inf = " || "; break;
  case OP_ADD: inf = " + "; break;
  case OP_SUB: inf = " - "; break;
  case OP_MUL: inf = " * "; break;
  case OP_LE: inf = " <= "; break;
  case OP_LT: inf = " < "; break;
  case OP_IDIV: inf = " / "; break;
  case OP_MOD: inf = " % "; break;
  case OP_NEG: fputs("-(", out); print_sol(out, term_arg(t, 0)); fputc(')', out); return;
  case OP_ITE:
    fputc('(', out); print_sol(out, term_arg(t, 0)); fputs(" ? ", out); print_sol(out, term_arg(t, 1));
    fputs(" : ", out); print_sol(out, term_arg(t, 2)); fputc(')', out);
    return;
  case OP_SELECT: {   /* a leaf "s.a[].b[]" read at indices: s.a[i].b[j] */
    term_t idx[16];
    uint32_t k = 0;
    term_t b = t;
    while (term_op_of(b) == OP_SELECT && k < 16) idx[k++] = term_arg(b, 1), b = term_arg(b, 0);
    if (term_op_of(b) == OP_VAR) {
      for (uint32_t i = 0; i < k / 2; i++) { term_t x = idx[i]; idx[i] = idx[k - 1 - i]; idx[k - 1 - i] = x; }
      print_leaf(out, term_var_name(b), idx, k);
      return;
    }
    print_sol(out, term_arg(t, 0)); fputc('[', out); print_sol(out, term_arg(t, 1)); fputc(']', out);
    return;
  }
  default: print_term(out, t); return;
  }
  fputc('(', out);
  for (uint32_t i = 0; i < n; i++) {
    if (i) fputs(inf, out);
    print_sol(out, term_arg(t, i));
  }
  fputc(')', out);
}

/* The invariant of each root: C's interpretation over the state variables. */
static void print_invariant(FILE *out, const sol_chc *sc, const term_t *interp) {
  for (uint32_t r = 0; r < sc->nroots; r++) {
    const sol_root *R = &sc->roots[r];
    const chc_pred *P = &sc->sys.preds[R->C];
    term_t *names = xmalloc((P->arity + 1) * sizeof(term_t));
    for (uint32_t q = 0; q < P->arity; q++) names[q] = term_var(R->leaf_names[q], term_type(P->params[q]));
    term_t inv = interp[R->C] == NULL_TERM ? term_true() : term_subst(interp[R->C], P->arity, P->params, names);
    fprintf(out, "invariant of %s: ", R->name);
    print_sol(out, inv);
    fputc('\n', out);
    free(names);
  }
}

/* Checks a model on the normalized clauses (quantifier-free there; the
 * expanded interpretations of inlined predicates carry quantifiers) and
 * expands it to every predicate of the lowered clauses for printing. */
static bool model_holds(const sol_chc *sc, const chc_system *norm, const term_t *ninterp, term_t **full) {
  term_t *interp = xcalloc(sc->sys.npreds + 1, sizeof(term_t));
  for (uint32_t p = 0; p < sc->sys.npreds; p++) interp[p] = ninterp[p];
  solver *z = solver_new_z3();
  solver_set_timeout(z, 10000);
  uint32_t *failed;
  bool *undecided;
  uint32_t nf = chc_check_model(norm, interp, z, &failed, &undecided);
  solver_free(z);
  free(failed);
  free(undecided);
  chc_expand_model(norm, interp);
  *full = interp;
  return nf == 0;
}

static int sol_check(void *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  sol_model *m = p;
  emergency_set_answer("UNKNOWN (timeout)\n");
  if (option_is(o->sol_mode, "modular")) return sol_modular_check(m->ast, &m->annots, o, lim, r);
  if (!lang_algorithm_ok("portfolio own spacer bmc cegar pdr kind imc", o->algorithm, "Solidity", d)) return ZETA_EXIT_INPUT;
  if (!option_is(o->ext_calls, "untrusted") && !option_is(o->ext_calls, "trusted")) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --ext-calls takes trusted or untrusted");
    return ZETA_EXIT_INPUT;
  }
  bool *excluded = NULL;
  int *answer = NULL;          /* per assertion: 0 unknown, 1 safe, 2 unsafe */
  uint32_t nasserts = 0;
  const char *reason = NULL;
  char reason_buf[600] = "";
  lang_capture ev;
  FILE *out = lang_capture_open(&ev);
  const char *engine = NULL;
  for (;;) {
    sol_chc sc;
    char *err = NULL;
    if (!sol_lower(m->ast, o->contract, option_is(o->ext_calls, "trusted"), excluded, &sc, &err)) {
      if (err) {
        diag_set(d, ZETA_EXIT_INPUT, "%s", err);
        free(err);
        sol_chc_free(&sc);
        fclose(ev.f); free(ev.buf); free(excluded); free(answer);
        return ZETA_EXIT_INPUT;
      }
      snprintf(reason_buf, sizeof reason_buf, "%s", sc.unsupported);
      reason = reason_buf;
      sol_chc_free(&sc);
      break;
    }
    if (!option_is(o->export_fmt, "none")) {
      chc_write(report_out(r), &sc.sys);
      sol_chc_free(&sc);
      fclose(ev.f); free(ev.buf); free(excluded); free(answer);
      return ZETA_EXIT_VERDICT;
    }
    if (!excluded) {
      nasserts = sc.nasserts;
      excluded = xcalloc(nasserts + 2, sizeof(bool));
      answer = xcalloc(nasserts + 2, sizeof(int));
    }
    uint32_t left = 0;
    for (uint32_t k = 1; k <= nasserts; k++) left += !excluded[k];
    if (left == 0) { sol_chc_free(&sc); break; }
    chc_system norm;
    chc_copy(&norm, &sc.sys);
    chc_normalize(&norm);
    if (o->verbose) progress_say("zeta: %u predicates, %u clauses; %u after normalization", sc.sys.npreds, sc.sys.nclauses, norm.nclauses);
    chc_result res;
    /* once an assertion failed (the verdict is UNSAFE), the others get a
     * share of the remaining time only */
    zeta_limits l = *lim;
    bool found = false;
    for (uint32_t k = 1; k <= nasserts; k++) found |= answer[k] == 2;
    if (found && lim->deadline) l.deadline = limits_now() + (lim->deadline - limits_now()) * 0.3;
    else if (found) l.deadline = limits_now() + 10;
    chc_system unf;   /* the derivation may be over the calls unfolded */
    bool over_unf = sol_solve_unfolding(&norm, o, &l, &res, &unf);
    const chc_system *dsys = over_unf ? &unf : &norm;
    bool again = false;
    if (res.answer == CHC_SAT) {
      term_t *full;
      if (model_holds(&sc, &norm, res.interp, &full)) {
        for (uint32_t k = 1; k <= nasserts; k++) if (!excluded[k]) answer[k] = 1;
        print_invariant(out, &sc, full);
        engine = res.engine;
      } else reason = "the invariant failed its check (engine bug)";
      free(full);
    } else if (res.answer == CHC_UNSAT) {
      uint32_t k = res.deriv.n ? dsys->clauses[res.deriv.nodes[0].clause].line : 0;
      if (o->verbose) progress_say("zeta: %s: unsat, derivation of %u nodes, assertion %u", res.engine, res.deriv.n, k);
      if (k == 0 || k > nasserts || excluded[k]) reason = "the engine gave no derivation";
      else if (!chc_replay(dsys, &res.deriv, 30000)) reason = "the counterexample did not replay";
      else {
        char why[400] = "";
        lang_capture tr;
        FILE *tf = lang_capture_open(&tr);
        sol_trace_outcome t = sol_trace_report(tf, m->ast, &sc, dsys, &res.deriv, k, lim, why, sizeof why);
        fclose(tf);
        excluded[k] = true;
        again = true;
        if (t != SOL_TRACE_CONFIRMED && sc.overapprox) {   /* the clauses allow more than the contract does */
          snprintf(reason_buf, sizeof reason_buf, "counterexample of assertion %u not confirmed by execution (%s; over-approximated: %s)",
                   k, why, sc.overapprox);
          reason = reason_buf;
        } else if (t == SOL_TRACE_REFUTED) {   /* an engine or lowering bug: never an UNSAFE the execution denies */
          snprintf(reason_buf, sizeof reason_buf, "counterexample of assertion %u not confirmed: %s", k, why);
          reason = reason_buf;
          if (o->verbose) progress_say("zeta: %s; the sequence:\n%s", reason, tr.buf ? tr.buf : "");
        } else {
          answer[k] = 2;
          engine = res.engine;
          fprintf(out, "assertion %u (%s:%u) fails:\n%s", k, m->ast->file, sc.assert_line[k], tr.buf ? tr.buf : "");
          if (t == SOL_TRACE_CONFIRMED) fprintf(out, "  (replayed on the lowered clauses and by executing the contract)\n");
          else fprintf(out, "  (replayed on the Horn clauses only: %s)\n", why);
        }
        free(tr.buf);
      }
    } else reason = res.reason ? res.reason : "unknown";
    if (reason && reason != reason_buf) {
      snprintf(reason_buf, sizeof reason_buf, "%s", reason);
      reason = reason_buf;
    }
    chc_result_free(&res);
    chc_free(&unf);
    /* the assertion lines before the lowering goes away */
    if (!again || limits_expired(&l)) {
      fprintf(out, "assertions:\n");
      for (uint32_t k = 1; k <= nasserts; k++)
        fprintf(out, "  %s:%u: %s\n", m->ast->file, sc.assert_line[k], answer[k] == 1 ? "SAFE" : answer[k] == 2 ? "UNSAFE" : "UNKNOWN");
      chc_free(&norm);
      sol_chc_free(&sc);
      if (again) reason = "timeout";
      break;
    }
    chc_free(&norm);
    sol_chc_free(&sc);
  }
  bool any_unsafe = false, all_safe = true;
  for (uint32_t k = 1; k <= nasserts; k++) {
    any_unsafe |= answer[k] == 2;
    all_safe &= answer[k] == 1;
  }
  if (engine) report_set_engine(r, engine);
  int rc;
  if (any_unsafe) rc = lang_verdict(r, ZETA_UNSAFE, NULL);
  else if (all_safe && !(nasserts == 0 && reason)) rc = lang_verdict(r, ZETA_SAFE, NULL);
  else rc = lang_verdict(r, ZETA_UNKNOWN, reason ? reason : "unknown");
  report_stat(r, "assertions", "%u", nasserts);
  lang_emit(r, any_unsafe ? "trace" : "invariant", &ev);
  free(excluded);
  free(answer);
  return rc;
}

const lang lang_sol = {"sol", "solidity", ".sol", "Solidity contracts (solc-js 0.8.37 AST), assertions checked over all transaction sequences", "chc",
                       sol_load, sol_check, sol_free};
