/* expect: UNSAFE */
/* recursion with nondet values read inside the recursive function: the
 * counterexample's values come from the interprocedural trace in order */
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
int sum(int n) {
  if (n <= 0) return 0;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 10) return 0;
  return k + sum(n - 1);
}
int main(void) {
  int s = sum(3);
  if (s == 17) { reach_error(); abort(); }
  return 0;
}
