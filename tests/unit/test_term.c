/* Unit tests of the term library: hash consing, simplification, literals,
 * traversals, evaluation (with a randomized cross-check against direct
 * integer arithmetic). */
#include <string.h>
#include "check.h"
#include "core/term.h"
#include "core/term_inc.h"
#include "core/term_internal.h"   /* symbol_exists */

static term_t ivar(const char *n) { return term_var(n, type_int()); }
static term_t bvar(const char *n) { return term_var(n, type_bool()); }

static bool prints_as(term_t t, const char *expect) {
  char *s = term_to_string(t);
  bool ok = strcmp(s, expect) == 0;
  if (!ok) fprintf(stderr, "  printed %s, expected %s\n", s, expect);
  free(s);
  return ok;
}

static void test_hash_consing(void) {
  term_t x = ivar("x"), y = ivar("y"), a = bvar("a"), b = bvar("b");
  CHECK(x == ivar("x"));
  CHECK(x != term_var("x", type_real()));
  CHECK(term_and2(a, b) == term_and2(b, a));
  CHECK(term_or2(a, b) == term_or2(b, a));
  CHECK(term_not(term_not(a)) == a);
  CHECK(term_add2(x, y) == term_add2(y, x));
  CHECK(term_eq(x, y) == term_eq(y, x));
  CHECK(type_bv(8) == type_bv(8) && type_bv(8) != type_bv(9));
  CHECK(type_array(type_int(), type_bv(8)) == type_array(type_int(), type_bv(8)));
}

static void test_boolean_simplification(void) {
  term_t a = bvar("a"), b = bvar("b");
  term_t t = term_true(), f = term_false();
  CHECK(term_and2(a, t) == a);
  CHECK(term_and2(a, f) == f);
  CHECK(term_or2(a, t) == t);
  CHECK(term_and2(a, term_not(a)) == f);
  CHECK(term_or2(a, term_not(a)) == t);
  CHECK(term_and2(a, a) == a);
  term_t ab = term_and2(a, b);
  CHECK(term_and2(ab, a) == ab);                 /* flattened, deduplicated */
  CHECK(term_nargs(term_and2(ab, bvar("c"))) == 3);
  CHECK(term_ite(t, a, b) == a && term_ite(f, a, b) == b);
  CHECK(term_ite(bvar("c"), a, a) == a);
  CHECK(term_iff(a, a) == t && term_iff(a, term_not(a)) == f);
  CHECK(term_iff(term_not(a), b) == term_not(term_iff(a, b)));
  CHECK(term_xor(a, b) == term_not(term_iff(a, b)));
  CHECK(term_implies(f, a) == t);
  CHECK(term_eq(ivar("x"), ivar("x")) == t);
}

static void test_arith_simplification(void) {
  term_t x = ivar("x"), y = ivar("y");
  CHECK(term_add2(term_int(2), term_int(3)) == term_int(5));
  CHECK(term_add2(x, term_int(0)) == x);
  CHECK(term_sub(x, x) == term_int(0));
  CHECK(term_sub(term_add2(x, y), y) == x);
  /* 2 * (x + 1) = 2x + 2 */
  term_t lhs = term_mul2(term_int(2), term_add2(x, term_int(1)));
  term_t rhs = term_add2(term_mul2(x, term_int(2)), term_int(2));
  CHECK(lhs == rhs);
  CHECK(term_mul2(x, term_int(0)) == term_int(0));
  CHECK(term_neg(term_neg(x)) == x);
  CHECK(term_le(term_int(1), term_int(2)) == term_true());
  CHECK(term_lt(x, x) == term_false());
  CHECK(term_ge(x, y) == term_le(y, x));
  CHECK(term_idiv(term_int(-7), term_int(2)) == term_int(-4));
  CHECK(term_mod(term_int(-7), term_int(2)) == term_int(1));
  CHECK(term_idiv(term_int(7), term_int(-2)) == term_int(-3));
  CHECK(term_mod(term_int(7), term_int(-2)) == term_int(1));
  /* Int/Real mixing inserts to_real */
  term_t r = term_var("r", type_real());
  CHECK(type_kind_of(term_type(term_add2(x, r))) == TYPE_REAL);
  CHECK(term_add2(x, r) != NULL_TERM);
  CHECK(term_eq(term_int(1), term_to_real(term_int(1))) == term_true());
  CHECK(term_add2(x, bvar("a")) == NULL_TERM && strstr(term_last_error(), "sort"));
}

static void test_literals(void) {
  const char *big = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
  term_t t = term_int_str(big);  /* 2^256 - 1 */
  CHECK(prints_as(t, big));
  CHECK(term_int_str(big) == t);
  CHECK(prints_as(term_int(-5), "(- 5)"));
  mpq_t q;
  mpq_init(q);
  mpq_set_si(q, -1, 3);
  CHECK(prints_as(term_real_mpq(q), "(- (/ 1.0 3.0))"));
  mpq_clear(q);
  mpz_t z;
  mpz_init_set_str(z, big, 10);
  term_t bv = term_bv_mpz(256, z);
  char *s = term_to_string(bv);
  CHECK(strlen(s) == 2 + 64 && strncmp(s, "#xffff", 6) == 0);
  free(s);
  mpz_add_ui(z, z, 1);
  CHECK(term_bv_mpz(256, z) == term_bv_u64(256, 0));  /* taken modulo 2^256 */
  mpz_clear(z);
  CHECK(prints_as(term_bv_u64(3, 5), "#b101"));
  CHECK(prints_as(term_bv_u64(8, 10), "#x0a"));
}

