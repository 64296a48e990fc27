/* What every reader harness shares. A harness feeds one input to a reader
 * and checks more than "no crash": the reader either rejects the input with
 * a positioned error ("NAME:line:column: ..." or, for binary formats,
 * "NAME: byte N: ...") or returns a model that, where the format has a
 * printer, prints back and re-reads to the same model. A violation aborts,
 * so that libFuzzer keeps the input.
 *
 * Built two ways: with clang -fsanitize=fuzzer (make fuzz: coverage-guided
 * runs) and with the ordinary compiler plus replay_main.c, which runs the
 * harness once on each file it is given (replay_main.c) (the regression inputs in
 * fuzz/regressions/ under make check). */
#ifndef ZETA_FUZZ_H
#define ZETA_FUZZ_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/term.h"

#define FUZZ_NAME "fuzz-input"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (caller frees). */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = 0;
  return s;
}

static inline void fuzz_fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz: %s: %s\n", what, detail ? detail : "(null)");
  abort();
}

/* The message starts with the input's name and a position. */
static inline void fuzz_positioned(const char *msg) {
  size_t n = strlen(FUZZ_NAME);
  if (!msg || strncmp(msg, FUZZ_NAME ":", n + 1) != 0) fuzz_fail("error without the file name", msg);
  const char *p = msg + n + 1;
  unsigned long line, col;
  char c;
  if (sscanf(p, "%lu:%lu%c", &line, &col, &c) == 3 && c == ':' && line >= 1) return;
  if (sscanf(p, " byte %lu%c", &line, &c) == 2 && c == ':') return;
  fuzz_fail("error without line and column", msg);
}

/* Text printed by print(model) into a malloc'd string. */
#define FUZZ_PRINT(buf, stmt)                                   \
  do {                                                          \
    size_t len_;                                                \
    FILE *out = open_memstream(&(buf), &len_);                  \
    if (!out) abort();                                          \
    stmt;                                                       \
    fclose(out);                                                \
  } while (0)

/* Each input starts from an empty term table. */
static inline void fuzz_done(void) { terms_reset(); }
#endif
