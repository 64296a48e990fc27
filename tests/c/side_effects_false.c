/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), k = 0;
  if (n < 0 || n > 10) return 0;
  while (k++ < n) ;
  __VERIFIER_assert(k != 6);     /* k is n + 1 */
  return 0;
}
