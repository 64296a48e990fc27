/* The symbolic encoding of a TLA+ model: with the constants of the TLC
 * configuration fixed, state variables get a fixed layout (integers,
 * Booleans, model values and strings as integer codes, sets as one Boolean
 * per element of a finite universe, functions and records as one value per
 * element of a fixed domain), Init and Next become formulas over the
 * variables and their primed copies (src/core terms), and the state
 * invariants the property of a transition system (src/ir/ts.h) that zeta's
 * BMC, k-induction and IC3 engines check.
 *
 * Exactness: wherever TLC would stop with an evaluation error (a function
 * applied outside its domain, CASE without a matching arm) or a value leaves
 * its variable's universe, the encoding sets the flag variable `tla_error`,
 * which falsifies the property; a trace to it does not replay on the
 * explicit engine and the answer is UNKNOWN, never a verdict. Whatever is
 * outside the fragment stops the encoding with
 * "unsupported: <construct> at file:line:col". */
#ifndef ZETA_LANG_TLA_SYM_H
#define ZETA_LANG_TLA_SYM_H
#include <stddef.h>
#include <stdint.h>
#include "ir/ts.h"
#include "lang/tla/tla_cand.h"
#include "lang/tla/tla_model.h"

typedef struct tla_sym tla_sym;

/* NULL with the reason in why when the model is outside the fragment. */
tla_sym *tla_sym_build(tla_model *m, char *why, size_t nwhy);
/* The same with the layout sample's caps grown with the run's time left
 * (tla_sample_caps_for(seconds_left)), for the reach proof of --algorithm
 * inductive; a grown sample that ends cut is put back to the base caps'. */
tla_sym *tla_sym_build_reach(tla_model *m, double seconds_left, char *why, size_t nwhy);
/* The reach proof's planned CPU time per initial state: Init's one query
 * over the disjunction of the initial cubes is the expensive part there
 * (APTokenRing's 46656 initial states, all of its states: no answer in
 * 90 s, over 2 ms each; IC3 proves it in 0.3 s). Until session 42 the
 * sample's cap was planned at a whole-run rate per state too (0.03 ms in
 * the end; measured 0.016-0.17 ms since session 24, STATUS-tla); now from
 * the sample's own measured rate and the proof's below (tla_sym.c
 * base_snapshot). */
#define TLA_REACH_SECONDS_PER_INIT 0.001
/* The reach proof alone, after the sample: its cubes and checks
 * measured 0.006-0.011 ms a state in session 39 (MCLamportMutex 922,956
 * states 8.4 s CPU, MultiPaxos_MC_small 343,796 3.7 s, SlushSmall,
 * Disruptor_MPMC, Consensus_epr 0.006-0.008). Planned at the whole-run
 * rate, MultiPaxos's proof (10.3 s) was over 0.75 of its time left at 20 s
 * whenever its sample ended after 6.3 s of wall time: IC3's quarter ran
 * first, 2-3 s CPU of nothing; MCLamportMutex's at 40 s likewise.
 * Session 42: the lowest rate measured (sessions 39-41: Lamport 0.0084-
 * 0.0093 ms, MultiPaxos 0.011-0.012, the others 0.006-0.008), not 0.015:
 * the plan only says which proofs may fit (the sample's growth, IC3 first
 * or not); the proof measures its own rate on its first states and stops
 * when that says it cannot end (tla_reach.c reach_hopeless), so no verdict
 * depends on it, only the time does. At 0.015 Lamport's 922,956 states
 * were planned at 13.8 s, its proof takes 7.5-8.5 s. */
#define TLA_REACH_PROOF_SECONDS_PER_STATE 0.000008
/* The share of the time left that a grown sample and its reach proof are
 * planned in (the sample's measured CPU time and the proof at
 * TLA_REACH_PROOF_SECONDS_PER_STATE): the rest is k-induction's (tla.c
 * KIND_SHARE) where the proof stops. */
#define TLA_REACH_RUN_SHARE 0.875
/* The reach proof's share of the time left at most in tla_reach_check
 * (tla.c's inductive run gives it all of the time left since session 42;
 * it stops earlier when its measured rate says it cannot end by then). */
