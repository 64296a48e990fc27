/* expect: UNKNOWN (undefined behaviour: array index out of bounds */
/* m[0][3] stays inside the 2 x 3 block (it is m[1][0] in memory) but
 * its second index is out of bounds: undefined behaviour in C. */
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int m[2][3] = {{0}};
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  m[0][j] = 1;
  if (m[1][0] == 1) reach_error();
  return 0;
}
