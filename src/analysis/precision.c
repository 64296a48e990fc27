#include "analysis/precision.h"
#include <stdlib.h>
#include "core/alloc.h"

void precision_init(precision *p, prec_granularity g, uint32_t nlocs) {
  p->gran = g;
  p->nlocs = nlocs;
  uint32_t n = g == PREC_GLOBAL ? 1 : (nlocs ? nlocs : 1);
  p->sets = xcalloc(n, sizeof *p->sets);
}

void precision_free(precision *p) {
  uint32_t n = p->gran == PREC_GLOBAL ? 1 : (p->nlocs ? p->nlocs : 1);
  for (uint32_t i = 0; i < n; i++) term_vec_free(&p->sets[i]);
  free(p->sets);
  p->sets = NULL;
}

const term_vec *precision_at(const precision *p, uint32_t loc) {
  return &p->sets[p->gran == PREC_GLOBAL ? 0 : loc];
}

bool precision_has(const precision *p, uint32_t loc, term_t item) {
  const term_vec *v = precision_at(p, loc);
  for (uint32_t i = 0; i < v->size; i++)
    if (v->data[i] == item) return true;
  return false;
}

bool precision_add(precision *p, uint32_t loc, term_t item) {
  if (precision_has(p, loc, item)) return false;
  term_vec_push(&p->sets[p->gran == PREC_GLOBAL ? 0 : loc], item);
  return true;
}

uint32_t precision_size(const precision *p) {
  uint32_t n = p->gran == PREC_GLOBAL ? 1 : p->nlocs, s = 0;
  for (uint32_t i = 0; i < n; i++) s += p->sets[i].size;
  return s;
}

static void push_pred(term_vec *out, term_t t) {
  t = term_unsigned(t);
  if (term_is_const(t)) return;
  for (uint32_t i = 0; i < out->size; i++)
    if (out->data[i] == t) return;
  term_vec_push(out, t);
}

void precision_split_formula(term_t f, prec_split how, term_vec *out) {
  term_t *parts = NULL;
  uint32_t n = 0;
  if (how == SPLIT_WHOLE) {
    push_pred(out, f);
    return;
  }
  n = how == SPLIT_CONJUNCTS ? term_conjuncts(f, &parts) : term_atoms(f, &parts);
  for (uint32_t i = 0; i < n; i++) push_pred(out, parts[i]);
  free(parts);
}
