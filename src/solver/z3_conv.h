/* Translation between zeta terms and Z3 ASTs, both ways.
 *
 * One converter belongs to one Z3 context created by z3conv_mk_context()
 * (reference-counted ASTs, an error handler that records instead of
 * aborting). Every AST the converter returns is owned by its caches and stays
 * valid until z3conv_free(); callers that keep other ASTs must inc_ref them.
 *
 * Variables become fresh Z3 constants (x@i for index i), so distinct zeta
 * variables are always distinct in Z3; the reverse map sends them back.
 */
#ifndef ZETA_SOLVER_Z3_CONV_H
#define ZETA_SOLVER_Z3_CONV_H
#include <z3.h>
#include "core/term.h"

typedef struct z3conv z3conv;

/* A fresh reference-counted context with the error handler installed; NULL on failure. */
Z3_context z3conv_mk_context(void);
/* The same with proof generation (hyper-resolution proofs of HORN answers). */
Z3_context z3conv_mk_context_proofs(bool proofs);
/* Spare contexts: with reuse on (the process's choice: a Horn-clause run
 * makes several contexts one after another, each ~4.7 M instructions and
 * two ~8.5 MB tables to create), z3conv_release_context keeps one clean
 * context and z3conv_mk_context hands it out again. clean: no interrupt,
 * no datatypes declared in it (their names would be declared twice).
 * A forked child does not inherit the spare (copy-on-write faults). */
void z3conv_reuse_contexts(bool on);
void z3conv_release_context(Z3_context ctx, bool clean);
/* c freed (may be NULL) and then its context ctx released: clean when
 * usable (the caller's word: no interrupt, an answer) and c declared no
 * datatypes. */
void z3conv_free_release(z3conv *c, Z3_context ctx, bool usable);
/* Contexts made in this process so far (a spare handed out is not one). */
uint64_t z3conv_contexts_made(void);
/* true when the converter declared datatypes in its context. */
bool z3conv_declared_datatypes(const z3conv *c);
/* Fresh (inc_ref'd) solver parameters with `ctrl_c` off: a check with it
 * on installs Z3's SIGINT handler for its duration (two rt_sigaction calls
 * per check, and zeta's own handler, emergency.c's soft stop, is out
 * meanwhile). Every solver of zeta's starts from these. */
Z3_params z3conv_mk_params(Z3_context z);
/* A reference-counted (inc_ref'd) simple solver of z with optional
 * unsat-core minimization; NULL on error. Deadlines: z3_watchdog.h. */
Z3_solver z3conv_mk_solver(Z3_context z, bool minimize_cores);
/* Adds the Horn rule "forall vars. imp" named name to fp; false on a Z3
 * error. */
bool z3conv_add_rule(Z3_context z, Z3_fixedpoint fp, uint32_t nvars, Z3_app *vars, Z3_ast imp,
                     const char *name);

z3conv *z3conv_new(Z3_context ctx);   /* does not take ownership of ctx */
void z3conv_free(z3conv *c);
Z3_context z3conv_context(const z3conv *c);
/* Last translation error (static text, never NULL). */
const char *z3conv_error(const z3conv *c);

/* term -> Z3; NULL on failure (unsupported operator, Z3 error, no memory). */
Z3_ast z3conv_to_z3(z3conv *c, term_t t);
Z3_sort z3conv_sort(z3conv *c, type_t ty);
/* The Z3 declaration of a variable or function symbol. */
Z3_func_decl z3conv_decl(z3conv *c, term_t var);

/* Z3 -> term. Formulas from Spacer/MBP: Boolean, arithmetic, bit-vector and
 * array applications; Z3 constants must be ones this converter created (or
 * registered), otherwise NULL_TERM. Quantifiers get fresh bound variables. */
term_t z3conv_from_z3(z3conv *c, Z3_ast a);
/* A Z3 formula over de Bruijn variables (variable i = params[i]), as
 * Spacer's covers and HORN-model definitions are, as a term; only the
 * params it mentions become Z3 constants (LIA-234: 115 predicates of ~190
 * arguments, a fresh Z3 declaration each was a third of its model's
 * translation). NULL_TERM when it cannot be translated. */
term_t z3conv_from_z3_over(z3conv *c, Z3_ast body, uint32_t n, const term_t *params);
/* The variables and function symbols declared in Z3 so far. */
uint32_t z3conv_num_decls(const z3conv *c);
type_t z3conv_type_of(z3conv *c, Z3_sort s);
/* Make Z3 constant `d` translate back to variable `var`. */
bool z3conv_register(z3conv *c, Z3_func_decl d, term_t var);

/* Value of t in model m (completion on) as a literal term: numerals,
 * bit-vectors, Booleans, arrays as const-array/store chains. NULL_TERM on
 * failure, e.g. algebraic (irrational) numbers or function symbols. */
term_t z3conv_model_value(z3conv *c, Z3_model m, term_t t);
/* Same for an already evaluated Z3 value. */
term_t z3conv_value(z3conv *c, Z3_model m, Z3_ast v);

/* true when the last Z3 call on ctx failed; the message goes to *msg. */
bool z3conv_failed(Z3_context ctx, const char **msg);
#endif