#define TLA_REACH_SHARE 0.75
/* The layout sample's caps: states, work in evaluation ticks, and the CPU
 * seconds of its part past the base caps (0: no such part). */
typedef struct {
  size_t states;
  uint64_t ticks;
  double grown_cpu;
  size_t bytes;   /* the grown part's memory bound (tla_sym.c SAMPLE_BYTES_MAX; 0: none) */
  double seconds; /* the time left they are for (0: the base caps): tla_sample_plan_rest */
} tla_sample_caps;
/* The grown part's CPU time at most, a share of the time left: where the
 * grown sample ends cut (put back to the base caps') this is what it cost
 * (session 25: 2 -> 7 s on APCRDT, 5 -> 11 s on MCKVSSafetySmall at 20 s
 * without it); Consensus_epr's and Disruptor_MPMC's rest past 30,000
 * states took 1.3-1.5 s CPU, so a tenth of 20 s completes them; a quarter
 * since session 29: SlushSmall's (274,678 states) takes ~4.4 s, and the
 * levels' and the frontier's projections stop the hopeless ones early
 * (the 149 tasks at 20 s: the same answers and total time as a tenth).
 * More where the time left holds the reach proof planned for the states
 * found so far and the rest (tla_sample_plan_rest, session 37). */
#define TLA_SAMPLE_GROWN_SHARE 0.25
/* With seconds_left > 0: as many states as a reach proof checks in
 * TLA_REACH_RUN_SHARE of that time at TLA_REACH_PROOF_SECONDS_PER_STATE
 * (an upper bound: where the base caps' sample ends, tla_sym.c
 * base_snapshot lowers it to the states whose sample, at the CPU time a
 * state the base part took, and proof fit there), and the work to match
 * (the base caps' ticks a state), from the base caps (30000 states, 24
 * million ticks) up, and a memory bound in bytes (the sample's and the
 * reach proof's it would feed, estimated as the sample grows: tla_sym.c
 * SAMPLE_BYTES_MAX); the base caps otherwise (no deadline). */
tla_sample_caps tla_sample_caps_for(double seconds_left);
/* What the time left (c->seconds) leaves beside the reach proof planned
 * for a sample of `found` states, ninit of them initial, within
 * TLA_REACH_RUN_SHARE of it: the grown part's CPU seconds at most, counted
 * from the sample's start, when that is more than its own share
 * (grown_cpu: a model whose proof is planned to fit lets its sample use
 * the rest); may be negative. */
double tla_sample_plan_rest(const tla_sample_caps *c, size_t found, size_t ninit);
/* The cap of states from the rate measured on a sample's first n states
 * (cpu seconds; tla_sym.c says how), at most c->states. */
size_t tla_sample_cap_measured(const tla_sample_caps *c, size_t n, double cpu);
/* tla_sym_build_reach with these caps (tests: a small memory bound). */
tla_sym *tla_sym_build_caps(tla_model *m, const tla_sample_caps *caps, char *why, size_t nwhy);
/* The grown part of a sample stops when its breadth-first levels say it
 * will not end within max states (tla_sym.c says how): level[] the last
 * TLA_LEVELS_KEPT levels' sizes, the newest last (nlevels seen in all),
 * same of them of one size in a row, found the states found so far. */
#define TLA_LEVELS_KEPT 5
bool tla_sample_levels_hopeless(const size_t level[TLA_LEVELS_KEPT], unsigned nlevels, unsigned same, size_t found,
                                size_t max);
/* The sample enumerated every reachable state, more than the base caps
 * allow (a grown sample: tla_sym_build_reach). */
bool tla_sym_sample_grown(const tla_sym *s);
const ts *tla_sym_ts(const tla_sym *s);
/* Over the current state: some successor exists (an existential formula:
 * deadlock checks by BMC only), the CONSTRAINTs hold, the error flag. */
term_t tla_sym_enabled(const tla_sym *s);
term_t tla_sym_constraint(const tla_sym *s);
term_t tla_sym_error(const tla_sym *s);
/* The TLA+ state (a tuple of the variables' values) at step k of t; NULL
 * when the values do not decode (the error flag set). */
