#include "core/progress.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static progress_fn hook;
static void *hook_user;

void progress_set(progress_fn fn, void *user) {
  hook = fn;
  hook_user = user;
}

void progress_say(const char *fmt, ...) {
  char line[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  size_t n = strlen(line);
  while (n > 0 && line[n - 1] == '\n') line[--n] = 0;
  if (hook) hook(hook_user, line);
  else fprintf(stderr, "%s\n", line);
}
