/* expect: UNKNOWN (undefined behaviour: signed overflow */
/* the error is only reachable after a signed overflow in the recursion */
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
int grow(int n) { return n <= 0 ? 0 : 1000000000 + grow(n - 1); }
int main(void) {
  int x = grow(__VERIFIER_nondet_int());
  if (x < 0) { reach_error(); abort(); }
  return 0;
}
