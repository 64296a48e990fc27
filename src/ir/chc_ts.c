#include "ir/chc_ts.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"


typedef struct type_list_ { type_t *types; uint32_t n, cap; } type_list;
static void pred_slots(const chc_system *s, type_list *l, uint32_t p, term_t *out);

static uint32_t type_index(type_list *l, type_t ty) {
  for (uint32_t i = 0; i < l->n; i++) if (l->types[i] == ty) return i;
  size_t cap = l->cap;
  xgrow((void **)&l->types, sizeof *l->types, &cap, l->n + 1);
  l->cap = (uint32_t)cap;
  l->types[l->n] = ty;
  return l->n++;
}

/* The k-th variable of type ty with the given prefix ("a" slots, "in" inputs). */
static term_t slot(type_list *l, const char *prefix, type_t ty, uint32_t k) {
  (void)type_index(l, ty);
  char *tn = type_to_string(ty);
  char buf[300];
  snprintf(buf, sizeof buf, "%s_%.200s_%u", prefix, tn, k);
  free(tn);
  return term_var(buf, ty);
}

static void add_unique(term_vec *v, term_t t) {
  for (uint32_t i = 0; i < v->size; i++) if (v->data[i] == t) return;
  term_vec_push(v, t);
}

void chc_ts_pred_slots(const chc_system *s, uint32_t p, term_t *out) {
  type_list l = {0};
  pred_slots(s, &l, p, out);
  free(l.types);
}

/* Slot variables of predicate p's arguments, in order. */
static void pred_slots(const chc_system *s, type_list *l, uint32_t p, term_t *out) {
  uint32_t *count = xcalloc(s->preds[p].arity + 1, sizeof(uint32_t));
  for (uint32_t i = 0; i < s->preds[p].arity; i++) {
    type_t ty = term_type(s->preds[p].params[i]);
    uint32_t k = 0;
    for (uint32_t j = 0; j < i; j++) k += term_type(s->preds[p].params[j]) == ty;
    out[i] = slot(l, "a", ty, k);
  }
  free(count);
}

bool chc_to_ts(const chc_system *s, ts *out) {
  if (!chc_is_linear(s)) return false;
  ts_init(out);
  type_list l = {0};
  term_t loc = chc_ts_loc();
  term_vec_push(&out->vars, loc);
  int64_t err = (int64_t)s->npreds + 1;
  term_vec disj = {0};
  term_t *sl = NULL;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    term_vec parts = {0};
    /* clause variables -> inputs */
    term_vec all = {0};
    term_vec_push(&all, c->constraint);
    for (uint32_t j = 0; j < c->nbody; j++)
      for (uint32_t a = 0; a < s->preds[c->body[j].pred].arity; a++) term_vec_push(&all, c->body[j].args[a]);
    if (c->head.pred != CHC_FALSE)
      for (uint32_t a = 0; a < s->preds[c->head.pred].arity; a++) term_vec_push(&all, c->head.args[a]);
    term_t *vs;
    uint32_t nv = term_free_vars_n(all.size, all.data, false, &vs);
    term_t *in = xmalloc((nv ? nv : 1) * sizeof(term_t));
    for (uint32_t v = 0; v < nv; v++) {
      uint32_t k = 0;
      for (uint32_t w = 0; w < v; w++) k += term_type(vs[w]) == term_type(vs[v]);
      in[v] = slot(&l, "in", term_type(vs[v]), k);
      add_unique(&out->inputs, in[v]);
    }
    uint32_t src = c->nbody ? c->body[0].pred + 1 : 0;
    uint32_t dst = c->head.pred == CHC_FALSE ? (uint32_t)err : c->head.pred + 1;
    term_vec_push(&parts, term_eq(loc, term_int(src)));
    term_vec_push(&parts, term_eq(term_prime(loc), term_int(dst)));
    term_vec_push(&parts, term_subst(c->constraint, nv, vs, in));
    if (c->nbody) {
      uint32_t p = c->body[0].pred;
      sl = xrealloc(sl, (s->preds[p].arity + 1) * sizeof(term_t));
      pred_slots(s, &l, p, sl);
      for (uint32_t a = 0; a < s->preds[p].arity; a++) {
        add_unique(&out->vars, sl[a]);
        term_vec_push(&parts, term_eq(sl[a], term_subst(c->body[0].args[a], nv, vs, in)));
      }
    }
    if (c->head.pred != CHC_FALSE) {
      uint32_t p = c->head.pred;
      sl = xrealloc(sl, (s->preds[p].arity + 1) * sizeof(term_t));
      pred_slots(s, &l, p, sl);
      for (uint32_t a = 0; a < s->preds[p].arity; a++) {
        add_unique(&out->vars, sl[a]);
        term_vec_push(&parts, term_eq(term_prime(sl[a]), term_subst(c->head.args[a], nv, vs, in)));
      }
    }
    term_vec_push(&disj, term_and(parts.size, parts.data));
    term_vec_free(&parts);
    term_vec_free(&all);
    free(vs); free(in);
  }
  out->init = term_eq(loc, term_int(0));
  out->trans = term_or(disj.size, disj.data);
  out->prop = term_not(term_eq(loc, term_int(err)));
  out->name = xstrdup("chc");
  term_vec_free(&disj);
  free(sl); free(l.types);
  return true;
}

