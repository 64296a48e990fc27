#include "ir/ts.h"
#include <stdlib.h>
#include <string.h>

void ts_init(ts *s) {
  memset(s, 0, sizeof *s);
  s->init = s->trans = s->prop = term_true();
}

void ts_free(ts *s) {
  term_vec_free(&s->vars);
  term_vec_free(&s->inputs);
  free(s->name);
  memset(s, 0, sizeof *s);
}

void ts_invariant_queries(const ts *s, term_t inv, term_t q[3]) {
  q[0] = term_and2(s->init, term_not(inv));
  q[1] = term_and(3, (term_t[]){inv, s->trans, term_not(term_prime(inv))});
  q[2] = term_and2(inv, term_not(s->prop));
}

void ts_trace_free(ts_trace *t) {
  free(t->values);
  memset(t, 0, sizeof *t);
}
