/* Verification conditions of a non-recursive Horn system (the modular
 * checks' systems: loops cut by invariants, internal calls through
 * summaries): a predicate application unfolded into the disjunction of its
 * defining clauses, each clause instance with fresh variables, down to the
 * facts. Whether Err(k) is derivable is then one satisfiability query. */
#ifndef ZETA_LANG_SOL_VC_H
#define ZETA_LANG_SOL_VC_H
#include "core/term_map.h"
#include "ir/chc.h"

typedef struct {
  uint32_t budget;         /* clause instances left */
  term_t *seen; uint32_t nseen, capseen;   /* instance variables (for the counterexample) */
  uint32_t *hstart, *hlist;                /* the clauses by head predicate (built by the first unfolding) */
  struct sol_vc_memo *memo;                /* sol_vc_unfold_at: what the sites share */
} sol_vc;

/* p(args) unfolded; NULL_TERM when the system is recursive along the way or
 * the budget runs out. */
term_t sol_vc_unfold(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc);
/* p(k) for a constant k (p of arity 1: the Err predicate of one check):
 * only the clauses that may derive it, so the formula of one site. Calls
 * with the same vc share what they can: the variables of a clause of p
 * (each clause of p occurs once in p(k)) and the unfoldings of the
 * predicate applications in their bodies (the path up to an inlined
 * callee's checks is the same for each of them), so the formulas of two
 * sites share variables: each is satisfiable on its own. */
term_t sol_vc_unfold_at(const chc_system *s, uint32_t p, term_t k, sol_vc *vc);
void sol_vc_free(sol_vc *vc);
/* t at e := k for many constants k (the sites of one unfolding of Err(e)):
 * only the nodes of t that contain e are rebuilt per k (through the smart
 * constructors: another check's clauses fold to false), so the sites'
 * formulas share the rest of t, unfolded once. */
typedef struct {
  term_t t, e;
  term_map dep, memo;   /* node -> 1: contains e, 0: does not; node -> its instance at the current k */
} sol_vc_family;
void sol_vc_family_init(sol_vc_family *fam, term_t t, term_t e);
term_t sol_vc_family_at(sol_vc_family *fam, term_t k);
void sol_vc_family_free(sol_vc_family *fam);
/* t with its outermost existential quantifiers (universal ones under a
 * negation) replaced by fresh constants: satisfiable iff t is, with fewer
 * quantifier alternations for the solver. */
term_t sol_vc_skolemize(term_t t);
/* Whether a clause constraint of s has a quantifier (from an annotation)
 * or an uninterpreted function (a hash): outside the fragment the Horn
 * engines decide. */
bool sol_vc_quantified(const chc_system *s);
/* Variables named with this prefix are the same in every clause instance
 * (Houdini's guards): never renamed by the unfolding. */
#define SOL_GLOBAL_PREFIX "global!"
#endif
