/* C's integer semantics (src/lang/c/c_sem.h): promotion, the usual
 * arithmetic conversions, conversions between types and every operator
 * with its undefined behaviour, in both encodings (bit-vectors and
 * mathematical integers), evaluated on constants. */
#include <limits.h>
#include <string.h>
#include "check.h"
#include "lang/c/c_sem.h"

static const c_int SCHAR = {8, true, C_RANK_CHAR}, UCHAR = {8, false, C_RANK_CHAR}, SHORT = {16, true, C_RANK_SHORT},
                   USHORT = {16, false, C_RANK_SHORT}, INT = {32, true, C_RANK_INT}, UINT = {32, false, C_RANK_INT},
                   LONG32 = {32, true, C_RANK_LONG}, ULONG32 = {32, false, C_RANK_LONG}, LONG64 = {64, true, C_RANK_LONG},
                   LLONG = {64, true, C_RANK_LLONG}, ULLONG = {64, false, C_RANK_LLONG}, BOOL = {1, false, C_RANK_BOOL};

static long value(term_t t, c_int ty) {
  term_t v = term_eval(t, 0, NULL, NULL);
  if (v == NULL_TERM) return LONG_MIN;
  mpz_t z;
  mpz_init(z);
  c_sem_value(v, ty, z);
  long r = mpz_fits_slong_p(z) ? mpz_get_si(z) : LONG_MIN + 1;
  mpz_clear(z);
  return r;
}

static int truth(term_t t) {
  term_t v = term_eval(t, 0, NULL, NULL);
  return v == NULL_TERM ? -1 : term_is_true(v);
}

static void test_promotion(void) {
  CHECK(c_int_equal(c_promote(SCHAR), INT));
  CHECK(c_int_equal(c_promote(UCHAR), INT));
  CHECK(c_int_equal(c_promote(USHORT), INT));
  CHECK(c_int_equal(c_promote(BOOL), INT));
  CHECK(c_int_equal(c_promote(UINT), UINT));
  CHECK(c_int_equal(c_promote(LONG32), LONG32));
}

/* The spellings the execution check's harness and the witnesses print. */
static void test_type_names(void) {
  CHECK(strcmp(c_type_name(BOOL), "_Bool") == 0);
  CHECK(strcmp(c_type_name(SCHAR), "signed char") == 0);
  CHECK(strcmp(c_type_name(USHORT), "unsigned short") == 0);
  CHECK(strcmp(c_type_name(INT), "int") == 0);
  CHECK(strcmp(c_type_name(ULONG32), "unsigned int") == 0);
  CHECK(strcmp(c_type_name(LONG64), "long long") == 0);
  CHECK(strcmp(c_type_name(ULLONG), "unsigned long long") == 0);
}

static void test_usual_conversions(void) {
  CHECK(c_int_equal(c_usual_conversions(INT, UINT), UINT));
  CHECK(c_int_equal(c_usual_conversions(UCHAR, INT), INT));
  CHECK(c_int_equal(c_usual_conversions(SHORT, USHORT), INT));
  CHECK(c_int_equal(c_usual_conversions(LONG32, UINT), ULONG32));   /* ILP32: long cannot hold every unsigned */
  CHECK(c_int_equal(c_usual_conversions(LONG64, UINT), LONG64));    /* LP64 */
  CHECK(c_int_equal(c_usual_conversions(LLONG, UINT), LLONG));
  CHECK(c_int_equal(c_usual_conversions(ULLONG, LLONG), ULLONG));
  CHECK(c_int_equal(c_usual_conversions(UCHAR, UCHAR), INT));
}

