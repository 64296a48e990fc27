/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int a[3] = {0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  a[i] = 5;
  __VERIFIER_assert(a[1] != 5);
  return 0;
}
