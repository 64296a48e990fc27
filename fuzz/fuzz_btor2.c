/* The BTOR2 reader: rejects with a position. */
#include "fuzz.h"
#include "lang/hw/btor2_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  btor2_model m;
  btor2_diag d;
  if (btor2_read_string((const char *)data, size, FUZZ_NAME, &m, &d)) btor2_model_free(&m);
  else fuzz_positioned(d.message);
  fuzz_done();
  return 0;
}
