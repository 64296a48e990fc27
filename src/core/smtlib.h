/* SMT-LIB 2.6 script parser: text -> commands over zeta terms.
 *
 * Pull interface: smtlib_next() parses one command and fills an
 * smtlib_cmd, building terms directly through term.h while reading tokens
 * (no s-expression tree of the file), so a large file streams in memory
 * proportional to its term DAG. Declarations, definitions, let bindings and
 * bound variables live in a scoped symbol table that push/pop, reset and
 * let/forall/exists scopes restore; other front ends (CHC, VMT) reuse the
 * parser and query that table.
 *
 * Semantics chosen here:
 *  - define-fun with parameters is a macro: each application is expanded by
 *    substituting the arguments for fresh parameter variables (the
 *    definition is still reported as a command with params and body);
 *    define-fun without parameters binds the name to the body term.
 *  - Bound variables of forall/exists are term_var(name, sort) unless the
 *    name is already bound (it would shadow), then a fresh variable.
 *  - Int arguments of Real operators (and of =, ite, functions expecting
 *    Real) are wrapped in to_real, as Z3 does; Int literals become Real
 *    literals.
 *  - (! t :named n) binds n to t at the current assertion level; every
 *    annotation of a command is reported in cmd->attrs (for :next, :init,
 *    :trans, :invar-property, ... of VMT).
 *  - Declarations are scoped by push/pop unless
 *    (set-option :global-declarations true).
 * Errors never print: smtlib_next returns SMTLIB_ERROR and smtlib_error()
 * gives "file:line:column: message".
 */
#ifndef ZETA_FRONTEND_SMTLIB_H
#define ZETA_FRONTEND_SMTLIB_H
#include <stdio.h>
#include "core/term.h"

typedef enum {
  SMTLIB_SET_LOGIC, SMTLIB_SET_OPTION, SMTLIB_SET_INFO,
  SMTLIB_DECLARE_FUN,      /* also declare-const */
  SMTLIB_DEFINE_FUN,
  SMTLIB_DECLARE_SORT, SMTLIB_DEFINE_SORT,
  SMTLIB_ASSERT,
  SMTLIB_CHECK_SAT,        /* also check-sat-assuming: terms = assumptions */
  SMTLIB_GET_MODEL,        /* terms = symbols declared in scope, in order */
  SMTLIB_GET_VALUE,        /* terms + texts (the terms as written) */
  SMTLIB_GET_ASSIGNMENT, SMTLIB_GET_UNSAT_CORE, SMTLIB_GET_ASSERTIONS,
  SMTLIB_GET_INFO, SMTLIB_GET_OPTION,
  SMTLIB_PUSH, SMTLIB_POP, /* level = count */
  SMTLIB_RESET, SMTLIB_RESET_ASSERTIONS, SMTLIB_EXIT,
  SMTLIB_ECHO,             /* name = the string */
  SMTLIB_GET_INTERPOLANT,  /* terms = F1..Fn, n >= 2 */
  SMTLIB_DECLARE_DATATYPES, /* also declare-datatype; level = number of sorts
                              declared (constructors, selectors, testers
                              ((_ is C) and is-C) are bound) */
} smtlib_cmd_kind;

/* One attribute of a (! t attrs) annotation: key ":next", value its
 * argument as written ("x_next", "0", "(f x)") or NULL; term the annotated
 * term. */
typedef struct { term_t term; const char *key; const char *value; } smtlib_attr;

typedef struct smtlib_cmd {
  smtlib_cmd_kind kind;
  const char *command;     /* as written: "declare-const", "check-sat-assuming" ... */
  uint32_t line, col;      /* of the opening '(' */
  const char *name;        /* logic, declared/defined symbol or sort, option/info
                              keyword, echo string; NULL when absent */
  const char *value;       /* set-option/set-info value as written, or NULL */
  term_t term;             /* assert: the formula; declare-fun: the symbol (a
                              variable of function type when arity > 0);
                              define-fun: the body */
  type_t type;             /* declare-fun/define-fun: result sort; define/declare-sort: the sort */
  uint32_t n;              /* number of terms */
  term_t *terms;           /* see the kinds above; define-fun: parameters */
  const char **texts;      /* get-value: each term as written */
  uint32_t level;          /* push/pop count; declare-sort arity */
  uint32_t nattrs;
  smtlib_attr *attrs;      /* annotations met anywhere in this command */
} smtlib_cmd;

typedef enum { SMTLIB_OK, SMTLIB_EOF, SMTLIB_ERROR } smtlib_status;

typedef struct smtlib_parser smtlib_parser;

/* Reads from a stream (not closed) or a buffer (not copied); file is the
 * name used in messages. NULL on allocation failure. */
smtlib_parser *smtlib_new_file(const char *file, FILE *in);
smtlib_parser *smtlib_new_string(const char *file, const char *text, size_t len);
void smtlib_free(smtlib_parser *p);

/* Parses the next command into *cmd, whose pointers stay valid until the
 * next call or smtlib_free. After SMTLIB_ERROR the parser is unusable. */
smtlib_status smtlib_next(smtlib_parser *p, smtlib_cmd *cmd);

/* "file:line:column: message" of the last error. */
const char *smtlib_error(const smtlib_parser *p);
/* Bytes of input consumed so far (for progress and benchmarks). */
uint64_t smtlib_bytes_read(const smtlib_parser *p);

/* ---- symbol table, for front ends built on this parser ---- */
/* The term bound to name (a constant, a function symbol, a define-fun
 * without parameters, a :named term), or NULL_TERM. */
term_t smtlib_lookup(const smtlib_parser *p, const char *name);
/* The sort named name without parameters, or NULL_TYPE. */
type_t smtlib_lookup_sort(const smtlib_parser *p, const char *name);
/* Binds name to t at the current assertion level (shadowing an earlier
 * binding until the level is popped). False on allocation failure. */
bool smtlib_bind(smtlib_parser *p, const char *name, term_t t);
/* The logic of the last set-logic, or NULL. */
const char *smtlib_logic(const smtlib_parser *p);

/* Parses a whole string as one term, with the symbols bound in p (used by
 * tests and front ends for small formulas). NULL_TERM on error
 * (smtlib_error() says why). */
term_t smtlib_parse_term(smtlib_parser *p, const char *text);

const char *smtlib_cmd_name(smtlib_cmd_kind k);
#endif
