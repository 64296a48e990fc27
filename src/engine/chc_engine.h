/* What every Horn-clause engine returns: sat with a model (one
 * interpretation per predicate, over its params), unsat with a derivation,
 * or unknown with a reason.
 * Derivations are ir/chc_witness.h's. */
#ifndef ZETA_ENGINE_CHC_ENGINE_H
#define ZETA_ENGINE_CHC_ENGINE_H
#include "core/isolate.h"
#include "core/limits.h"
#include "ir/chc.h"
#include "ir/chc_witness.h"
#include "solver/itp.h"

typedef enum { CHC_SAT, CHC_UNSAT, CHC_UNKNOWN } chc_answer;

typedef struct {
  chc_answer answer;
  const char *reason;    /* for unknown (static text) */
  term_t *interp;        /* sat: npreds interpretations (malloc'd), else NULL */
  bool complete;         /* sat: interp covers the input system's predicates
                            as they are (no expansion from the normal form);
                            unsat: deriv is over the input system */
  chc_derivation deriv;  /* unsat: may be empty if the engine gives none */
  const char *engine;    /* which engine answered */
  bool replayed;         /* unsat: deriv (over the input) has passed chc_replay already */
} chc_result;

void chc_result_free(chc_result *r);
/* An engine's result before it runs: unknown, by engine, nothing else. */
void chc_result_start(chc_result *r, const char *engine);

/* Z3's Spacer (in-process, through Z3_fixedpoint). want_derivation asks for
 * the proof trace (slower). */
void chc_spacer_solve(const chc_system *s, const zeta_limits *lim, bool want_derivation, chc_result *out);
/* The same run in a child process (core/isolate.h): a crash inside Z3 is
 * an UNKNOWN answer (in process when a predicate has a datatype argument:
 * its model cannot be read back from text). The derivation comes back as
 * text; one that does not read back is dropped (unsat without one). */
void chc_spacer_solve_isolated(const chc_system *s, const zeta_limits *lim, bool want_derivation, chc_result *out);

/* Z3 on the input file itself, exactly as `z3 FILE` runs it (the HORN
 * solver: Z3's preprocessing, then Spacer). Spacer is sensitive to the order
 * of clauses and variables, so this is the peer's own run. sat: a model for
 * s's predicates (matched by name; s must be the file's system; complete
 * set); unsat: no
 * derivation (find one with chc_spacer_solve). */
void chc_spacer_solve_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out);
/* The same with proofs but Z3's preprocessing as it is (as fast): unsat
 * comes with a derivation over s (complete set) when the proof maps onto
 * s's clauses (often not: Z3 inlines), else without one. */
void chc_spacer_solve_file_proof(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out);
/* The same, its mapping bounded by map_lim (the one above maps within
 * about Z3's own time), Z3 by lim. */
void chc_spacer_map_file(const char *path, const chc_system *s, const zeta_limits *lim, const zeta_limits *map_lim,
                         chc_result *out);
/* The same with Z3's slicing off (its inlining kept; about as fast): the
 * proof names only s's predicates with all their arguments (sliced ones,
 * P!slice!N, have no counterpart in s); mapped within lim. */
void chc_spacer_map_file_unsliced(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out);
/* Without proofs, Z3's inlining and slicing off, through Z3's fixedpoint
 * API on the file's assertions: unsat comes with a derivation over s
 * (complete set; to be replayed) of the shape of the rules along Spacer's
 * counterexample, its values from one solver check, when s's clauses are
 * the file's assertions one to one and the shape fits them. */
void chc_spacer_trace_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out);
/* With proofs and Z3's inlining and slicing off: unsat comes with a derivation over s (complete set)
 * when Z3's proof maps onto s's clauses (Z3 preprocesses the file's rules),
 * else without one. */
