/* The Solidity reader after solc: zeta's reading of solc's AST JSON and the
 * lowering to Horn clauses, on mutated AST JSON (solc itself is not run).
 * The JSON is rejected with a position, or the lowering gives up with
 * "unsupported: ...", or it gives clauses that print (chc_write, also
 * `zeta --export chc`) to a script the Horn-clause reader re-reads; never
 * a crash, a leak or a hang. */
#include "fuzz.h"
#include "lang/chc/chc_parser.h"
#include "lang/sol/sol_lower.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *json = fuzz_text(data, size);
  diag d = {0};
  sol_ast *a = sol_ast_from_json(FUZZ_NAME, NULL, 0, json, &d);
  if (!a) {
    fuzz_positioned(d.message);
  } else {
    sol_chc sc;
    char *err = NULL;
    bool lowered = sol_lower(a, NULL, false, NULL, &sc, &err);
    if (getenv("FUZZ_VERBOSE")) fprintf(stderr, "fuzz: %s\n", lowered ? "lowered" : sc.unsupported);
    if (lowered) {
      char *w = NULL, *msg = NULL;
      FUZZ_PRINT(w, chc_write(out, &sc.sys));
      chc_system s2;
      chc_init(&s2);
      if (chc_parse_string(FUZZ_NAME, w, &s2, &msg) != CHC_PARSE_OK) fuzz_fail("the clauses written do not re-read", msg);
      chc_free(&s2);
      free(w), free(msg);
    } else if (!sc.unsupported || strncmp(sc.unsupported, "unsupported: ", 13) != 0) {
      fuzz_fail("lowering failed without saying why", err);
    }
    free(err);
    sol_chc_free(&sc);
    sol_ast_free(a);
  }
  free(json);
  fuzz_done();
  return 0;
}
