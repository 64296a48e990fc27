/* The PNML reader (expat, streamed): rejects with a position. */
#include "fuzz.h"
#include "lang/petri/pnml.h"

/* petri_diag keeps the position in fields: require them. */
static void positioned(const petri_diag *d) {
  char msg[700];
  snprintf(msg, sizeof msg, "%s:%lu:%lu: %s", d->file ? d->file : "?", d->line, d->column, d->message);
  if (!d->file || d->line == 0 || d->column == 0) fuzz_fail("error without a position", msg);
  fuzz_positioned(msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  petri_diag d = {0};
  petri_net *n = pnml_read_string((const char *)data, size, FUZZ_NAME, &d);
  if (n) petri_net_free(n);
  else positioned(&d);
  fuzz_done();
  return 0;
}
