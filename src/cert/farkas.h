/* Exact checks of linear arithmetic lemmas with GMP rationals.
 *
 * A constraint is  sum_i coef_i * x_i + cst  REL  0  with REL one of
 * <=, <, =, != (variables are dense numbers; is_int[v] says which range
 * over the integers). A lemma is checked by refuting the conjunction of
 * its hypotheses (the negations of the lemma clause's literals):
 *   - farkas_check: with given multipliers (>= 0 for inequalities, any
 *     sign for equalities) the combination must cancel every variable and
 *     leave a false constant constraint (c <= 0 with c > 0, or 0 < 0);
 *     for integer constraints the same again after integer tightening
 *     (t < 0 ~> t + 1 <= 0, gcd rounding, equalities whose gcd does not
 *     divide the constant);
 *   - fm_refute: exact Fourier-Motzkin elimination (with the same
 *     tightening, disequalities split into < and >) when no multipliers are
 *     known; bounded in size.
 * Every step only derives constraints implied by the hypotheses over the
 * variables' domains, so acceptance is sound for the rationals and for
 * the integers alike. */
#ifndef ZETA_CERT_FARKAS_H
#define ZETA_CERT_FARKAS_H
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum { LIN_LE, LIN_LT, LIN_EQ, LIN_NE } lin_rel;

typedef struct { uint32_t var; mpq_t coef; } lin_mono;

typedef struct {
  lin_mono *m;          /* sorted by var, no zero coefficients */
  uint32_t n, cap;
  mpq_t cst;
  lin_rel rel;
} lin_cons;

/* Which variables are integers (var >= n: real). */
typedef struct { const bool *is_int; uint32_t n; } lin_domain;

void lin_init(lin_cons *c);
void lin_clear(lin_cons *c);
void lin_copy(lin_cons *dst, const lin_cons *src);
/* c += k * var */
void lin_add_term(lin_cons *c, uint32_t var, const mpq_t k);
/* dst's sum and constant += k * src's (relations untouched) */
void lin_addmul(lin_cons *dst, const lin_cons *src, const mpq_t k);
void lin_scale(lin_cons *c, const mpq_t k);
/* The same constraint, term by term (both sorted, as lin_add_term keeps them). */
bool lin_equal(const lin_cons *a, const lin_cons *b);
/* The negation of c as a constraint: not(t <= 0) is -t < 0, not(t < 0) is
 * -t <= 0, not(t = 0) is t != 0 and the reverse. */
void lin_negate(lin_cons *c);
/* Every variable is an integer (vacuously for constants). */
bool lin_is_int(const lin_cons *c, lin_domain d);
/* For integer constraints: integral coefficients with gcd 1, < as <=,
 * rounded constant; an equality the gcd cannot satisfy becomes 1 <= 0. */
void lin_tighten(lin_cons *c);
/* Constant constraints: 1 when true, 0 when false, -1 when c has variables. */
int lin_const_truth(const lin_cons *c);

/* true when the multipliers refute the constraints (see above). mult[i]
 * may be NULL-like zero for unused ones. */
bool farkas_check(uint32_t n, const lin_cons *cs, mpq_t *mult, lin_domain d);
/* 1 refuted, 0 not refuted, -1 gave up (more than max_cons constraints or
 * disequality splits). */
int fm_refute(uint32_t n, const lin_cons *cs, lin_domain d, uint32_t max_cons);
#endif
