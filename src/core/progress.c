#include "core/progress.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "core/limits.h"

static progress_fn hook;
static void *hook_user;
static int level;

void progress_set(progress_fn fn, void *user, int verbose) {
  hook = fn;
  hook_user = user;
  level = verbose;
}

int progress_verbose(void) { return level; }

static void say(const char *fmt, va_list ap) {
  char line[2048];
  vsnprintf(line, sizeof line, fmt, ap);
  size_t n = strlen(line);
  while (n > 0 && line[n - 1] == '\n') line[--n] = 0;
  if (hook) hook(hook_user, line);
  else fprintf(stderr, "%s\n", line);
}

void progress_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say(fmt, ap);
  va_end(ap);
}

void progress_tick(const char *fmt, ...) {
  static double last = -1;
  if (!level) return;
  double now = limits_now();
  if (level < 2 && last >= 0 && now - last < 1.0) return;
  last = now;
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  progress_say("%s (%.1f s CPU)", line, (double)clock() / CLOCKS_PER_SEC);
}