static void test_conversions(void) {
  for (int m = 0; m < 2; m++) {
    bool math = m;
    CHECK(value(c_sem_convert(c_sem_const_si(INT, -1, math), INT, UCHAR, math), UCHAR) == 255);
    CHECK(value(c_sem_convert(c_sem_const_si(INT, 300, math), INT, UCHAR, math), UCHAR) == 44);
    CHECK(value(c_sem_convert(c_sem_const_si(UINT, 4294967295L, math), UINT, INT, math), INT) == -1);
    CHECK(value(c_sem_convert(c_sem_const_si(INT, -1, math), INT, ULLONG, math), ULLONG) == LONG_MIN + 1);   /* 2^64-1 */
    CHECK(value(c_sem_convert(c_sem_const_si(INT, 5, math), INT, BOOL, math), BOOL) == 1);
    CHECK(value(c_sem_convert(c_sem_const_si(INT, 0, math), INT, BOOL, math), BOOL) == 0);
    CHECK(value(c_sem_convert(c_sem_const_si(SCHAR, -1, math), SCHAR, INT, math), INT) == -1);
    CHECK(value(c_sem_convert(c_sem_const_si(UCHAR, 255, math), UCHAR, INT, math), INT) == 255);
    CHECK(value(c_sem_convert(c_sem_const_si(INT, 40000, math), INT, SHORT, math), SHORT) == 40000 - 65536);
    CHECK(value(c_sem_convert(c_sem_const_si(INT, -2, math), INT, UINT, math), UINT) == 4294967294L);
    /* unsigned char compound assignment: uc += 1 at 255 computes in int, then wraps */
    c_int t = c_usual_conversions(UCHAR, INT);
    term_t ub, s = c_sem_binary(C_ADD, c_sem_convert(c_sem_const_si(UCHAR, 255, math), UCHAR, t, math),
                                c_sem_const_si(INT, 1, math), t, t, math, &ub);
    CHECK(truth(ub) == 0);
    CHECK(value(c_sem_convert(s, t, UCHAR, math), UCHAR) == 0);
    /* signed/unsigned comparison: -1 < 1u is false (both unsigned) */
    t = c_usual_conversions(INT, UINT);
    term_t lt = c_sem_binary(C_LT, c_sem_convert(c_sem_const_si(INT, -1, math), INT, t, math), c_sem_const_si(UINT, 1, math), t,
                             t, math, &ub);
    CHECK(truth(lt) == 0);
    lt = c_sem_binary(C_LT, c_sem_const_si(INT, -1, math), c_sem_const_si(INT, 1, math), INT, INT, math, &ub);
    CHECK(truth(lt) == 1);
  }
}

/* op on two ints: the value and whether it is undefined */
static long bin(c_binop op, long a, long b, c_int t, bool math, int *ub) {
  term_t u, r = c_sem_binary(op, c_sem_const_si(t, a, math), c_sem_const_si(t, b, math), t, t, math, &u);
  *ub = truth(u);
  if (r == NULL_TERM) return LONG_MIN + 2;
  return op >= C_LT ? truth(r) : value(r, t);
}

