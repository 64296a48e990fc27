/* Invariant certification (see inv_cert.h). */
#include "cert/inv_cert.h"
#include <stdio.h>
#include <stdlib.h>
#include "cert/qopen.h"
#include "core/alloc.h"
#include "ir/cfa_path.h"

/* Certifies the queries q[0..n) (names what[]); the weakest status. */
static cert_status certify_all(uint32_t n, const term_t *q, const char *const *what, uint32_t timeout_ms, char *why,
                               size_t whylen) {
  cert_status worst = CERT_CERTIFIED;
  why[0] = 0;
  for (uint32_t i = 0; i < n; i++) {
    char w[200];
    cert_status s = q[i] == NULL_TERM ? CERT_UNKNOWN
                                      : cert_unsat(cert_lift_ite(cert_open_quantifiers(q[i])), timeout_ms, NULL, NULL, w, sizeof w);
    if (q[i] == NULL_TERM) snprintf(w, sizeof w, "cannot build the query");
    if (s > worst) {
      worst = s;
      snprintf(why, whylen, "%s: %s", what[i], s == CERT_VIOLATED ? "fails" : w);
    }
    if (s == CERT_VIOLATED) break;
  }
  return worst;
}

cert_status cert_ts_invariant(const ts *sys, term_t inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen) {
  term_t q[3];
  ts_invariant_queries(sys, inv, q);
  static const char *const what[3] = {"initiation", "consecution", "safety"};
  *nq = 3;
  return certify_all(3, q, what, timeout_ms, why, whylen);
}

cert_status cert_cfa_invariant(cfa *c, const term_t *inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen) {
  uint32_t n = c->nedges + 2;
  term_t *q = xcalloc(n, sizeof *q);
  const char **what = xcalloc(n, sizeof *what);
  char (*names)[64] = xcalloc(n, sizeof *names);
  for (uint32_t i = 0; i < n; i++) q[i] = cfa_invariant_query(c, inv, i);
  for (uint32_t e = 0; e < c->nedges; e++) {
    snprintf(names[e], sizeof names[e], "consecution %.20s -> %.20s", c->locs[c->edges[e].src].name, c->locs[c->edges[e].dst].name);
    what[e] = names[e];
  }
  what[c->nedges] = "initiation";
  what[c->nedges + 1] = "safety";
  *nq = n;
  cert_status s = certify_all(n, q, what, timeout_ms, why, whylen);
  free(q); free(what); free(names);
  return s;
}

cert_status cert_ts_kinduction(const ts *sys, uint32_t k, bool simple_path, uint32_t timeout_ms, uint32_t *nq, char *why,
                               size_t whylen) {
  /* base: no state at depth 0..k-1 violates prop */
  term_vec base = {0}, step = {0}, bad = {0};
  term_vec_push(&base, sys->init);
  for (uint32_t j = 0; j + 1 < k; j++) term_vec_push(&base, term_shift(sys->trans, (int32_t)j));
  for (uint32_t j = 0; j < k; j++) term_vec_push(&bad, term_not(term_shift(sys->prop, (int32_t)j)));
  term_vec_push(&base, term_or(bad.size, bad.data));
  /* step: prop in k consecutive states (pairwise distinct with simple
   * paths) and one more transition keep prop */
  for (uint32_t j = 0; j < k; j++) {
    term_vec_push(&step, term_shift(sys->prop, (int32_t)j));
    term_vec_push(&step, term_shift(sys->trans, (int32_t)j));
  }
  if (simple_path)
    for (uint32_t j = 1; j <= k; j++)
      for (uint32_t i = 0; i < j; i++) {
        term_vec d = {0};
        for (uint32_t v = 0; v < sys->vars.size; v++)
          term_vec_push(&d, term_not(term_eq(term_shift(sys->vars.data[v], (int32_t)i), term_shift(sys->vars.data[v], (int32_t)j))));
        term_vec_push(&step, term_or(d.size, d.data));
        term_vec_free(&d);
      }
  term_vec_push(&step, term_not(term_shift(sys->prop, (int32_t)k)));
  term_t q[2] = {term_and(base.size, base.data), term_and(step.size, step.data)};
  static const char *const what[2] = {"base case", "step case"};
  term_vec_free(&base); term_vec_free(&step); term_vec_free(&bad);
  *nq = 2;
  return certify_all(2, q, what, timeout_ms, why, whylen);
}
