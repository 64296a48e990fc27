/* Programs with procedures: a set of control flow automata (one per
 * procedure, src/ir/cfa.h) over shared global variables, joined by call
 * edges. This is the model the CFA language's `process` declarations and
 * the C front end's (recursive) functions lower to.
 *
 * Model
 * - A program has global variables (prog.globals) and procedures
 *   (prog.procs); prog.main is the entry procedure, run once from its init
 *   location with arbitrary values in every variable (globals and main's
 *   locals alike, as in the CFA language).
 * - A procedure is a cfa (`body`): body.name is the procedure's name,
 *   body.vars holds its own variables only: the formal parameters first
 *   (body.vars[0..nparams)), then the other locals (the result variable
 *   `ret` among them when the procedure returns a value). Globals are not in
 *   body.vars; edge statements may read and write both. init is the entry,
 *   final the exit (a procedure without a final location never returns),
 *   error the error location (optional except in main; any procedure may
 *   have one, and reaching any of them is the property's violation).
 * - A call edge (edge.call != NULL, edge.nstmts == 0) from L1 to L2 in
 *   the caller runs `result := callee(args)`: the actual arguments are
 *   evaluated in the caller's state (terms over the caller's variables and
 *   the globals); the callee starts at its init location with its
 *   parameters set to them and its other locals arbitrary (a fresh frame:
 *   recursion gets new copies); when the callee reaches its final location
 *   the caller continues at L2 with its own locals unchanged, the globals as
 *   the callee left them, and `result` (a caller variable or a global, or
 *   NULL_TERM to drop the value) set to the callee's `ret`. A call edge holds
 *   no statements; the parser splits `{ a := 1  r := f(x)  b := 2 }` into
 *   three edges through fresh locations.
 * - Variable terms are unique per procedure: the parser names a local `x`
 *   of procedure `f` with the term name "f::x" (main's locals keep their
 *   plain names, so a program with one procedure is exactly today's CFA);
 *   cfa_proc_local_name gives the source name back.
 *
 * Single-procedure users (CEGAR, cfa_to_ts, cfa_write, the engines) keep
 * working on a plain `cfa`: cfa_prog_flatten turns a program without calls
 * into one (globals first, then main's variables), and cfa_prog_inline does
 * the same for a program whose call graph has no cycle, by copying callee
 * bodies per call site. Recursive programs go to the Horn route
 * (cfa_proc_chc.h) or to the pushdown engine (--algorithm pds).
 */
#ifndef ZETA_IR_CFA_PROC_H
#define ZETA_IR_CFA_PROC_H
#include "ir/cfa.h"

typedef struct cfa_call {
  uint32_t callee;   /* index into prog.procs */
  term_t *args;      /* nargs actual parameters (owned array) */
  uint32_t nargs;
  term_t result;     /* receives the callee's ret; NULL_TERM: dropped */
} cfa_call;

typedef struct {
  cfa body;
  uint32_t nparams;  /* body.vars[0..nparams) are the formal parameters */
  term_t ret;        /* result variable (in body.vars) or NULL_TERM */
} cfa_proc;

typedef struct cfa_prog {
  term_vec globals;
  cfa_proc *procs;
  uint32_t nprocs, cap_procs;
  uint32_t main;     /* CFA_NONE until set */
} cfa_prog;

void cfa_prog_init(cfa_prog *p);
void cfa_prog_free(cfa_prog *p);
/* Adds an empty procedure named name; returns its index. */
uint32_t cfa_prog_add_proc(cfa_prog *p, const char *name);
uint32_t cfa_prog_find_proc(const cfa_prog *p, const char *name);   /* CFA_NONE if absent */
/* Adds the call edge src -> dst to procedure `in` (args copied). */
uint32_t cfa_prog_add_call(cfa_prog *p, uint32_t in, uint32_t src, uint32_t dst, uint32_t callee,
                           const term_t *args, uint32_t nargs, term_t result);
/* The source name of a variable term: "f::x" -> "x". */
const char *cfa_proc_local_name(term_t v);

/* Number of call edges in the whole program. */
uint32_t cfa_prog_ncalls(const cfa_prog *p);
/* True when the call graph reachable from main has a cycle. */
bool cfa_prog_recursive(const cfa_prog *p);

/* Procedure f as one cfa over its frame (out initialized here): the
 * globals, then f's variables; f's locations and edges, a call edge as an
 * edge without statements (same edge numbering). */
void cfa_proc_view(const cfa_prog *p, uint32_t f, cfa *out);
/* A program without call edges as one cfa (out initialized here): the
 * globals, then main's variables; main's locations and edges. Other
 * procedures (never called) are dropped, with their error locations. */
void cfa_prog_flatten(const cfa_prog *p, cfa *out);
/* A program without recursion as one cfa by copying each callee per call
 * site (locals renamed "f#k::x"), one error location for all; false (out
 * untouched) when the program is recursive or the copies would exceed
 * max_locs locations. */
bool cfa_prog_inline(const cfa_prog *p, uint32_t max_locs, cfa *out);
/* The same for any program, with calls nested deeper than bound (> 0) left
 * out: the executions of out are those of p whose calls nest at most bound
 * deep (an error trace of out is one of p). false when the copies would
 * exceed max_locs locations. */
bool cfa_prog_inline_bounded(const cfa_prog *p, uint32_t bound, uint32_t max_locs, cfa *out);

/* Prints the program in the CFA language (globals, then each procedure;
 * main last as `main process`); false with a reason as cfa_write. */
bool cfa_prog_write(FILE *out, const cfa_prog *p, char *why, size_t len);
#endif
