#include "ir/chc_witness.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/smtlib.h"

void chc_derivation_free(chc_derivation *d) {
  for (uint32_t i = 0; i < d->n; i++) { free(d->nodes[i].head_vals); free(d->nodes[i].children); }
  free(d->nodes);
  memset(d, 0, sizeof *d);
}

uint32_t chc_derivation_add(chc_derivation *d, const chc_system *s, uint32_t clause) {
  size_t cap = d->cap;
  xgrow((void **)&d->nodes, sizeof *d->nodes, &cap, d->n + 1);
  d->cap = (uint32_t)cap;
  chc_dnode *nd = &d->nodes[d->n];
  const chc_clause *c = &s->clauses[clause];
  nd->clause = clause;
  nd->head_vals = c->head.pred == CHC_FALSE ? NULL
                  : xcalloc(s->preds[c->head.pred].arity + 1, sizeof(term_t));
  nd->children = xcalloc(c->nbody + 1, sizeof(uint32_t));
  return d->n++;
}


term_t chc_dnode_formula(const chc_system *s, const chc_derivation *d, uint32_t i) {
  const chc_dnode *nd = &d->nodes[i];
  const chc_clause *c = &s->clauses[nd->clause];
  term_vec f = {0};
  term_vec_push(&f, c->constraint);
  bool ok = true;
  for (uint32_t j = 0; j < c->nbody && ok; j++) {
    uint32_t k = nd->children[j];
    if (k <= i || k >= d->n) { ok = false; break; }
    const chc_clause *kc = &s->clauses[d->nodes[k].clause];
    if (kc->head.pred != c->body[j].pred) { ok = false; break; }
    for (uint32_t a = 0; a < s->preds[c->body[j].pred].arity; a++) {
      term_t v = d->nodes[k].head_vals[a];
      if (v == NULL_TERM || !term_is_value(v)) { ok = false; break; }
      term_vec_push(&f, term_eq(c->body[j].args[a], v));
    }
  }
  if (ok && c->head.pred != CHC_FALSE)
    for (uint32_t a = 0; a < s->preds[c->head.pred].arity && ok; a++) {
      term_t v = nd->head_vals[a];
      if (v == NULL_TERM || !term_is_value(v)) { ok = false; break; }
      term_vec_push(&f, term_eq(c->head.args[a], v));
    }
  term_t g = ok ? term_and(f.size, f.data) : NULL_TERM;
  term_vec_free(&f);
  return g;
}

/* Node i's formula g holds by the one-point rule alone: the equalities
 * between its atoms' arguments and their values (and any other
 * definitions) substituted leave true (a clause without other local
 * variables, the common case), so no solver is needed; false means "not
 * decided here", the solver decides. */
static bool dnode_holds_by_values(term_t g) {
  term_t *vs, body;
  uint32_t n = term_free_vars(g, &vs);
  term_one_point(g, vs, n, &body);
  free(vs);
  return term_is_true(body);
}

bool chc_replay(const chc_system *s, const chc_derivation *d, uint32_t timeout_ms) {
  if (d->n == 0 || d->nodes[0].clause >= s->nclauses) return false;
  if (s->clauses[d->nodes[0].clause].head.pred != CHC_FALSE) return false;
  solver *slv = NULL;   /* made for the first node evaluation does not decide */
  bool ok = true;
  for (uint32_t i = 0; i < d->n && ok; i++) {
    const chc_dnode *nd = &d->nodes[i];
    if (nd->clause >= s->nclauses) { ok = false; break; }
    if (i > 0 && s->clauses[nd->clause].head.pred == CHC_FALSE) { ok = false; break; }
    term_t g = chc_dnode_formula(s, d, i);
    ok = g != NULL_TERM;
    if (ok && !dnode_holds_by_values(g)) {
      if (!slv) {
        slv = solver_new_z3();
        if (timeout_ms) solver_set_timeout(slv, timeout_ms);
      }
      solver_push(slv);
      solver_assert(slv, g);
      ok = solver_check(slv) == SOLVER_SAT;
      solver_pop(slv, 1);
    }
  }
  solver_free(slv);   /* NULL-safe */
  return ok;
}

/* Positive existentials become fresh free variables (sound for the
 * satisfiability checks of clause bodies). */
static term_t open_exists(term_t t) {
  if (term_is_negated(t)) return t;
  term_op op = term_op_of(t);
  if (op == OP_EXISTS) {
    uint32_t n = term_nargs(t);
    term_t *from = xmalloc(n * sizeof(term_t)), *to = xmalloc(n * sizeof(term_t));
    for (uint32_t i = 0; i + 1 < n; i++) {
      from[i] = term_arg(t, i);
      to[i] = term_fresh_var("ex", term_type(from[i]));
    }
    term_t b = term_subst(term_arg(t, n - 1), n - 1, from, to);
    free(from); free(to);
    return open_exists(b);
  }
  if (op == OP_AND) {
    uint32_t n = term_nargs(t);
    term_t *a = xmalloc(n * sizeof(term_t));
    for (uint32_t i = 0; i < n; i++) a[i] = open_exists(term_arg(t, i));
    term_t r = term_and(n, a);
    free(a);
    return r;
  }
  return t;
}

