#include "model/chc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"

/* An eliminated predicate: kind 0 = inlined through its single defining
 * clause (interp = exists vars. clause body ∧ params = head args), kind 1 =
 * underivable (false), kind 2 = irrelevant to every query (true). */
typedef struct chc_elim { uint32_t pred; int kind; chc_clause def; } chc_elim;

void chc_init(chc_system *s) { memset(s, 0, sizeof *s); }

static void clause_free(chc_clause *c) {
  for (uint32_t i = 0; i < c->nbody; i++) free(c->body[i].args);
  free(c->body);
  free(c->head.args);
  memset(c, 0, sizeof *c);
}

static void clause_copy(chc_clause *d, const chc_clause *c, const chc_system *s) {
  *d = *c;
  d->body = xcalloc(c->nbody ? c->nbody : 1, sizeof *d->body);
  for (uint32_t i = 0; i < c->nbody; i++) {
    uint32_t n = s->preds[c->body[i].pred].arity;
    d->body[i].pred = c->body[i].pred;
    d->body[i].args = xmalloc((n ? n : 1) * sizeof(term_t));
    if (n) memcpy(d->body[i].args, c->body[i].args, n * sizeof(term_t));
  }
  d->head.args = NULL;
  if (c->head.pred != CHC_FALSE) {
    uint32_t n = s->preds[c->head.pred].arity;
    d->head.args = xmalloc((n ? n : 1) * sizeof(term_t));
    if (n) memcpy(d->head.args, c->head.args, n * sizeof(term_t));
  }
}

void chc_free(chc_system *s) {
  for (uint32_t i = 0; i < s->npreds; i++) { free(s->preds[i].name); free(s->preds[i].params); }
  for (uint32_t i = 0; i < s->nclauses; i++) clause_free(&s->clauses[i]);
  for (uint32_t i = 0; i < s->nelim; i++) clause_free(&s->elim[i].def);
  free(s->preds); free(s->clauses); free(s->elim);
  memset(s, 0, sizeof *s);
}

uint32_t chc_add_pred(chc_system *s, const char *name, term_t sym, uint32_t arity, const type_t *types) {
  XGROW(s->preds, s->cap_preds, s->npreds + 1);
  chc_pred *p = &s->preds[s->npreds];
  p->name = xstrdup(name);
  p->sym = sym;
  p->arity = arity;
  p->params = xmalloc((arity ? arity : 1) * sizeof(term_t));
  for (uint32_t i = 0; i < arity; i++) {
    char buf[300];
    snprintf(buf, sizeof buf, "%.250s#%u", name, i);
    p->params[i] = term_var(buf, types[i]);
  }
  return s->npreds++;
}

uint32_t chc_find_pred(const chc_system *s, term_t sym) {
  for (uint32_t i = 0; i < s->npreds; i++)
    if (s->preds[i].sym == sym) return i;
  return CHC_FALSE;
}

void chc_add_clause(chc_system *s, uint32_t nbody, const chc_app *body, term_t constraint,
                    uint32_t head, const term_t *head_args, uint32_t line) {
  chc_clause c = {nbody, (chc_app *)body, constraint, {head, (term_t *)head_args}, line};
  XGROW(s->clauses, s->cap_clauses, s->nclauses + 1);
  clause_copy(&s->clauses[s->nclauses++], &c, s);
}

void chc_copy(chc_system *d, const chc_system *s) {
  chc_init(d);
  for (uint32_t i = 0; i < s->npreds; i++) {
    const chc_pred *p = &s->preds[i];
    XGROW(d->preds, d->cap_preds, d->npreds + 1);
    chc_pred *q = &d->preds[d->npreds++];
    *q = *p;
    q->name = xstrdup(p->name);
    q->params = xmalloc((p->arity ? p->arity : 1) * sizeof(term_t));
    memcpy(q->params, p->params, p->arity * sizeof(term_t));
  }
  for (uint32_t i = 0; i < s->nclauses; i++) {
    XGROW(d->clauses, d->cap_clauses, d->nclauses + 1);
    clause_copy(&d->clauses[d->nclauses++], &s->clauses[i], s);
  }
}

