/* Certified unsatisfiability of a quantifier-free formula q (linear
 * arithmetic plus Boolean structure; other theories opaque):
 *   1. Z3 in process, proofs on (smt.arith.solver=2), decides q;
 *   2. the arithmetic theory lemmas of its proof ("th-lemma arith farkas
 *      c1 ... cn" and others) become clauses over q's canonical atoms, each
 *      checked here exactly (farkas.c: the multipliers, absolute values as
 *      Z3 itself takes them; else Fourier-Motzkin);
 *   3. q's propositional skeleton (skel.c) plus the checked lemmas is
 *      refuted by CaDiCaL with a proof that rup.c checks.
 * Only steps 2 and 3's checkers (and the encoding) are trusted; Z3 and
 * CaDiCaL are not. The certificate section (docs/CERT.md) lists the lemmas
 * (literal, multiplier, linear form of the literal) and the RUP proof;
 * cert_unsat_check replays it against q with no solver at all. */
#ifndef ZETA_CERT_CERT_UNSAT_H
#define ZETA_CERT_CERT_UNSAT_H
#include <stdio.h>
#include "core/term.h"

/* weakest last: a set of answers has the status of its maximum */
typedef enum { CERT_CERTIFIED, CERT_VALIDATED, CERT_UNKNOWN, CERT_VIOLATED } cert_status;
const char *cert_status_name(cert_status s);

typedef struct {
  bool verbose;                /* input: describe lemmas that do not check (progress) */
  uint32_t lemmas, lemmas_checked, lemmas_farkas, lemmas_fm, lemmas_gap;
  double solve_s, check_s;     /* Z3 (with proofs) / certificate work */
} cert_stats;

/* Decides q. CERTIFIED: unsat with a checked certificate (written to out
 * when out != NULL); VALIDATED: Z3 says unsat but no certificate (why
 * says what failed); VIOLATED: Z3 says sat; UNKNOWN: Z3 gave up. */
cert_status cert_unsat(term_t q, uint32_t timeout_ms, FILE *out, cert_stats *st, char *why, size_t whylen);

/* A whitespace-separated token stream over a certificate text. */
typedef struct {
  const char *p, *line_start;
  uint32_t line, col;        /* of the last token */
  bool malformed;            /* a check failed on the text's form, not its content */
  char tok[256];
} cert_reader;
/* The next token into r->tok ("" at the end); false at the end. */
bool cert_next(cert_reader *r);

/* Checks the section that cert_unsat wrote for q (from "lemmas" through
 * "end"); true when it refutes q. */
bool cert_unsat_check(term_t q, cert_reader *r, char *why, size_t whylen);
#endif
