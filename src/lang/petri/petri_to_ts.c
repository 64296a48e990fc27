#include "lang/petri/petri_to_ts.h"
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

static term_t place_var(const petri_net *n, uint32_t p) {
  char name[600];
  snprintf(name, sizeof name, "m!%s!%s", n->name ? n->name : "net", n->place_id[p]);
  return term_var(name, type_int());
}

static term_t enabled(const petri_net *n, const ts *sys, uint32_t t) {
  uint32_t k = 0, cap = (n->pre_at[t + 1] - n->pre_at[t]) + (n->inh_at[t + 1] - n->inh_at[t]);
  term_t *c = xmalloc((cap + 1) * sizeof *c);
  for (uint32_t a = n->pre_at[t]; a < n->pre_at[t + 1]; a++)
    c[k++] = term_ge(sys->vars.data[n->pre[a].place], term_int((long)n->pre[a].weight));
  for (uint32_t a = n->inh_at[t]; a < n->inh_at[t + 1]; a++)
    c[k++] = term_lt(sys->vars.data[n->inh[a].place], term_int((long)n->inh[a].weight));
  term_t r = term_and(k, c);
  free(c);
  return r;
}

term_t petri_pred_term(const petri_net *n, const ts *sys, const petri_pred *p) {
  switch (p->op) {
  case PRED_TRUE: return term_true();
  case PRED_FALSE: return term_false();
  case PRED_AND:
  case PRED_OR: {
    term_t *k = xmalloc((p->n + 1) * sizeof *k);
    for (uint32_t i = 0; i < p->n; i++) k[i] = petri_pred_term(n, sys, p->kids[i]);
    term_t r = p->op == PRED_AND ? term_and(p->n, k) : term_or(p->n, k);
    free(k);
    return r;
  }
  case PRED_LIN: {
    term_t *s = xmalloc((p->n + 1) * sizeof *s);
    for (uint32_t i = 0; i < p->n; i++) s[i] = term_mul2(term_int((long)p->coef[i]), sys->vars.data[p->place[i]]);
    term_t r = term_le(term_add(p->n, s), term_int((long)p->bound));
    free(s);
    return r;
  }
  case PRED_FIRE: return enabled(n, sys, p->trans);
  case PRED_NFIRE: return term_not(enabled(n, sys, p->trans));
  case PRED_DEAD:
  case PRED_LIVE: {
    term_t *e = xmalloc((n->ntrans + 1) * sizeof *e);
    for (uint32_t t = 0; t < n->ntrans; t++) e[t] = enabled(n, sys, t);
    term_t live = term_or(n->ntrans, e);
    free(e);
    return p->op == PRED_LIVE ? live : term_not(live);
  }
  }
  return term_false();
}

void petri_to_ts(const petri_net *n, const petri_pred *target, ts *sys) {
  ts_init(sys);
  if (n->name) sys->name = xstrdup(n->name);
  for (uint32_t p = 0; p < n->nplaces; p++) term_vec_push(&sys->vars, place_var(n, p));
  char name[600];
  snprintf(name, sizeof name, "fire!%s", n->name ? n->name : "net");
  term_t choice = term_var(name, type_int());
  term_vec_push(&sys->inputs, choice);
  term_t *c = xmalloc(((size_t)n->nplaces + 1) * sizeof *c);
  for (uint32_t p = 0; p < n->nplaces; p++) c[p] = term_eq(sys->vars.data[p], term_int((long)n->m0[p]));
  sys->init = term_and(n->nplaces, c);
  /* trans: one implication per transition; places a transition does not
   * touch keep their count */
  term_t *conj = xmalloc(((size_t)n->ntrans + n->nplaces + 2) * sizeof *conj);
  uint32_t k = 0;
  conj[k++] = term_ge(choice, term_int(0));
  conj[k++] = term_lt(choice, term_int((long)n->ntrans));
  int64_t *delta = xcalloc(n->nplaces + 1, sizeof *delta);
  for (uint32_t t = 0; t < n->ntrans; t++) {
    for (uint32_t e = n->eff_at[t]; e < n->eff_at[t + 1]; e++) delta[n->eff[e].place] = n->eff[e].delta;
    for (uint32_t p = 0; p < n->nplaces; p++) {
      term_t x = sys->vars.data[p];
      c[p] = term_eq(term_prime(x), delta[p] ? term_add2(x, term_int((long)delta[p])) : x);
    }
    for (uint32_t e = n->eff_at[t]; e < n->eff_at[t + 1]; e++) delta[n->eff[e].place] = 0;
    term_t step = term_and2(enabled(n, sys, t), term_and(n->nplaces, c));
    conj[k++] = term_implies(term_eq(choice, term_int((long)t)), step);
  }
  for (uint32_t p = 0; p < n->nplaces; p++) conj[k++] = term_ge(term_prime(sys->vars.data[p]), term_int(0));
  sys->trans = term_and(k, conj);
  sys->prop = target ? term_not(petri_pred_term(n, sys, target)) : term_true();
  free(delta);
  free(conj);
  free(c);
}

/* A literal as a token count / transition index; false if it is not one. */
static bool small_int(term_t v, uint64_t max, uint64_t *out) {
  if (v == NULL_TERM || term_op_of(v) != OP_RAT) return false;
  mpq_t q;
  mpq_init(q);
  term_rat_value(v, q);
  bool ok = mpz_cmp_ui(mpq_denref(q), 1) == 0 && mpz_sgn(mpq_numref(q)) >= 0 && mpz_cmp_ui(mpq_numref(q), max) <= 0;
  if (ok) *out = mpz_get_ui(mpq_numref(q));
  mpq_clear(q);
  return ok;
}

bool petri_ts_firing_sequence(const petri_net *n, const ts *sys, const ts_trace *t, uint32_t **seq, size_t *len) {
  *seq = NULL;
  *len = 0;
  if (t->length == 0 || t->width != sys->vars.size + sys->inputs.size) return false;
  size_t steps = t->length - 1;
  uint32_t *s = xmalloc((steps + 1) * sizeof *s);
  size_t bytes = ((size_t)n->nplaces + 1) * sizeof(petri_tok);
  petri_tok *m = xmalloc(bytes), *next = xmalloc(bytes), *tmp = xmalloc(bytes);
  for (uint32_t p = 0; p < n->nplaces; p++) m[p] = n->m0[p];
  bool ok = true;
  for (size_t k = 0; k < steps && ok; k++) {
    uint64_t v;
    bool known = true;
    for (uint32_t p = 0; p < n->nplaces && known; p++) {
      known = small_int(t->values[(k + 1) * t->width + p], PETRI_TOK_MAX, &v);
      if (known) next[p] = (petri_tok)v;
    }
    ok = false;
    if (n->ntrans > 0 && small_int(t->values[k * t->width + sys->vars.size], n->ntrans - 1, &v) &&
        petri_enabled(n, m, (uint32_t)v)) {
      s[k] = (uint32_t)v;
      ok = true;
    } else if (known) { /* choice open: an enabled transition that leads to the next marking */
      for (uint32_t tr = 0; tr < n->ntrans && !ok; tr++) {
        if (!petri_enabled(n, m, tr) || !petri_fire(n, m, tr, tmp)) continue;
        ok = memcmp(tmp, next, (size_t)n->nplaces * sizeof *tmp) == 0;
        if (ok) s[k] = tr;
      }
    }
    if (ok) ok = petri_fire(n, m, s[k], m);
  }
  free(m);
  free(next);
  free(tmp);
  if (!ok) {
    free(s);
    return false;
  }
  *seq = s;
  *len = steps;
  return true;
}
