/* Record datatypes in Horn clauses replaced by their fields.
 *
 * solc's model checker writes its Horn queries over declare-datatypes
 * records (one constructor, not recursive: the state, the transaction, the
 * ABI and crypto functions as arrays). Scalarising them gives a system
 * over Int, Bool, arrays, ... that every engine handles: a predicate
 * argument of a record sort becomes one argument per field (recursively);
 * an array indexed by a record becomes nested arrays over its fields'
 * leaves (Array (A x B) V = Array A (Array B V)); an array of records one
 * array per field leaf. Constructors, selectors, testers, equalities,
 * if-then-else, select, store and constant arrays are rewritten leaf by
 * leaf. The result is equisatisfiable with the input, with the same
 * derivations (clause i of one is clause i of the other). */
#ifndef ZETA_IR_CHC_RECORDS_H
#define ZETA_IR_CHC_RECORDS_H
#include <stdbool.h>
#include "ir/chc.h"

/* Some predicate argument or clause term has a record sort. */
bool chc_has_records(const chc_system *s);
/* dst: src scalarised (predicates keep their indices and names, with
 * more parameters). false when a datatype is not a record (several
 * constructors or recursive) or a term cannot be rewritten (a record
 * inside an uninterpreted function or a quantifier): dst is then empty
 * and *why says what. */
bool chc_scalarize_records(const chc_system *src, chc_system *dst, const char **why);
/* interp: the model dst_interp of dst = scalarised src, over src's
 * parameters (a leaf parameter becomes its selector term; a select chain
 * on a leaf of an array over records a select of the original array at
 * the record the indices build). false when some leaf occurs where no
 * term of src's sorts says it (an array over records used whole). */
bool chc_records_model_back(const chc_system *src, const chc_system *dst, const term_t *dst_interp, term_t *interp);
#endif
