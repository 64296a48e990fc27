/* The concrete Solidity interpreter (lang/sol/sol_exec.h): transaction
 * sequences over small contracts compiled by solc-js. */
#include <string.h>
#include "check.h"
#include "core/alloc.h"
#include "lang/sol/sol_exec.h"

static sol_ast *load(const char *src) {
  diag d = {0};
  sol_ast *a = sol_ast_load_text("t.sol", src, strlen(src), &d);
  if (!a) fprintf(stderr, "load: %s\n", d.message);
  return a;
}

/* a call: fn (NULL = deployment), sender, then name=value pairs */
typedef struct { const char *fn; long sender, value; const char *names[3]; long vals[3]; } call;

static sol_exec_result run(const char *src, const char *contract, const call *cs, uint32_t n) {
  sol_exec_result r;
  memset(&r, 0, sizeof r);
  r.status = SOL_EXEC_UNSUPPORTED;
  sol_ast *a = load(src);
  if (!a) return r;
  sol_exec_tx tx[8];
  for (uint32_t i = 0; i < n; i++) {
    memset(&tx[i], 0, sizeof tx[i]);
    tx[i].fn = cs[i].fn;
    mpz_init_set_si(tx[i].sender, cs[i].sender);
    mpz_init_set_si(tx[i].value, cs[i].value);
    tx[i].argnames = (const char **)cs[i].names;
    tx[i].args = xcalloc(3, sizeof(mpz_t));
    for (uint32_t j = 0; j < 3 && cs[i].names[j]; j++) mpz_init_set_si(tx[i].args[tx[i].nargs++], cs[i].vals[j]);
  }
  sol_exec_run(a, sol_exec_contract(a, contract), tx, n, &r);
  for (uint32_t i = 0; i < n; i++) {
    mpz_clear(tx[i].sender);
    mpz_clear(tx[i].value);
    for (uint32_t j = 0; j < tx[i].nargs; j++) mpz_clear(tx[i].args[j]);
    free(tx[i].args);
  }
  sol_ast_free(a);
  return r;
}

static const char *counter =
  "contract C {\n"
  "  uint8 x;\n"
  "  function inc() public { x = x + 1; }\n"
  "  function dec(uint8 d) public { x -= d; }\n"
  "  function wrap() public { unchecked { x = x + 200; } }\n"
  "  function check(uint8 bound) public view { assert(x < bound); }\n"
  "  function big() public { x = 255; }\n"
  "}\n";

/* three transactions build the state the fourth's assertion rejects */
static void test_multi_tx(void) {
  call cs[] = {{NULL, 1, 0, {0}, {0}}, {"inc", 1, 0, {0}, {0}}, {"inc", 2, 0, {0}, {0}}, {"check", 3, 0, {"bound"}, {2}}};
  sol_exec_result r = run(counter, "C", cs, 4);
  CHECK(r.status == SOL_EXEC_ASSERT);
  CHECK(r.at == 3);
  CHECK(r.line == 6);
  CHECK(r.reverted == -1);
  cs[3].vals[0] = 3;   /* x = 2 < 3 holds */
  r = run(counter, "C", cs, 4);
  CHECK(r.status == SOL_EXEC_OK);
}

/* checked 0.8 arithmetic: an underflow reverts and leaves the state as it was */
static void test_revert_restores(void) {
  call cs[] = {{NULL, 1, 0, {0}, {0}}, {"inc", 1, 0, {0}, {0}}, {"dec", 1, 0, {"d"}, {2}}, {"check", 1, 0, {"bound"}, {1}}};
  sol_exec_result r = run(counter, "C", cs, 4);
  CHECK(r.reverted == 2);
  CHECK(r.status == SOL_EXEC_ASSERT);   /* x is still 1 */
  CHECK(r.at == 3);
}

/* overflow: unchecked wraps (200 + 200 = 144 mod 256), checked reverts (255 + 1) */
static void test_overflow(void) {
  call cs[] = {{NULL, 1, 0, {0}, {0}}, {"wrap", 1, 0, {0}, {0}}, {"wrap", 1, 0, {0}, {0}}, {"check", 1, 0, {"bound"}, {145}}};
  sol_exec_result r = run(counter, "C", cs, 4);
  CHECK(r.status == SOL_EXEC_OK && r.reverted == -1);
  cs[3].vals[0] = 144;
  r = run(counter, "C", cs, 4);
  CHECK(r.status == SOL_EXEC_ASSERT && r.at == 3);
  call ov[] = {{NULL, 1, 0, {0}, {0}}, {"big", 1, 0, {0}, {0}}, {"inc", 1, 0, {0}, {0}}, {"check", 1, 0, {"bound"}, {255}}};
  r = run(counter, "C", ov, 4);
  CHECK(r.reverted == 2);
  CHECK(r.status == SOL_EXEC_ASSERT && r.at == 3);
}

static const char *rich =
  "contract B {\n"
  "  uint internal v;\n"
  "  address owner;\n"
  "  constructor(uint x) { v = x; owner = msg.sender; }\n"
  "  modifier onlyOwner() { require(msg.sender == owner); _; }\n"
  "  function g() internal view virtual returns (uint) { return v; }\n"
  "}\n"
  "contract D is B(2) {\n"
  "  struct S { uint a; uint[] xs; }\n"
  "  mapping(address => S) m;\n"
  "  S[] list;\n"
  "  function g() internal view override returns (uint) { return super.g() + 1; }\n"
  "  function set(uint x) public onlyOwner { v = x; }\n"
  "  function add(uint k) public { S storage s = m[msg.sender]; s.a += k; s.xs.push(k); list.push(s); }\n"
  "  function drop() public { list.pop(); }\n"
  "  function check() public view { assert(g() != 10); }\n"
  "  function sum() public view { uint t; for (uint i = 0; i < list.length; i++) t += list[i].a; assert(t < 5); }\n"
  "  function call(address d) public { D(d).set(1); }\n"
  "}\n";

