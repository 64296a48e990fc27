/* The VMT reader: rejects with a position, or writes back (ts_write_vmt)
 * to a text that re-reads and writes to the same text. */
#include "fuzz.h"
#include "ir/chc_ts.h"
#include "ir/ts.h"
#include "lang/vmt/vmt.h"

static char *write_vmt(const ts *s) {
  char *buf = NULL;
  FUZZ_PRINT(buf, ts_write_vmt(out, s));
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *msg = NULL;
  ts s;
  if (vmt_read_string(FUZZ_NAME, text, 0, &s, &msg)) {
    char *w1 = write_vmt(&s), *msg2 = NULL;
    ts s2;
    if (!vmt_read_string(FUZZ_NAME, w1, 0, &s2, &msg2)) fuzz_fail("written VMT does not re-read", msg2);
    char *w2 = write_vmt(&s2);
    if (strcmp(w1, w2) != 0) fuzz_fail("round trip changed the system", w2);
    free(w1), free(w2);
    ts_free(&s2);
    ts_free(&s);
  } else {
    fuzz_positioned(msg);
  }
  free(msg);
  free(text);
  fuzz_done();
  return 0;
}
