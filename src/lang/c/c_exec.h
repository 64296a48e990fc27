/* The compiled-execution check of a C counterexample: the program is
 * compiled with clang (-m32 or -m64 as the data model says, every function
 * instrumented) and linked with a harness whose undefined functions return
 * the replayed nondet values in order; the run must enter reach_error(). */
#ifndef ZETA_LANG_C_EXEC_H
#define ZETA_LANG_C_EXEC_H
#include <stdbool.h>
#include <stddef.h>
#include "lang/c/c_replay.h"

/* True when the run reached reach_error(); else why (no clang, compile
 * error, run ended without reaching it) and *unavailable when the machine
 * cannot execute the compiled program at all (no 32-bit support in the
 * kernel): no evidence either way. */
bool c_exec_check(const c_program *p, const c_replay_result *rr, char *why, size_t n, bool *unavailable);
/* A folder for the checks of one run (NULL on failure), and its removal
 * with whatever killed portfolio jobs left in it. */
char *c_exec_tmpdir(void);
void c_exec_tmpdir_remove(char *dir);
#endif