static term_t bv4(int v) { return term_bv_u64(4, (uint64_t)(v & 15)); }

static void test_bitvectors(void) {
  CHECK(term_bvop2(OP_BVADD, bv4(9), bv4(9)) == bv4(2));
  /* SMT-LIB signed division: -7 / 2 */
  CHECK(term_bvop2(OP_BVSDIV, bv4(-7), bv4(2)) == bv4(-3));
  CHECK(term_bvop2(OP_BVSREM, bv4(-7), bv4(2)) == bv4(-1));
  CHECK(term_bvop2(OP_BVSMOD, bv4(-7), bv4(2)) == bv4(1));
  CHECK(term_bvop2(OP_BVSMOD, bv4(7), bv4(-2)) == bv4(-1));
  CHECK(term_bvop2(OP_BVUDIV, bv4(5), bv4(0)) == bv4(15));
  CHECK(term_bvop2(OP_BVUREM, bv4(5), bv4(0)) == bv4(5));
  CHECK(term_bvop2(OP_BVSDIV, bv4(-5), bv4(0)) == bv4(1));
  CHECK(term_bvop2(OP_BVASHR, bv4(-8), bv4(2)) == bv4(-2));
  CHECK(term_bvop2(OP_BVLSHR, bv4(8), bv4(9)) == bv4(0));
  CHECK(term_bvop2(OP_BVSLT, bv4(-1), bv4(0)) == term_true());
  CHECK(term_bvop2(OP_BVULT, bv4(-1), bv4(0)) == term_false());
  CHECK(term_bvop2(OP_BVUGT, bv4(3), bv4(2)) == term_true());
  CHECK(term_bvop2(OP_CONCAT, bv4(1), bv4(2)) == term_bv_u64(8, 0x12));
  CHECK(term_extract(5, 2, term_bv_u64(8, 0xb4)) == bv4(0xd));
  CHECK(term_bv_extend(OP_SIGN_EXTEND, 4, bv4(-2)) == term_bv_u64(8, 0xfe));
  CHECK(term_bv_rotate(OP_ROTATE_LEFT, 1, bv4(9)) == bv4(3));
  CHECK(term_bv_rotate(OP_ROTATE_RIGHT, 1, bv4(3)) == bv4(9));
  CHECK(term_bv_repeat(2, bv4(5)) == term_bv_u64(8, 0x55));
  term_t x = term_var("bx", type_bv(4));
  CHECK(term_bvop2(OP_BVADD, x, term_bv_u64(8, 1)) == NULL_TERM);
  /* self-cancelling and idempotent operators fold (difftest: a guard
     `6 <u (x ^ x)` must be false, not left to the solver) */
  CHECK(term_bvop2(OP_BVXOR, x, x) == bv4(0));
  CHECK(term_bvop2(OP_BVSUB, x, x) == bv4(0));
  CHECK(term_bvop2(OP_BVAND, x, x) == x);
  CHECK(term_bvop2(OP_BVOR, x, x) == x);
  CHECK(term_bvop2(OP_BVULT, bv4(6), term_bvop2(OP_BVXOR, x, x)) == term_false());
  CHECK(type_bv_width(term_type(term_bvop2(OP_CONCAT, x, term_bv_u64(8, 1)))) == 12);
}

static void test_arrays(void) {
  type_t at = type_array(type_int(), type_int());
  term_t a = term_var("arr", at), i = ivar("i");
  term_t s = term_store(a, term_int(1), term_int(10));
  CHECK(term_select(s, term_int(1)) == term_int(10));
  CHECK(term_select(term_store(s, term_int(2), term_int(20)), term_int(1)) == term_int(10));
  CHECK(term_op_of(term_select(s, i)) == OP_SELECT);
  CHECK(term_select(term_const_array(at, term_int(0)), i) == term_int(0));
  CHECK(term_store(s, term_int(1), term_int(11)) == term_store(a, term_int(1), term_int(11)));
  CHECK(prints_as(term_const_array(at, term_int(0)), "((as const (Array Int Int)) 0)"));
}

static void test_zero(void) {
  CHECK(term_zero(type_bool()) == term_false());
  CHECK(term_zero(type_int()) == term_int(0));
  CHECK(term_zero(type_real()) == term_to_real(term_int(0)));
  CHECK(term_zero(type_bv(8)) == term_bv_u64(8, 0));
  type_t at = type_array(type_int(), type_array(type_bv(4), type_bool()));
  CHECK(term_zero(at) == term_const_array(at, term_const_array(type_array_elem(at), term_false())));
  CHECK(term_is_value(term_zero(at)));
}

static void test_indexing_and_subst(void) {
  term_t x = ivar("x"), y = ivar("y");
  term_t t = term_le(x, term_add2(y, term_int(1)));
  term_t p = term_prime(t);
  CHECK(p == term_le(term_var_at(x, 1), term_add2(term_var_at(y, 1), term_int(1))));
  CHECK(term_shift(p, 2) == term_shift(t, 3));
  CHECK(term_unindex(term_shift(t, 5)) == t);
  CHECK(prints_as(term_var_at(x, 3), "x@3"));
  term_t from[1] = {x}, to[1] = {term_int(4)};
  CHECK(term_subst(t, 1, from, to) == term_le(term_int(4), term_add2(y, term_int(1))));
  term_t *vars;
  uint32_t n = term_free_vars(term_and2(t, term_eq(term_var("z", type_int()), x)), &vars);
  CHECK(n == 3);
  free(vars);
  /* bound variables are not substituted and not free */
  term_t q = term_forall(1, &x, term_le(x, y));
  CHECK(term_subst(q, 1, from, to) == q);
  n = term_free_vars(q, &vars);
  CHECK(n == 1 && vars[0] == y);
  free(vars);
}

