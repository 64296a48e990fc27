/* expect: SAFE */
/* a recursive function proved through its summary (result >= 0) */
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
int down(int n) {
  if (n <= 0) return 0;
  return down(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (down(n) != 0) { reach_error(); abort(); }
  return 0;
}
