/* The certificate checkers: RUP proofs (with CaDiCaL's proofs and corrupted
 * ones), Farkas combinations and Fourier-Motzkin on linear constraints. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "cert/rup.h"
#include "cert/sat_refute.h"

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
    int r = sat_refute(&cnf, &proof, NULL, NULL);
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
    int r = sat_refute(&cnf, &proof, NULL, NULL);
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

int main(void) {
  RUN(test_rup_handmade);
  RUN(test_rup_cadical);
  RUN(test_rup_cadical_hard);
  RUN(test_rup_sound);
  return CHECK_DONE();
}
