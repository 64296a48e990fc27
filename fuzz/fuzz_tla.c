/* The TLA+ reader above tree-sitter: zeta's syntax tree, the module with
 * what it extends and instantiates, and the TLC model configuration. An
 * input is a module, optionally followed by a line "@@CFG@@" and the .cfg
 * text (without one: INIT Init, NEXT Next, INVARIANT Inv). It is rejected
 * with a position (in the module or in the .cfg) or loads; a loaded model
 * then has its first initial states and their successors evaluated under
 * a short deadline (errors there are the checker's UNKNOWN, not checked
 * here): never a crash, a leak or a hang. */
#include <unistd.h>
#include "fuzz.h"
#include "core/diag.h"
#include "lang/tla/tla_model.h"

#define CFG_MARK "\n@@CFG@@\n"
#define FIXED_CFG "INIT Init\nNEXT Next\nINVARIANT Inv\n"
#define MAX_STATES 64

static bool write_file(const char *path, const char *text, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  fwrite(text, 1, len, f);
  fclose(f);
  return true;
}

/* Messages name the module "DIR/fuzz-input" or the cfg "DIR/fuzz-input.cfg":
 * either followed by line and column. */
static void check_positioned(const char *msg, const char *dir) {
  size_t n = strlen(dir);
  if (!msg || strncmp(msg, dir, n) != 0 || msg[n] != '/') fuzz_fail("error without the file name", msg);
  const char *p = msg + n + 1;
  size_t k = strlen(FUZZ_NAME);
  if (strncmp(p, FUZZ_NAME, k) != 0) fuzz_fail("error without the file name", msg);
  if (strncmp(p + k, ".cfg", 4) == 0) {
    char buf[1200];
    snprintf(buf, sizeof buf, "%s%s", FUZZ_NAME, p + k + 4);
    fuzz_positioned(buf);
  } else {
    fuzz_positioned(p);
  }
}

typedef struct {
  const tla_val *s[MAX_STATES];
  size_t n;
} states;

static bool keep(void *data, const tla_val *s) {
  states *st = data;
  if (st->n < MAX_STATES) st->s[st->n++] = s;
  return st->n < MAX_STATES;
}

static bool ignore(void *data, const tla_val *s) {
  size_t *n = data;
  (void)s;
  return ++*n < MAX_STATES;
}

/* Evaluation: initial states, their successors and invariants. */
static void evaluate(tla_model *m) {
  zeta_limits lim = limits_from_timeout(0.5);
  tla_set_limits(m, &lim);
  states init = {.n = 0};
  if (!tla_initial_states(m, keep, &init)) return;
  for (size_t i = 0; i < init.n; i++) {
    if (tla_violated(m, init.s[i]) == -2) return;
    size_t succ = 0;
    if (!tla_successors(m, init.s[i], ignore, &succ)) return;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  char dir[] = "/tmp/zeta-fuzz-tla-XXXXXX", path[64], cfg[64];
  if (!mkdtemp(dir)) abort();
  snprintf(path, sizeof path, "%s/" FUZZ_NAME, dir);
  snprintf(cfg, sizeof cfg, "%s/" FUZZ_NAME ".cfg", dir);
  char *mark = strstr(text, CFG_MARK);
  size_t mlen = mark ? (size_t)(mark - text) + 1 : size;
  const char *ctext = mark ? mark + strlen(CFG_MARK) : FIXED_CFG;
  size_t clen = mark ? size - (size_t)(ctext - text) : strlen(FIXED_CFG);
  if (!write_file(path, text, mlen) || !write_file(cfg, ctext, clen)) abort();
  tla_load_opts lo = {.config = cfg, .check_deadlock = -1};
  diag d = {0};
  tla_model *m = tla_model_load(path, &lo, &d);
  if (getenv("FUZZ_VERBOSE")) fprintf(stderr, "fuzz: %s\n", m ? "loaded" : d.message);
  if (!m) check_positioned(d.message, dir);
  else evaluate(m);
  tla_model_free(m);
  unlink(path);
  unlink(cfg);
  rmdir(dir);
  free(text);
  fuzz_done();
  return 0;
}