static void test_operators(void) {
  for (int m = 0; m < 2; m++) {
    bool math = m;
    int ub;
    CHECK(bin(C_ADD, 2, 3, INT, math, &ub) == 5 && ub == 0);
    bin(C_ADD, INT_MAX, 1, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_ADD, 4294967295L, 1, UINT, math, &ub) == 0 && ub == 0);
    CHECK(bin(C_SUB, 0, 1, UINT, math, &ub) == 4294967295L && ub == 0);
    bin(C_SUB, INT_MIN, 1, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_SUB, -3, 4, INT, math, &ub) == -7 && ub == 0);
    CHECK(bin(C_MUL, -6, 7, INT, math, &ub) == -42 && ub == 0);
    bin(C_MUL, 65536, 65536, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_MUL, 65536, 65536, UINT, math, &ub) == 0 && ub == 0);
    CHECK(bin(C_DIV, -7, 2, INT, math, &ub) == -3 && ub == 0);
    CHECK(bin(C_DIV, 7, -2, INT, math, &ub) == -3 && ub == 0);
    CHECK(bin(C_REM, -7, 2, INT, math, &ub) == -1 && ub == 0);
    CHECK(bin(C_REM, 7, -2, INT, math, &ub) == 1 && ub == 0);
    bin(C_DIV, 1, 0, INT, math, &ub);
    CHECK(ub == 1);
    bin(C_REM, 1, 0, UINT, math, &ub);
    CHECK(ub == 1);
    bin(C_DIV, INT_MIN, -1, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_DIV, 4294967295L, 2, UINT, math, &ub) == 2147483647L && ub == 0);
    CHECK(bin(C_SHL, 1, 4, INT, math, &ub) == 16 && ub == 0);
    bin(C_SHL, 1, 31, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_SHL, 1, 31, UINT, math, &ub) == 2147483648L && ub == 0);
    bin(C_SHL, 1, 32, UINT, math, &ub);
    CHECK(ub == 1);
    bin(C_SHL, -1, 1, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_SHR, -8, 1, INT, math, &ub) == -4 && ub == 0);
    CHECK(bin(C_SHR, 4294967288L, 1, UINT, math, &ub) == 2147483644L && ub == 0);
    bin(C_SHR, 8, -1, INT, math, &ub);
    CHECK(ub == 1);
    CHECK(bin(C_BAND, 12, 10, INT, math, &ub) == 8);
    CHECK(bin(C_BOR, 12, 10, INT, math, &ub) == 14);
    CHECK(bin(C_BXOR, 12, 10, INT, math, &ub) == 6);
    CHECK(bin(C_BAND, -1, 255, INT, math, &ub) == 255);
    CHECK(bin(C_LT, -1, 1, INT, math, &ub) == 1);
    CHECK(bin(C_LT, 4294967295L, 1, UINT, math, &ub) == 0);
    CHECK(bin(C_GT, 3, 2, INT, math, &ub) == 1);
    CHECK(bin(C_LE, 2, 2, INT, math, &ub) == 1);
    CHECK(bin(C_GE, 1, 2, INT, math, &ub) == 0);
    CHECK(bin(C_EQ, 7, 7, INT, math, &ub) == 1);
    CHECK(bin(C_NE, 7, 7, INT, math, &ub) == 0);
    term_t u;
    CHECK(value(c_sem_unary(C_NEG, c_sem_const_si(INT, 5, math), INT, math, &u), INT) == -5 && truth(u) == 0);
    c_sem_unary(C_NEG, c_sem_const_si(INT, INT_MIN, math), INT, math, &u);
    CHECK(truth(u) == 1);
    CHECK(value(c_sem_unary(C_NEG, c_sem_const_si(UINT, 1, math), UINT, math, &u), UINT) == 4294967295L && truth(u) == 0);
    CHECK(value(c_sem_unary(C_BNOT, c_sem_const_si(INT, 0, math), INT, math, &u), INT) == -1);
    CHECK(value(c_sem_unary(C_BNOT, c_sem_const_si(UINT, 0, math), UINT, math, &u), UINT) == 4294967295L);
    CHECK(truth(c_sem_truth(c_sem_const_si(INT, 0, math), INT, math)) == 0);
    CHECK(value(c_sem_from_bool(term_true(), math), INT) == 1);
  }
  /* the math encoding: bitwise operators with a constant operand (x & 1
   * is x's low bit, x | -8 of x = 1 is -7), none between two unbounded
   * variables */
  term_t u, x = term_var("x", type_int());
  term_t low = c_sem_binary(C_BAND, x, term_int(1), INT, INT, true, &u);
  CHECK(low != NULL_TERM && term_eval(low, 1, &x, (term_t[]){term_int(-3)}) == term_int(1));
  term_t neg = c_sem_binary(C_BOR, x, term_int(-8), INT, INT, true, &u);
  CHECK(neg != NULL_TERM && term_eval(neg, 1, &x, (term_t[]){term_int(1)}) == term_int(-7));
  CHECK(c_sem_binary(C_BAND, x, term_var("y", type_int()), INT, INT, true, &u) == NULL_TERM);
  CHECK(truth(c_sem_range(term_int(128), SCHAR, true)) == 0);
  CHECK(truth(c_sem_range(term_int(-128), SCHAR, true)) == 1);
}

int main(void) {
  RUN(test_promotion);
  RUN(test_type_names);
  RUN(test_usual_conversions);
  RUN(test_conversions);
  RUN(test_operators);
  return CHECK_DONE();
}
