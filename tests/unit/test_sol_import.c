/* sol_import: plain imports put before the importing file (each once),
 * lines mapped back per file. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "lang/sol/sol_import.h"

static char dir[] = "/tmp/zeta-sol-import-XXXXXX";

static void put_file(const char *name, const char *text) {
  char p[128];
  snprintf(p, sizeof p, "%s/%s", dir, name);
  FILE *f = fopen(p, "w");
  fputs(text, f);
  fclose(f);
}

static void test_flatten(void) {
  put_file("a.sol", "// SPDX-License-Identifier: MIT\ncontract A {}\n");
  put_file("b.sol", "import \"./a.sol\";\ncontract B is A {}");
  const char *main = "// SPDX-License-Identifier: MIT\nimport \"./b.sol\";\nimport './a.sol';\ncontract C is B {}\n";
  char path[128], err[256];
  snprintf(path, sizeof path, "%s/c.sol", dir);
  size_t n = 0;
  sol_part *parts;
  uint32_t np;
  char *f = sol_flatten(path, main, strlen(main), &n, &parts, &np, err, sizeof err);
  CHECK(f != NULL && np == 3);
  if (!f) return;
  /* a (SPDX blanked), then b (its import blanked), then the main file */
  CHECK(strstr(f, "contract A") < strstr(f, "contract B") && strstr(f, "contract B") < strstr(f, "contract C"));
  const char *sp = strstr(f, "SPDX");
  CHECK(sp && !strstr(sp + 1, "SPDX") && sp > strstr(f, "contract B"));   /* the main file's only */
  CHECK(strstr(f, "import") == NULL);
  CHECK(parts[0].line == 1 && parts[1].line == 3 && parts[2].line == 5);
  unsigned line = 4;
  CHECK(strstr(sol_part_of(path, parts, np, &line), "b.sol") && line == 2);
  line = 8;
  CHECK(strcmp(sol_part_of(path, parts, np, &line), path) == 0 && line == 4);
  char msg[300];
  snprintf(msg, sizeof msg, "%s:2:5: TypeError: x\n", path);
  char *m = sol_part_remap(path, parts, np, msg);
  CHECK(strstr(m, "a.sol:2:5: TypeError: x\n") != NULL);
  free(m);
  free(f);
  sol_parts_free(parts, np);
  /* no imports: nothing to do; a missing file: its directive's position */
  CHECK(sol_flatten(path, "contract D {}\n", 14, &n, &parts, &np, err, sizeof err) == NULL && err[0] == 0);
  const char *bad = "pragma solidity >=0.7.0;\nimport \"./none.sol\";\n";
  CHECK(sol_flatten(path, bad, strlen(bad), &n, &parts, &np, err, sizeof err) == NULL && strstr(err, "c.sol:2:1: ParserError"));
  /* not the plain form: left to solc */
  const char *alias = "import \"./a.sol\" as X;\n";
  CHECK(sol_flatten(path, alias, strlen(alias), &n, &parts, &np, err, sizeof err) == NULL && err[0] == 0);
}

int main(void) {
  if (!mkdtemp(dir)) return 1;
  RUN(test_flatten);
  char cmd[200];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) return 1;
  return CHECK_DONE();
}
