/* The certificate checkers: RUP proofs (with CaDiCaL's proofs and corrupted
 * ones), Farkas combinations and Fourier-Motzkin on linear constraints. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "cert/farkas.h"
#include "cert/rup.h"
#include "cert/sat_refute.h"
#include "cert/inv_cert.h"
#include "cert/skel.h"
#include "lang/hw/aig_reduce.h"
#include "lang/hw/aig_ts.h"
#include "lang/hw/aig_witness.h"
#include "lang/hw/aiger.h"

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t n) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)(rng % n); }

static void add_all(rup *r, const char *cnf) {
  int buf[64]; uint32_t n = 0;
  for (char *p = (char *)cnf, *e; *p; p = e) {
    long v = strtol(p, &e, 10);
    if (e == p) break;
    if (v) buf[n++] = (int)v; else { rup_add_input(r, n, buf); n = 0; }
  }
}

static bool check_text(const char *cnf, const char *proof) {
  rup *r = rup_new();
  add_all(r, cnf);
  char why[128];
  bool ok = rup_check_text(r, proof, why, sizeof why);
  rup_free(r);
  return ok;
}

static const char *F1 = "1 2 3 0 1 2 -3 0 1 -2 3 0 1 -2 -3 0 -1 4 0 -1 -4 0";

static void test_rup_handmade(void) {
  CHECK(check_text(F1, "1 2 0\n1 0\n0\n"));
  CHECK(check_text(F1, "c comment\n1 2 0\nd 1 2 0\n1 0\n0\n"));
  CHECK(!check_text(F1, "1 0\n0\n"));            /* literal 2 dropped: not RUP */
  CHECK(!check_text(F1, "1 2 0\n1 0\n"));        /* truncated: no empty clause */
  CHECK(!check_text(F1, "0\n"));                 /* truncated to the end */
  CHECK(!check_text(F1, "1 2 0\n-2 0\n0\n"));    /* swapped sign */
  CHECK(!check_text(F1, "1 2 0\n5 0\n0\n"));     /* a wrong lemma */
  CHECK(!check_text(F1, "1 2 0\n1 x 0\n0\n"));   /* garbage */
  CHECK(!check_text(F1, "1 2 0\n1"));            /* unterminated */
  CHECK(!check_text("1 2 0 -1 0", "0\n"));       /* satisfiable */
  CHECK(check_text("1 0 -1 0", "0\n"));          /* inconsistent units */
  CHECK(check_text("1 2 0 -1 2 0 1 -2 0 -1 -2 0", "2 0\n0\n"));
}

/* random 3-CNF over nv variables */
static void random_cnf(int_vec *cnf, uint32_t nv, uint32_t nc) {
  cnf->size = 0;
  for (uint32_t i = 0; i < nc; i++) {
    for (int k = 0; k < 3; k++) int_vec_push(cnf, (int)(rnd(nv) + 1) * (rnd(2) ? 1 : -1));
    int_vec_push(cnf, 0);
  }
}

static bool clause_true(const int *c, uint32_t n, uint32_t asg) {
  for (uint32_t i = 0; i < n; i++) {
    int v = abs(c[i]) - 1;
    if (((asg >> v) & 1) == (c[i] > 0)) return true;
  }
  return false;
}
static bool cnf_true(const int_vec *cnf, uint32_t asg) {
  size_t b = 0;
  for (size_t i = 0; i < cnf->size; i++)
    if (cnf->data[i] == 0) { if (!clause_true(cnf->data + b, (uint32_t)(i - b), asg)) return false; b = i + 1; }
  return true;
}
/* does cnf imply the clause? (brute force over nv <= 16 variables) */
static bool implied(const int_vec *cnf, uint32_t nv, const int *c, uint32_t n) {
  for (uint32_t a = 0; a < (1u << nv); a++)
    if (cnf_true(cnf, a) && !clause_true(c, n, a)) return false;
  return true;
}

