/* zeta smt FILE: runs an SMT-LIB2 script through the solver layer.
 *
 * The whole file is parsed first (terms only: memory follows the term DAG,
 * not the text) and only then executed, so malformed input is reported as
 * file:line:column on stderr with exit code 2 and no verdict at all.
 * Symbol scoping does not depend on solver answers, so executing afterwards
 * gives the same responses as an interactive run.
 *
 * (get-interpolant F1 ... Fn) interpolates the given formulas (or names of
 * :named assertions / define-fun constants) on their own; the current
 * assertions are not added to any part.
 */
#include <stdlib.h>
#include <string.h>
#include "lang/lang.h"
#include "core/progress.h"
#include "core/smtlib.h"
#include "solver/itp.h"
#include "solver/solver.h"
#include "zeta/zeta.h"

/* A command kept for execution: only what the runner needs. */
typedef struct {
  smtlib_cmd_kind kind;
  uint32_t line, col, n, level;
  term_t term;
  term_t *terms;
  char **texts;
  char *name, *value;
} run_cmd;

typedef struct { run_cmd *data; size_t size, cap; } run_list;

static char *dup_or_null(const char *s, bool *ok) {
  if (!s) return NULL;
  char *d = strdup(s);
  if (!d) *ok = false;
  return d;
}

static void run_cmd_free(run_cmd *c) {
  free(c->terms);
  if (c->texts) for (uint32_t i = 0; i < c->n; i++) free(c->texts[i]);
  free(c->texts);
  free(c->name);
  free(c->value);
}

static void run_list_free(run_list *l) {
  for (size_t i = 0; i < l->size; i++) run_cmd_free(&l->data[i]);
  free(l->data);
}

/* Commands without any effect on the run are dropped. */
static bool needed(smtlib_cmd_kind k) {
  return k != SMTLIB_SET_LOGIC && k != SMTLIB_SET_INFO && k != SMTLIB_DECLARE_FUN &&
         k != SMTLIB_DEFINE_FUN && k != SMTLIB_DECLARE_SORT && k != SMTLIB_DEFINE_SORT;
}

static bool keep(run_list *l, const smtlib_cmd *c) {
  if (!needed(c->kind)) return true;
  if (l->size == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    run_cmd *d = realloc(l->data, cap * sizeof *d);
    if (!d) return false;
    l->data = d;
    l->cap = cap;
  }
  run_cmd r = {c->kind, c->line, c->col, c->n, c->level, c->term, NULL, NULL, NULL, NULL};
  bool ok = true;
  if (c->n) {
    r.terms = malloc(sizeof *r.terms * c->n);
    ok = r.terms != NULL;
    if (ok) memcpy(r.terms, c->terms, sizeof *r.terms * c->n);
  }
  if (ok && c->texts) {
    r.texts = calloc(c->n, sizeof *r.texts);
    ok = r.texts != NULL;
    for (uint32_t i = 0; ok && i < c->n; i++) r.texts[i] = dup_or_null(c->texts[i], &ok);
  }
  r.name = dup_or_null(c->name, &ok);
  r.value = dup_or_null(c->value, &ok);
  if (!ok) { run_cmd_free(&r); return false; }
  l->data[l->size++] = r;
  return true;
}

/* ---- model printing ---- */
static void print_value(FILE *out, term_t v) {
  if (v == NULL_TERM) fputs("?", out);
  else term_print(out, v);
}

/* A default value of a sort, for function interpretations. */
static void print_default(FILE *out, type_t ty) {
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: fputs("false", out); break;
  case TYPE_INT: fputs("0", out); break;
  case TYPE_REAL: fputs("0.0", out); break;
  case TYPE_BV: term_print(out, term_bv_u64(type_bv_width(ty), 0)); break;
  default: fputs("?", out); break;
  }
}