static bool is_nnf(term_t t) {
  term_op op = term_op_of(t);
  if (term_is_atom(t) || op == OP_TRUE) return true;
  if (term_is_negated(t)) return false;
  if (op != OP_AND && op != OP_OR) return false;
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (!is_nnf(term_arg(t, i))) return false;
  return true;
}

static void test_structure(void) {
  term_t a = bvar("a"), b = bvar("b"), c = bvar("c");
  term_t x = ivar("x");
  term_t f = term_not(term_and2(term_or2(a, term_iff(b, c)), term_ite(c, a, term_lt(x, term_int(0)))));
  term_t g = term_nnf(f);
  CHECK(is_nnf(g));
  term_t *atoms;
  uint32_t n = term_atoms(f, &atoms);
  CHECK(n == 4);
  free(atoms);
  term_t *cs;
  n = term_conjuncts(term_and2(a, term_not(term_or2(b, c))), &cs);
  CHECK(n == 3);
  free(cs);
  /* evaluation under partial valuations */
  term_t y = ivar("y");
  term_t vars[2] = {x, a}, vals[2] = {term_int(-1), term_true()};
  CHECK(term_eval(term_add2(x, term_int(3)), 2, vars, vals) == term_int(2));
  CHECK(term_eval(term_and2(term_gt(x, term_int(0)), b), 2, vars, vals) == term_false());
  CHECK(term_eval(term_add2(x, y), 2, vars, vals) == NULL_TERM);
  CHECK(term_eval(term_mul2(y, term_int(0)), 2, vars, vals) == term_int(0));
}

static void test_let_printing(void) {
  term_t x = ivar("x");
  term_t s = term_add2(x, term_int(1));
  for (int i = 0; i < 20; i++) s = term_mul2(s, term_add2(s, ivar("y")));
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  term_print_let(f, s);
  fclose(f);
  CHECK(len < 4000);       /* proportional to the DAG, not the tree (2^20) */
  CHECK(strstr(buf, "(let ((?x0 ") == buf);
  free(buf);
}

/* Random integer expressions: folding by substitution must agree with
 * direct evaluation in C. Small values keep int64 exact. */
static unsigned rng = 12345;
static unsigned next(void) { rng = rng * 1103515245u + 12345u; return (rng >> 16) & 0x7fff; }

static term_t random_expr(int depth, const term_t *vars, const long *vals, long *out) {
  unsigned k = depth <= 0 ? next() % 2 : next() % 7;
  long a, b;
  term_t ta, tb;
  switch (k) {
  case 0: { unsigned i = next() % 3; *out = vals[i]; return vars[i]; }
  case 1: { long c = (long)(next() % 11) - 5; *out = c; return term_int(c); }
  case 2: ta = random_expr(depth - 1, vars, vals, &a); tb = random_expr(depth - 1, vars, vals, &b);
    *out = a + b; return term_add2(ta, tb);
  case 3: ta = random_expr(depth - 1, vars, vals, &a); tb = random_expr(depth - 1, vars, vals, &b);
    *out = a - b; return term_sub(ta, tb);
  case 4: ta = random_expr(depth - 1, vars, vals, &a); { long c = (long)(next() % 7) - 3;
    *out = a * c; return term_mul2(term_int(c), ta); }
  case 5: { term_t c = random_expr(depth - 1, vars, vals, &a);
    ta = random_expr(depth - 1, vars, vals, &b); long e; tb = random_expr(depth - 1, vars, vals, &e);
    *out = a <= 0 ? b : e; return term_ite(term_le(c, term_int(0)), ta, tb); }
  default: { ta = random_expr(depth - 1, vars, vals, &a); long d = (long)(next() % 5) + 1;
    long q = a >= 0 ? a / d : -((-a + d - 1) / d); *out = a - q * d;  /* mod with d > 0 */
    return term_mod(ta, term_int(d)); }
  }
}

static void test_random_evaluation(void) {
  term_t vars[3] = {ivar("u"), ivar("v"), ivar("w")};
  for (int iter = 0; iter < 2000; iter++) {
    long vals[3];
    term_t lits[3];
    for (int i = 0; i < 3; i++) { vals[i] = (long)(next() % 21) - 10; lits[i] = term_int(vals[i]); }
    long expect;
    term_t e = random_expr(4, vars, vals, &expect);
    term_t v = term_eval(e, 3, vars, lits);
    if (v != term_int(expect)) {
      char *s = term_to_string(e);
      fprintf(stderr, "  eval mismatch on %s (expected %ld)\n", s, expect);
      free(s);
      CHECK(false);
      return;
    }
  }
}

static void test_scale(void) {
  terms_reset();
  term_t x = ivar("x");
  for (long i = 0; i < 200000; i++) term_add2(x, term_int(i));
  CHECK(terms_count() > 400000);
  terms_reset();
  CHECK(terms_count() == 0);
  CHECK(term_true() == 0 && ivar("x") != NULL_TERM);
}

/* Equalities of array values fold: the same stores in another order are
 * equal (a replayed trace's value against a derivation's), a differing
 * element or base is not, and a base that every index overrides does not
 * matter. */
