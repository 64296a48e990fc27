/* Whole-file reading for front ends that parse from memory. */
#ifndef ZETA_CORE_FILE_H
#define ZETA_CORE_FILE_H
#include <stddef.h>

/* The contents of path, NUL-terminated (the terminator is not counted in
 * *len); NULL with "path: cannot open: reason" or "path: read error" in err
 * on failure. Caller frees. */
char *file_read_all(const char *path, size_t *len, char *err, size_t errlen);
#endif
