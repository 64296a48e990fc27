/* The propositional skeleton of a quantifier-free formula, for
 * certificates: Boolean structure Tseitin-encoded into a CNF (DIMACS
 * numbering), every atom a propositional variable. Arithmetic atoms are
 * identified by a canonical linear form, so "2x >= 2y + 7" and Z3's
 * rewritten "x - y >= 4" (over the integers) are one variable, and each
 * such variable knows the linear constraint it stands for. Non-linear
 * subterms (x*y, mod, select, ite over numbers, ...) become opaque linear
 * variables and other Boolean atoms opaque propositional variables: both
 * abstractions only weaken the formula, so a refutation stays sound.
 *
 * Everything is deterministic in the structure of the terms given, so the
 * certificate checker rebuilds the same numbering from the same input. */
#ifndef ZETA_CERT_SKEL_H
#define ZETA_CERT_SKEL_H
#include "cert/farkas.h"
#include "cert/sat_refute.h"
#include "core/term.h"

typedef struct skel skel;

skel *skel_new(void);
void skel_free(skel *k);
/* Encodes f and asserts it. false when f is not quantifier-free (*why set). */
bool skel_assert(skel *k, term_t f, const char **why);
/* The literal of formula f (Tseitin-encoded, not asserted); 0 on error. */
int skel_formula_lit(skel *k, term_t f, const char **why);
/* The literal of the body of quantified formula quant with its bound
 * variables replaced by binding[] (numerals or variables of the formula),
 * encoded along the body's own structure (no new terms, so the numbering
 * is the same wherever it is repeated); 0 when some subterm would need a
 * new term (a non-linear term or an atom over a bound variable). */
int skel_instance_lit(skel *k, term_t quant, const term_t *binding);
/* The quantified subformulas met so far (opaque atoms), in order. */
uint32_t skel_nquants(const skel *k);
term_t skel_quant(const skel *k, uint32_t i);
/* The literal of a Boolean atom term (creating its variable), 0 on error. */
int skel_atom_lit(skel *k, term_t atom);
/* The literal standing for "c holds" (creating a variable when new). */
int skel_cons_lit(skel *k, const lin_cons *c);
/* Linear form of an arithmetic atom term (t true iff *out holds); false
 * for other atoms. *out initialized by the caller. */
bool skel_linearize_atom(skel *k, term_t atom, lin_cons *out);
/* A product's numeral factors multiplied into k (when k is not NULL);
 * returns how many factors are not numerals, *other the last of them. */
uint32_t skel_mul_split(term_t mul, mpq_t k, term_t *other);
/* For the variable of an arithmetic atom: the canonical constraint it
 * stands for and (when it came from a term) an equivalent term; NULL for
 * other variables. */
const lin_cons *skel_var_cons(const skel *k, uint32_t var, term_t *origin);
/* The div/mod facts (valid linear constraints). */
uint32_t skel_naxioms(const skel *k);
const lin_cons *skel_axiom(const skel *k, uint32_t i);
/* Appends to hyp[0..*n) (malloc'd, grown) the div/mod axioms of the
 * variables they mention: valid facts a Fourier-Motzkin check may use. */
void skel_add_axioms(const skel *k, lin_cons **hyp, uint32_t *n);
/* A fresh propositional variable (e.g. a gate of the bit-blaster). */
int skel_new_var(skel *k);
/* Adds a clause (e.g. a checked lemma) to the CNF. */
void skel_add_clause(skel *k, uint32_t n, const int *lits);

const int_vec *skel_cnf(const skel *k);
uint32_t skel_nvars(const skel *k);          /* propositional */
uint32_t skel_nclauses(const skel *k);
lin_domain skel_domain(const skel *k);
uint32_t skel_nlinvars(const skel *k);
/* A new linear variable (certificate variables unknown to the formula). */
uint32_t skel_new_linvar(skel *k, bool is_int);
/* The term a linear variable stands for (NULL_TERM for skel_new_linvar's). */
term_t skel_linvar_term(const skel *k, uint32_t v);
#endif
