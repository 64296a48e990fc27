/* solc-verify's specification annotations (doc comments `@notice invariant
 * E`, `precondition E`, `postcondition E`, `modifies T [if C]`, loop
 * `invariant E`), parsed and name/type-resolved by solc itself: each
 * expression is placed into an instrumented copy of the source as an
 * argument of a marker call inside the annotated scope, and the copy is
 * compiled once more. The copy keeps every line of the source: the
 * markers go after the `{` of the function or loop body (contract
 * invariants: a synthetic function before the contract's `}`), stubs of
 * the markers and of __verifier_old_* at the end. Quantifiers, sums and
 * __verifier_eq are rewritten first (sol_quant.h).
 *
 * Markers in the compiled copy (N = the annotation's index):
 *   __zeta_inv(N, E)   in function __zeta_invs_<Contract>() of the contract
 *   __zeta_pre(N, E), __zeta_post(N, E), __zeta_mod(N, C); T;   first statements of a function body
 *   __zeta_li(N, E)    first statements of a loop body
 *   __zeta_modall(N)   `modifies *`
 *   __zeta_emits(N, "Name")   `emits Name` (first statements of a function body)
 *   __zeta_skip(N)     an annotation zeta does not encode (its scope is skipped)
 * The annotations of a function without a body go into a synthetic one
 * right after its declaration, `__zeta_spec_<Contract>_<name>(<its
 * parameters>) internal view returns (<its return values>) { ... }`.
 * An event's specification goes into a synthetic function right after the
 * event's declaration, `__zeta_ev_<event>(<the event's parameters>)
 * internal view { ... }`: __zeta_pre / __zeta_post (the event's pre- and
 * postconditions), `__zeta_track(N); T;` (tracks-changes-in T) and
 * __zeta_nochange(N) (allow-no-change-emit). */
#ifndef ZETA_LANG_SOL_ANNOT_H
#define ZETA_LANG_SOL_ANNOT_H
#include <stdbool.h>
#include <stdint.h>
#include "lang/sol/sol_ast.h"

typedef enum { AN_INV, AN_PRE, AN_POST, AN_MODIFIES, AN_LOOP_INV, AN_EMITS, AN_TRACK, AN_NOCHANGE } sol_annot_kind;

typedef struct {
  sol_annot_kind kind;
  char *text;              /* the expression as written (one line) */
  unsigned line, col;      /* where it starts in the source */
  const char *unsupported; /* set: why zeta does not encode it */
} sol_annot;

typedef struct {
  sol_annot *v;
  uint32_t n;
} sol_annots;

/* Compiles path, reads its annotations, compiles the instrumented copy:
 * the AST of the copy (lines as in path), annotations in out. NULL with d
 * filled: compile errors, a malformed annotation (file:line:column of the
 * comment). */
sol_ast *sol_annot_load(const char *path, sol_annots *out, diag *d);
void sol_annots_free(sol_annots *s);
/* The marker call of an expression statement (`__zeta_inv` ...): its
 * name's suffix after "__zeta_" and N, else NULL. */
const char *sol_annot_marker(const cJSON *stmt, int *n);
#endif
