/* VMT input (the SMT-LIB extension of nuXmv / IC3IA): a transition system
 * written as annotated define-funs,
 *   (define-fun .x () Int (! x :next x.next))      state variable x, next copy x.next
 *   (define-fun .i () Bool (! (= x 0) :init true))  initial states
 *   (define-fun .t () Bool (! (...) :trans true))   transition relation
 *   (define-fun .p () Bool (! (...) :invar-property 0))  invariant property 0
 * Several :init / :trans annotations are conjoined. Declared constants that
 * are neither state variables nor next copies become inputs. The next copy
 * of x is replaced by term_prime(x) (model/ts.h). Built on the SMT-LIB
 * parser (frontend/smtlib.h). */
#ifndef ZETA_FRONTEND_VMT_H
#define ZETA_FRONTEND_VMT_H
#include <stdio.h>
#include "ir/ts.h"

/* Reads a VMT file into sys (initialized by the call) with invariant
 * property number `property` (the first one when that number is absent).
 * On error returns false and *diag = malloc'd "file:line:column: message". */
bool vmt_read(const char *file, FILE *in, uint32_t property, ts *sys, char **diag);
bool vmt_read_string(const char *file, const char *text, uint32_t property, ts *sys, char **diag);
#endif
