/* What every Horn-clause engine returns: sat with a model (one
 * interpretation per predicate, over its params), unsat with a derivation,
 * or unknown with a reason.
 *
 * A derivation is a tree of clause instances stored as an array: node 0 is
 * the root (an instance of a query), and every node lists one child per
 * body application, each child with a larger index. head_vals are the
 * argument values of the node's head (literal terms; NULL for queries).
 * A derivation proves unsat when every node's clause constraint is
 * satisfiable together with "body arguments = children's head values" and
 * "head arguments = head_vals" (chc_replay in witness/chc_witness.h).
 */
#ifndef ZETA_ENGINE_CHC_ENGINE_H
#define ZETA_ENGINE_CHC_ENGINE_H
#include "core/limits.h"
#include "ir/chc.h"
#include "solver/itp.h"

typedef enum { CHC_SAT, CHC_UNSAT, CHC_UNKNOWN } chc_answer;

typedef struct {
  uint32_t clause;
  term_t *head_vals;     /* arity of the head predicate, or NULL */
  uint32_t *children;    /* clause's nbody entries */
} chc_dnode;

typedef struct {
  chc_dnode *nodes;
  uint32_t n, cap;
} chc_derivation;

typedef struct {
  chc_answer answer;
  const char *reason;    /* for unknown (static text) */
  term_t *interp;        /* sat: npreds interpretations (malloc'd), else NULL */
  chc_derivation deriv;  /* unsat: may be empty if the engine gives none */
  const char *engine;    /* which engine answered */
} chc_result;

void chc_result_free(chc_result *r);
void chc_derivation_free(chc_derivation *d);
/* Appends a node for clause c of s; returns its index. */
uint32_t chc_derivation_add(chc_derivation *d, const chc_system *s, uint32_t clause);

/* Z3's Spacer (in-process, through Z3_fixedpoint). want_derivation asks for
 * the proof trace (slower). */
void chc_spacer_solve(const chc_system *s, const zeta_limits *lim, bool want_derivation, chc_result *out);

/* Z3 on the input file itself, exactly as `z3 FILE` runs it (the HORN
 * solver: Z3's preprocessing, then Spacer). Spacer is sensitive to the order
 * of clauses and variables, so this is the peer's own run. sat: a model for
 * s's predicates (matched by name; s must be the file's system); unsat: no
 * derivation (find one with chc_spacer_solve). */
void chc_spacer_solve_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out);

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

/* Bounded unfolding: searches derivations of growing depth (finds unsat). */
void chc_bmc_solve(const chc_system *s, const zeta_limits *lim, uint32_t max_depth, chc_result *out);
/* The transition-system engines ("bmc", "kind", "pdr", "imc" of
 * engine/ts_engine.h) on the encoding of model/chc_ts.h (linear only). */
void chc_ts_solve(const chc_system *s, const zeta_limits *lim, const char *alg, chc_result *out);
#endif