const tla_val *tla_sym_state(const tla_sym *s, const ts_trace *t, uint32_t k);
/* The leaves (ts variables) of state variable i: [first, first + count). */
void tla_sym_leaves(const tla_sym *s, size_t i, uint32_t *first, uint32_t *count);
/* The state predicate of operator `name` (its evaluation errors and the
 * error flag make it false); NULL_TERM with why when outside the fragment. */
term_t tla_sym_predicate(tla_sym *s, const char *name, char *why, size_t nwhy);
/* The states the layout sample reached, when it enumerated every
 * reachable one: cube[i] over the leaves per state (the first ninit
 * initial), state i's successors edge[first[i] .. first[i + 1]), all the
 * disjunction of the cubes. A candidate inductive invariant: the caller
 * checks it. Owned by s.
 * Up to the model's SYMMETRY (tla_sym_reach_by_symmetry): the n states
 * are each reachable orbit's representative, cube[n .. n + nhint) other
 * members of their orbits met as successors (hints: successor cubes only,
 * never checked for their own successors), and all is NULL_TERM. Then R
 * closed under the successors proves the orbits' union an inductive
 * invariant only with Next and the invariants symmetric, which the
 * SYMMETRY declares (TLC trusts it too), and with the explicit engine's
 * canonical states right (a hint in the orbit of a representative). */
typedef struct {
  size_t n, ninit;
  const term_t *cube;
  const uint32_t *edge;
  const size_t *first;
  term_t all;
  size_t nhint;
} tla_sym_reach_set;
bool tla_sym_reach(tla_sym *s, tla_sym_reach_set *r);
/* term_and(n, parts), the same term, its arguments merged from the parts'
 * (each conjunction's sorted) rather than sorted: a state's cube (out: scratch). */
term_t tla_and_merged(uint32_t n, const term_t *parts, term_vec *out);
/* How many states tla_sym_reach would give (0: none). */
size_t tla_sym_reach_count(const tla_sym *s);
/* The reach proof's planned CPU time once the sample is done (its cubes
 * and its checks: TLA_REACH_PROOF_SECONDS_PER_STATE and
 * TLA_REACH_SECONDS_PER_INIT), 0 without one: the least it may take
 * (tla.c runs IC3 first when even that does not fit). */
double tla_sym_reach_cost(const tla_sym *s);
/* That cost stretched by the load (wall per CPU second) fits in the
 * seconds left (tla.c: IC3 first where it does not, and no proof where it
 * still does not after IC3's quarter). */
bool tla_sym_reach_fits(const tla_sym *s, double stretch, double left);
bool tla_sym_reach_by_symmetry(const tla_sym *s);
/* Why the layout sample stopped: it reached every state, or its cap of
 * states, its work budget (evaluation steps: the same under any load),
 * the run's time, or an evaluation error. */
typedef enum { SAMPLE_ALL, SAMPLE_CUT_STATES, SAMPLE_CUT_WORK, SAMPLE_CUT_TIME, SAMPLE_CUT_ERROR } sample_cut;
/* The states the sample reached, and why it stopped (*cut). */
size_t tla_sym_sample_size(const tla_sym *s, sample_cut *cut);
const char *tla_sample_cut_name(sample_cut cut);
void tla_sym_free(tla_sym *s);
/* An invariant over the layout's leaves as a TLA+ formula over the state
 * variables (malloc'd); NULL if it mentions what a state formula cannot
 * say (the previous state of action invariants, an order on strings). */
char *tla_sym_invariant_tla(const tla_sym *s, term_t inv);

/* The step-wise encoding for bounded model checking (Apalache's way): no
 * fixed layout; Init and then Next, one step at a time, are translated
 * with the previous state's symbolic values, an assignment binds the
 * variable's value, branches that assign differently are told apart by
 * choice variables, and each new state is materialized into fresh terms.
 * Free it with tla_sym_free. */
typedef struct {
  term_t ok;        /* the step is taken: it holds, no evaluation error, the new state's terms defined */
  term_t err;       /* an evaluation error on some branch TLC explores (over the choices) */
  term_t enabled;   /* some successor or error from the old state (the step's choices quantified) */
  /* enabled without its quantifier: body over the choices (valid until the
   * next tla_steps_next); NULL_TERM when enabled needs more (a \forall) */
  term_t en_body;
  const term_t *en_choices;
  uint32_t en_nchoices;
  /* part of err: a step whose merged set lost an element (its symbolic
   * elements outside the values they were merged into) */
  term_t escape;
} tla_step;
/* window: sets of records are merged per value with integers only within
 * the sampled states' window (an element outside is the step's escape:
 * run again without it) */