static void test_array_value_equality(void) {
  type_t a32 = type_array(type_bv(32), type_bv(8));
  term_t z = term_const_array(a32, term_bv_u64(8, 0));
  term_t i0 = term_bv_u64(32, 0), i1 = term_bv_u64(32, 1), i2 = term_bv_u64(32, 2);
  term_t v1 = term_bv_u64(8, 0x61), v2 = term_bv_u64(8, 0x62), v3 = term_bv_u64(8, 0x63);
  term_t a = term_store(term_store(term_store(z, i0, v1), i1, v2), i2, v3);
  term_t b = term_store(term_store(term_store(z, i1, v2), i2, v3), i0, v1);
  CHECK(a != b);
  CHECK(term_is_true(term_eq(a, b)));
  CHECK(term_is_false(term_eq(a, term_store(b, i2, v1))));
  CHECK(term_is_true(term_eq(term_store(a, i0, term_bv_u64(8, 0)), term_store(term_store(z, i1, v2), i2, v3))));
  term_t other = term_const_array(a32, term_bv_u64(8, 1));
  CHECK(term_is_false(term_eq(term_store(z, i0, v1), term_store(other, i0, v1))));
  /* a 1-bit index: two stores cover the domain, the bases do not matter */
  type_t a1 = type_array(type_bv(1), type_int());
  term_t c0 = term_const_array(a1, term_int(0)), c5 = term_const_array(a1, term_int(5));
  term_t j0 = term_bv_u64(1, 0), j1 = term_bv_u64(1, 1);
  CHECK(term_is_true(term_eq(term_store(term_store(c0, j0, term_int(7)), j1, term_int(8)),
                             term_store(term_store(c5, j1, term_int(8)), j0, term_int(7)))));
  CHECK(term_is_false(term_eq(term_store(c0, j0, term_int(7)), term_store(c5, j0, term_int(7)))));
  /* integer index, arrays of arrays */
  type_t ai = type_array(type_int(), a32);
  term_t n = term_const_array(ai, z);
  CHECK(term_is_true(term_eq(term_store(term_store(n, term_int(3), a), term_int(-1), z), term_store(n, term_int(3), b))));
  CHECK(term_is_false(term_eq(term_store(n, term_int(3), a), term_store(n, term_int(4), a))));
  /* not values: the equation stays */
  term_t x = term_var("arr", a32);
  CHECK(term_op_of(term_eq(x, a)) == OP_EQ);
}

/* terms_rollback: what is made after it gets the ids, the argument order
 * and the fresh names it gets with nothing made in between (chc_own.c:
 * an engine's search must not depend on the engines before it); the terms
 * before the mark are still found. */
static void test_rollback(void) {
  term_t x = ivar("rb_x"), y = ivar("rb_y");
  terms_mark m = terms_mark_now();
  term_t u = term_add2(x, term_int(7001)), v = term_le(y, term_int(7002)), c = term_and2(term_le(u, y), v);
  term_t f = term_fresh_var("rb", type_int());
  char *printed = term_to_string(c), *fname = term_to_string(f);
  CHECK(c != NULL_TERM);
  terms_rollback(m);
  /* another engine: other terms, v's part first, a fresh variable */
  term_t w = term_le(y, term_int(7002));
  CHECK(prints_as(term_fresh_var("rb", type_int()), fname));   /* the name is free again */
  CHECK(term_and2(term_le(term_mul2(x, term_int(3)), y), w) != NULL_TERM);
  terms_rollback(m);
  CHECK(ivar("rb_x") == x && ivar("rb_y") == y);
  term_t u2 = term_add2(x, term_int(7001)), v2 = term_le(y, term_int(7002)), c2 = term_and2(term_le(u2, y), v2);
  CHECK(u2 == u && v2 == v && c2 == c);
  CHECK(prints_as(c2, printed));
  CHECK(prints_as(term_fresh_var("rb", type_int()), fname));
  free(printed); free(fname);
}

/* terms_take / terms_put_back: the terms taken come back under their ids
 * (payloads, symbols and the fresh-name counter with them) and are found
 * by hash-consing again, whatever was made and rolled back in between. */
static void test_take_put_back(void) {
  term_t x = ivar("tp_x");
  terms_mark m = terms_mark_now();
  term_t y = ivar("tp_y"), c = term_le(term_add2(x, term_int(8001)), y), b = term_bv_u64(12, 2049);
  term_t f = term_fresh_var("tp", type_int());
  size_t n = terms_count();
  char *printed = term_to_string(c), *fname = term_to_string(f);
  terms_stash *st = terms_take(m);
  CHECK(terms_count() == terms_mark_now().nodes && !symbol_exists("tp_y"));
  /* pa: other terms under the same ids, a fresh name */
  term_t other = term_le(term_mul2(x, term_int(3)), term_int(8002));
  CHECK(other != NULL_TERM);
  CHECK(prints_as(term_fresh_var("tp", type_int()), fname));   /* the counter as at the mark */
  terms_put_back(st);
  CHECK(terms_count() == n && symbol_exists("tp_y"));
  CHECK(ivar("tp_y") == y && term_le(term_add2(x, term_int(8001)), y) == c && term_bv_u64(12, 2049) == b);
  CHECK(prints_as(c, printed));
  term_t f2 = term_fresh_var("tp", type_int());
  char *f2name = term_to_string(f2);
  CHECK(f2 != f && strcmp(f2name, fname) != 0);   /* the counter went on past f */
  free(f2name);
  /* a stash dropped: its payloads freed, the table as rolled back */
  terms_mark m2 = terms_mark_now();
  CHECK(term_int(8003) != NULL_TERM);
  terms_stash_free(terms_take(m2));
  CHECK(terms_count() == m2.nodes);
  free(printed); free(fname);
}

