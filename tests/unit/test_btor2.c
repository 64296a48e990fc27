/* BTOR2 reader: operator semantics by direct evaluation of the transition
 * system's terms (term_eval), and diagnostics. */
#include <string.h>
#include "check.h"
#include "lang/hw/btor2_reader.h"

static bool rd(const char *s, btor2_model *m, btor2_diag *d) { return btor2_read_string(s, strlen(s), "t.btor2", m, d); }

/* bad = (op x y) = expected on 8-bit inputs x, y: evaluates the property
 * for the given values (true when the bad state is hit). */
static bool op_is(const char *op, uint64_t x, uint64_t y, uint64_t want) {
  char text[512];
  snprintf(text, sizeof text,
           "1 sort bitvec 8\n2 sort bitvec 1\n3 input 1 x\n4 input 1 y\n5 %s 1 3 4\n6 constd 1 %llu\n"
           "7 eq 2 5 6\n8 bad 7\n", op, (unsigned long long)want);
  btor2_model m;
  btor2_diag d;
  if (!rd(text, &m, &d)) { fprintf(stderr, "%s\n", d.message); return false; }
  ts s;
  btor2_to_ts(&m, 0, &s);
  term_t vars[2] = {s.inputs.data[0], s.inputs.data[1]};
  term_t vals[2] = {term_bv_u64(8, x), term_bv_u64(8, y)};
  term_t p = term_eval(s.prop, 2, vars, vals);
  ts_free(&s);
  btor2_model_free(&m);
  return p != NULL_TERM && term_is_false(p);
}

static void test_operators(void) {
  CHECK(op_is("rol", 0x81, 9, 0x03));
  CHECK(op_is("ror", 0x81, 1, 0xc0));
  CHECK(op_is("rol", 0x81, 0, 0x81));
  CHECK(op_is("sra", 0xf8, 2, 0xfe));
  CHECK(op_is("srl", 0xf8, 2, 0x3e));
  CHECK(op_is("sdiv", 0xf9, 2, 0xfd));     /* -7 / 2 = -3 */
  CHECK(op_is("srem", 0xf9, 2, 0xff));     /* -7 rem 2 = -1 */
  CHECK(op_is("smod", 0xf9, 2, 0x01));     /* -7 mod 2 = 1 */
  CHECK(op_is("udiv", 7, 0, 0xff));
  CHECK(op_is("urem", 7, 0, 7));
  CHECK(op_is("nand", 0xf0, 0x3c, 0xcf));
  CHECK(!op_is("add", 1, 2, 4));
}

static void test_counter_ts(void) {
  btor2_model m;
  btor2_diag d;
  CHECK(rd("1 sort bitvec 4\n2 sort bitvec 1\n3 zero 1\n4 state 1 c\n5 init 1 4 3\n6 inc 1 4\n7 next 1 4 6\n"
           "8 ones 1\n9 eq 2 4 8\n10 bad 9\n", &m, &d));
  ts s;
  ts none;
  CHECK(!btor2_to_ts(&m, 1, &none));
  CHECK(btor2_to_ts(&m, 0, &s));
  term_t c = s.vars.data[0];
  term_t v0 = term_bv_u64(4, 0), v5 = term_bv_u64(4, 5), v6 = term_bv_u64(4, 6), v15 = term_bv_u64(4, 15);
  CHECK(term_is_true(term_eval(s.init, 1, &c, &v0)));
  CHECK(term_is_false(term_eval(s.init, 1, &c, &v5)));
  term_t vars[2] = {c, term_prime(c)}, ok[2] = {v5, v6}, no[2] = {v5, v5};
  CHECK(term_is_true(term_eval(s.trans, 2, vars, ok)));
  CHECK(term_is_false(term_eval(s.trans, 2, vars, no)));
  CHECK(term_is_false(term_eval(s.prop, 1, &c, &v15)));
  ts_free(&s);
  btor2_model_free(&m);
}

static void test_errors(void) {
  btor2_model m;
  btor2_diag d;
  CHECK(!rd("1 sort bitvec 8\n2 input 1\n3 fair 2\n", &m, &d) && strstr(d.message, "t.btor2:3:3:"));
  CHECK(!rd("1 sort bitvec 8\n2 input 1\n3 slice 1 2 9 0\n", &m, &d) && strstr(d.message, "t.btor2:3:"));
  CHECK(!rd("1 sort bitvec 8\n2 input 1\n", &m, &d) && strstr(d.message, "t.btor2:3:1: expected a bad-state property"));
  CHECK(!rd("1 sort bitvec 8\n2 sort array 1 1\n3 input 2\n4 not 2 -3\n", &m, &d) && strstr(d.message, "t.btor2:4:"));
}

int main(void) {
  RUN(test_operators);
  RUN(test_counter_ts);
  RUN(test_errors);
  return CHECK_DONE();
}
