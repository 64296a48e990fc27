/* BTOR2 reader: sorts (bitvec, array), input, state, init, next, bad,
 * constraint, output and every operator of the format; fair and justice
 * are rejected. Errors say "file:line:column: what was expected". */
#ifndef ZETA_FRONTEND_BTOR2_H
#define ZETA_FRONTEND_BTOR2_H
#include <stddef.h>
#include "lang/hw/btor2.h"

typedef struct { char message[512]; } btor2_diag;

bool btor2_read_file(const char *path, btor2_model *m, btor2_diag *d);
bool btor2_read_string(const char *text, size_t len, const char *name, btor2_model *m, btor2_diag *d);
#endif