/* modifiers, inheritance, super, storage pointers, structs, arrays, loops */
static void test_rich(void) {
  call cs[] = {{NULL, 7, 0, {0}, {0}}, {"set", 8, 0, {"x"}, {9}}, {"check", 1, 0, {0}, {0}}};
  sol_exec_result r = run(rich, "D", cs, 3);
  CHECK(r.reverted == 1);   /* not the owner */
  CHECK(r.status == SOL_EXEC_OK);
  cs[1].sender = 7;
  r = run(rich, "D", cs, 3);
  CHECK(r.status == SOL_EXEC_ASSERT && r.at == 2 && r.line == 16);
  call ad[] = {{NULL, 7, 0, {0}, {0}}, {"add", 1, 0, {"k"}, {2}}, {"add", 1, 0, {"k"}, {2}}, {"sum", 1, 0, {0}, {0}}};
  r = run(rich, "D", ad, 4);   /* list holds copies a = 2, then 4: 6 >= 5 */
  CHECK(r.status == SOL_EXEC_ASSERT && r.at == 3 && r.line == 17);
  ad[2].fn = "drop";
  r = run(rich, "D", ad, 4);   /* the list is empty again */
  CHECK(r.status == SOL_EXEC_OK && r.reverted == -1);
  call un[] = {{NULL, 7, 0, {0}, {0}}, {"call", 1, 0, {"d"}, {5}}};
  r = run(rich, "D", un, 2);
  CHECK(r.status == SOL_EXEC_UNSUPPORTED && strstr(r.why, "unknown code") && strstr(r.why, "t.sol:18"));
}

/* unknown code calls back as the sequence says: none, or broken() in the middle of call() */
static void test_callbacks(void) {
  const char *src =
    "interface I { function e() external; }\n"
    "contract C {\n"
    "  bool locked = true;\n"
    "  function call(address t) public { locked = false; I(t).e(); locked = true; }\n"
    "  function broken() public view { assert(locked); }\n"
    "}\n";
  sol_ast *a = load(src);
  CHECK(a != NULL);
  if (!a) return;
  sol_exec_tx tx[3], cb;
  memset(tx, 0, sizeof tx);
  memset(&cb, 0, sizeof cb);
  const char *names[] = {"t"};
  mpz_t args[1];
  mpz_init_set_si(args[0], 5);
  for (int i = 0; i < 3; i++) mpz_init_set_si(tx[i].sender, 1), mpz_init(tx[i].value);
  mpz_init_set_si(cb.sender, 5);
  mpz_init(cb.value);
  cb.fn = "broken";
  tx[1].fn = "call";
  tx[1].nargs = 1;
  tx[1].argnames = names;
  tx[1].args = args;
  tx[2].fn = "broken";
  sol_exec_chain none = {0, NULL}, one = {1, &cb};
  tx[1].nchains = 1;
  tx[1].chains = &none;
  sol_exec_result r;
  sol_exec_run(a, sol_exec_contract(a, "C"), tx, 3, &r);
  CHECK(r.status == SOL_EXEC_OK && r.reverted == -1);   /* nothing called back: locked again */
  tx[1].chains = &one;
  sol_exec_run(a, sol_exec_contract(a, "C"), tx, 2, &r);
  CHECK(r.status == SOL_EXEC_ASSERT && r.at == 1 && r.line == 5);   /* broken() while unlocked */
  tx[1].nchains = 0;
  sol_exec_run(a, sol_exec_contract(a, "C"), tx, 2, &r);
  CHECK(r.status == SOL_EXEC_UNSUPPORTED && strstr(r.why, "unknown code"));
  for (int i = 0; i < 3; i++) mpz_clear(tx[i].sender), mpz_clear(tx[i].value);
  mpz_clear(cb.sender);
  mpz_clear(cb.value);
  mpz_clear(args[0]);
  sol_ast_free(a);
}

/* deep recursion stops with a reason instead of exhausting the C stack */
static void test_deep_recursion(void) {
  const char *src =
    "contract C {\n"
    "  function r(uint n) internal pure returns (uint) { if (n == 0) return 0; return 1 + r(n - 1); }\n"
    "  function f(uint n) public pure { assert(r(n) != 7); }\n"
    "}\n";
  call cs[] = {{NULL, 1, 0, {0}, {0}}, {"f", 1, 0, {"n"}, {100000}}};
  sol_exec_result r = run(src, "C", cs, 2);
  CHECK(r.status == SOL_EXEC_UNSUPPORTED && strstr(r.why, "nesting"));
  cs[1].vals[0] = 7;
  r = run(src, "C", cs, 2);
  CHECK(r.status == SOL_EXEC_ASSERT && r.at == 1 && r.line == 3);
}

int main(void) {
  RUN(test_multi_tx);
  RUN(test_revert_restores);
  RUN(test_overflow);
  RUN(test_rich);
  RUN(test_callbacks);
  RUN(test_deep_recursion);
  return CHECK_DONE();
}
