/* Certificates for Horn-clause models: every clause's query "body and not
 * head" (model substituted) refuted through cert_unsat.h. The file format
 * is docs/CERT.md. */
#ifndef ZETA_CERT_CHC_CERT_H
#define ZETA_CERT_CHC_CERT_H
#include <stdio.h>
#include "cert/cert_unsat.h"
#include "ir/chc.h"

typedef struct { cert_status status; char why[200]; double seconds; } chc_cert_clause;

/* Certifies interp clause by clause (res[nclauses]); the certificate goes
 * to out when out != NULL. Returns the weakest status. */
cert_status chc_certify(const chc_system *s, const term_t *interp, uint32_t timeout_ms, FILE *out,
                        chc_cert_clause *res, cert_stats *st);

/* Checks certificate text against s and interp with no SMT solver;
 * res[i].status is CERTIFIED for the clauses it certifies, otherwise
 * UNKNOWN (why quotes what the certifier said: a claim, not a proof). Returns
 * 0 when it checks, 1 when a certified section does not check (why), 2
 * when the text is malformed (why = "line:column: what was expected"). */
int chc_check_cert(const chc_system *s, const term_t *interp, const char *text, chc_cert_clause *res,
                   char *why, size_t whylen);
#endif