term_t chc_app_term(const chc_system *s, const chc_app *a) {
  const chc_pred *p = &s->preds[a->pred];
  return p->arity ? term_apply(p->sym, p->arity, a->args) : p->sym;
}

static void clause_terms(const chc_system *s, const chc_clause *c, term_vec *v) {
  term_vec_push(v, c->constraint);
  for (uint32_t i = 0; i < c->nbody; i++)
    for (uint32_t j = 0; j < s->preds[c->body[i].pred].arity; j++) term_vec_push(v, c->body[i].args[j]);
  if (c->head.pred != CHC_FALSE)
    for (uint32_t j = 0; j < s->preds[c->head.pred].arity; j++) term_vec_push(v, c->head.args[j]);
}

/* Variables of c; needs the system for the arities. */
static uint32_t clause_vars_s(const chc_system *s, const chc_clause *c, term_t **out) {
  term_vec v = {0};
  clause_terms(s, c, &v);
  uint32_t n = term_free_vars_n(v.size, v.data, false, out);
  term_vec_free(&v);
  return n;
}

/* chc_clause_vars without a system: only the constraint (kept for API
 * symmetry; callers with a system use chc_clause_formula's helper). */
uint32_t chc_clause_vars(const chc_clause *c, term_t **out) {
  return term_free_vars(c->constraint, out);
}

term_t chc_clause_formula(const chc_system *s, const chc_clause *c) {
  term_vec parts = {0};
  term_vec_push(&parts, c->constraint);
  for (uint32_t i = 0; i < c->nbody; i++) term_vec_push(&parts, chc_app_term(s, &c->body[i]));
  term_t body = term_and(parts.size, parts.data);
  term_t head = c->head.pred == CHC_FALSE ? term_false() : chc_app_term(s, &c->head);
  term_t f = term_implies(body, head);
  term_t *vs;
  uint32_t nv = clause_vars_s(s, c, &vs);
  if (nv) f = term_forall(nv, vs, f);
  free(vs);
  term_vec_free(&parts);
  return f;
}

bool chc_is_linear(const chc_system *s) {
  for (uint32_t i = 0; i < s->nclauses; i++)
    if (s->clauses[i].nbody > 1) return false;
  return true;
}

term_t chc_apply_interp(const chc_system *s, uint32_t p, term_t interp, const term_t *args) {
  return term_subst(interp, s->preds[p].arity, s->preds[p].params, args);
}

/* ---- normalization ---- */

static void subst_clause(const chc_system *s, chc_clause *c, uint32_t n, const term_t *from, const term_t *to) {
  c->constraint = term_subst(c->constraint, n, from, to);
  for (uint32_t i = 0; i < c->nbody; i++)
    for (uint32_t j = 0; j < s->preds[c->body[i].pred].arity; j++)
      c->body[i].args[j] = term_subst(c->body[i].args[j], n, from, to);
  if (c->head.pred != CHC_FALSE)
    for (uint32_t j = 0; j < s->preds[c->head.pred].arity; j++)
      c->head.args[j] = term_subst(c->head.args[j], n, from, to);
}

static bool occurs(term_t v, term_t t) {
  term_t *vs;
  uint32_t n = term_free_vars(t, &vs);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; i++) found = vs[i] == v;
  free(vs);
  return found;
}

/* Eliminates conjuncts x = t (x a variable not in t) by substitution. */
static void propagate_equalities(const chc_system *s, chc_clause *c) {
  for (int round = 0; round < 64; round++) {
    term_t *cj;
    uint32_t n = term_conjuncts(c->constraint, &cj);
    term_t from = NULL_TERM, to = NULL_TERM;
    for (uint32_t i = 0; i < n && from == NULL_TERM; i++) {
      term_t a = cj[i];
      term_t x = NULL_TERM, t = NULL_TERM;
      if (!term_is_negated(a) && term_op_of(a) == OP_EQ && term_nargs(a) == 2) {
        term_t l = term_arg(a, 0), r = term_arg(a, 1);
        if (term_op_of(l) == OP_VAR && !term_is_negated(l) && type_kind_of(term_type(l)) != TYPE_FUN &&
            !occurs(l, r)) { x = l; t = r; }
        else if (term_op_of(r) == OP_VAR && !term_is_negated(r) && type_kind_of(term_type(r)) != TYPE_FUN &&
                 !occurs(r, l)) { x = r; t = l; }
      } else if (term_op_of(a) == OP_VAR && term_is_bool(a)) {
        x = term_unsigned(a);
        t = term_bool(!term_is_negated(a));
      }
      if (x != NULL_TERM && term_dag_size(t) < 200) { from = x; to = t; }
    }
    free(cj);
    if (from == NULL_TERM) return;
    subst_clause(s, c, 1, &from, &to);
  }
}

