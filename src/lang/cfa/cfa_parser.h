/* Parser of the textual CFA language (Theta-compatible):
 *   ([var x : T] | [main] process NAME [(p : T, ...)] [: T]
 *        { (var x : T | [init|final|error] loc L | L1 -> L2 [{ stmt* }])* })*
 * Top-level variables are globals; every process is a procedure (exactly
 * one `main`, the entry; a lone process is main); see ir/cfa_proc.h.
 * Types: bool, int, rat, bv[N], [K] -> V (fp[E:S] is rejected). Statements:
 * x := e, assume e, havoc x, calls x := f(e, ...) and
 * f(e, ...), return e (assigns the process's result). Expressions follow Theta's precedence (ite <
 * iff < imply < or < xor < and < not < = /= < relations < bvor < bvxor <
 * bvand < shifts < + - < * / mod rem < ++ < extend < unary < accessors).
 *
 * On error the parser returns false and writes "file:line:column: what was
 * expected" into err; the cfa is then empty (freed). */
#ifndef ZETA_FRONTEND_CFA_PARSER_H
#define ZETA_FRONTEND_CFA_PARSER_H
#include <stddef.h>
#include "ir/cfa.h"
#include "ir/cfa_proc.h"

bool cfa_parse(const char *file, const char *text, size_t len, cfa *out, char *err, size_t errlen);
/* The whole program; cfa_parse gives a program without recursion as one cfa
 * (callees inlined) and rejects recursive ones. */
bool cfa_parse_prog(const char *file, const char *text, size_t len, cfa_prog *out, char *err, size_t errlen);
bool cfa_parse_prog_file(const char *path, cfa_prog *out, char *err, size_t errlen);
bool cfa_parse_file(const char *path, cfa *out, char *err, size_t errlen);
#endif