/* Applications of f in the asserted terms (DAG walk). */
static void collect_apps(term_t f, const term_t *as, uint32_t n, term_t **out, uint32_t *nout) {
  size_t cap = terms_count() + 1;
  unsigned char *seen = calloc(cap, 1);
  term_t *stack = NULL;
  size_t sp = 0, scap = 0;
  uint32_t k = 0, kcap = 0;
  *out = NULL;
  if (!seen) goto done;
  for (uint32_t i = 0; i < n; i++) {
    if (sp == scap) {
      scap = scap ? scap * 2 : 256;
      term_t *s = realloc(stack, scap * sizeof *s);
      if (!s) goto done;
      stack = s;
    }
    stack[sp++] = as[i];
    while (sp) {
      term_t t = term_unsigned(stack[--sp]);
      uint32_t id = term_id(t);
      if (id >= cap || seen[id]) continue;
      seen[id] = 1;
      if (term_op_of(t) == OP_APPLY && term_arg(t, 0) == f) {
        if (k == kcap) {
          kcap = kcap ? kcap * 2 : 16;
          term_t *o = realloc(*out, kcap * sizeof *o);
          if (!o) goto done;
          *out = o;
        }
        (*out)[k++] = t;
      }
      uint32_t na = term_nargs(t);
      for (uint32_t j = 0; j < na; j++) {
        if (sp == scap) {
          scap *= 2;
          term_t *s = realloc(stack, scap * sizeof *s);
          if (!s) goto done;
          stack = s;
        }
        stack[sp++] = term_arg(t, j);
      }
    }
  }
done:
  *nout = k;
  free(seen);
  free(stack);
}

/* define-fun of a function symbol: an ite over the argument values of its
 * applications in the assertions (the solver's model agrees on them). */
static void print_fun_model(FILE *out, solver *s, term_t f, const term_t *as, uint32_t nas) {
  type_t ty = term_type(f);
  uint32_t ar = type_fun_arity(ty);
  fputs("  (define-fun ", out);
  term_print_var_name(out, f);
  fputs(" (", out);
  for (uint32_t i = 0; i < ar; i++) {
    fprintf(out, "%s(x!%u ", i ? " " : "", i);
    type_print(out, type_fun_domain(ty, i));
    fputc(')', out);
  }
  fputs(") ", out);
  type_print(out, type_fun_range(ty));
  fputc(' ', out);
  term_t *apps;
  uint32_t napps;
  collect_apps(f, as, nas, &apps, &napps);
  uint32_t open = 0;
  term_t *vals = malloc(sizeof *vals * ((size_t)napps * ar + 1));
  uint32_t nvals = 0;
  for (uint32_t a = 0; a < napps && vals; a++) {
    term_t *row = vals + (size_t)nvals * ar;
    bool ok = true;
    for (uint32_t i = 0; i < ar && ok; i++) ok = (row[i] = solver_value(s, term_arg(apps[a], i + 1))) != NULL_TERM;
    term_t r = ok ? solver_value(s, apps[a]) : NULL_TERM;
    if (r == NULL_TERM) continue;
    bool dup = false;
    for (uint32_t j = 0; j < nvals && !dup; j++) dup = !memcmp(vals + (size_t)j * ar, row, sizeof *row * ar);
    if (dup) continue;
    nvals++;
    fputs("(ite ", out);
    if (ar > 1) fputs("(and", out);
    for (uint32_t i = 0; i < ar; i++) {
      fprintf(out, "%s(= x!%u ", ar > 1 || i ? " " : "", i);
      print_value(out, row[i]);
      fputc(')', out);
    }
    if (ar > 1) fputc(')', out);
    fputc(' ', out);
    print_value(out, r);
    fputc(' ', out);
    open++;
  }
  print_default(out, type_fun_range(ty));
  for (uint32_t i = 0; i < open; i++) fputc(')', out);
  fputs(")\n", out);
  free(vals);
  free(apps);
}

static void print_model(FILE *out, solver *s, const run_cmd *c, const term_t *as, uint32_t nas) {
  fputs("(\n", out);
  for (uint32_t i = 0; i < c->n; i++) {
    term_t v = c->terms[i];
    if (type_kind_of(term_type(v)) == TYPE_FUN) { print_fun_model(out, s, v, as, nas); continue; }
    fputs("  (define-fun ", out);
    term_print_var_name(out, v);
    fputs(" () ", out);
    type_print(out, term_type(v));
    fputc(' ', out);
    print_value(out, solver_value(s, v));
    fputs(")\n", out);
  }
  fputs(")\n", out);
}

/* ---- execution ---- */
typedef struct {
  const zeta_options *o;
  solver *s;
  itp_strategy itp;
  uint32_t timeout_ms;
  term_t *as;             /* assertion stack, for get-assertions and function models */
  uint32_t nas, ascap;
  uint32_t *marks;        /* nas at each push */
  uint32_t nmarks, mcap;
  bool have_model, print_success;
  solver_result last;
  FILE *out;              /* the report's text */
} runner;

