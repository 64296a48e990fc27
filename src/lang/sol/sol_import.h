/* Imports of a Solidity file (`import "./X.sol";`, the plain form only):
 * the imported files are put before the importing one (bases must
 * precede derived contracts), each once, so that solc, the annotation
 * instrumentation and the lowering see one source unit. Each file keeps
 * its lines and columns (directives and SPDX lines blanked) and is
 * remembered as a part by its first line, so that positions map back to
 * the file they come from. */
#ifndef ZETA_LANG_SOL_IMPORT_H
#define ZETA_LANG_SOL_IMPORT_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
  unsigned line;   /* first line of the part in the flattened text */
  char *name;      /* its file's path (the last part is the main file) */
} sol_part;

/* The flattened text of path (text: its content) when it has plain
 * imports, NULL when it has none; *parts (malloc'd) the files in order.
 * An import that cannot be read: NULL with err filled ("path:line:col: ..."). */
char *sol_flatten(const char *path, const char *text, size_t len, size_t *out_len, sol_part **parts, uint32_t *nparts,
                  char *err, size_t nerr);
/* The file of flattened line *line (parts sorted by line) and its line there. */
const char *sol_part_of(const char *main, const sol_part *parts, uint32_t nparts, unsigned *line);
/* msg with every "main:L:C:" at a line start rewritten to the part's file
 * and line (malloc'd). */
char *sol_part_remap(const char *main, const sol_part *parts, uint32_t nparts, const char *msg);
void sol_parts_free(sol_part *parts, uint32_t nparts);
#endif