void chc_spacer_derive_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out);
/* chc_spacer_solve_file_proof's run in a child that may outlive the wait
 * for it (the portfolio's first slice hands it on to its Spacer side, a
 * process forked meanwhile): Z3 within lim, its proof mapped within about
 * Z3's time and at least until map_lim's CPU deadline. false when it
 * cannot start (datatypes: only in process). unsat_news (may be NULL, in
 * memory shared with the child): set as soon as Z3 says unsat, before its
 * proof is mapped (the portfolio's own side skips sat-only engines). */
typedef struct {
  isolate_child child;
  bool running;   /* started and not yet answered */
} chc_spacer_run;
bool chc_spacer_file_start(chc_spacer_run *run, const char *path, const chc_system *s, const zeta_limits *lim,
                           const zeta_limits *map_lim, volatile sig_atomic_t *unsat_news);
/* Waits for its answer within lim (and, cpu_seconds > 0, until the child
 * used that much CPU, cpu_mapping once Z3 answered and its proof is being
 * mapped): true with the answer in out (unknown "timeout" when the run
 * never started or was already answered), false while it runs on. */
bool chc_spacer_file_wait(chc_spacer_run *run, const chc_system *s, const zeta_limits *lim, double cpu_seconds,
                          double cpu_mapping, chc_result *out);
/* Ends it (killed if running) and reaps it (in the process that started it). */
void chc_spacer_file_stop(chc_spacer_run *run);

/* zeta's own engine for linear and nonlinear systems: predicate abstraction
 * over derivation trees with counterexample-guided refinement by tree
 * interpolants (see chc_pa.c). */
void chc_pa_solve(const chc_system *s, const zeta_limits *lim, chc_result *out);
/* The same with a choice of interpolation: ITP_AUTO / ITP_SPACER refine
 * with tree interpolants from Spacer on the acyclic counterexample system;
 * ITP_MBP refines counterexample paths (linear clauses) with sequence
 * interpolants by model-based projection and never calls Spacer (gives up
 * on trees). */
void chc_pa_solve_itp(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *out);
/* The same in parts (as chc_ic3_new / run below): a run that ran out of
 * time (chc_pa_resumable) keeps its predicates, and the next call goes on
 * with them (chc_own.c: pa's part before the core's slice on arrays,
 * resumed after it). Its terms must live until the next call
 * (terms_take / terms_put_back across an engine that runs in between). */
typedef struct chc_pa chc_pa;
chc_pa *chc_pa_new(const chc_system *s, itp_strategy itp);
void chc_pa_run(chc_pa *a, const zeta_limits *lim, chc_result *out);
bool chc_pa_resumable(const chc_pa *a);
void chc_pa_free(chc_pa *a);   /* NULL ok */

/* IC3/PDR on the Horn clauses themselves, linear and nonlinear (GPDR /
 * Spacer-style: lemmas per predicate and level, reach facts, obligations
 * projected from models by solver_project; see chc_ic3.c). No Spacer. */
void chc_ic3_solve(const chc_system *s, const zeta_limits *lim, chc_result *out);
/* The same in parts: an IC3 run whose state (lemmas, reach facts, level,
 * solver) outlives an unknown answer at the deadline, so that a later call
 * goes on from there (chc_own.c: IC3's slice before pa, resumed after it).
 * Its terms must live until the next call (terms_take / terms_put_back
 * across an engine that runs in between). Not after an answer. */
typedef struct chc_ic3 chc_ic3;
chc_ic3 *chc_ic3_new(const chc_system *s);
void chc_ic3_run(chc_ic3 *st, const zeta_limits *lim, chc_result *out);
/* Rounds up to level only: the next one ends the run (unknown, "ic3: level
 * limit"); 0 = no limit. */
void chc_ic3_limit_level(chc_ic3 *st, uint32_t level);
/* Lemmas keep the blocked cube's equalities (no x = c tried as x <= c or
 * x >= c): on the linear core of LIA-Arrays-219 the weakening's checks
 * cost ~40 % of IC3's CPU and gained nothing (chc_core.c). */
