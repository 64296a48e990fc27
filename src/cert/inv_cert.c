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
  term_t q[3] = {
    term_and2(sys->init, term_not(inv)),
    term_and(3, (term_t[]){inv, sys->trans, term_not(term_prime(inv))}),
    term_and2(inv, term_not(sys->prop)),
  };
  static const char *const what[3] = {"initiation", "consecution", "safety"};
  *nq = 3;
  return certify_all(3, q, what, timeout_ms, why, whylen);
}

cert_status cert_cfa_invariant(cfa *c, const term_t *inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen) {
  uint32_t n = c->nedges + 2;
  term_t *q = xcalloc(n, sizeof *q);
  const char **what = xcalloc(n, sizeof *what);
  char (*names)[64] = xcalloc(n, sizeof *names);
  for (uint32_t e = 0; e < c->nedges; e++) {
    q[e] = term_and(3, (term_t[]){inv[c->edges[e].src], cfa_edge_formula(c, e), term_not(term_shift(inv[c->edges[e].dst], 1))});
    snprintf(names[e], sizeof names[e], "consecution %.20s -> %.20s", c->locs[c->edges[e].src].name, c->locs[c->edges[e].dst].name);
    what[e] = names[e];
  }
  q[c->nedges] = c->init < c->nlocs ? term_not(inv[c->init]) : term_false();
  what[c->nedges] = "initiation";
  q[c->nedges + 1] = c->error < c->nlocs ? inv[c->error] : term_false();
  what[c->nedges + 1] = "safety";
  *nq = n;
  cert_status s = certify_all(n, q, what, timeout_ms, why, whylen);
  free(q); free(what); free(names);
  return s;
}
