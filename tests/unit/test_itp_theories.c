/* Interpolation on generated array and bit-vector problems (paths of length
 * >= 6 and random binary pairs), every answer checked by cvc5. A strategy
 * alone may answer unknown (MBP cannot project every theory in Z3 4.8.12);
 * ITP_AUTO must answer. */
#include "check.h"
#include "itp_gen.h"

static solver *cvc;

static solver_result run_one(itp_strategy st, uint32_t n, const term_t *f, const char *what) {
  term_t out[64];
  const char *why = NULL;
  solver_result r = st == ITP_AUTO ? itp_sequence(st, n, f, out, 20000)
                                   : itp_sequence_only(st, n, f, out, 20000, &why);
  if (r == SOLVER_UNSAT) {
    bool ok = gen_check_itp(cvc, n, f, out);
    if (!ok) fprintf(stderr, "%s (st %d, n=%u): invalid interpolant\n", what, (int)st, n);
    CHECK(ok);
  } else if (r == SOLVER_UNKNOWN && getenv("ITP_VERBOSE")) {
    fprintf(stderr, "%s (st %d, n=%u): unknown: %s\n", what, (int)st, n, why ? why : "-");
  }
  return r;
}

static void all_strategies(uint32_t n, const term_t *f, const char *what) {
  CHECK(run_one(ITP_AUTO, n, f, what) == SOLVER_UNSAT);
  solver_result a = run_one(ITP_SPACER, n, f, what), b = run_one(ITP_MBP, n, f, what);
  CHECK(a != SOLVER_SAT && b != SOLVER_SAT);
}

static void test_array_paths(void) {
  gen_seed(41);
  term_t f[64];
  for (uint32_t round = 0; round < 4; round++) {
    uint32_t n = 6 + round * 2;
    gen_array_path(n, f);
    all_strategies(n, f, "array path");
  }
}

static void test_bv_paths(void) {
  gen_seed(42);
  term_t f[64];
  for (uint32_t round = 0; round < 4; round++) {
    uint32_t n = 6 + round;
    gen_bv_path(round % 2 ? 8 : 16, n, f);
    all_strategies(n, f, "bv path");
  }
}

/* Random bit-vector pairs over shared s, t: comparisons and arithmetic. */
static term_t random_bv_atom(const term_t *v, uint32_t nv) {
  uint32_t w = type_bv_width(term_type(v[0]));
  term_t a = v[gen_rand(nv)], b = v[gen_rand(nv)];
  term_t c = term_bv_u64(w, gen_rand(16));
  term_t lhs = gen_rand(2) ? term_bvop2(OP_BVADD, a, c) : term_bvop2(OP_BVAND, a, term_bv_u64(w, gen_rand(256)));
  switch (gen_rand(3)) {
  case 0: return term_bvop2(OP_BVULT, lhs, b);
  case 1: return term_bvop2(OP_BVSLE, b, lhs);
  default: return term_eq(lhs, term_bvop2(OP_BVMUL, b, term_bv_u64(w, gen_rand(4))));
  }
}

static void test_random_bv_binary(void) {
  gen_seed(43);
  type_t ty = type_bv(8);
  term_t va[3] = {term_var("ba", ty), term_var("bs", ty), term_var("bt", ty)};
  term_t vb[3] = {term_var("bb", ty), term_var("bs", ty), term_var("bt", ty)};
  uint32_t done = 0;
  for (uint32_t tries = 0; tries < 300 && done < 6; tries++) {
    term_t a[3], b[3];
    for (int i = 0; i < 3; i++) { a[i] = random_bv_atom(va, 3); b[i] = random_bv_atom(vb, 3); }
    term_t f[2] = {term_and(3, a), term_and(3, b)};
    if (solver_check_formula(term_and2(f[0], f[1]), 5000) != SOLVER_UNSAT) continue;
    if (solver_check_formula(f[0], 5000) != SOLVER_SAT || solver_check_formula(f[1], 5000) != SOLVER_SAT) continue;
    all_strategies(2, f, "random bv");
    done++;
  }
  CHECK(done >= 3);
}

/* Random array pairs: A writes to a shared array, B reads it back. */
static void test_random_array_binary(void) {
  gen_seed(44);
  type_t ty = type_array(type_int(), type_int());
  term_t arr = term_var("ar", ty), i = term_var("ai", type_int()), j = term_var("aj", type_int());
  uint32_t done = 0;
  for (uint32_t tries = 0; tries < 100 && done < 5; tries++) {
    term_t loc = term_var("al", ty);
    long v = gen_range(-3, 3), w = gen_range(-3, 3);
    term_t a = term_and2(term_eq(arr, term_store(loc, i, term_int(v))), term_eq(term_select(loc, j), term_int(w)));
    term_t b = term_and2(term_eq(i, j), term_not(term_eq(term_select(arr, j), term_int(gen_range(-3, 3)))));
    term_t f[2] = {a, b};
    if (solver_check_formula(term_and2(a, b), 5000) != SOLVER_UNSAT) continue;
    all_strategies(2, f, "random array");
    done++;
  }
  CHECK(done >= 2);
}

int main(void) {
  cvc = solver_new_smtlib("cvc5 --incremental --lang smt2");
  if (!cvc) { printf("FAIL cvc5 not available\n"); return 1; }
  RUN(test_array_paths);
  RUN(test_bv_paths);
  RUN(test_random_bv_binary);
  RUN(test_random_array_binary);
  solver_free(cvc);
  terms_reset();
  return CHECK_DONE();
}