/* CaDiCaL's proofs of random unsatisfiable CNFs check; every corruption
 * the checker accepts is still a sound derivation (each accepted lemma is
 * implied, checked by brute force). */
static void test_rup_cadical(void) {
  uint32_t unsat = 0, rejected = 0;
  for (int round = 0; round < 60; round++) {
    uint32_t nv = 12;
    int_vec cnf = {0}, proof = {0};
    random_cnf(&cnf, nv, 70);
    int r = sat_refute(&cnf, &proof, NULL, 0, NULL, NULL);
    CHECK(r == 0 || r == 1);
    if (r == 0) {
      unsat++;
      char why[128];
      CHECK(sat_proof_check(&cnf, &proof, why, sizeof why));
      for (size_t i = 0, b = 0; i < proof.size; i++)
        if (proof.data[i] == 0) { CHECK(implied(&cnf, nv, proof.data + b, (uint32_t)(i - b))); b = i + 1; }
      /* truncated: the empty clause dropped (a learned one too) */
      int_vec t = {0};
      for (size_t i = 0; i < proof.size; i++)
        if (proof.data[i] || (i > 0 && proof.data[i - 1])) int_vec_push(&t, proof.data[i]);
      CHECK(!sat_proof_check(&cnf, &t, why, sizeof why));
      int_vec_free(&t);
      /* corruptions: a dropped literal, a flipped sign, an extra false lemma */
      for (int k = 0; k < 10 && proof.size > 1; k++) {
        int_vec c = {0};
        size_t at = rnd((uint32_t)proof.size - 1);
        while (at < proof.size && proof.data[at] == 0) at++;
        for (size_t i = 0; i < proof.size; i++) {
          if (i == at && k % 2 == 0) continue;
          int_vec_push(&c, i == at ? -proof.data[i] : proof.data[i]);
        }
        rup *chk = rup_new();
        size_t b = 0;
        for (size_t i = 0; i < cnf.size; i++)
          if (cnf.data[i] == 0) { rup_add_input(chk, (uint32_t)(i - b), cnf.data + b); b = i + 1; }
        b = 0;
        for (size_t i = 0; i < c.size; i++)
          if (c.data[i] == 0) {
            if (rup_add_lemma(chk, (uint32_t)(i - b), c.data + b)) CHECK(implied(&cnf, nv, c.data + b, (uint32_t)(i - b)));
            else { rejected++; break; }
            b = i + 1;
          }
        rup_free(chk);
        int_vec_free(&c);
      }
    }
    int_vec_free(&cnf);
    int_vec_free(&proof);
  }
  CHECK(unsat > 10);
  CHECK(rejected > 0);
}

/* Harder random CNFs (thousands of conflicts): the learned-clause proofs
 * still check, so no clause is derived outside the recorded ones. */
static void test_rup_cadical_hard(void) {
  uint32_t unsat = 0;
  for (int round = 0; round < 12; round++) {
    int_vec cnf = {0}, proof = {0};
    random_cnf(&cnf, 70, 320);
    int r = sat_refute(&cnf, &proof, NULL, 0, NULL, NULL);
    if (r == 0) {
      unsat++;
      char why[128] = "";
      bool ok = sat_proof_check(&cnf, &proof, why, sizeof why);
      if (!ok) fprintf(stderr, "%s\n", why);
      CHECK(ok);
    }
    int_vec_free(&cnf);
    int_vec_free(&proof);
  }
  CHECK(unsat > 3);
}

/* On satisfiable CNFs, random lemmas: whatever the checker accepts is
 * implied, and the empty clause is never derived. */
