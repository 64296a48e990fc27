/* The C front end (libclang and the lowering to a CFA): any text is
 * rejected with a position, lowered, or answered as outside the fragment;
 * never a crash, a leak or a hang. */
#include <unistd.h>
#include "core/options.h"
#include "fuzz.h"
#include "lang/c/c_lower.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char dir[] = "/tmp/zeta-fuzz-c-XXXXXX", path[64];
  if (!mkdtemp(dir)) return 0;
  snprintf(path, sizeof path, "%s/" FUZZ_NAME, dir);
  FILE *f = fopen(path, "wb");
  if (!f) return 0;
  fwrite(data, 1, size, f);
  fclose(f);
  zeta_options o;
  options_defaults(&o);
  c_program p;
  diag d = {0};
  if (!c_lower(path, &o, &p, &d)) {
    /* libclang names the file as given: check the position after the folder */
    size_t n = strlen(dir) + 1;
    fuzz_positioned(strncmp(d.message, path, n) == 0 ? d.message + n : d.message);
  }
  c_program_free(&p);
  unlink(path);
  rmdir(dir);
  fuzz_done();
  return 0;
}