static void push_elim(chc_system *s, uint32_t p, int kind, const chc_clause *def) {
  XGROW(s->elim, s->cap_elim, s->nelim + 1);
  chc_elim *e = &s->elim[s->nelim++];
  memset(e, 0, sizeof *e);
  e->pred = p;
  e->kind = kind;
  if (def) clause_copy(&e->def, def, s);
}

static void remove_clause(chc_system *s, uint32_t i) {
  clause_free(&s->clauses[i]);
  s->clauses[i] = s->clauses[--s->nclauses];
}

/* Clause c with body occurrence j replaced by the body of definition d
 * (whose head is c's body pred), variables of d renamed apart. */
static void inline_into(chc_system *s, chc_clause *c, uint32_t j, const chc_clause *d) {
  term_t *vs;
  uint32_t nv = clause_vars_s(s, d, &vs);
  term_t *fresh = xmalloc((nv ? nv : 1) * sizeof(term_t));
  uint32_t ar = s->preds[d->head.pred].arity;
  term_t *args = c->body[j].args;
  /* head args that are distinct variables map straight to c's arguments */
  term_vec eqs = {0};
  for (uint32_t i = 0; i < nv; i++) fresh[i] = NULL_TERM;
  for (uint32_t k = 0; k < ar; k++) {
    term_t h = d->head.args[k];
    uint32_t idx = nv;
    for (uint32_t i = 0; i < nv; i++) if (vs[i] == h) idx = i;
    if (idx < nv && fresh[idx] == NULL_TERM) fresh[idx] = args[k];
  }
  for (uint32_t i = 0; i < nv; i++)
    if (fresh[i] == NULL_TERM) fresh[i] = term_fresh_var(term_var_name(vs[i]), term_type(vs[i]));
  for (uint32_t k = 0; k < ar; k++) {
    term_t h = term_subst(d->head.args[k], nv, vs, fresh);
    if (h != args[k]) term_vec_push(&eqs, term_eq(h, args[k]));
  }
  term_vec_push(&eqs, c->constraint);
  term_vec_push(&eqs, term_subst(d->constraint, nv, vs, fresh));
  c->constraint = term_and(eqs.size, eqs.data);
  /* new body: c's without j, then d's */
  uint32_t nb = c->nbody - 1 + d->nbody;
  chc_app *body = xcalloc(nb ? nb : 1, sizeof *body);
  uint32_t m = 0;
  for (uint32_t i = 0; i < c->nbody; i++)
    if (i != j) body[m++] = c->body[i];
  free(c->body[j].args);
  for (uint32_t i = 0; i < d->nbody; i++) {
    uint32_t a = s->preds[d->body[i].pred].arity;
    body[m].pred = d->body[i].pred;
    body[m].args = xmalloc((a ? a : 1) * sizeof(term_t));
    for (uint32_t k = 0; k < a; k++) body[m].args[k] = term_subst(d->body[i].args[k], nv, vs, fresh);
    m++;
  }
  free(c->body);
  c->body = body;
  c->nbody = nb;
  term_vec_free(&eqs);
  free(vs); free(fresh);
}

static bool pred_used(const chc_system *s, uint32_t p) {
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred == p) return true;
    for (uint32_t j = 0; j < c->nbody; j++) if (c->body[j].pred == p) return true;
  }
  return false;
}