static void test_rup_sound(void) {
  for (int round = 0; round < 200; round++) {
    uint32_t nv = 8;
    int_vec cnf = {0};
    random_cnf(&cnf, nv, 20 + rnd(15));
    bool sat = false;
    for (uint32_t a = 0; a < (1u << nv) && !sat; a++) sat = cnf_true(&cnf, a);
    if (!sat) { int_vec_free(&cnf); continue; }
    rup *r = rup_new();
    size_t b = 0;
    for (size_t i = 0; i < cnf.size; i++)
      if (cnf.data[i] == 0) { rup_add_input(r, (uint32_t)(i - b), cnf.data + b); b = i + 1; }
    for (int k = 0; k < 40; k++) {
      int lem[3]; uint32_t n = rnd(4);
      for (uint32_t j = 0; j < n; j++) lem[j] = (int)(rnd(nv) + 1) * (rnd(2) ? 1 : -1);
      if (rup_add_lemma(r, n, lem)) CHECK(implied(&cnf, nv, lem, n));
    }
    CHECK(!rup_refuted(r));
    rup_free(r);
    int_vec_free(&cnf);
  }
}

/* ---- linear arithmetic ---- */

/* sum coefs[i]*x_i + cst REL 0 over nv variables (coefs integers) */
static void mk(lin_cons *c, uint32_t nv, const long *coefs, long cst, lin_rel rel) {
  lin_init(c);
  mpq_t k;
  mpq_init(k);
  for (uint32_t i = 0; i < nv; i++) { mpq_set_si(k, coefs[i], 1); lin_add_term(c, i, k); }
  mpq_set_si(c->cst, cst, 1);
  c->rel = rel;
  mpq_clear(k);
}

static bool farkas_si(uint32_t n, const lin_cons *cs, const long *m, lin_domain d) {
  mpq_t *q = calloc(n, sizeof *q);
  for (uint32_t i = 0; i < n; i++) { mpq_init(q[i]); mpq_set_si(q[i], m[i], 1); }
  bool ok = farkas_check(n, cs, q, d);
  for (uint32_t i = 0; i < n; i++) mpq_clear(q[i]);
  free(q);
  return ok;
}

