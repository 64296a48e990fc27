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

void ts_trace_free(ts_trace *t) {
  free(t->values);
  memset(t, 0, sizeof *t);
}
