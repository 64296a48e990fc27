/* Constrained Horn clauses: predicates, clauses, queries.
 *
 * A clause is  forall vars. constraint ∧ P1(a1) ∧ … ∧ Pk(ak) ⇒ H(h)  with H
 * a predicate or false (a query). Argument lists are arbitrary terms over
 * the clause's variables. Each predicate P owns parameter variables
 * params[0..arity) (named "P#i"); an interpretation of P is a formula over
 * them, and applying it to arguments a is term_subst(interp, params, a).
 *
 * Normalization (chc_normalize) simplifies constraints, drops clauses with
 * false constraints, removes predicates that cannot reach a query or cannot
 * be derived, and inlines predicates that have a single defining clause and
 * do not depend on themselves (up to CHC_INLINE_BOUND along chains). chc_expand_model maps an interpretation of the
 * normalized system back to every predicate of the original one.
 */
#ifndef ZETA_MODEL_CHC_H
#define ZETA_MODEL_CHC_H
#include "core/term.h"

typedef struct {
  char *name;
  term_t sym;          /* the declared symbol: function variable, or Bool var if arity 0 */
  uint32_t arity;
  term_t *params;      /* canonical parameter variables */
} chc_pred;

typedef struct {
  uint32_t pred;
  term_t *args;        /* pred arity many */
} chc_app;

#define CHC_FALSE UINT32_MAX   /* head of a query */

typedef struct {
  uint32_t nbody;
  chc_app *body;
  term_t constraint;
  chc_app head;        /* head.pred == CHC_FALSE for queries (args NULL) */
  uint32_t line;       /* source line of the assertion (0 if none) */
  uint32_t ninl;       /* definitions inlined into it by normalization */
} chc_clause;

/* Normalization inlines no definition that already carries more than this
 * many inlined definitions (and into no clause that does): along a chain,
 * clauses and expanded definitions stay bounded. */
#define CHC_INLINE_BOUND 16

typedef struct chc_system {
  chc_pred *preds;
  uint32_t npreds, cap_preds;
  chc_clause *clauses;
  uint32_t nclauses, cap_clauses;
  /* Predicates removed by normalization, with their definitions over their
   * params in terms of the remaining predicates (for chc_expand_model):
   * def == NULL_TERM means "defined by the listed inlined clause"; see .c */
  struct chc_elim *elim;
  uint32_t nelim, cap_elim;
} chc_system;

void chc_init(chc_system *s);
void chc_free(chc_system *s);
/* Adds a predicate; returns its index. name is copied. */
uint32_t chc_add_pred(chc_system *s, const char *name, term_t sym, uint32_t arity, const type_t *types);
/* Index of the predicate with symbol sym, or CHC_FALSE. */
uint32_t chc_find_pred(const chc_system *s, term_t sym);
/* Adds a clause; body/args arrays are copied. */
void chc_add_clause(chc_system *s, uint32_t nbody, const chc_app *body, term_t constraint,
                    uint32_t head, const term_t *head_args, uint32_t line);
void chc_copy(chc_system *dst, const chc_system *src);

/* The application p(args) as a Boolean term of the declared symbol. */
term_t chc_app_term(const chc_system *s, const chc_app *a);
/* Free variables of a clause (constraint and all arguments); *out malloc'd. */
uint32_t chc_clause_vars(const chc_clause *c, term_t **out);
/* The same over the constraint and every argument (the arities from s). */
uint32_t chc_clause_all_vars(const chc_system *s, const chc_clause *c, term_t **out);
/* The clause as a closed formula forall vars. body ⇒ head (for printing). */
term_t chc_clause_formula(const chc_system *s, const chc_clause *c);

/* Linear: every clause has at most one body predicate. */
bool chc_is_linear(const chc_system *s);

/* Interpretation of predicate p applied to args (interp over p's params). */
term_t chc_apply_interp(const chc_system *s, uint32_t p, term_t interp, const term_t *args);

/* In-place normalization (see above). Keeps the predicate table (indices stay
 * valid) but may leave predicates without clauses. */
void chc_normalize(chc_system *s);
/* Given interp[p] for the predicates still used after normalization (others
 * may be NULL_TERM), fills the interpretations of the eliminated ones. */
void chc_expand_model(const chc_system *s, term_t *interp);

/* Clause c (of s) with its body occurrence j replaced by the body and
 * constraint of d, a definition of that predicate (variables renamed
 * apart); c keeps its head and line. */
void chc_inline_at(chc_system *s, chc_clause *c, uint32_t j, const chc_clause *d);

/* Writes the system in CHC-COMP format (set-logic HORN ... check-sat). */
void chc_write(FILE *out, const chc_system *s);
/* Writes a model: one define-fun per predicate (interp[p] over params). */
void chc_write_model(FILE *out, const chc_system *s, const term_t *interp);
#endif
