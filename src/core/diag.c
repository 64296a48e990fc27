#include "core/diag.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads "file:line[:column]: " at the start of msg. */
static void position(diag *d) {
  d->file[0] = 0;
  d->line = d->column = 0;
  const char *m = d->message;
  for (const char *c = strchr(m, ':'); c; c = strchr(c + 1, ':')) {
    char *end;
    unsigned long line = strtoul(c + 1, &end, 10);
    if (end == c + 1 || (*end != ':')) continue;
    unsigned long col = 0;
    char *end2;
    if (end[1] >= '0' && end[1] <= '9') {
      col = strtoul(end + 1, &end2, 10);
      if (*end2 != ':') col = 0;
    }
    size_t n = (size_t)(c - m);
    if (n == 0 || n >= sizeof d->file) return;
    memcpy(d->file, m, n);
    d->file[n] = 0;
    d->line = (unsigned)line;
    d->column = (unsigned)col;
    return;
  }
}

void diag_set(diag *d, int code, const char *fmt, ...) {
  if (!d) return;
  d->code = code;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->message, sizeof d->message, fmt, ap);
  va_end(ap);
  size_t n = strlen(d->message);
  while (n > 0 && d->message[n - 1] == '\n') d->message[--n] = 0;
  position(d);
}
