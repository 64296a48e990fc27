/* Certified inductive invariants: every query of the invariant check
 * (initiation, consecution, safety) refuted through cert_unsat.h, its
 * lemmas and propositional proof checked in process. */
#ifndef ZETA_CERT_INV_CERT_H
#define ZETA_CERT_INV_CERT_H
#include "cert/cert_unsat.h"
#include "ir/cfa.h"
#include "ir/ts.h"

/* The weakest status over the queries; why names the first query that is
 * not certified and the reason. nq: the number of queries. */
cert_status cert_ts_invariant(const ts *sys, term_t inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen);
/* Location invariants inv[nlocs] of c: initiation at the initial location,
 * consecution along every edge, safety at the error location. */
cert_status cert_cfa_invariant(cfa *c, const term_t *inv, uint32_t timeout_ms, uint32_t *nq, char *why, size_t whylen);
/* A k-induction proof of sys's property: the base case (no violation at
 * depth 0..k-1) and the step case (k consecutive prop states, pairwise
 * distinct when simple_path, are followed by a prop state). */
cert_status cert_ts_kinduction(const ts *sys, uint32_t k, bool simple_path, uint32_t timeout_ms, uint32_t *nq, char *why,
                               size_t whylen);
#endif
