/* expect: SAFE */
/* Multi-dimensional arrays: one SMT array over the row-major index,
 * nested and brace-elided initializer lists, each index checked against
 * its own dimension. */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
int main(void) {
  int m[3][2] = {1, 2, 3, 4};      /* brace elision: m[1][1] == 4, m[2][*] == 0 */
  __VERIFIER_assert(m[1][1] == 4 && m[2][0] == 0 && grid[1][0] == 4);
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 2) return 0;
  __VERIFIER_assert(grid[i][j] == 3 * i + j + 1);
  int t[2][2][2] = {{{0, 1}, {2, 3}}, {{4, 5}, {6, 7}}};
  t[i][1][j % 2] = 0;
  __VERIFIER_assert(t[1][0][1] == 5 && t[i][1][j % 2] + t[0][0][1] == 1);
  return 0;
}
