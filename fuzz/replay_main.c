/* Runs a harness once on every file named on the command line (without
 * libFuzzer): the regression inputs under make check. */
#include <stdio.h>
#include <stdlib.h>
#include "fuzz.h"

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) { perror(argv[i]); return 2; }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
      n += k;
      if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) return 3;
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
  }
  return 0;
}