term_t chc_clause_query(const chc_system *s, const term_t *interp, uint32_t i, bool *quantified_head) {
  const chc_clause *c = &s->clauses[i];
  term_vec f = {0};
  bool alone = false;
  term_vec_push(&f, c->constraint);
  for (uint32_t j = 0; j < c->nbody; j++) {
    uint32_t p = c->body[j].pred;
    term_t ip = interp[p] == NULL_TERM ? term_true() : interp[p];
    term_vec_push(&f, open_exists(chc_apply_interp(s, p, ip, c->body[j].args)));
  }
  if (c->head.pred != CHC_FALSE) {
    uint32_t p = c->head.pred;
    term_t ip = interp[p] == NULL_TERM ? term_true() : interp[p];
    term_vec_push(&f, term_not(chc_apply_interp(s, p, ip, c->head.args)));
    term_op op = term_op_of(ip);
    alone = op == OP_EXISTS || op == OP_FORALL;
  }
  term_t g = term_and(f.size, f.data);
  term_vec_free(&f);
  if (quantified_head) *quantified_head = alone;
  return g;
}

solver_result chc_check_clause(const chc_system *s, const term_t *interp, uint32_t i, solver *slv) {
  bool alone;
  term_t g = chc_clause_query(s, interp, i, &alone);
  if (g == NULL_TERM) return SOLVER_UNKNOWN;
  /* a quantified head (e.g. an expanded definition of an inlined
   * predicate) needs the solver's non-incremental preprocessing */
  if (alone) return solver_check_alone(slv, g);
  solver_push(slv);
  solver_assert(slv, g);
  solver_result r = solver_check(slv);
  solver_pop(slv, 1);
  return r;
}

uint32_t chc_check_model(const chc_system *s, const term_t *interp, solver *slv,
                         uint32_t **failed, bool **undecided) {
  uint32_t nf = 0;
  *failed = xcalloc(s->nclauses + 1, sizeof(uint32_t));
  *undecided = xcalloc(s->nclauses + 1, sizeof(bool));
  for (uint32_t i = 0; i < s->nclauses; i++) {
    solver_result r = chc_check_clause(s, interp, i, slv);
    if (r != SOLVER_UNSAT) {
      (*undecided)[nf] = r == SOLVER_UNKNOWN;
      (*failed)[nf++] = i;
    }
  }
  return nf;
}

void chc_falsify_unforced(const chc_system *s, term_t *interp, solver *slv) {
  bool *cand = xcalloc(s->npreds + 1, sizeof(bool));
  for (uint32_t q = 0; q < s->npreds; q++)
    if (interp[q] != NULL_TERM && term_is_true(interp[q])) cand[q] = true, interp[q] = term_false();
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < s->nclauses; i++) {
      uint32_t q = s->clauses[i].head.pred;
      if (q == CHC_FALSE || !cand[q]) continue;
      if (chc_check_clause(s, interp, i, slv) != SOLVER_UNSAT) interp[q] = term_true(), cand[q] = false, changed = true;
    }
  }
  free(cand);
}

bool chc_repair_unreached(const chc_system *s, term_t *interp, solver *slv, const zeta_limits *lim) {
  for (uint32_t round = 0; round <= s->npreds && !(lim && limits_expired(lim)); round++) {
    uint32_t *failed;
    bool *undecided;
    uint32_t nf = chc_check_model(s, interp, slv, &failed, &undecided);
    bool changed = false, stuck = false;
    for (uint32_t k = 0; k < nf && !stuck; k++) {
      if (undecided[k]) { stuck = true; break; }
      const chc_clause *c = &s->clauses[failed[k]];
      for (uint32_t b = 0; b < c->nbody; b++) {
        uint32_t q = c->body[b].pred;
        if (interp[q] != term_false()) { interp[q] = term_false(); changed = true; }
      }
    }
    free(failed);
    free(undecided);
    if (nf == 0) return true;
    if (stuck || !changed) return false;
  }
  return false;
}

/* Finds the define-fun list in a model text: skips "sat", a wrapping "(" and
 * an optional "model" keyword; returns the inner text (malloc'd). */