static void error_response(runner *r, const run_cmd *c, const char *msg) {
  fprintf(r->out, "(error \"line %u column %u: %s\")\n", c->line, c->col, msg);
}

static bool runner_solver(runner *r, const char **err) {
  solver_free(r->s);
  r->s = solver_new(r->o->backend, err);
  if (!r->s) return false;
  if (r->timeout_ms) solver_set_timeout(r->s, r->timeout_ms);
  r->nas = r->nmarks = 0;
  r->have_model = false;
  return true;
}

/* Returns false on an internal failure (allocation). */
static bool execute(runner *r, const run_cmd *c, bool *stop) {
  bool success = true;   /* the command prints "success" under :print-success */
  switch (c->kind) {
  case SMTLIB_SET_OPTION:
    if (c->name && !strcmp(c->name, ":print-success"))
      r->print_success = c->value && !strcmp(c->value, "true");
    break;
  case SMTLIB_ASSERT:
    if (r->nas == r->ascap) {
      uint32_t cap = r->ascap ? r->ascap * 2 : 64;
      term_t *a = realloc(r->as, sizeof *a * cap);
      if (!a) return false;
      r->as = a;
      r->ascap = cap;
    }
    r->as[r->nas++] = c->term;
    solver_assert(r->s, c->term);
    r->have_model = false;
    break;
  case SMTLIB_CHECK_SAT:
    r->last = solver_check_assuming(r->s, c->n, c->terms);
    r->have_model = r->last == SOLVER_SAT;
    fprintf(r->out, "%s\n", r->last == SOLVER_SAT ? "sat" : r->last == SOLVER_UNSAT ? "unsat" : "unknown");
    success = false;
    break;
  case SMTLIB_GET_MODEL:
    if (!r->have_model) error_response(r, c, "model is not available");
    else print_model(r->out, r->s, c, r->as, r->nas);
    success = false;
    break;
  case SMTLIB_GET_VALUE:
    if (!r->have_model) { error_response(r, c, "model is not available"); success = false; break; }
    fputc('(', r->out);
    for (uint32_t i = 0; i < c->n; i++) {
      fprintf(r->out, "%s(%s ", i ? "\n " : "", c->texts[i]);
      print_value(r->out, solver_value(r->s, c->terms[i]));
      fputc(')', r->out);
    }
    fputs(")\n", r->out);
    success = false;
    break;
  case SMTLIB_GET_ASSERTIONS:
    fputc('(', r->out);
    for (uint32_t i = 0; i < r->nas; i++) {
      if (i) fputs("\n ", r->out);
      term_print(r->out, r->as[i]);
    }
    fputs(")\n", r->out);
    success = false;
    break;
  case SMTLIB_PUSH:
    for (uint32_t i = 0; i < c->level; i++) {
      if (r->nmarks == r->mcap) {
        uint32_t cap = r->mcap ? r->mcap * 2 : 16;
        uint32_t *m = realloc(r->marks, sizeof *m * cap);
        if (!m) return false;
        r->marks = m;
        r->mcap = cap;
      }
      r->marks[r->nmarks++] = r->nas;
      solver_push(r->s);
    }
    r->have_model = false;
    break;
  case SMTLIB_POP:
    if (c->level) {   /* the parser checked the depth */
      r->nmarks -= c->level;
      r->nas = r->marks[r->nmarks];
      solver_pop(r->s, c->level);
    }
    r->have_model = false;
    break;
  case SMTLIB_RESET: case SMTLIB_RESET_ASSERTIONS: {
    const char *err = NULL;
    if (!runner_solver(r, &err)) {
      progress_say("zeta smt: %s", err ? err : "cannot create the solver");
      return false;
    }
    break;
  }
  case SMTLIB_GET_INTERPOLANT: {
    term_t *out = calloc(c->n, sizeof *out);
    if (!out) return false;
    solver_result res = itp_sequence(r->itp, c->n, c->terms, out, r->timeout_ms);
    if (res == SOLVER_UNSAT) {
      for (uint32_t i = 0; i + 1 < c->n; i++) {
        term_print(r->out, out[i]);
        fputc('\n', r->out);
      }
    } else {
      error_response(r, c, res == SOLVER_SAT ? "the formulas are satisfiable: no interpolant"
                                          : "interpolation failed (unknown)");
    }
    free(out);
    success = false;
    break;
  }
  case SMTLIB_ECHO:
    fprintf(r->out, "%s\n", c->name ? c->name : "");
    success = false;
    break;
  case SMTLIB_GET_INFO:
    success = false;
    if (!c->name) { fprintf(r->out, "%s\n", "unsupported"); break; }
    if (!strcmp(c->name, ":name")) fprintf(r->out, "%s\n", "(:name \"zeta\")");
    else if (!strcmp(c->name, ":version")) fprintf(r->out, "(:version \"%s\")\n", ZETA_VERSION);
    else if (!strcmp(c->name, ":authors")) fprintf(r->out, "%s\n", "(:authors \"the zeta developers\")");
    else if (!strcmp(c->name, ":reason-unknown"))
      fprintf(r->out, "(:reason-unknown \"%s\")\n", r->last == SOLVER_UNKNOWN && r->s->ops->reason_unknown
                                               ? r->s->ops->reason_unknown(r->s) : "none");
    else fprintf(r->out, "%s\n", "unsupported");
    break;
  case SMTLIB_GET_OPTION: case SMTLIB_GET_ASSIGNMENT: case SMTLIB_GET_UNSAT_CORE:
    fprintf(r->out, "%s\n", "unsupported");
    success = false;
    break;
  case SMTLIB_EXIT:
    *stop = true;
    break;
  default:
    break;
  }
  if (success && r->print_success) fprintf(r->out, "%s\n", "success");
  fflush(r->out);
  return true;
}

