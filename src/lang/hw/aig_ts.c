#include "lang/hw/aig_ts.h"
#include <stdio.h>
#include <stdlib.h>
#include "core/alloc.h"

term_t aig_lit_term(const term_t *var_terms, uint32_t lit) {
  term_t t = var_terms[lit >> 1];
  return (lit & 1) ? term_not(t) : t;
}

bool aig_to_ts(const aig *g, uint32_t prop, ts *out) { return aig_to_ts_named(g, prop, NULL, NULL, out); }

term_t *aig_eval_terms(const aig *g, const term_t *latch_terms, const term_t *input_terms) {
  term_t *vt = xmalloc(((size_t)g->maxvar + 1) * sizeof *vt);
  for (size_t v = 0; v <= g->maxvar; v++) vt[v] = term_false(); /* unused variables */
  for (uint32_t i = 0; i < g->ninputs; i++) vt[g->inputs[i] >> 1] = input_terms[i];
  for (uint32_t j = 0; j < g->nlatches; j++) vt[g->latches[j].lit >> 1] = latch_terms[j];
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    vt[a->lhs >> 1] = term_and2(aig_lit_term(vt, a->rhs0), aig_lit_term(vt, a->rhs1));
  }
  return vt;
}

term_t *aig_var_terms(const aig *g, const uint32_t *latch_id, const uint32_t *input_id) {
  term_t *lt = xmalloc((g->nlatches + 1) * sizeof *lt), *it = xmalloc((g->ninputs + 1) * sizeof *it);
  char name[32];
  type_t b = type_bool();
  for (uint32_t i = 0; i < g->ninputs; i++) {
    snprintf(name, sizeof name, "i%u", input_id ? input_id[i] : i);
    it[i] = term_var(name, b);
  }
  for (uint32_t j = 0; j < g->nlatches; j++) {
    snprintf(name, sizeof name, "l%u", latch_id ? latch_id[j] : j);
    lt[j] = term_var(name, b);
  }
  term_t *vt = aig_eval_terms(g, lt, it);
  free(lt);
  free(it);
  return vt;
}

bool aig_to_ts_named(const aig *g, uint32_t prop, const uint32_t *latch_id, const uint32_t *input_id, ts *out) {
  ts_init(out);
  if (prop >= aig_nproperties(g)) return false;
  term_t *vt = aig_var_terms(g, latch_id, input_id);
  for (uint32_t i = 0; i < g->ninputs; i++) term_vec_push(&out->inputs, vt[g->inputs[i] >> 1]);
  for (uint32_t j = 0; j < g->nlatches; j++) term_vec_push(&out->vars, vt[g->latches[j].lit >> 1]);
  term_vec init = {0}, trans = {0};
  for (uint32_t j = 0; j < g->nlatches; j++) {
    const aig_latch *l = &g->latches[j];
    term_t x = vt[l->lit >> 1];
    if (l->reset != l->lit) term_vec_push(&init, l->reset ? x : term_not(x));
    term_vec_push(&trans, term_eq(term_prime(x), aig_lit_term(vt, l->next)));
  }
  term_vec cons = {0};
  for (uint32_t c = 0; c < g->nconstraints; c++) term_vec_push(&cons, aig_lit_term(vt, g->constraints[c]));
  term_t call = term_and(cons.size, cons.data);
  term_vec_push(&trans, call);
  out->init = term_and(init.size, init.data);
  out->trans = term_and(trans.size, trans.data);
  out->prop = term_or2(term_not(aig_lit_term(vt, aig_property(g, prop))), term_not(call));
  term_vec_free(&init);
  term_vec_free(&trans);
  term_vec_free(&cons);
  free(vt);
  return true;
}
