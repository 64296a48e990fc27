/* The AIGER reader, ASCII and binary: rejects with a position (line and
 * column, or a byte offset in the binary and-gate section). */
#include "fuzz.h"
#include "lang/hw/aiger.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  aig g;
  aiger_diag d;
  if (aiger_read_string((const char *)data, size, FUZZ_NAME, &g, &d)) aig_free(&g);
  else fuzz_positioned(d.message);
  fuzz_done();
  return 0;
}
