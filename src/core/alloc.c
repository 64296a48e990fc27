#include "core/alloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zeta/zeta.h"

static void default_oom(size_t n) {
  fprintf(stderr, "zeta: out of memory (allocating %zu bytes)\n", n);
  exit(ZETA_EXIT_INTERNAL);
}

static alloc_oom_handler oom_handler = default_oom;

void alloc_set_oom_handler(alloc_oom_handler h) { oom_handler = h ? h : default_oom; }

void alloc_fail(size_t n) {
  oom_handler(n);
  exit(ZETA_EXIT_INTERNAL);   /* handlers do not return; just in case */
}

static void *check(void *p, size_t n) {
  if (!p && n) oom_handler(n);
  return p;
}

void *xmalloc(size_t n) { return check(malloc(n ? n : 1), n); }
void *xcalloc(size_t c, size_t s) { return check(calloc(c ? c : 1, s ? s : 1), c * s); }
void *xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1), n); }

char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = xmalloc(n);
  memcpy(d, s, n);
  return d;
}

void xgrow(void **array, size_t elem, size_t *cap, size_t need) {
  if (need <= *cap) return;
  size_t c = *cap ? *cap : 8;
  while (c < need) c *= 2;
  *array = xrealloc(*array, c * elem);
  *cap = c;
}