static const bool all_int[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const lin_domain INTS = {all_int, 16}, REALS = {NULL, 0};

static void test_farkas_handmade(void) {
  lin_cons c[3];
  /* x - 2 <= 0, -x + 3 <= 0 */
  mk(&c[0], 1, (long[]){1}, -2, LIN_LE);
  mk(&c[1], 1, (long[]){-1}, 3, LIN_LE);
  CHECK(farkas_si(2, c, (long[]){1, 1}, REALS));
  CHECK(!farkas_si(2, c, (long[]){2, 1}, REALS));     /* perturbed */
  CHECK(!farkas_si(2, c, (long[]){-1, -1}, REALS));   /* swapped signs */
  CHECK(!farkas_si(2, c, (long[]){0, 0}, REALS));
  CHECK(fm_refute(2, c, REALS, 100) == 1);
  CHECK(fm_refute(1, c, REALS, 100) == 0);            /* dropped hypothesis */
  lin_clear(&c[0]); lin_clear(&c[1]);
  /* x < y, y < x: 0 < 0 */
  mk(&c[0], 2, (long[]){1, -1}, 0, LIN_LT);
  mk(&c[1], 2, (long[]){-1, 1}, 0, LIN_LT);
  CHECK(farkas_si(2, c, (long[]){1, 1}, REALS));
  c[1].rel = LIN_LE;
  CHECK(farkas_si(2, c, (long[]){1, 1}, REALS));      /* x < y, y <= x */
  c[0].rel = LIN_LE;
  CHECK(!farkas_si(2, c, (long[]){1, 1}, REALS));     /* 0 <= 0 is no contradiction */
  CHECK(fm_refute(2, c, REALS, 100) == 0);
  lin_clear(&c[0]); lin_clear(&c[1]);
  /* integers: 2x - 1 <= 0 and -2x + 1 <= 0 (x = 1/2) */
  mk(&c[0], 1, (long[]){2}, -1, LIN_LE);
  mk(&c[1], 1, (long[]){-2}, 1, LIN_LE);
  CHECK(!farkas_si(2, c, (long[]){1, 1}, REALS));
  CHECK(farkas_si(2, c, (long[]){1, 1}, INTS));
  CHECK(fm_refute(2, c, REALS, 100) == 0);
  CHECK(fm_refute(2, c, INTS, 100) == 1);
  lin_clear(&c[0]); lin_clear(&c[1]);
  /* integers: 2x - 2y - 1 = 0 alone */
  mk(&c[0], 2, (long[]){2, -2}, -1, LIN_EQ);
  CHECK(farkas_si(1, c, (long[]){1}, INTS));
  CHECK(!farkas_si(1, c, (long[]){1}, REALS));
  /* x = y, x != y: split */
  lin_clear(&c[0]);
  mk(&c[0], 2, (long[]){1, -1}, 0, LIN_EQ);
  mk(&c[1], 2, (long[]){1, -1}, 0, LIN_NE);
  CHECK(fm_refute(2, c, REALS, 100) == 1);
  CHECK(!farkas_si(2, c, (long[]){1, 1}, REALS));     /* no multiplier for != */
  /* x <= y, y <= x, x != y */
  lin_clear(&c[0]);
  mk(&c[0], 2, (long[]){1, -1}, 0, LIN_LE);
  mk(&c[2], 2, (long[]){-1, 1}, 0, LIN_LE);
  CHECK(fm_refute(3, c, REALS, 100) == 1);
  CHECK(fm_refute(2, c, REALS, 100) == 0);
  for (int i = 0; i < 3; i++) lin_clear(&c[i]);
}

static long rs(long m) { return (long)rnd((uint32_t)(2 * m + 1)) - m; }

/* Random systems with a known solution are never refuted (by FM or by any
 * multipliers); systems built around a Farkas combination are refuted with
 * it, and not with perturbed or sign-swapped multipliers. */
static void test_farkas_random(void) {
  uint32_t refuted = 0;
  for (int round = 0; round < 300; round++) {
    uint32_t nv = 2 + rnd(3), n = 2 + rnd(4);
    bool ints = rnd(2);
    lin_domain d = ints ? INTS : REALS;
    long p[8];
    for (uint32_t v = 0; v < nv; v++) p[v] = rs(5);
    lin_cons c[8];
    long coef[8][8];
    for (uint32_t i = 0; i < n; i++) {
      long val = 0;
      for (uint32_t v = 0; v < nv; v++) { coef[i][v] = rs(4); val += coef[i][v] * p[v]; }
      lin_rel rel = (lin_rel)rnd(4);
      long cst = -val - (rel == LIN_LT ? 1 + (long)rnd(3) : rel == LIN_LE ? (long)rnd(3) : 0);
      if (rel == LIN_NE) cst = -val + 1 + (long)rnd(3);
      mk(&c[i], nv, coef[i], cst, rel);     /* p satisfies it */
    }
    CHECK(fm_refute(n, c, d, 500) != 1);
    long m[8];
    for (uint32_t i = 0; i < n; i++) m[i] = (long)rnd(4);
    CHECK(!farkas_si(n, c, m, d));
    for (uint32_t i = 0; i < n; i++) lin_clear(&c[i]);

    /* infeasible: c_n = -(sum m_i c_i) + slack */
    long last[8] = {0}, lastc = 0, mm[9];
    for (uint32_t i = 0; i < n; i++) {
      long cst = rs(6);
      for (uint32_t v = 0; v < nv; v++) coef[i][v] = rs(4);
      coef[i][0] = 1 + (long)rnd(3);         /* every row uses x0 */
      mk(&c[i], nv, coef[i], cst, rnd(3) ? LIN_LE : LIN_LT);
      mm[i] = 1 + (long)rnd(3);
      for (uint32_t v = 0; v < nv; v++) last[v] -= mm[i] * coef[i][v];
      lastc -= mm[i] * cst;
    }
    mk(&c[n], nv, last, lastc + 1 + (long)rnd(3), LIN_LE);
    mm[n] = 1;
    CHECK(farkas_si(n + 1, c, mm, d));
    CHECK(fm_refute(n + 1, c, d, 5000) == 1);
    uint32_t j = rnd(n);
    mm[j] += 1;                              /* perturbed: x0 no longer cancels */
    /* (over the integers the tightened rows may still combine: sound) */
    if (!ints) CHECK(!farkas_si(n + 1, c, mm, d));
    mm[j] = -(mm[j] - 1);                    /* swapped sign */
    CHECK(!farkas_si(n + 1, c, mm, d));
    refuted++;
    for (uint32_t i = 0; i <= n; i++) lin_clear(&c[i]);
  }
  CHECK(refuted > 100);
}

/* Witness circuits: a two-latch shift register (l0 <- l1 <- l1, both reset
 * to 0, bad = l0). The invariant "not l0 and not l1" gives a certified
 * witness; "not l0" alone is not inductive and "true" is not safe. */
static void test_aig_witness(void) {
  const char *text = "aag 2 0 2 0 0 1\n2 4\n4 4\n2\n";
  aig g;
  aig_init(&g);
  aiger_diag d;
  CHECK(aiger_read_string(text, strlen(text), "shift", &g, &d));
  ts sys;
  CHECK(aig_to_ts(&g, 0, &sys));
  term_t l0 = sys.vars.data[0], l1 = sys.vars.data[1];
  char why[200];
  term_t invs[3] = {term_and2(term_not(l0), term_not(l1)), term_not(l0), term_true()};
  for (int i = 0; i < 3; i++) {
    char *w = aig_witness_circuit(&g, 0, &sys, invs[i]);
    CHECK(w != NULL);
    if (!w) continue;
    cert_status st = aig_witness_check(&g, &sys, w, 0, why, sizeof why);
    if (i == 0) CHECK(st == CERT_CERTIFIED);
    else CHECK(st != CERT_CERTIFIED);
    /* a witness that changes the model (another next-state function) */
    if (i == 0) {
      char *bad = strdup(w);
      char *p = strstr(bad, "\n4 4\n");
      if (p) p[3] = '2';                 /* l1 <- l0 instead of l1 */
      CHECK(p && aig_witness_check(&g, &sys, bad, 0, why, sizeof why) != CERT_CERTIFIED);
      free(bad);
    }
    free(w);
  }
  /* k-induction: "not l0" is 2-inductive, not 1-inductive */
  uint32_t nq;
  CHECK(cert_ts_kinduction(&sys, 1, false, 10000, &nq, why, sizeof why) == CERT_VIOLATED);
  CHECK(cert_ts_kinduction(&sys, 2, false, 10000, &nq, why, sizeof why) == CERT_CERTIFIED);
  CHECK(cert_ts_kinduction(&sys, 2, true, 10000, &nq, why, sizeof why) == CERT_CERTIFIED);
  ts_free(&sys);
  aig_free(&g);
}

/* k-induction witness circuits. The shift register above: "not l0" is
 * 2-inductive, not 1-inductive; its witness with one history slot is
 * certified, the one claiming 1-induction and a tampered one (bad
 * replaced by false) are not. */
static void test_aig_kind_witness(void) {
  const char *text = "aag 2 0 2 0 0 1\n2 4\n4 4\n2\n";
  aig g;
  aig_init(&g);
  aiger_diag d;
  CHECK(aiger_read_string(text, strlen(text), "shift", &g, &d));
  ts sys;
  CHECK(aig_to_ts(&g, 0, &sys));
  char why[200];
  aig_kind_proof pf = {&g, 0, 2, NULL, NULL, NULL};
  char *w = aig_kind_witness_circuit(&g, 0, &pf);
  CHECK(w != NULL);
  if (w) {
    CHECK(aig_witness_check(&g, &sys, w, 0, why, sizeof why) == CERT_CERTIFIED);
    /* the header's latch count grew by one slot: two latches and a valid bit */
    unsigned M, I, L;
    CHECK(sscanf(w, "aag %u %u %u", &M, &I, &L) == 3 && L == 5);
    char *bad = strdup(w);
    char *p = strstr(bad, "\n");      /* bad is the line after the latches */
    for (int i = 0; p && i < 5; i++) p = strchr(p + 1, '\n');
    if (p) { char *e = strchr(p + 1, '\n'); if (e) { memset(p + 1, ' ', (size_t)(e - p - 1)); p[1] = '0'; } }
    CHECK(p && aig_witness_check(&g, &sys, bad, 0, why, sizeof why) != CERT_CERTIFIED);
    free(bad);
    free(w);
  }
  pf.k = 1;
  w = aig_kind_witness_circuit(&g, 0, &pf);
  CHECK(w && aig_witness_check(&g, &sys, w, 0, why, sizeof why) == CERT_VIOLATED);
  free(w);
  ts_free(&sys);
  aig_free(&g);

  /* a constant latch a (a <- a & i, reset 0) that the reduction removes:
   * b <- c, c <- c | a | (u & !u) (u uninitialized, so that c is not
   * constant by ternary simulation), bad = b is 2-inductive on the
   * reduced circuit only; the witness built from the reduced proof
   * certifies the original, and without the constant facts it does not */
  const char *t2 = "aag 9 1 4 0 4 1\n2\n4 12\n6 8\n8 19\n10 10 10\n6\n12 4 2\n14 10 11\n16 9 5\n18 16 15\n";
  aig_init(&g);
  CHECK(aiger_read_string(t2, strlen(t2), "const", &g, &d));
  CHECK(aig_to_ts(&g, 0, &sys));
  aig_reduced red;
  aig_reduce(&g, 0, &red);
  CHECK(red.nconst == 1 && red.g.nlatches == 2);
  aig_kind_proof pr = {&red.g, 0, 2, red.latch_orig, red.input_orig, red.const_val};
  w = aig_kind_witness_circuit(&g, 0, &pr);
  CHECK(w && aig_witness_check(&g, &sys, w, 0, why, sizeof why) == CERT_CERTIFIED);
  free(w);
  pr.const_val = NULL;
  w = aig_kind_witness_circuit(&g, 0, &pr);
  CHECK(w && aig_witness_check(&g, &sys, w, 0, why, sizeof why) != CERT_CERTIFIED);
  free(w);
  /* on the original circuit the property is 3-inductive */
  aig_kind_proof po = {&g, 0, 3, NULL, NULL, NULL};
  w = aig_kind_witness_circuit(&g, 0, &po);
  CHECK(w && aig_witness_check(&g, &sys, w, 0, why, sizeof why) == CERT_CERTIFIED);
  free(w);
  aig_reduced_free(&red);
  ts_free(&sys);
  aig_free(&g);

  /* an invariant constraint (not i) and an input: a <- i, b <- a, bad = b
   * is 2-inductive only through the constraint of the first step */
  const char *t3 = "aag 3 1 2 0 0 1 1\n2\n4 2\n6 4\n6\n3\n";
  aig_init(&g);
  CHECK(aiger_read_string(t3, strlen(t3), "cons", &g, &d));
  CHECK(aig_to_ts(&g, 0, &sys));
  aig_kind_proof pc = {&g, 0, 2, NULL, NULL, NULL};
  w = aig_kind_witness_circuit(&g, 0, &pc);
  CHECK(w && aig_witness_check(&g, &sys, w, 0, why, sizeof why) == CERT_CERTIFIED);
  free(w);
  pc.k = 1;
  w = aig_kind_witness_circuit(&g, 0, &pc);
  CHECK(w && aig_witness_check(&g, &sys, w, 0, why, sizeof why) == CERT_VIOLATED);
  free(w);
  ts_free(&sys);
  aig_free(&g);
}

/* ---- bit-blasting: random 4-bit atoms, the CNF unsatisfiable exactly
 * when no assignment satisfies the atom (zeta's evaluator as reference) ---- */

static term_t rand_bv(term_t x, term_t y, int depth) {
  uint32_t pick = depth <= 0 ? rnd(3) : rnd(16);
  switch (pick) {
  case 0: return x;
  case 1: return y;
  case 2: return term_bv_u64(4, rnd(16));
  default: break;
  }
  term_t a = rand_bv(x, y, depth - 1), b = rand_bv(x, y, depth - 1);
  static const term_op ops[] = {OP_BVADD, OP_BVSUB, OP_BVMUL, OP_BVAND, OP_BVOR, OP_BVXOR, OP_BVSHL, OP_BVLSHR, OP_BVASHR};
  switch (pick) {
  case 3: return term_bvop(OP_BVNOT, 1, &a);
  case 4: return term_bvop(OP_BVNEG, 1, &a);
  case 5: return term_extract(5, 2, term_bvop2(OP_CONCAT, a, b));
  case 6: return term_bv_extend(OP_SIGN_EXTEND, 2, term_extract(2, 1, a));
  case 7: return term_bv_extend(OP_ZERO_EXTEND, 1, term_extract(3, 1, a));
  case 8: return term_bv_rotate(rnd(2) ? OP_ROTATE_LEFT : OP_ROTATE_RIGHT, rnd(5), a);
  case 9: return term_ite(term_bvop2(OP_BVULT, a, b), a, b);
  default: return term_bvop2(ops[rnd(9)], a, b);
  }
}

static void test_bitblast(void) {
  term_t x = term_var("bx", type_bv(4)), y = term_var("by", type_bv(4));
  term_t vars[2] = {x, y};
  uint32_t unsat = 0;
  for (int round = 0; round < 400; round++) {
    term_t a = rand_bv(x, y, 2), b = rand_bv(x, y, 2);
    static const term_op cmp[] = {OP_BVULT, OP_BVULE, OP_BVUGT, OP_BVUGE, OP_BVSLT, OP_BVSLE, OP_BVSGT, OP_BVSGE};
    uint32_t c = rnd(10);
    term_t atom = c < 8 ? term_bvop2(cmp[c], a, b) : c == 8 ? term_eq(a, b) : term_not(term_eq(a, b));
    if (atom == NULL_TERM) continue;
    bool sat = false;
    for (uint32_t v = 0; v < 256 && !sat; v++) {
      term_t vals[2] = {term_bv_u64(4, v & 15), term_bv_u64(4, v >> 4)};
      sat = term_is_true(term_eval(atom, 2, vars, vals));
    }
    skel *k = skel_new();
    const char *why;
    CHECK(skel_assert(k, atom, &why));
    int_vec proof = {0};
    int r = sat_refute(skel_cnf(k), &proof, NULL, 0, NULL, NULL);
    CHECK(r == (sat ? 1 : 0));
    if (r != (sat ? 1 : 0)) { fprintf(stderr, "bit-blasting disagrees on: "); term_print(stderr, atom); fputc('\n', stderr); }
    if (r == 0) {
      unsat++;
      char w[128];
      CHECK(sat_proof_check(skel_cnf(k), &proof, w, sizeof w));
    }
    int_vec_free(&proof);
    skel_free(k);
  }
  CHECK(unsat > 10);
}

int main(void) {
  RUN(test_rup_handmade);
  RUN(test_rup_cadical);
  RUN(test_rup_cadical_hard);
  RUN(test_rup_sound);
  RUN(test_farkas_handmade);
  RUN(test_farkas_random);
  RUN(test_aig_witness);
  RUN(test_aig_kind_witness);
  RUN(test_bitblast);
  return CHECK_DONE();
}