static int smt_run(const char *const *files, const zeta_options *o, const zeta_limits *lim, report *rep, diag *d) {
  (void)lim;
  const char *file = files[0];
  runner r = {0};
  r.o = o;
  r.out = report_out(rep);
  if (!itp_strategy_parse(o->itp ? o->itp : "auto", &r.itp)) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta smt: unknown interpolation strategy '%s'", o->itp);
    return ZETA_EXIT_INPUT;
  }
  r.timeout_ms = o->timeout > 0 ? (uint32_t)(o->timeout * 1000) : 0;
  FILE *in = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
  if (!in) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta smt: cannot open %s", file);
    return ZETA_EXIT_INPUT;
  }
  smtlib_parser *p = smtlib_new_file(file, in);
  if (!p) {
    if (in != stdin) fclose(in);
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta smt: out of memory");
    return ZETA_EXIT_INTERNAL;
  }
  /* phase 1: parse everything */
  run_list cmds = {0};
  smtlib_cmd c;
  smtlib_status st;
  int rc = ZETA_EXIT_VERDICT;
  while ((st = smtlib_next(p, &c)) == SMTLIB_OK) {
    if (!keep(&cmds, &c)) { st = SMTLIB_ERROR; rc = ZETA_EXIT_INTERNAL; break; }
  }
  if (st == SMTLIB_ERROR) {
    if (rc == ZETA_EXIT_INTERNAL) diag_set(d, ZETA_EXIT_INTERNAL, "zeta smt: out of memory");
    else diag_set(d, ZETA_EXIT_INPUT, "%s", smtlib_error(p));
    if (rc == ZETA_EXIT_VERDICT) rc = ZETA_EXIT_INPUT;
  }
  smtlib_free(p);
  if (in != stdin) fclose(in);
  /* phase 2: run */
  if (rc == ZETA_EXIT_VERDICT) {
    const char *err = NULL;
    if (!runner_solver(&r, &err)) {
      diag_set(d, ZETA_EXIT_INTERNAL, "zeta smt: %s: %s", o->backend ? o->backend : "z3",
               err ? err : "cannot create the solver");
      rc = ZETA_EXIT_INTERNAL;
    }
    bool stop = false;
    for (size_t i = 0; rc == ZETA_EXIT_VERDICT && !stop && i < cmds.size; i++)
      if (!execute(&r, &cmds.data[i], &stop)) rc = ZETA_EXIT_INTERNAL;
  }
  solver_free(r.s);
  free(r.as);
  free(r.marks);
  run_list_free(&cmds);
  return rc;
}

const lang_command lang_cmd_smt = {"smt", 1, "zeta smt FILE.smt2", smt_run};