/* The one-point rule: definitions substituted in order of dependence,
 * Boolean literals and negated Boolean equalities used, x != t not. */
static void test_one_point(void) {
  term_t x = ivar("op_x"), y = ivar("op_y"), z = ivar("op_z"), w = ivar("op_w");
  term_t a = bvar("op_a"), b = bvar("op_b"), c = bvar("op_c");
  /* y = x + 1 /\ z = y /\ x < z /\ w != 3: y, z replaced, x and w left */
  term_t body = term_and(4, (term_t[]){term_eq(y, term_add2(x, term_int(1))), term_eq(z, y),
                                       term_lt(x, z), term_not(term_eq(w, term_int(3)))});
  term_t vs[] = {x, y, z, w}, out;
  uint32_t m = term_one_point(body, vs, 4, &out);
  CHECK(m == 2 && vs[0] == x && vs[1] == w);
  CHECK(!term_has_free_var(out, y) && !term_has_free_var(out, z));
  CHECK(term_has_free_var(out, w));
  term_t xv[] = {x, w}, vals[] = {term_int(0), term_int(4)};
  CHECK(term_eval(out, 2, xv, vals) == term_true());
  /* a /\ ~(b = c) /\ (b \/ a): a := TRUE, b := ~c, c left */
  term_t bs[] = {a, b, c};
  m = term_one_point(term_and(3, (term_t[]){a, term_not(term_eq(b, c)), term_or2(b, a)}), bs, 3, &out);
  CHECK(m == 1 && bs[0] == c && out == term_true());
  /* a self-reference x = x + y defines nothing */
  term_t s[] = {x};
  m = term_one_point(term_eq(x, term_add2(x, y)), s, 1, &out);
  CHECK(m == 1);
}

/* Incremental substitution (term_inc.h) gives term_subst_many's terms over
 * a run of valuations: partial ones, a variable given twice, values that
 * stay or change (a node kept from the valuation before must be one whose
 * variables kept their values). */
/* and/or are the same term whatever their arguments' order (build_junction
 * sorts them: by insertion when short with few descents, else qsort), past
 * its 64-entry buffers too; a duplicate is dropped, a complementary pair
 * absorbs. */
static void test_junction_order(void) {
  for (uint32_t n = 3; n <= 300; n = n * 3 + 1) {
    term_t *v = malloc(n * sizeof *v), *a = malloc((n + 1) * sizeof *a);
    for (uint32_t i = 0; i < n; i++) {
      char name[32];
      snprintf(name, sizeof name, "jo%u_%u", n, i);
      v[i] = bvar(name);
    }
    term_t want = term_and(n, v);
    for (uint32_t i = 0; i < n; i++) a[i] = v[n - 1 - i];   /* reversed: qsort */
    CHECK(term_and(n, a) == want);
    for (uint32_t i = 0; i < n; i++) a[i] = v[i];
    term_t t = a[0];   /* two descents: insertion */
    a[0] = a[n - 1], a[n - 1] = t;
    CHECK(term_and(n, a) == want);
    a[n] = v[n / 2];   /* a duplicate */
    CHECK(term_and(n + 1, a) == want && term_or(n + 1, a) == term_or(n, v));
    a[n] = term_not(v[n / 2]);
    CHECK(term_is_false(term_and(n + 1, a)) && term_is_true(term_or(n + 1, a)));
    /* shuffled, and shuffled with each argument twice (quick_sort's
     * partitions over equal ids): the same term */
    term_t *b = malloc(2 * n * sizeof *b);
    unsigned seed = n;
    for (int round = 0; round < 20; round++) {
      for (uint32_t i = 0; i < 2 * n; i++) b[i] = v[i % n];
      uint32_t m = round % 2 ? 2 * n : n;
      for (uint32_t i = m; i-- > 1;) {
        seed = seed * 1103515245u + 12345u;
        uint32_t j = (seed >> 8) % (i + 1);
        term_t t2 = b[i];
        b[i] = b[j], b[j] = t2;
      }
      CHECK(term_and(m, b) == want);
    }
    free(b);
    free(v), free(a);
  }
}

static void test_incremental_subst(void) {
  term_t x = ivar("ix"), y = ivar("iy"), z = ivar("iz"), b = bvar("ib"), c = bvar("ic");
  term_t sum = term_add2(x, y);
  term_t roots[3] = {
      term_and(3, (term_t[]){term_le(term_ite(b, sum, term_add2(x, term_int(2))), term_int(3)), term_or2(c, term_eq(x, y)),
                             term_not(term_and2(b, term_le(z, x)))}),
      term_not(term_or2(term_and2(b, c), term_eq(sum, z))),
      term_ite(c, z, sum)};
  term_inc *in = term_inc_new(3, roots);
  term_t vars[5] = {x, y, z, b, c};
  unsigned seed = 7;
  for (int round = 0; round < 300; round++) {
    term_t from[6], to[6];
    uint32_t n = 0;
    for (int v = 0; v < 5; v++) {
      seed = seed * 1103515245u + 12345u;
      unsigned r = (seed >> 16) % 4;
      if (r == 0) continue;   /* left free */
      from[n] = vars[v];
      to[n++] = v < 3 ? term_int((int)r - 2) : (r & 1 ? term_true() : term_false());
    }
    if (round % 7 == 0 && n > 0) from[n] = from[0], to[n++] = (term_is_true(to[0]) ? term_false() : term_is_false(to[0]) ? term_true() : term_int(5));
    term_t want[3] = {roots[0], roots[1], roots[2]}, got[3];
    term_subst_many(3, want, n, from, to);
    CHECK(term_inc_apply(in, n, from, to, got));
    for (int i = 0; i < 3; i++) CHECK(got[i] == want[i]);
  }
  term_inc_free(in);
  term_t q = term_forall(1, &x, term_le(x, y));
  in = term_inc_new(1, &q);
  term_t out, from[1] = {y}, to[1] = {term_int(1)};
  CHECK(!term_inc_apply(in, 1, from, to, &out));
  term_inc_free(in);
}

