/* The CFA reader: rejects with a position, or reads a model whose
 * statements print (the CFA language has no printer of its own syntax yet,
 * so no round trip; see docs/STATUS-reliability.md). */
#include "fuzz.h"
#include "ir/cfa.h"
#include "lang/cfa/cfa_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), err[1024];
  cfa c;
  if (!cfa_parse(FUZZ_NAME, text, size, &c, err, sizeof err)) {
    fuzz_positioned(err);
  } else {
    char *dump = NULL;
    FUZZ_PRINT(dump, cfa_print(out, &c));
    free(dump);
    cfa_free(&c);
  }
  free(text);
  fuzz_done();
  return 0;
}
