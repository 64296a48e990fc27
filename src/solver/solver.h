/* The solver interface: one ops table, several backends.
 *
 * Backends: Z3 in-process through its C API ("z3"), and any SMT-LIB2 solver
 * binary driven over pipes ("smtlib:CMD", e.g. "smtlib:cvc5 --incremental
 * --lang smt2", "smtlib:z3 -in"), used to cross-check results. Terms are
 * zeta terms (core/term.h) both ways: assertions go in as terms and model
 * values come back as literal terms.
 */
#ifndef ZETA_SOLVER_SOLVER_H
#define ZETA_SOLVER_SOLVER_H
#include "core/term.h"

typedef enum { SOLVER_SAT, SOLVER_UNSAT, SOLVER_UNKNOWN } solver_result;

typedef struct solver solver;

typedef struct solver_ops {
  void (*destroy)(solver *s);
  void (*assert_term)(solver *s, term_t t);
  void (*push)(solver *s);
  void (*pop)(solver *s, uint32_t levels);
  /* Check the assertions under Boolean assumptions (may be n == 0). */
  solver_result (*check)(solver *s, uint32_t n, const term_t *assumptions);
  /* After SAT: the value of t in the model, as a literal term (for arrays
   * and functions: a term built from const-array/store or ite). Model
   * completion is on: every term gets a value. NULL_TERM on failure. */
  term_t (*value)(solver *s, term_t t);
  /* After UNSAT under assumptions: a subset of the assumptions that is
   * unsat with the assertions; count returned, *out malloc'd. */
  uint32_t (*unsat_core)(solver *s, term_t **out);
  void (*set_timeout)(solver *s, uint32_t ms);   /* per check; 0 = none */
  void (*interrupt)(solver *s);                  /* async-signal safe where possible */
  const char *(*reason_unknown)(solver *s);
  /* Optional (NULL: push/assert/check/pop): f alone, see solver_check_alone. */
  solver_result (*check_alone)(solver *s, term_t f);
  /* Optional (NULL: none): after SAT, see solver_project. */
  term_t (*project)(solver *s, term_t f, uint32_t n, const term_t *elim);
  /* Optional (NULL: ignored): see solver_tune. */
  void (*tune)(solver *s, const char *name, uint32_t value);
} solver_ops;

struct solver {
  const solver_ops *ops;
  const char *name;     /* backend name, for messages */
};

/* backend: "z3" or "smtlib:CMD". NULL on failure (message in *err if non-NULL). */
solver *solver_new(const char *backend, const char **err);
solver *solver_new_z3(void);
/* A Z3 solver in conv's context, through conv (solver/z3_conv.h): no
 * context of its own to make (each costs milliseconds); conv and its
 * context must outlive the solver, which frees neither. */
typedef struct z3conv z3conv;
solver *solver_new_z3_in(z3conv *conv);
/* A Z3 solver beside s: in s's context when s is a Z3 solver (a new
 * context costs ~9 ms of CPU and ~4,000 page faults, a tiny task's whole
 * budget), else (s NULL or another backend) in a context of its own. It
 * must be freed before s. */
solver *solver_new_z3_beside(solver *s);
/* s's check_alone tries Z3's simple solver first and takes its unsat, the
 * rest to the default solver (whose first check builds Z3's whole default
 * tactic: 6-10 ms each): for many small, mostly unsat formulas (a model's
 * clause checks). A no-op on other backends. */
void solver_z3_alone_simple_first(solver *s);
/* How many of Z3's check_alone answers came from its default solver, for
 * tests. */
uint64_t solver_z3_alone_defaults(void);
/* How many models Z3 solvers fetched from Z3 (at their first use after a
 * sat check: value, project), for tests. */
uint64_t solver_z3_models_fetched(void);
solver *solver_new_smtlib(const char *cmd);

static inline void solver_free(solver *s) { if (s) s->ops->destroy(s); }
static inline void solver_assert(solver *s, term_t t) { s->ops->assert_term(s, t); }
static inline void solver_push(solver *s) { s->ops->push(s); }
static inline void solver_pop(solver *s, uint32_t n) { s->ops->pop(s, n); }
static inline solver_result solver_check(solver *s) { return s->ops->check(s, 0, NULL); }
static inline solver_result solver_check_assuming(solver *s, uint32_t n, const term_t *a) {
  return s->ops->check(s, n, a);
}
static inline term_t solver_value(solver *s, term_t t) { return s->ops->value(s, t); }
static inline uint32_t solver_unsat_core(solver *s, term_t **out) { return s->ops->unsat_core(s, out); }
static inline void solver_set_timeout(solver *s, uint32_t ms) { s->ops->set_timeout(s, ms); }
/* A performance hint, a backend parameter (Z3's names, e.g. "arith.solver");
 * never changes an answer; backends without it ignore it. */
static inline void solver_tune(solver *s, const char *name, uint32_t value) {
  if (s->ops->tune) s->ops->tune(s, name, value);
}

/* Satisfiability of f alone, ignoring (and keeping) the assertion stack;
 * after SAT, Z3 in process keeps f's model for solver_value (until the next
 * assert, check, push or pop; other backends none: solver_value gives
 * NULL_TERM); with the parameters solver_tune set. A backend may use
 * its non-incremental preprocessing,
 * which quantified formulas need (Z3 eliminates quantified equalities only
 * there: 0.03 s instead of a timeout on expanded CHC models). A backend
 * without its own (the SMT-LIB pipe) asks f pushed on its stack: callers
 * give it an empty stack, or an f that implies the stack (tla_bmc). */
solver_result solver_check_alone(solver *s, term_t f);

/* After SAT, with f true in the model: model-based projection, a cube over
 * the free variables of f other than elim[0..n) that holds in the model and
 * implies ∃elim. f (datatypes by solver/mbp_dt.h; a variable the projection
 * cannot eliminate gets its model value). NULL_TERM when the backend has
 * none or it fails. */
term_t solver_project(solver *s, term_t f, uint32_t n, const term_t *elim);
/* One-shot satisfiability of a formula with a fresh default (Z3) solver. */
solver_result solver_check_formula(term_t f, uint32_t timeout_ms);

/* Model enumeration (AllSAT with blocking clauses) projected onto terms
 * ts[0..n-1]: at most max_models models of f (0 = no bound); each model is n
 * literal values stored row-wise in *values (malloc'd, count*n entries).
 * Returns SOLVER_UNSAT when all models were enumerated, SOLVER_SAT when the
 * bound stopped enumeration early, SOLVER_UNKNOWN on solver failure.
 * *count receives the number of models. end (limits_now()'s clock, 0 =
 * none) bounds the whole enumeration: each check gets the time left as its
 * timeout, and SOLVER_UNKNOWN when none is left. */
solver_result solver_enumerate(solver *s, term_t f, uint32_t n, const term_t *ts,
                               uint32_t max_models, double end, uint32_t *count, term_t **values);
#endif