static char *model_body(const char *text) {
  const char *p = text;
  while (isspace((unsigned char)*p)) p++;
  if (strncmp(p, "sat", 3) == 0 && !isalnum((unsigned char)p[3])) p += 3;
  while (isspace((unsigned char)*p)) p++;
  const char *q = p;
  bool wrapped = false;
  if (*q == '(') {
    q++;
    while (isspace((unsigned char)*q)) q++;
    if (*q == '(' || *q == ')') wrapped = true;
    else if (strncmp(q, "model", 5) == 0 && !isalnum((unsigned char)q[5])) { wrapped = true; q += 5; }
  }
  if (!wrapped) return xstrdup(p);
  /* drop the matching closing parenthesis: the last ')' of the text */
  const char *end = q + strlen(q);
  while (end > q && end[-1] != ')') end--;
  if (end > q) end--;
  size_t n = (size_t)(end - q);
  char *r = xmalloc(n + 1);
  memcpy(r, q, n);
  r[n] = 0;
  return r;
}

static bool dt_seen(type_t ty, void *seen) {
  for (const type_t *g = seen; *g != NULL_TYPE; g++) if (*g == ty) return true;
  return false;
}

/* The model text preceded by the declarations of the datatypes of the
 * predicates' arguments (a model only defines the predicates), on the
 * first line so that positions in messages stay right (but for line 1). */
static char *with_datatypes(const chc_system *s, char *body) {
  type_t *all = xmalloc(sizeof *all);
  uint32_t n = 0;
  all[0] = NULL_TYPE;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) { free(all); return body; }
  for (uint32_t p = 0; p < s->npreds; p++)
    for (uint32_t i = 0; i < s->preds[p].arity; i++) {
      type_t *g;
      uint32_t k = type_dt_group(term_type(s->preds[p].params[i]), dt_seen, all, &g);
      if (k) {
        type_print_datatypes(f, k, g);
        all = xrealloc(all, (n + k + 1) * sizeof *all);
        memcpy(all + n, g, k * sizeof *g);
        all[n += k] = NULL_TYPE;
      }
      free(g);
    }
  fflush(f);
  for (size_t i = 0; i < len; i++) if (buf[i] == '\n') buf[i] = ' ';
  fputs(body, f);
  fclose(f);
  free(all);
  free(body);
  return buf;
}

bool chc_read_model(const chc_system *s, const char *file, const char *text, term_t *interp, char **msg) {
  *msg = NULL;
  for (uint32_t p = 0; p < s->npreds; p++) interp[p] = NULL_TERM;
  char *body = with_datatypes(s, model_body(text));
  smtlib_parser *ps = smtlib_new_string(file, body, strlen(body));
  bool ok = ps != NULL;
  smtlib_cmd cmd;
  while (ok) {
    smtlib_status st = smtlib_next(ps, &cmd);
    if (st == SMTLIB_EOF) break;
    if (st == SMTLIB_ERROR) {
      *msg = xstrdup(smtlib_error(ps));
      ok = false;
      break;
    }
    if (cmd.kind != SMTLIB_DEFINE_FUN) continue;
    uint32_t p = 0;
    while (p < s->npreds && strcmp(s->preds[p].name, cmd.name) != 0) p++;
    if (p == s->npreds) continue;   /* auxiliary definitions are expanded as macros */
    const chc_pred *pr = &s->preds[p];
    bool good = cmd.n == pr->arity && term_is_bool(cmd.term);
    for (uint32_t i = 0; i < cmd.n && good; i++) good = term_type(cmd.terms[i]) == term_type(pr->params[i]);
    if (!good) {
      if (asprintf(msg, "%s:%u:%u: definition of '%s' does not match its declaration", file, cmd.line, cmd.col,
                   cmd.name) < 0)
        *msg = NULL;
      ok = false;
      break;
    }
    interp[p] = term_subst(cmd.term, pr->arity, cmd.terms, pr->params);
  }
  if (ps) smtlib_free(ps);
  free(body);
  return ok;
}

void chc_write_derivation(FILE *out, const chc_system *s, const chc_derivation *d) {
  fprintf(out, "(derivation\n");
  for (uint32_t i = 0; i < d->n; i++) {
    const chc_dnode *nd = &d->nodes[i];
    const chc_clause *c = &s->clauses[nd->clause];
    fprintf(out, "  (step %u :line %u ", i, c->line);
    if (c->head.pred == CHC_FALSE) {
      fprintf(out, "false");
    } else {
      const chc_pred *p = &s->preds[c->head.pred];
      if (p->arity) fputc('(', out);
      term_print_symbol(out, p->name);
      for (uint32_t a = 0; a < p->arity; a++) { fputc(' ', out); term_print(out, nd->head_vals[a]); }
      if (p->arity) fputc(')', out);
    }
    fprintf(out, " :from (");
    for (uint32_t j = 0; j < c->nbody; j++) fprintf(out, "%s%u", j ? " " : "", nd->children[j]);
    fprintf(out, "))\n");
  }
  fprintf(out, ")\n");
}
