/* The abstract Boolean pushdown system of the pushdown engine: predicates
 * localized per symbol (engine/pds_enc.h: control points PT, entries EN,
 * pivots PV, effects EF), one abstract Boolean variable each, and the
 * abstract rules computed from the concrete steps by existential
 * abstraction over BDDs:
 *   edge   PT(f,l)  -> PT(f,l')            rho(A0, A1)
 *   enter  EN(f)    -> PT(f,init)          rho(A0, A1)
 *   push   PT(g,m1) -> EN(f) PV(c)         rho(A0, A1 = EN, A2 = PV)
 *   pop    PT(f,final) -> EF(f)            rho(A0, AS = EF)
 *   eval   PV(c), EF(f) -> PT(g,m2)        rho(A0 = PV, AS = EF, A1)
 * An abstract state of a symbol is a valuation of its predicates' variables
 * in one of five copies (A0, A1, A2, AS, AT), interleaved, all before the
 * concrete variables in BuDDy's order. gamma(sym, copy) =
 * AND_i (a_i <-> pred_i) relates a copy's abstract state to the concrete
 * states it stands for. Predicates are only ever appended, so an abstract
 * set of an earlier abstraction is a set of the refined one (its new
 * variables free).
 */
#ifndef ZETA_ENGINE_PDS_ABS_H
#define ZETA_ENGINE_PDS_ABS_H
#include "engine/pds_enc.h"

#define PDS_MAX_PREDS 128   /* predicates per symbol */
#define PDS_INIT_PREDS 64   /* abstract variables made at the start (per copy); more on demand */

enum { AC_A0, AC_A1, AC_A2, AC_AS, AC_AT, AC_NCOPY };
typedef enum { SYM_PT, SYM_EN, SYM_PV, SYM_EF } pds_sym_kind;

typedef struct {
  pds_sym_kind kind;
  uint32_t proc, loc, call;   /* PT: proc, loc; EN, EF: proc; PV: call (proc = caller) */
} pds_sym;

typedef struct {
  BDD rel;                 /* referenced, or PDS_UNBUILT */
  uint32_t ver[3];         /* versions of the symbols it was built for */
} pds_rule;

typedef struct pds_abs {
  pds_enc *E;
  pds_sym *sym;
  uint32_t nsym;
  uint32_t *pt_base;       /* pt_base[f] + l = PT(f, l) */
  uint32_t en_base, pv_base, ef_base;
  pds_set **pred;          /* pred[s][i], referenced (a BDD, or a term: E->smt) */
  uint32_t *npred, *ver, max_preds;
  BDD vs_all[AC_NCOPY];    /* the abstract variables in use of a copy (referenced) */
  uint32_t vs_width;       /* ... those of the first vs_width predicates */
  BDD *gam[AC_NCOPY];      /* gamma per symbol and copy (referenced) or PDS_UNBUILT */
  uint32_t *gam_ver[AC_NCOPY];
  pds_rule **edge, *enter, *push, *pop, *eval;
  bool full_rules;         /* every edge rule from the edge's relation (tests) */
} pds_abs;

void pds_abs_init(pds_abs *A, pds_enc *E);
void pds_abs_free(pds_abs *A);
int pds_av(const pds_enc *E, uint32_t i, int copy);
/* The abstract variables of sym in copy (a varset, kept in the arena). */
BDD pds_abs_vs(pds_abs *A, uint32_t sym, int copy);
/* The abstract variables of a copy that any symbol uses (a set that
 * grows with the predicates: take it anew after pds_add_pred). */
BDD pds_abs_vs_all(pds_abs *A, int copy);
BDD pds_gamma(pds_abs *A, uint32_t sym, int copy);
/* The renaming of every abstract variable of copy from[k] to copy to[k],
 * k < n (at most 2; made once, kept by A->E). */
bddPair *pds_abs_pair(pds_abs *A, int n, const int *from, const int *to);
/* S renamed from abstract copy `from` to `to` (kept in the arena). */
BDD pds_abs_rename(pds_abs *A, BDD S, int from, int to);
/* The concrete variables of sym's space. */
BDD pds_sym_vs(pds_abs *A, uint32_t sym);
/* Adds q to sym's predicates unless trivial or known; 1 when added, 0 when
 * not, -1 when sym already has PDS_MAX_PREDS. */
int pds_add_pred(pds_abs *A, uint32_t sym, pds_set q);
bool pds_has_pred(const pds_abs *A, uint32_t sym, pds_set q);
/* The symbol of PT(f, l), EN(f), PV(c), EF(f). */
uint32_t pds_pt(const pds_abs *A, uint32_t f, uint32_t l);
uint32_t pds_en(const pds_abs *A, uint32_t f);
uint32_t pds_pv(const pds_abs *A, uint32_t c);
uint32_t pds_ef(const pds_abs *A, uint32_t f);

/* The abstract rules (cached until a symbol's predicates change); false
 * with a reason as the images. */
bool pds_rule_edge(pds_abs *A, uint32_t f, uint32_t e, BDD *out, char *why, size_t len);
bool pds_rule_enter(pds_abs *A, uint32_t f, BDD *out);
bool pds_rule_push(pds_abs *A, uint32_t c, BDD *out, char *why, size_t len);
bool pds_rule_pop(pds_abs *A, uint32_t f, BDD *out);
bool pds_rule_eval(pds_abs *A, uint32_t c, BDD *out);
/* The abstract initial states: main's init with any values. */
BDD pds_abs_init_states(pds_abs *A);
/* gamma of an abstract set over copy A0 of sym: the concrete states. */
pds_set pds_concretize(pds_abs *A, uint32_t sym, BDD abs);
/* smt: atom_of (for pds_smt_from_bdd; allocated when NULL) with copy's
 * abstract variables standing for sym's predicates. */
term_t *pds_abs_atoms(pds_abs *A, uint32_t sym, int copy, term_t *atom_of);
#endif
