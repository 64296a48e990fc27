/* The CFA reader: rejects with a position, or writes back in the CFA
 * language (cfa_prog_write: programs with procedures too) to a text that
 * re-reads and writes to the same text. */
#include "fuzz.h"
#include "ir/cfa_proc.h"
#include "lang/cfa/cfa_parser.h"

static char *write_cfa(const cfa_prog *c) {
  char *buf = NULL, why[256];
  FUZZ_PRINT(buf, if (!cfa_prog_write(out, c, why, sizeof why)) fuzz_fail("a model read from CFA text cannot be written", why));
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), err[1024];
  cfa_prog c;
  if (!cfa_parse_prog(FUZZ_NAME, text, size, &c, err, sizeof err)) {
    fuzz_positioned(err);
  } else {
    char *w1 = write_cfa(&c);
    cfa_prog c2;
    if (!cfa_parse_prog(FUZZ_NAME, w1, strlen(w1), &c2, err, sizeof err)) fuzz_fail("written CFA does not re-read", err);
    char *w2 = write_cfa(&c2);
    if (strcmp(w1, w2) != 0) fuzz_fail("round trip changed the CFA", w2);
    free(w1), free(w2);
    cfa_prog_free(&c2);
    cfa_prog_free(&c);
  }
  free(text);
  fuzz_done();
  return 0;
}