/* Removes predicates that cannot be derived (least fixpoint from facts) and
 * those from which no query is reachable; returns true if anything changed. */
static bool slice(chc_system *s) {
  bool changed = false;
  bool *derivable = xcalloc(s->npreds + 1, 1), *relevant = xcalloc(s->npreds + 1, 1);
  for (bool again = true; again;) {
    again = false;
    for (uint32_t i = 0; i < s->nclauses; i++) {
      const chc_clause *c = &s->clauses[i];
      if (c->head.pred == CHC_FALSE || derivable[c->head.pred]) continue;
      bool ok = true;
      for (uint32_t j = 0; j < c->nbody && ok; j++) ok = derivable[c->body[j].pred];
      if (ok) derivable[c->head.pred] = again = true;
    }
  }
  for (bool again = true; again;) {
    again = false;
    for (uint32_t i = 0; i < s->nclauses; i++) {
      const chc_clause *c = &s->clauses[i];
      if (c->head.pred != CHC_FALSE && !relevant[c->head.pred]) continue;
      for (uint32_t j = 0; j < c->nbody; j++)
        if (!relevant[c->body[j].pred]) relevant[c->body[j].pred] = again = true;
    }
  }
  for (uint32_t i = 0; i < s->nclauses;) {
    const chc_clause *c = &s->clauses[i];
    bool drop = c->head.pred != CHC_FALSE && !relevant[c->head.pred];
    for (uint32_t j = 0; j < c->nbody && !drop; j++) drop = !derivable[c->body[j].pred];
    if (drop) { remove_clause(s, i); changed = true; } else i++;
  }
  bool *had = xcalloc(s->npreds + 1, 1);
  for (uint32_t p = 0; p < s->npreds; p++) had[p] = false;
  for (uint32_t e = 0; e < s->nelim; e++) had[s->elim[e].pred] = true;
  for (uint32_t p = 0; p < s->npreds; p++)
    if (!had[p] && !pred_used(s, p)) push_elim(s, p, derivable[p] ? 2 : 1, NULL);
  free(had); free(derivable); free(relevant);
  return changed;
}

void chc_normalize(chc_system *s) {
  for (uint32_t i = 0; i < s->nclauses;) {
    chc_clause *c = &s->clauses[i];
    propagate_equalities(s, c);
    if (term_is_false(c->constraint)) remove_clause(s, i); else i++;
  }
  for (bool changed = true; changed;) {
    changed = slice(s);
    /* inline a predicate with one defining clause that has at most one body
     * predicate and does not use itself */
    for (uint32_t p = 0; p < s->npreds; p++) {
      uint32_t ndef = 0, def = 0, nuse = 0;
      for (uint32_t i = 0; i < s->nclauses; i++) {
        const chc_clause *c = &s->clauses[i];
        if (c->head.pred == p) { ndef++; def = i; }
        for (uint32_t j = 0; j < c->nbody; j++) nuse += c->body[j].pred == p;
      }
      if (ndef != 1 || nuse == 0) continue;
      const chc_clause *d = &s->clauses[def];
      if (d->nbody > 1) continue;
      bool self = false;
      for (uint32_t j = 0; j < d->nbody; j++) self |= d->body[j].pred == p;
      if (self) continue;
      /* linear uses only when d has a body, so linear systems stay linear */
      if (d->nbody == 1 && nuse > 1) {
        bool multi = false;
        for (uint32_t i = 0; i < s->nclauses; i++) {
          uint32_t k = 0;
          for (uint32_t j = 0; j < s->clauses[i].nbody; j++) k += s->clauses[i].body[j].pred == p;
          multi |= k > 1;
        }
        if (multi) continue;
      }
      chc_clause dc;
      clause_copy(&dc, d, s);
      push_elim(s, p, 0, &dc);
      remove_clause(s, def);
      for (uint32_t i = 0; i < s->nclauses; i++) {
        chc_clause *c = &s->clauses[i];
        for (uint32_t j = 0; j < c->nbody;)
          if (c->body[j].pred == p) inline_into(s, c, j, &dc); else j++;
        propagate_equalities(s, c);
      }
      clause_free(&dc);
      for (uint32_t i = 0; i < s->nclauses;)
        if (term_is_false(s->clauses[i].constraint)) remove_clause(s, i); else i++;
      changed = true;
    }
  }
}

