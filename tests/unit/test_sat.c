/* The CDCL SAT solver against brute force on random small formulas,
 * including assumptions and failed-assumption cores. */
#include <string.h>
#include "check.h"
#include "solver/sat.h"

static uint32_t rng = 12345;
static uint32_t rnd(void) { rng = rng * 1103515245u + 12345u; return (rng >> 16) & 0x7fff; }

enum { NV = 10, NC = 44 };
static uint32_t cls[NC][3];

static bool brute(const uint32_t *assume, uint32_t na) {
  for (uint32_t m = 0; m < (1u << NV); m++) {
    bool ok = true;
    for (uint32_t i = 0; i < na && ok; i++) ok = (((m >> (assume[i] >> 1)) & 1) != 0) != (assume[i] & 1);
    for (int c = 0; c < NC && ok; c++) {
      bool sat = false;
      for (int k = 0; k < 3; k++) sat |= (((m >> (cls[c][k] >> 1)) & 1) != 0) != (cls[c][k] & 1);
      ok = sat;
    }
    if (ok) return true;
  }
  return false;
}

static void test_random(void) {
  int agree = 0;
  for (int round = 0; round < 300; round++) {
    sat *s = sat_new();
    for (int v = 0; v < NV; v++) sat_new_var(s);
    for (int c = 0; c < NC; c++) {
      for (int k = 0; k < 3; k++) cls[c][k] = sat_lit(rnd() % NV, rnd() & 1);
      sat_add_clause(s, 3, cls[c]);
    }
    for (int q = 0; q < 4; q++) {   /* incremental queries under assumptions */
      if (q == 2) sat_simplify(s);
      uint32_t na = rnd() % 4, a[4];
      for (uint32_t i = 0; i < na; i++) a[i] = sat_lit(rnd() % NV, rnd() & 1);
      int r = sat_solve(s, na, a, NULL, NULL);
      bool want = brute(a, na);
      CHECK(r == (want ? 1 : 0));
      if (r == 1) {
        for (int c = 0; c < NC; c++)
          CHECK(sat_model_value(s, cls[c][0]) || sat_model_value(s, cls[c][1]) || sat_model_value(s, cls[c][2]));
        for (uint32_t i = 0; i < na; i++) CHECK(sat_model_value(s, a[i]));
      } else if (r == 0) {
        uint32_t core[4], nc = 0;
        for (uint32_t i = 0; i < na; i++)
          if (sat_in_core(s, a[i])) core[nc++] = a[i];
        CHECK(!brute(core, nc));
      }
      agree += r == (want ? 1 : 0);
    }
    sat_free(s);
  }
  CHECK(agree == 1200);
}

/* pigeonhole 6 into 5: unsatisfiable, needs real search */
static void test_pigeonhole(void) {
  sat *s = sat_new();
  uint32_t p[6][5];
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 5; j++) p[i][j] = sat_lit(sat_new_var(s), false);
  for (int i = 0; i < 6; i++) sat_add_clause(s, 5, p[i]);
  for (int j = 0; j < 5; j++)
    for (int a = 0; a < 6; a++)
      for (int b = a + 1; b < 6; b++) {
        uint32_t c[2] = {sat_neg(p[a][j]), sat_neg(p[b][j])};
        sat_add_clause(s, 2, c);
      }
  CHECK(sat_solve(s, 0, NULL, NULL, NULL) == 0);
  sat_free(s);
}

int main(void) {
  RUN(test_random);
  RUN(test_pigeonhole);
  return CHECK_DONE();
}
