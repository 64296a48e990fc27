/* CaDiCaL with its learned clauses recorded (see sat_refute.h). */
#include "cert/sat_refute.h"
#include <ccadical.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include "cert/rup.h"
#include "core/alloc.h"
#include "core/limits.h"

void int_vec_push(int_vec *v, int x) {
  if (v->size == v->cap) { v->cap = v->cap ? 2 * v->cap : 64; v->data = xrealloc(v->data, v->cap * sizeof *v->data); }
  v->data[v->size++] = x;
}
void int_vec_free(int_vec *v) { free(v->data); v->data = NULL; v->size = v->cap = 0; }

static void learned(void *ctx, int *clause) {
  int_vec *proof = ctx;
  for (; *clause; clause++) int_vec_push(proof, *clause);
  int_vec_push(proof, 0);
}

typedef struct { bool (*stop)(void *); void *ctx; } stopper;
static int terminate_cb(void *p) { stopper *s = p; return s->stop(s->ctx); }

/* options deriving clauses that the learn callback does not see */
static const char *const no_inprocessing[] = {
  "elim", "subsume", "vivify", "probe", "ternary", "decompose", "transred", "otfs",
  "eagersubsume", "cover", "condition", "block", "lucky", NULL,
};

int sat_refute(const int_vec *cnf, int_vec *proof, signed char *model, uint32_t nvars, bool (*stop)(void *), void *ctx) {
  CCaDiCaL *s = ccadical_init();
  if (!s) return -1;
  ccadical_set_option(s, "quiet", 1);
  for (const char *const *o = no_inprocessing; *o; o++) ccadical_set_option(s, *o, 0);
  proof->size = 0;
  ccadical_set_learn(s, proof, INT_MAX, learned);
  stopper st = {stop, ctx};
  if (stop) ccadical_set_terminate(s, &st, terminate_cb);
  for (size_t i = 0; i < cnf->size; i++) ccadical_add(s, cnf->data[i]);
  int r = ccadical_solve(s);
  if (r == 10 && model)
    for (uint32_t v = 1; v <= nvars; v++) model[v] = ccadical_val(s, (int)v) > 0 ? 1 : -1;
  ccadical_release(s);
  if (r == 20) { int_vec_push(proof, 0); return 0; }
  return r == 10 ? 1 : -1;
}

bool sat_proof_check(const int_vec *cnf, const int_vec *proof, char *why, uint32_t whylen) {
  return sat_proof_check_until(cnf, proof, 0, why, whylen);
}

bool sat_proof_check_until(const int_vec *cnf, const int_vec *proof, double deadline, char *why, uint32_t whylen) {
  rup *r = rup_new();
  size_t b = 0;
  for (size_t i = 0; i < cnf->size; i++)
    if (cnf->data[i] == 0) { rup_add_input(r, (uint32_t)(i - b), cnf->data + b); b = i + 1; }
  bool ok = true;
  uint32_t lemma = 0;
  b = 0;
  for (size_t i = 0; i < proof->size && ok && !rup_refuted(r); i++)
    if (proof->data[i] == 0) {
      lemma++;
      if (!rup_add_lemma(r, (uint32_t)(i - b), proof->data + b)) {
        snprintf(why, whylen, "lemma %u of the proof is not RUP", lemma);
        ok = false;
      } else if (deadline > 0 && lemma % 256 == 0 && limits_now() > deadline) {
        snprintf(why, whylen, "time limit while checking the proof (lemma %u)", lemma);
        ok = false;
      }
      b = i + 1;
    }
  if (ok && !rup_refuted(r)) { snprintf(why, whylen, "the proof does not derive the empty clause"); ok = false; }
  rup_free(r);
  return ok;
}