void chc_expand_model(const chc_system *s, term_t *interp) {
  for (uint32_t e = s->nelim; e-- > 0;) {
    const chc_elim *el = &s->elim[e];
    const chc_pred *p = &s->preds[el->pred];
    if (el->kind == 1) { interp[el->pred] = term_false(); continue; }
    if (el->kind == 2) { interp[el->pred] = term_true(); continue; }
    /* rename the clause apart with fresh variables so that substituting
     * them into other interpretations' quantifiers cannot be captured */
    chc_clause dcopy;
    clause_copy(&dcopy, &el->def, s);
    const chc_clause *d = &dcopy;
    {
      term_t *cv;
      uint32_t ncv = clause_vars_s(s, d, &cv);
      term_t *fv = xmalloc((ncv ? ncv : 1) * sizeof(term_t));
      for (uint32_t i = 0; i < ncv; i++) fv[i] = term_fresh_var(term_var_name(cv[i]), term_type(cv[i]));
      subst_clause(s, &dcopy, ncv, cv, fv);
      free(cv); free(fv);
    }
    term_vec parts = {0};
    term_vec_push(&parts, d->constraint);
    for (uint32_t j = 0; j < d->nbody; j++) {
      uint32_t q = d->body[j].pred;
      term_t iq = interp[q] == NULL_TERM ? term_true() : interp[q];
      term_vec_push(&parts, chc_apply_interp(s, q, iq, d->body[j].args));
    }
    for (uint32_t k = 0; k < p->arity; k++) term_vec_push(&parts, term_eq(p->params[k], d->head.args[k]));
    term_t body = term_and(parts.size, parts.data);
    term_t *vs;
    uint32_t nv = clause_vars_s(s, d, &vs);
    /* quantify the clause's own variables (the params are not among them) */
    uint32_t m = 0;
    for (uint32_t i = 0; i < nv; i++) {
      bool param = false;
      for (uint32_t k = 0; k < p->arity; k++) param |= vs[i] == p->params[k];
      if (!param) vs[m++] = vs[i];
    }
    interp[el->pred] = m ? term_exists(m, vs, body) : body;
    free(vs);
    term_vec_free(&parts);
    clause_free(&dcopy);
  }
}

/* ---- printing ---- */

static void write_decl(FILE *out, const chc_pred *p) {
  fprintf(out, "(declare-fun ");
  term_print_symbol(out, p->name);
  fprintf(out, " (");
  for (uint32_t i = 0; i < p->arity; i++) {
    if (i) fputc(' ', out);
    type_print(out, term_type(p->params[i]));
  }
  fprintf(out, ") Bool)\n");
}

void chc_write(FILE *out, const chc_system *s) {
  fprintf(out, "(set-logic HORN)\n");
  for (uint32_t p = 0; p < s->npreds; p++) write_decl(out, &s->preds[p]);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    fprintf(out, "(assert ");
    term_print_let(out, chc_clause_formula(s, &s->clauses[i]));
    fprintf(out, ")\n");
  }
  fprintf(out, "(check-sat)\n(exit)\n");
}

void chc_write_model(FILE *out, const chc_system *s, const term_t *interp) {
  fprintf(out, "(\n");
  for (uint32_t p = 0; p < s->npreds; p++) {
    const chc_pred *pr = &s->preds[p];
    fprintf(out, "  (define-fun ");
    term_print_symbol(out, pr->name);
    fprintf(out, " (");
    for (uint32_t i = 0; i < pr->arity; i++) {
      if (i) fputc(' ', out);
      fputc('(', out);
      term_print_var_name(out, pr->params[i]);
      fputc(' ', out);
      type_print(out, term_type(pr->params[i]));
      fputc(')', out);
    }
    fprintf(out, ") Bool ");
    term_print_let(out, interp[p] == NULL_TERM ? term_true() : interp[p]);
    fprintf(out, ")\n");
  }
  fprintf(out, ")\n");
}
