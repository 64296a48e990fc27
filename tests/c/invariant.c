/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, k = 0;
  if (n < 0 || n > 1000) return 0;
  while (i < n) {
    i++;
    k += 2;
  }
  __VERIFIER_assert(k == 2 * n);
  return 0;
}
