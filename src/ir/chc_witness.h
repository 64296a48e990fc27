/* Evidence for Horn-clause answers: derivations (unsat) and their replay,
 * clause by clause model checking (sat), reading other solvers' models,
 * printing.
 *
 * A derivation is a tree of clause instances stored as an array: node 0 is
 * the root (an instance of a query), and every node lists one child per
 * body application, each child with a larger index; a child may serve
 * several parents (a DAG: IC3's summaries make recursive Fibonacci's
 * derivation linear in n, its tree exponential). head_vals are the
 * argument values of the node's head (literal terms; NULL for queries).
 * A derivation proves unsat when every node's clause constraint is
 * satisfiable together with "body arguments = children's head values" and
 * "head arguments = head_vals" (chc_replay). */
#ifndef ZETA_IR_CHC_WITNESS_H
#define ZETA_IR_CHC_WITNESS_H
#include <stdio.h>
#include "core/limits.h"
#include "ir/chc.h"
#include "solver/solver.h"

typedef struct {
  uint32_t clause;
  term_t *head_vals;     /* arity of the head predicate, or NULL */
  uint32_t *children;    /* clause's nbody entries */
} chc_dnode;

typedef struct {
  chc_dnode *nodes;
  uint32_t n, cap;
} chc_derivation;

void chc_derivation_free(chc_derivation *d);
/* Appends a node for clause c of s; returns its index. */
uint32_t chc_derivation_add(chc_derivation *d, const chc_system *s, uint32_t clause);

/* The clause instance of derivation node i: its clause's constraint with
 * the body arguments equal to the children's head values and the head
 * arguments to the node's own; NULL_TERM when a child is out of order or
 * of another predicate, or a value is missing. */
term_t chc_dnode_formula(const chc_system *s, const chc_derivation *d, uint32_t i);

/* True when d is a well-formed derivation of false in s whose every clause
 * instance is satisfiable (checked with a fresh Z3 solver). */
bool chc_replay(const chc_system *s, const chc_derivation *d, uint32_t timeout_ms);

/* The query "body and not head" of clause i with interp substituted
 * (existentials of the body opened into fresh variables); unsatisfiable
 * iff the clause holds. *quantified_head: the head's interpretation is
 * quantified. */
term_t chc_clause_query(const chc_system *s, const term_t *interp, uint32_t i, bool *quantified_head);

/* Checks clause i of s under interp with solver slv: UNSAT when it holds,
 * SAT when violated, UNKNOWN when undecided. */
solver_result chc_check_clause(const chc_system *s, const term_t *interp, uint32_t i, solver *slv);

/* Checks interp against every clause of s with solver slv. Returns the number
 * of failing clauses (violated or undecided); their indices go to *failed
 * (malloc'd, may be NULL) and undecided ones are flagged in *undecided. */
uint32_t chc_check_model(const chc_system *s, const term_t *interp, solver *slv,
                         uint32_t **failed, bool **undecided);

/* Repairs a model in which an engine left predicates it never needed
 * unconstrained (Spacer's `true` for a location whose only entry has an
 * unsatisfiable guard that does not fold): the body predicates of every
 * violated clause become false, until every clause holds (true) or no
 * predicate changes, a clause is undecided or npreds + 1 rounds passed
 * (false; interp then holds the last attempt). Sound either way: true
 * means slv proved every clause of the final interp. With lim (may be
 * NULL), false as well when its time is up before a round. */
bool chc_repair_unreached(const chc_system *s, term_t *interp, solver *slv, const zeta_limits *lim);
/* Spacer leaves the predicates it sliced away (no derivation reaches them,
 * e.g. behind a guard that is unsatisfiable but does not fold) at true,
 * which fails the queries behind them. Each predicate at true becomes
 * false unless a clause with it as head is then violated (or undecided),
 * which puts it back at true, until nothing changes: the largest set of
 * them that false keeps the heads' clauses valid. The result is checked
 * like any model. */
void chc_falsify_unforced(const chc_system *s, term_t *interp, solver *slv);

/* Reads a model (zeta's, Z3's "sat ( (define-fun ...) ... )", Eldarica's
 * define-fun list) for the predicates of s into interp[npreds] (missing
 * predicates: NULL_TERM). false with *msg (malloc'd) on bad input. */
bool chc_read_model(const chc_system *s, const char *file, const char *text, term_t *interp, char **msg);

void chc_write_derivation(FILE *out, const chc_system *s, const chc_derivation *d);
#endif
