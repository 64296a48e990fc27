/* A C program (read by libclang) lowered to a control flow automaton:
 * main's body with every call inlined (a recursive program: every function
 * its own procedure, see c_func below), one CFA variable per
 * C scalar (globals by name, locals as function#instance::name), arrays of
 * scalars as SMT arrays, the verifier API modelled (nondet values as
 * havocs of one variable per call site, assumptions, reach_error as the
 * error location), and every undefined behaviour the fragment can reach
 * (signed overflow, division by zero, bad shifts, out-of-bounds indices)
 * as an edge to the error location too, marked as such: a counterexample
 * ending in one is an UNKNOWN, never an UNSAFE. Edges carry at most one
 * statement, and each edge's source position and role (branch outcome,
 * nondet call, error call, undefined behaviour) is kept for replaying
 * counterexamples and writing witnesses. */
#ifndef ZETA_LANG_C_LOWER_H
#define ZETA_LANG_C_LOWER_H
#include "core/diag.h"
#include "core/options.h"
#include "ir/cfa.h"
#include "lang/c/c_sem.h"

/* C_EDGE_CUT: c_lower_bounded's call deeper than the bound, to the error
 * location when asked (is any execution deeper than the bound?) */
typedef enum { C_EDGE_PLAIN, C_EDGE_TRUE, C_EDGE_FALSE, C_EDGE_NONDET, C_EDGE_REACH, C_EDGE_UB, C_EDGE_LOCAL, C_EDGE_CUT } c_edge_kind;

typedef struct {
  c_edge_kind kind;
  uint32_t line, col;   /* TRUE/FALSE: the branching statement; REACH: the call; UB: the operator */
  uint32_t site;        /* NONDET: index into sites */
  const char *what;     /* UB: e.g. "signed overflow" (static text) */
} c_edge_info;

/* A call of a function without definition (the __VERIFIER_nondet_ family
 * and any other): its value is a havoc of var. */
typedef struct {
  term_t var;
  c_int type;
  bool is_void;
  uint32_t func;               /* index into undefined */
  uint32_t line, col;          /* the call */
  char *target;                /* the C variable it is assigned to, or NULL */
  uint32_t wline, wcol;        /* where the value holds (the next statement), 0 = unknown */
} c_site;

typedef struct {
  char *name;
  c_int type;                  /* the return type (unless is_void) */
  bool is_void, is_nondet;     /* is_nondet: __VERIFIER_nondet_* (no side effects) */
} c_undefined;

/* Loop heads, for invariants: the CFA location, the C position, the
 * function and the prefix of its variables' CFA names ("main::", "f#3::"),
 * and how many CFA variables existed there (locals are created at their
 * declaration: later ones are not in scope). */
typedef struct { uint32_t loc, line, col; char *function, *scope; uint32_t nvars; /* variables existing there */ } c_loop;

/* Recursive programs (c_program.recursive): every defined function reached
 * from main is lowered once, as a procedure, into the same cfa (its own
 * locations and variables, owner tables below); a call of a defined
 * function is an edge without statements listed in calls. c_proc.h splits
 * that cfa into a cfa_prog. */
typedef struct {
  char *name;
  uint32_t entry, exit;        /* locations of the cfa */
  term_t ret;                  /* the result variable or NULL_TERM */
  term_t *params;              /* the formal parameters' variables */
  uint32_t nparams;
} c_func;

typedef struct {
  uint32_t edge;               /* the edge of the cfa */
  uint32_t callee;             /* index into funcs */
  term_t *args;
  uint32_t nargs;
  term_t result;               /* a caller variable or NULL_TERM */
} c_callsite;

#define C_GLOBAL UINT32_MAX

typedef struct {
  char *path;                  /* the C file */
  bool math;
  bool lp64;
  cfa cfa;                     /* as lowered (the engines get a copy) */
  c_edge_info *einfo;          /* per edge of cfa */
  uint32_t ninfo, cap_info;
  c_site *sites;
  uint32_t nsites, cap_sites;
  c_undefined *undefined;
  uint32_t nundefined;
  c_loop *loops;
  uint32_t nloops;
  /* C names of the variables (index as in cfa.vars; NULL: a temporary) */
  char **cnames;
  c_int *vtypes;               /* their C types (arrays: the element type) */
  bool reach_error_defined, verifier_error_defined, assume_defined;
  /* where the execution check compiles (not owned; NULL: /tmp) */
  const char *tmpdir;
  /* outside the fragment: UNKNOWN with this reason (the CFA is empty) */
  char *unknown;
  /* a SAFE answer depends on calls of functions with possible side effects */
  char *unsafe_safe;
  /* c_lower_bounded: calls nested deeper than this were cut off (0: none
   * were), so a SAFE answer is no proof */
  uint32_t bounded;
  /* recursive programs: functions as procedures (funcs[0] is main) */
  bool recursive;
  c_func *funcs;
  uint32_t nfuncs;
  c_callsite *calls;
  uint32_t ncalls;
  uint32_t *var_owner;         /* per variable: index into funcs or C_GLOBAL */
  uint32_t *loc_owner;         /* per location: index into funcs (ERR: C_GLOBAL) */
  /* c_check: the first undefined behaviour a counterexample ended in, once
   * its edges were blocked (a SAFE answer is then no answer) */
  char *ub_reason;
} c_program;

/* Parses path with libclang (--data-model) and lowers main; false with d
 * set on a C syntax error (positioned). Features outside the fragment in
 * the reached code set p->unknown and return true. */
bool c_lower(const char *path, const zeta_options *o, c_program *p, diag *d);
/* A recursive program inlined up to depth nested calls of each function
 * (a path that calls deeper ends there: an under-approximation, for
 * finding counterexamples). With cut_errors, a deeper call also goes to the
 * error location (a C_EDGE_CUT edge): if then no error is reachable, no
 * execution is deeper than the bound and the program is exact (p->bounded
 * stays 0). */
bool c_lower_bounded(const char *path, const zeta_options *o, uint32_t depth, bool cut_errors, c_program *p, diag *d);
void c_program_free(c_program *p);
#endif