static void declare(FILE *out, const char *name, type_t ty) {
  fprintf(out, "(declare-fun ");
  term_print_symbol(out, name);
  fprintf(out, " () ");
  type_print(out, ty);
  fprintf(out, ")\n");
}

void ts_write_vmt(FILE *out, const ts *t) {
  uint32_t n = t->vars.size;
  term_t *primed = xmalloc((n ? n : 1) * sizeof(term_t)), *next = xmalloc((n ? n : 1) * sizeof(term_t));
  for (uint32_t i = 0; i < n; i++) {
    term_t v = t->vars.data[i];
    char buf[300];
    snprintf(buf, sizeof buf, "%.280s.next", term_var_name(v));
    primed[i] = term_prime(v);
    next[i] = term_var(buf, term_type(v));
    declare(out, term_var_name(v), term_type(v));
    declare(out, buf, term_type(v));
    fprintf(out, "(define-fun .nx%u () ", i);
    type_print(out, term_type(v));
    fprintf(out, " (! ");
    term_print_var_name(out, v);
    fprintf(out, " :next ");
    term_print_symbol(out, buf);
    fprintf(out, "))\n");
  }
  for (uint32_t i = 0; i < t->inputs.size; i++)
    declare(out, term_var_name(t->inputs.data[i]), term_type(t->inputs.data[i]));
  fprintf(out, "(define-fun .init () Bool (! ");
  term_print_let(out, t->init);
  fprintf(out, " :init true))\n(define-fun .trans () Bool (! ");
  term_print_let(out, term_subst(t->trans, n, primed, next));
  fprintf(out, " :trans true))\n(define-fun .prop () Bool (! ");
  term_print_let(out, t->prop);
  fprintf(out, " :invar-property 0))\n");
  free(primed); free(next);
}

bool chc_export_vmt(FILE *out, const chc_system *s) {
  ts t;
  if (!chc_to_ts(s, &t)) return false;
  ts_write_vmt(out, &t);
  ts_free(&t);
  return true;
}

term_t chc_ts_loc(void) { return term_var("loc", type_int()); }

bool ts_to_chc(const ts *t, chc_system *out) {
  chc_init(out);
  uint32_t n = t->vars.size;
  type_t *ty = xmalloc((n ? n : 1) * sizeof(type_t));
  term_t *next = xmalloc((n ? n : 1) * sizeof(term_t));
  for (uint32_t i = 0; i < n; i++) { ty[i] = term_type(t->vars.data[i]); next[i] = term_prime(t->vars.data[i]); }
  term_t sym = n ? term_var("Inv", type_fun(n, ty, type_bool())) : term_var("Inv", type_bool());
  bool ok = sym != NULL_TERM;
  if (ok) {
    uint32_t p = chc_add_pred(out, "Inv", sym, n, ty);
    chc_app body = {p, t->vars.data};
    chc_add_clause(out, 0, NULL, t->init, p, t->vars.data, 0);
    chc_add_clause(out, 1, &body, t->trans, p, next, 0);
    chc_add_clause(out, 1, &body, term_not(t->prop), CHC_FALSE, NULL, 0);
  }
  free(ty); free(next);
  return ok;
}
