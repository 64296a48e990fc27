/* The pushdown engine's concrete sets as formulas (pds_enc.h with smt
 * set): for programs whose variables have no BDD encoding (integers,
 * reals), the same images, pre-images and interpolants as terms with the
 * SMT solver. A set of a symbol's space is a quantifier-free term over
 * indexed copies of the program's variables (CUR: index 0, NXT: 1, ENT: 7,
 * AUX: 8, OUT: 9); images are existential quantifications eliminated by
 * Z3's qe tactic (solver/z3_qe.h); emptiness is an SMT check; the abstract
 * rules are enumerated with the solver (AllSAT over the predicates' truth
 * values, solver_enumerate) into BDDs over the abstract variables. A
 * quantifier elimination or check the solver cannot do sets E->failed.
 */
#ifndef ZETA_ENGINE_PDS_SMT_H
#define ZETA_ENGINE_PDS_SMT_H
#include "engine/pds_enc.h"

void pds_smt_open(pds_enc *E);
void pds_smt_close(pds_enc *E);
/* The term of slot s in a copy. */
term_t pds_smt_var(const pds_enc *E, uint32_t s, int copy);

bool pds_smt_img_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len);
bool pds_smt_pre_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len);
bool pds_smt_img_push(pds_enc *E, uint32_t c, pds_set S, bool pivot, pds_set *out, char *why, size_t len);
bool pds_smt_pre_push(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len);
pds_set pds_smt_img_enter(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_smt_pre_enter(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_smt_img_pop(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_smt_pre_pop(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_smt_img_eval(pds_enc *E, uint32_t c, pds_set Spv, pds_set Sef);
pds_set pds_smt_eval_back(pds_enc *E, uint32_t c, pds_set S);
pds_set pds_smt_exists_out(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_smt_exists_kept(pds_enc *E, uint32_t g, pds_set S);
bool pds_smt_empty(pds_enc *E, pds_set S);
bool pds_smt_only(pds_enc *E, pds_set S, const pds_space *sp);
pds_set pds_smt_pick(pds_enc *E, pds_set S, const pds_space *sp);
term_t pds_smt_value(pds_enc *E, pds_set one, uint32_t s, int copy);

/* The step relations as formulas over copies (for the abstract rules):
 * edge e of f (CUR -> NXT, with its havoc auxiliaries), the call binding
 * of c (CUR -> AUX), entering f (AUX -> CUR, ENT), leaving f (CUR, ENT ->
 * AUX, OUT), and the evaluation of c (pivot CUR/ENT/AUX and effect
 * AUX/OUT -> the caller's state in NXT, ENT). */
bool pds_smt_edge_rel(pds_enc *E, uint32_t f, uint32_t e, term_t *out, char *why, size_t len);
term_t pds_smt_bind(pds_enc *E, uint32_t c);
term_t pds_smt_enter_rel(pds_enc *E, uint32_t f);
term_t pds_smt_pop_rel(pds_enc *E, uint32_t f);
term_t pds_smt_eval_rel(pds_enc *E, uint32_t c);
/* t with the CUR copies of f's frame renamed to NXT. */
term_t pds_smt_cur_to_nxt(pds_enc *E, uint32_t f, term_t t);
/* t with the AUX copies of f's entry slots renamed to ENT. */
term_t pds_smt_aux_to_ent(pds_enc *E, uint32_t f, term_t t);
/* The abstraction of F: the BDD over abstract variables of every
 * combination of truth values of the atoms F allows (atom i of group g is
 * abstract variable pds_av(E, i, copy[g])). */
BDD pds_smt_abstract(pds_enc *E, term_t F, uint32_t ngroups, const term_t *const *atoms, const uint32_t *natoms,
                     const int *copy);
#endif
