/* The Horn-clause reader: rejects with a position, or writes back
 * (chc_write) to a script that re-reads and writes to the same text. */
#include "fuzz.h"
#include "ir/chc.h"
#include "lang/chc/chc_parser.h"

static char *write_chc(const chc_system *s) {
  char *buf = NULL;
  FUZZ_PRINT(buf, chc_write(out, s));
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *msg = NULL;
  chc_system s;
  chc_init(&s);
  chc_parse_status st = chc_parse_string(FUZZ_NAME, text, &s, &msg);
  if (st == CHC_PARSE_OK) {
    char *w1 = write_chc(&s);
    chc_system s2;
    chc_init(&s2);
    char *msg2 = NULL;
    if (chc_parse_string(FUZZ_NAME, w1, &s2, &msg2) != CHC_PARSE_OK) fuzz_fail("written clauses do not re-read", msg2);
    char *w2 = write_chc(&s2);
    if (strcmp(w1, w2) != 0) fuzz_fail("round trip changed the clauses", w2);
    free(w1), free(w2);
    chc_free(&s2);
  } else if (st != CHC_PARSE_NOT_HORN) {
    fuzz_positioned(msg);
  }
  free(msg);
  chc_free(&s);
  free(text);
  fuzz_done();
  return 0;
}