void chc_ic3_unweakened(chc_ic3 *st);
void chc_ic3_free(chc_ic3 *st);   /* NULL ok */

/* The linear core of s (chc_core.c): its clauses with at most one body
 * application, over the same predicates; (*orig)[i] = the index in s of
 * core clause i (malloc'd). false (nothing made) when no clause would be
 * dropped or no query is left. */
bool chc_linear_core(const chc_system *s, chc_system *core, uint32_t **orig);
/* IC3 on the linear core: unsat with a derivation over s (every derivation
 * of the core is one of s), else unknown (the core's sat says nothing). */
void chc_linear_core_solve(const chc_system *s, const zeta_limits *lim, chc_result *out);

/* Houdini over small clauses of order literals (x <= y, x < y) between the
 * Int arguments the clauses permute (see chc_houdini.c): sat with the
 * largest inductive conjunction of them when it blocks every query, else
 * unknown; never unsat. */
void chc_houdini_order_solve(const chc_system *s, const zeta_limits *lim, chc_result *out);
/* Whether chc_houdini_order_solve's unknown r is its last word on the
 * system (no permuted arguments, or no inductive order clauses strong
 * enough): more time would not change it. Not after a timeout or an
 * undecided query. */
bool chc_houdini_order_gave_up(const chc_result *r);
/* Houdini's step at one clause: with body asserted (pushed and popped
 * here), kills (alive[k] = false) the live goals[k] (candidates applied to
 * the head's arguments; dead ones may be NULL_TERM) that some model of the
 * body falsifies, until the live ones all hold. -1 when undecided, else
 * the number killed. The caller sets slv's timeout. */
int chc_houdini_kill(solver *slv, term_t body, uint32_t n, const term_t *goals, bool *alive);
/* A clause's constraint and, for each body application, at(ctx, pred, args):
 * the body under candidate interpretations (Houdini's, affine's). */
term_t chc_body_under(const chc_clause *cl, term_t (*at)(const void *ctx, uint32_t p, const term_t *args),
                      const void *ctx);
/* Houdini's rounds to the fixpoint: round(ctx, clause) kills at the
 * clause's head (-1 undecided, else the number killed); a clause is checked
 * again only after a kill at one of its body predicates. False when
 * undecided (out->reason = undecided) or out of time. stale, per clause:
 * those to check (NULL: every clause with a head), and when it stops,
 * those still to check (a resumed run with the same candidates). */
bool chc_houdini_fixpoint(const chc_system *s, const zeta_limits *lim, int (*round)(void *ctx, const chc_clause *cl),
                          void *ctx, const char *undecided, chc_result *out, bool *stale);
/* Every clause with a head to check (a fresh stale array, malloc'd). */
bool *chc_houdini_all_stale(const chc_system *s);

/* Bounded unfolding: searches derivations of growing depth (finds unsat);
 * linear systems through the transition-system encoding, others with
 * chc_bmc_tree_solve. */
void chc_bmc_solve(const chc_system *s, const zeta_limits *lim, uint32_t max_depth, chc_result *out);
/* The same for any system: derivation trees of height 1, 2, ... up to
 * max_depth (0 = none) unrolled top-down in one incremental solver. */
void chc_bmc_tree_solve(const chc_system *s, const zeta_limits *lim, uint32_t max_depth, chc_result *out);
/* The transition-system engines ("bmc", "kind", "pdr", "imc" of
 * engine/ts_engine.h) on the encoding of model/chc_ts.h (linear only). */
void chc_ts_solve(const chc_system *s, const zeta_limits *lim, const char *alg, chc_result *out);
/* The same with a choice of interpolation (PDR's and IMC's refinement)
 * and `--bound` (bmc/kind/imc: maximal depth, 0 = none). */
void chc_ts_solve_bounded(const chc_system *s, const zeta_limits *lim, const char *alg, itp_strategy itp,
                          uint32_t bound, chc_result *out);
#endif
