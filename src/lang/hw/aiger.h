/* AIGER 1.9 reader, ASCII ("aag") and binary ("aig") formats.
 *
 * Reads inputs, latches with reset values, outputs, bad-state properties and
 * invariant constraints; justice and fairness properties are rejected.
 * Errors say "file:line:column: what was expected" (for the binary and-gate
 * section: "file: byte N: ..."). */
#ifndef ZETA_FRONTEND_AIGER_H
#define ZETA_FRONTEND_AIGER_H
#include <stddef.h>
#include "lang/hw/aig.h"

typedef struct { char message[512]; } aiger_diag;

/* Returns false (g left empty) and fills d on malformed input. */
bool aiger_read_file(const char *path, aig *g, aiger_diag *d);
/* name is the file name used in diagnostics. */
bool aiger_read_string(const char *text, size_t len, const char *name, aig *g, aiger_diag *d);
#endif
