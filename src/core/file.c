#include "core/file.h"
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

char *file_read_all(const char *path, size_t *len, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0, k;
  char *buf = xmalloc(cap);
  while ((k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += k;
    if (cap - n < 2) XGROW(buf, cap, cap * 2);
  }
  bool failed = ferror(f);
  fclose(f);
  if (failed) {
    free(buf);
    snprintf(err, errlen, "%s: read error", path);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}
