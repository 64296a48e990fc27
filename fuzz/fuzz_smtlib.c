/* The SMT-LIB reader: every command is either read or the script is
 * rejected with a position; every asserted term prints to a text that
 * parses back (in the same scope) to the same term (hash-consing makes
 * that term identity). */
#include "fuzz.h"
#include "core/smtlib.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  smtlib_parser *p = smtlib_new_string(FUZZ_NAME, text, size);
  if (!p) abort();
  smtlib_cmd c;
  smtlib_status st;
  while ((st = smtlib_next(p, &c)) == SMTLIB_OK) {
    if (c.kind != SMTLIB_ASSERT || c.term == NULL_TERM) continue;
    char *printed = term_to_string(c.term);
    term_t back = smtlib_parse_term(p, printed);
    if (back != c.term) fuzz_fail("printed term does not parse back to itself", printed);
    free(printed);
  }
  if (st == SMTLIB_ERROR) fuzz_positioned(smtlib_error(p));
  smtlib_free(p);
  free(text);
  fuzz_done();
  return 0;
}
