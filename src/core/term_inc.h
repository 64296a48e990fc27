/* Incremental substitution: the same terms substituted with one
 * valuation of their variables after another (a valuation: variables to
 * terms, as term_subst_many takes them), recomputing only the nodes that
 * read a variable whose value changed since they were last computed, and
 * of those only the ones the roots' results need (a conjunction with a
 * false argument is false whatever its others are: they are left until a
 * later valuation needs them). A node's substituted term is a function of
 * its variables' values (the term builder is deterministic), so each
 * result is the term term_subst_many gives (the values are taken to have
 * their variables' sorts). For the reach proof's per-state folding of the
 * transition relation (tla_reach.c): neighbouring states differ in few
 * leaves. */
#ifndef ZETA_CORE_TERM_INC_H
#define ZETA_CORE_TERM_INC_H
#include "core/term.h"

typedef struct term_inc term_inc;

/* For roots[0..n) (copied). */
term_inc *term_inc_new(uint32_t n, const term_t *roots);
/* The roots with from[i] := to[i] (i < n) substituted (the last value of a
 * variable given twice, as term_subst_many) into out, one per root; the variables
 * not in from stay. false (out unset): a quantifier in the roots, a DAG
 * too large for the bit sets, or a node that did not rebuild; the caller
 * substitutes itself. */
bool term_inc_apply(term_inc *in, uint32_t n, const term_t *from, const term_t *to, term_t *out);
void term_inc_free(term_inc *in);
/* The nodes rebuilt from their arguments so far (not the variables). */
uint64_t term_inc_rebuilt(const term_inc *in);

/* With held conjunctions: the conjunctions of 16 arguments or more below
 * roots[0..nhold), below no other root, whose every use is a positive
 * argument of a conjunction or disjunction or a positive branch of an
 * if-then-else, are not built when their arguments change (sorting and
 * interning a new ~93-argument conjunction per enabled action and state
 * was a third of Disruptor_MPMC's reach proof): the result of such a node
 * is false when an argument's is, true when every one is, else a proxy, a
 * Boolean variable of its own that stands for the conjunction of its
 * arguments' results (term_inc_held_args; they may hold other proxies),
 * until the next term_inc_apply. The roots' results mean what
 * term_inc_new's do with each proxy read as that conjunction
 * (term_inc_expand). */
term_inc *term_inc_new_held(uint32_t n, const term_t *roots, uint32_t nhold);
/* t a proxy of in: the arguments' results of its conjunction now (none
 * true; their count in *n); else NULL. */
const term_t *term_inc_held_args(const term_inc *in, term_t t, uint32_t *n);
/* t (a result of the last term_inc_apply) with each proxy replaced by its
 * conjunction, built (the proxies in it too). */
term_t term_inc_expand(const term_inc *in, term_t t);
/* term_inc_expand(t) with from[i] := to[i] (i < n; no proxy among them)
 * substituted: each conjunction built from its arguments substituted, not
 * built first (an equivalent term; the reach proof's witnesses try up to 8
 * valuations per state, most of the proxies' arguments fold away). */
term_t term_inc_subst(const term_inc *in, term_t t, uint32_t n, const term_t *from, const term_t *to);
/* t (a result of the last term_inc_apply, or a term over them) is false
 * whenever every proxy is: a positive proxy, a conjunction with such an
 * argument, a disjunction of such arguments (at most `budget` nodes looked
 * at; past them: false). Then t with any values substituted for leaves
 * other than the proxies is no valid formula, so the (sound) term builder
 * never folds it to true. */
bool term_inc_false_without_proxies(const term_inc *in, term_t t, uint32_t budget);
#endif
