/* The compiled-execution check of a C counterexample: the program is
 * compiled with clang (-m32 or -m64 as the data model says, every function
 * instrumented) and linked with a harness whose undefined functions return
 * the replayed nondet values in order; the run must enter reach_error(). */
#ifndef ZETA_LANG_C_EXEC_H
#define ZETA_LANG_C_EXEC_H
#include <stddef.h>
#include "lang/c/c_replay.h"

/* What the compiled run showed: it reached reach_error(); it did not, or
 * could not be built (why: no clang, compile error, run ended without
 * reaching it); or the machine cannot execute it at all (no 32-bit
 * support in the kernel: why says so), which is no evidence either way. */
typedef enum { C_EXEC_REACHED, C_EXEC_FAILED, C_EXEC_UNAVAILABLE } c_exec_outcome;
c_exec_outcome c_exec_check(const c_program *p, const c_replay_result *rr, char *why, size_t n);
/* A folder for the checks of one run (NULL on failure), and its removal
 * with whatever killed portfolio jobs left in it. */
char *c_exec_tmpdir(void);
void c_exec_tmpdir_remove(char *dir);
#endif
