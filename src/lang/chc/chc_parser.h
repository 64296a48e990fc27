/* CHC-COMP Horn clauses (SMT-LIB 2.6 with (set-logic HORN)) -> chc_system.
 *
 * Built on the SMT-LIB script parser (frontend/smtlib.h). Every declare-fun
 * with range Bool is a predicate; every assertion is one clause: a closed
 * formula that, after stripping the outer forall, is a disjunction whose
 * positive predicate applications (at most one) form the head and whose
 * negated parts (conjunctions, exists, negated predicate applications) form
 * the body. So (=> body head), (=> body false), plain facts, (not (exists
 * ...)) queries and (or (not P) ...) all read the same way. Bound variables
 * of exists in bodies become fresh clause variables.
 */
#ifndef ZETA_FRONTEND_CHC_PARSER_H
#define ZETA_FRONTEND_CHC_PARSER_H
#include <stdio.h>
#include "ir/chc.h"

typedef enum {
  CHC_PARSE_OK,
  CHC_PARSE_ERROR,     /* message "file:line:column: ..." */
  CHC_PARSE_NOT_HORN,  /* a valid script whose logic is not HORN */
} chc_parse_status;

/* Reads the script from in (file is the name for messages) into s, which
 * must be initialized. On error *msg is a malloc'd message. */
chc_parse_status chc_parse(const char *file, FILE *in, chc_system *s, char **msg);
chc_parse_status chc_parse_string(const char *file, const char *text, chc_system *s, char **msg);
#endif
