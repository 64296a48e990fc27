/* C's integer semantics as terms: the integer types (width, signedness,
 * conversion rank), integer promotion and the usual arithmetic conversions
 * (C11 6.3.1), and every integer operator with the condition under which it
 * is undefined (signed overflow, division by zero, shift counts out of
 * range). Two encodings: bit-vectors of the type's width (exact), or
 * mathematical integers (--c-int math: values stay in the type's range
 * through explicit wrap-around for unsigned types and conversions; signed
 * overflow is undefined behaviour in both; bitwise operators only on
 * constants and shifts only by constants). Free of libclang, so unit tests
 * check it on constants with the term evaluator. */
#ifndef ZETA_LANG_C_SEM_H
#define ZETA_LANG_C_SEM_H
#include <stdbool.h>
#include <stdint.h>
#include "core/term.h"

/* An integer type: rank orders _Bool < char < short < int < long < long long. */
typedef enum { C_RANK_BOOL, C_RANK_CHAR, C_RANK_SHORT, C_RANK_INT, C_RANK_LONG, C_RANK_LLONG, C_RANK_128 } c_rank;
typedef struct {
  uint32_t width;
  bool is_signed;
  c_rank rank;
} c_int;

static inline c_int c_int_make(c_rank rank, uint32_t width, bool is_signed) { return (c_int){width, is_signed, rank}; }
extern const c_int c_int_int, c_int_uint, c_int_bool;   /* int is 32 bits in ILP32 and LP64 */
bool c_int_equal(c_int a, c_int b);
/* The C spelling of an integer type. */
const char *c_type_name(c_int t);

c_int c_promote(c_int t);
c_int c_usual_conversions(c_int a, c_int b);

typedef enum {
  C_ADD, C_SUB, C_MUL, C_DIV, C_REM, C_SHL, C_SHR, C_BAND, C_BOR, C_BXOR,
  C_LT, C_GT, C_LE, C_GE, C_EQ, C_NE,
} c_binop;
typedef enum { C_NEG, C_BNOT } c_unop;

/* The sort of a value of type t. */
type_t c_sem_sort(c_int t, bool math);
/* The constant v of type t (wrapped into t's range). */
term_t c_sem_const(c_int t, const mpz_t v, bool math);
term_t c_sem_const_si(c_int t, long v, bool math);
/* Bool: the value range of t (math; true for bit-vectors). */
term_t c_sem_range(term_t v, c_int t, bool math);
/* Conversion of v from type from to type to (C11 6.3.1.2-3; narrowing to a
 * signed type wraps, as GCC and Clang define it). */
term_t c_sem_convert(term_t v, c_int from, c_int to, bool math);
/* Bool: v != 0. */
term_t c_sem_truth(term_t v, c_int t, bool math);
/* Bool to the int 0/1. */
term_t c_sem_from_bool(term_t b, bool math);
/* a op b for operands already converted to t (shifts: a of the promoted
 * left type t, b of the promoted right type bt). *ub receives the Bool
 * condition of undefined behaviour (false when none). Comparisons return
 * Bool. NULL_TERM: not expressible in this encoding (math: bitwise
 * operators on non-constants, shifts by non-constants). */
term_t c_sem_binary(c_binop op, term_t a, term_t b, c_int t, c_int bt, bool math, term_t *ub);
term_t c_sem_unary(c_unop op, term_t a, c_int t, bool math, term_t *ub);
/* The value of a literal term of type t as a C number (signed types read
 * in two's complement). */
void c_sem_value(term_t lit, c_int t, mpz_t out);
#endif