tla_sym *tla_steps_new(tla_model *m, bool window);
/* Init (state 0), then Next from the last state to a new one; false with
 * why when the construct is outside the fragment. */
bool tla_steps_init(tla_sym *s, tla_step *out, char *why, size_t nwhy);
bool tla_steps_next(tla_sym *s, tla_step *out, char *why, size_t nwhy);
/* Over state k: the CONSTRAINTs, and bad: an invariant fails (state
 * invariants where the constraints hold, action invariants on step k-1 -> k)
 * or its evaluation fails (err, if not NULL: that part alone). A \A over a
 * set of symbolic elements in bad is one witness (a choice of the state). */
bool tla_steps_props(tla_sym *s, uint32_t k, term_t *constraint, term_t *bad, term_t *err, char *why, size_t nwhy);
/* The invariants over state k with every quantifier expanded over its
 * set's cells (no witness: its negation says "some invariant fails" as
 * bad does, without bad's evaluation errors): the action invariants hold
 * and, where the CONSTRAINTs hold, the state invariants.
 * NULL_TERM when that translation is outside the fragment. */
term_t tla_steps_holds(tla_sym *s, uint32_t k);
uint32_t tla_steps_count(const tla_sym *s);
/* How many set values of the states were materialized as SMT arrays. */
uint32_t tla_steps_arrays(const tla_sym *s);
/* How many set values were merged into one cell per value. */
uint32_t tla_steps_merged(const tla_sym *s);
/* Blocks the encoding allocated so far (a measure of the translation's work). */
size_t tla_steps_allocs(const tla_sym *s);
/* State a's structure covers state b's: b's values are a's with a's leaf
 * variables renamed consistently to b's terms (constants and the atoms'
 * constants unchanged), so every TLA+ value b can take a can take too. */
bool tla_steps_covers(tla_sym *s, uint32_t a, uint32_t b);
/* No action or trace invariants (they mention earlier states). */
bool tla_steps_state_invariants_only(const tla_sym *s);
/* CHOOSE picks over-approximated (any qualifying record): the steps admit
 * more paths than TLC's, so a path's existence is not evidence */
uint32_t tla_steps_approx(const tla_sym *s);
/* The constants seen since the last call are pairwise distinct (assert it). */
term_t tla_steps_axioms(tla_sym *s);
/* State k in the solver's model (after SAT); NULL if it does not decode. */
struct solver;
const tla_val *tla_steps_state(tla_sym *s, struct solver *slv, uint32_t k);
/* The witnesses of \E that led to state k in the model (taken on their
 * path), as hints for the replay; at most cap, returns how many. */
/* t's value in the model as a term that pins it: a literal, an array
 * value, the string/model value's constant; NULL_TERM if none. */
term_t tla_steps_pin(tla_sym *s, struct solver *slv, term_t t);
/* The n literals over state k's structure (out[i] NULL_TERM where the
 * structure cannot say it); false when the translation stopped. New
 * constants go to tla_steps_axioms. */
bool tla_steps_literals(tla_sym *s, uint32_t k, const tla_lit *lits, size_t n, term_t *out);
/* The element facts of cs (tla_cand.elem) with want[i] over state k's
 * structure, one conjunct per cell of the variable's set (guard => fact
 * of its element) or per key of its function (in the domain => fact of
 * its value); out[i] NULL_TERM where the structure cannot say it (an
 * open set, a value of several kinds); false when the translation
 * stopped. */
bool tla_steps_elem_facts(tla_sym *s, uint32_t k, const tla_cands *cs, const bool *want, term_t *out);
/* The states the layout sample reached (breadth-first; all of them or a
 * prefix): how many. */
size_t tla_steps_sample(const tla_sym *s, const tla_val *const **states);
size_t tla_steps_hints(tla_sym *s, struct solver *slv, uint32_t k, tla_hint *out, size_t cap);
#endif
