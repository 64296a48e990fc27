/* Model-based projection for formulas with algebraic datatypes.
 *
 * Z3 4.8.12's projection (Z3_qe_model_project) leaves datatype variables
 * in place and replaces numbers that occur under constructors by their
 * model values, so interpolants over lists and trees came out as points.
 * This one eliminates the datatype variables itself, guided by the model
 * (as in Bjørner and Janota's model-based projection for algebraic
 * datatypes): an implicant of the formula true in the model; equalities
 * with a constructor term split into a tester and field equalities
 * (disequalities into the one the model makes true); a variable defined by
 * an equality substituted; one that only occurs in disequalities dropped
 * when its sort is infinite; any other expanded into its model value's
 * constructor over fresh field variables. What is left (numbers, Booleans)
 * goes to Z3's projection. */
#ifndef ZETA_SOLVER_MBP_DT_H
#define ZETA_SOLVER_MBP_DT_H
#include <z3.h>
#include "core/term.h"
#include "solver/z3_conv.h"

/* A cube over the symbols of `shared` that holds in model mod (which gains
 * interpretations for fresh variables) and implies ∃(the other free
 * variables of a). a. NULL_TERM when it cannot be computed (*why says why). */
term_t mbp_dt_project(z3conv *conv, Z3_model mod, term_t a, const term_vec *shared, const char **why);
#endif
