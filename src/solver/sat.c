/* The SAT interface of sat.h on CaDiCaL (libcadical-dev, its C API).
 * Our literals are 2*var + sign from var 0; CaDiCaL's are ±(var + 1).
 * CaDiCaL restores variables it eliminated when they are used again, so
 * incremental use under assumptions needs no freezing here. */
#include "solver/sat.h"
#include <ccadical.h>
#include <stdlib.h>
#include "core/alloc.h"

struct sat {
  CCaDiCaL *s;
  uint32_t nvars;
  uint32_t max_used;     /* highest CaDiCaL variable passed to the solver */
  bool inconsistent;     /* an empty clause was added */
  uint64_t solves;
  bool (*stop)(void *);
  void *ctx;
};

static int ext(sat *s, uint32_t lit) {
  uint32_t v = (lit >> 1) + 1;
  if (v > s->max_used) s->max_used = v;
  return (lit & 1) ? -(int)v : (int)v;
}

sat *sat_new(void) {
  sat *s = xcalloc(1, sizeof *s);
  s->s = ccadical_init();
  if (!s->s) { free(s); return NULL; }
  /* CaDiCaL reports on stdout, which belongs to zeta's verdict */
  ccadical_set_option(s->s, "quiet", 1);
  return s;
}

void sat_free(sat *s) {
  if (!s) return;
  ccadical_release(s->s);
  free(s);
}

uint32_t sat_new_var(sat *s) { return s->nvars++; }
uint32_t sat_nvars(const sat *s) { return s->nvars; }

bool sat_add_clause(sat *s, uint32_t n, const uint32_t *lits) {
  if (n == 0) s->inconsistent = true;
  for (uint32_t i = 0; i < n; i++) ccadical_add(s->s, ext(s, lits[i]));
  ccadical_add(s->s, 0);
  return !s->inconsistent;
}

static int terminate_cb(void *p) {
  sat *s = p;
  return s->stop && s->stop(s->ctx);
}

int sat_solve(sat *s, uint32_t n, const uint32_t *assumptions, bool (*stop)(void *), void *ctx) {
  s->solves++;
  for (uint32_t i = 0; i < n; i++) ccadical_assume(s->s, ext(s, assumptions[i]));
  s->stop = stop;
  s->ctx = ctx;
  ccadical_set_terminate(s->s, stop ? s : NULL, stop ? terminate_cb : NULL);
  int r = ccadical_solve(s->s);
  return r == 10 ? 1 : r == 20 ? 0 : -1;
}

bool sat_model_value(const sat *s, uint32_t lit) {
  uint32_t v = (lit >> 1) + 1;
  if (v > s->max_used) return (lit & 1) != 0;   /* unconstrained: false */
  int e = (lit & 1) ? -(int)v : (int)v;
  return ccadical_val(s->s, e) > 0;
}

bool sat_in_core(const sat *s, uint32_t lit) {
  uint32_t v = (lit >> 1) + 1;
  if (v > s->max_used) return false;
  int e = (lit & 1) ? -(int)v : (int)v;
  return ccadical_failed(s->s, e) != 0;
}

uint64_t sat_solves(const sat *s) { return s->solves; }

/* CaDiCaL removes clauses satisfied at the top level (retired activation
 * literals) during its own garbage collection; nothing to do here. */
void sat_simplify(sat *s) { (void)s; }
