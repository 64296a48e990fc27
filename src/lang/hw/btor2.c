#include "lang/hw/btor2.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void btor2_model_init(btor2_model *m) { memset(m, 0, sizeof *m); }

void btor2_model_free(btor2_model *m) {
  free(m->states);
  term_vec_free(&m->inputs);
  term_vec_free(&m->bad);
  term_vec_free(&m->constraints);
  term_vec_free(&m->outputs);
  memset(m, 0, sizeof *m);
}

bool btor2_to_ts(const btor2_model *m, uint32_t prop, ts *out) {
  ts_init(out);
  if (prop >= m->bad.size) return false;
  term_vec init = {0}, trans = {0};
  for (uint32_t i = 0; i < m->nstates; i++) {
    const btor2_state *s = &m->states[i];
    term_vec_push(&out->vars, s->var);
    if (s->init != NULL_TERM) term_vec_push(&init, term_eq(s->var, s->init));
    if (s->next != NULL_TERM) term_vec_push(&trans, term_eq(term_prime(s->var), s->next));
  }
  for (uint32_t i = 0; i < m->inputs.size; i++) term_vec_push(&out->inputs, m->inputs.data[i]);
  term_t cons = term_and(m->constraints.size, m->constraints.data);
  term_vec_push(&trans, cons);
  out->init = term_and(init.size, init.data);
  out->trans = term_and(trans.size, trans.data);
  out->prop = term_or2(term_not(m->bad.data[prop]), term_not(cons));
  term_vec_free(&init);
  term_vec_free(&trans);
  return true;
}