/* A random partial substitution for the held-junction tests: vars[0 ..
 * first_w - 3] integers, vars[first_w - 2] and vars[first_w - 1] Booleans,
 * the rest integers left free more often; returns its size. */
static uint32_t random_subst(const term_t *vars, int nvars, int first_w, unsigned *seed, term_t *from, term_t *to) {
  uint32_t n = 0;
  for (int v = 0; v < nvars; v++) {
    *seed = *seed * 1103515245u + 12345u;
    unsigned r = (*seed >> 16) % 8;
    if (r == 0 || (v >= first_w && r < 3)) continue;   /* left free */
    from[n] = vars[v];
    to[n++] = v == first_w - 2 || v == first_w - 1 ? (r & 1 ? term_true() : term_false()) : term_int((int)(r % 3) - 1);
  }
  return n;
}

/* Held conjunctions (term_inc_new_held): a conjunction of 16 arguments or
 * more under a disjunction of the held roots is a proxy whose arguments'
 * results are term_subst_many's arguments of it, and the roots' results
 * with the proxies expanded (and more values substituted: term_inc_subst)
 * are term_subst_many's terms; one also below a root not held (h2) is
 * built as before. */
static void test_incremental_held(void) {
  term_t x = ivar("hx"), y = ivar("hy"), b = bvar("hb"), c = bvar("hc");
  term_t w[16], a1[17], a2[17], a3[17];
  for (int i = 0; i < 16; i++) {
    char name[16];
    snprintf(name, sizeof name, "hw%d", i);
    w[i] = ivar(name);
    a1[i] = term_le(w[i], x), a2[i] = term_eq(w[i], y), a3[i] = term_le(y, term_add2(w[i], x));
  }
  a1[16] = c, a2[16] = b, a3[16] = term_not(b);
  term_t h1 = term_and(17, a1), h2 = term_and(17, a2), h3 = term_and(17, a3);
  term_t roots[2] = {term_or(4, (term_t[]){h1, h2, h3, term_and2(b, c)}), term_or2(h2, term_not(c))};
  term_inc *in = term_inc_new_held(2, roots, 1);
  term_t vars[20] = {x, y, b, c};
  for (int i = 0; i < 16; i++) vars[4 + i] = w[i];
  unsigned seed = 11;
  int proxies = 0, both = 0;
  for (int round = 0; round < 300; round++) {
    term_t from[20], to[20];
    uint32_t n = random_subst(vars, 20, 4, &seed, from, to);
    term_t want[2] = {roots[0], roots[1]}, got[2], want_h[2] = {h1, h3};
    term_subst_many(2, want, n, from, to);
    term_subst_many(2, want_h, n, from, to);
    CHECK(term_inc_apply(in, n, from, to, got));
    CHECK(term_inc_expand(in, got[0]) == want[0] && got[1] == want[1]);
    /* term_inc_subst without nested proxies (one term_subst_many over
     * every live proxy's arguments): the expanded result substituted */
    term_t more_from[3] = {x, y, w[round % 16]}, more_to[3] = {term_int(round % 3 - 1), term_int(1), term_int(0)};
    term_t sub = want[0];
    uint32_t m = 1 + round % 3;
    term_subst_many(1, &sub, m, more_from, more_to);
    CHECK(term_inc_subst(in, got[0], m, more_from, more_to) == sub);
    uint32_t k;
    int here = 0;
    for (uint32_t i = 0; term_op_of(got[0]) == OP_OR && i < term_nargs(got[0]); i++) {
      const term_t *args = term_inc_held_args(in, term_arg(got[0], i), &k);
      if (!args) continue;
      proxies++, here++;
      CHECK(term_and(k, args) == want_h[0] || term_and(k, args) == want_h[1]);
      for (uint32_t j = 0; j < k; j++) CHECK(!term_is_true(args[j]) && !term_is_false(args[j]));
    }
    both += here == 2;
  }
  CHECK(proxies > 20 && both > 5);
  term_inc_free(in);
}

/* term_inc_false_without_proxies: a term false whenever every proxy is
 * (the reach proof skips substituting into its folded Trans then: such a
 * term never folds to true). Two held conjunctions under a disjunction
 * give proxies p, q; terms over them and two Boolean leaves b, c and an
 * integer leaf x are classified as the rule says, and every one said to be
 * false without the proxies stays not true under each valuation of b, c, x. */
static void test_incremental_false_without_proxies(void) {
  term_t x = ivar("fx"), b = bvar("fb"), c = bvar("fc"), w[16], a1[17], a2[17];
  for (int i = 0; i < 16; i++) {
    char name[16];
    snprintf(name, sizeof name, "fw%d", i);
    w[i] = ivar(name);
    a1[i] = term_le(w[i], x), a2[i] = term_le(x, w[i]);
  }
  a1[16] = b, a2[16] = c;
  term_t root = term_or(3, (term_t[]){term_and(17, a1), term_and(17, a2), term_and2(b, c)});
  term_inc *in = term_inc_new_held(1, &root, 1);
  term_t got, p = NULL_TERM, q = NULL_TERM;
  CHECK(term_inc_apply(in, 1, (term_t[]){x}, (term_t[]){term_int(0)}, &got));
  uint32_t k;
  for (uint32_t i = 0; term_op_of(got) == OP_OR && i < term_nargs(got); i++)
    if (term_inc_held_args(in, term_arg(got, i), &k)) {
      if (p == NULL_TERM) p = term_arg(got, i);
      else q = term_arg(got, i);
    }
  CHECK(p != NULL_TERM && q != NULL_TERM);
  if (q == NULL_TERM) {
    term_inc_free(in);
    return;
  }
  term_t lx = term_le(x, term_int(1));
  struct { term_t t; bool want; } cases[] = {
      {p, true}, {term_not(p), false}, {b, false}, {term_true(), false},
      {term_and2(p, lx), true}, {term_and2(term_not(q), p), true}, {term_or2(p, b), false},
      {term_or2(p, q), true}, {term_or2(p, term_and2(q, lx)), true}, {term_or2(p, term_not(q)), false},
      {term_or2(p, term_not(p)), false}, {term_and2(b, term_or2(term_not(p), q)), false},
      {term_or(3, (term_t[]){p, term_and2(q, b), term_and(3, (term_t[]){c, lx, p})}), true},
      {term_or(3, (term_t[]){p, term_and2(q, b), term_and2(c, lx)}), false}, {got, false},
      {term_not(term_and2(p, lx)), false}, {term_not(term_or2(p, q)), false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    CHECK(term_inc_false_without_proxies(in, cases[i].t, 64) == cases[i].want);
    if (!cases[i].want) continue;
    for (int v = 0; v < 12; v++) {   /* b, c, x valued: never true */
      term_t t = cases[i].t;
      term_subst_many(1, &t, 3, (term_t[]){b, c, x},
                      (term_t[]){term_bool(v & 1), term_bool(v >> 1 & 1), term_int(v / 4 - 1)});
      CHECK(!term_is_true(t));
    }
  }
  /* past the budget: false */
  CHECK(!term_inc_false_without_proxies(in, term_and2(p, lx), 1));
  CHECK(term_inc_false_without_proxies(in, term_and2(p, lx), 3));
  term_inc_free(in);
}

/* The proxies among t's nodes (term_inc_held_args), counted per held
 * conjunction of want[0..n) (their conjunctions, expanded, are those terms
 * substituted); *other counts the proxies of none. */
static void count_proxies(const term_inc *in, term_t t, const term_t *want, uint32_t n, int *seen, int *other) {
  uint32_t k;
  const term_t *args = term_inc_held_args(in, term_unsigned(t), &k);
  if (args) {
    term_t conj = term_inc_expand(in, term_and(k, args));
    uint32_t i = 0;
    while (i < n && conj != want[i]) i++;
    if (i < n) seen[i]++;
    else ++*other;
    for (uint32_t j = 0; j < k; j++) count_proxies(in, args[j], want, n, seen, other);
    return;
  }
  for (uint32_t i = 0; i < term_nargs(t); i++) count_proxies(in, term_arg(t, i), want, n, seen, other);
}

/* Held conjunctions past a disjunction's arguments: in an if-then-else's
 * branch (h1), in a conjunction (c /\ h3, flattened), one inside another
 * (h4 inside h3: term_inc_expand expands both); not one used negated and
 * as a condition (hn, no argument of a disjunction). The roots' results
 * expanded are term_subst_many's, and term_inc_subst's are those with more
 * values substituted. */
static void test_incremental_held_nested(void) {
  term_t x = ivar("nx"), b = bvar("nb"), c = bvar("nc"), w[16];
  term_t a1[17], a3[17], a4[17], an[17];
  for (int i = 0; i < 16; i++) {
    char name[16];
    snprintf(name, sizeof name, "nw%d", i);
    w[i] = ivar(name);
    a1[i] = term_le(w[i], x), a4[i] = term_le(term_int(-1), term_add2(w[i], x)), an[i] = term_le(x, w[i]);
    a3[i] = term_le(term_add2(w[i], x), term_int(1));
  }
  a1[16] = c, a4[16] = term_or2(b, c), an[16] = b;
  term_t h1 = term_and(17, a1), h4 = term_and(17, a4), hn = term_and(17, an);
  a3[16] = term_or2(h4, c);
  term_t h3 = term_and(17, a3);
  term_t roots[2] = {term_or(4, (term_t[]){term_ite(b, h1, term_le(x, term_int(0))), term_and2(c, h3),
                                           term_ite(hn, c, term_eq(x, w[1])), term_and2(term_not(hn), term_eq(x, w[0]))}),
                     term_eq(x, term_int(1))};
  term_inc *in = term_inc_new_held(2, roots, 1);
  term_t vars[19] = {x, b, c};
  for (int i = 0; i < 16; i++) vars[3 + i] = w[i];
  unsigned seed = 5;
  int seen[3] = {0}, other = 0;
  for (int round = 0; round < 400; round++) {
    term_t from[19], to[19];
    uint32_t n = random_subst(vars, 19, 3, &seed, from, to);
    term_t want[2] = {roots[0], roots[1]}, got[2], held[3] = {h1, term_and2(c, h3), h4};
    term_subst_many(2, want, n, from, to);
    term_subst_many(3, held, n, from, to);
    CHECK(term_inc_apply(in, n, from, to, got));
    CHECK(term_inc_expand(in, got[0]) == want[0] && got[1] == want[1]);
    count_proxies(in, got[0], held, 3, seen, &other);
    /* the free ones given values too: the expanded result's substitution */
    term_t more_from[19], more_to[19], sub = want[0];
    uint32_t m = 0;
    for (int v = 0; v < 19; v++)
      more_from[m] = vars[v], more_to[m++] = v == 1 || v == 2 ? term_true() : term_int(v % 2);
    term_subst_many(1, &sub, m, more_from, more_to);
    CHECK(term_inc_subst(in, got[0], m, more_from, more_to) == sub);
  }
  CHECK(seen[0] > 20 && seen[1] > 20 && seen[2] > 10 && other == 0);
  term_inc_free(in);
}

/* Demand-driven rebuilding (term_inc_apply): a disabled action's update
 * equations (x' = f(x)) are not rebuilt while its guard stays false and
 * are rebuilt once it is true again (stale until then); an if-then-else
 * with a constant condition computes its branch only; a deep chain of
 * nodes (an explicit stack). Neighbouring valuations (one or two values
 * changed a round, as the reach proof's sorted states) against
 * term_subst_many's terms. */
static void test_incremental_demand(void) {
  enum { K = 12, DEPTH = 3000 };
  term_t x = ivar("dx"), y = ivar("dy"), xp = ivar("dxp"), yp = ivar("dyp"), g[K], act[K + 1];
  for (int i = 0; i < K; i++) {
    char name[16];
    snprintf(name, sizeof name, "dg%d", i);
    g[i] = bvar(name);
    act[i] = term_and(4, (term_t[]){g[i], term_eq(xp, term_add2(x, term_int(i + 1))),
                                    term_eq(yp, term_add(3, (term_t[]){x, y, term_int(i)})),
                                    term_le(term_sub(y, x), term_int(3 * i))});
  }
  act[K] = term_ite(g[0], term_eq(yp, term_add2(y, term_int(7))), term_le(xp, term_add2(x, y)));
  term_t chain = x;   /* depth DEPTH */
  for (int k = 0; k < DEPTH; k++) chain = term_ite(g[k % K], term_add2(chain, term_int(1)), term_sub(chain, y));
  term_t roots[2] = {term_or(K + 1, act), term_le(chain, term_add2(y, term_int(DEPTH)))};
  term_inc *in = term_inc_new(2, roots);
  term_t vars[K + 4] = {x, y, xp, yp};
  for (int i = 0; i < K; i++) vars[4 + i] = g[i];
  /* the valuation: x, y, the guards given (g[0] true, the others false);
   * xp, yp free; x and y change each round */
  term_t val[K + 4];
  for (int i = 0; i < K; i++) val[4 + i] = i == 0 ? term_true() : term_false();
  uint64_t before = 0;
  for (int round = 0; round < 40; round++) {
    val[0] = term_int(round), val[1] = term_int(round % 5);
    term_t from[K + 2], to[K + 2], want[2] = {roots[0], roots[1]}, got[2];
    from[0] = x, to[0] = val[0], from[1] = y, to[1] = val[1];
    for (int i = 0; i < K; i++) from[2 + i] = g[i], to[2 + i] = val[4 + i];
    term_subst_many(2, want, K + 2, from, to);
    CHECK(term_inc_apply(in, K + 2, from, to, got));
    CHECK(got[0] == want[0] && got[1] == want[1]);
    /* action 0 and its equations, act[K]'s branch, the chain's DEPTH
     * additions, the roots: 3013 (eagerly: every action's equations,
     * K x 6, and both branches of every if-then-else, 2 x DEPTH) */
    uint64_t now = term_inc_rebuilt(in);
    CHECK(now - before <= DEPTH + 20);
    before = now;
  }
  /* neighbouring valuations: one or two of the values changed (a guard
   * made true again reads equations left stale), the free ones too */
  unsigned seed = 3;
  bool given[K + 4] = {true, true, false, false};
  for (int i = 0; i < K; i++) given[4 + i] = true;
  val[2] = term_int(0), val[3] = term_int(0);
  for (int round = 0; round < 600; round++) {
    for (int c = 0; c < 2; c++) {
      seed = seed * 1103515245u + 12345u;
      int v = (int)((seed >> 16) % (K + 4));
      seed = seed * 1103515245u + 12345u;
      unsigned r = (seed >> 16) % 8;
      given[v] = r != 0;
      val[v] = v < 4 ? term_int((int)r - 3) : (r & 1 ? term_true() : term_false());
    }
    term_t from[K + 4], to[K + 4], want[2] = {roots[0], roots[1]}, got[2];
    uint32_t n = 0;
    for (int v = 0; v < K + 4; v++)
      if (given[v]) from[n] = vars[v], to[n++] = val[v];
    term_subst_many(2, want, n, from, to);
    CHECK(term_inc_apply(in, n, from, to, got));
    CHECK(got[0] == want[0] && got[1] == want[1]);
  }
  term_inc_free(in);
}

int main(void) {
  RUN(test_hash_consing);
  RUN(test_boolean_simplification);
  RUN(test_arith_simplification);
  RUN(test_literals);
  RUN(test_bitvectors);
  RUN(test_arrays);
  RUN(test_array_value_equality);
  RUN(test_zero);
  RUN(test_indexing_and_subst);
  RUN(test_structure);
  RUN(test_let_printing);
  RUN(test_random_evaluation);
  RUN(test_scale);
  RUN(test_rollback);
  RUN(test_take_put_back);
  RUN(test_one_point);
  RUN(test_incremental_subst);
  RUN(test_incremental_held);
  RUN(test_incremental_held_nested);
  RUN(test_incremental_demand);
  RUN(test_incremental_false_without_proxies);
  RUN(test_junction_order);
  terms_reset();
  return CHECK_DONE();
}
