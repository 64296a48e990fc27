/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int();
  if (n > 3) goto big;
  return 0;
big:
  i = n - 3;
  if (i == 7) goto err;
  return 0;
err:
  reach_error();
  return 1;
}
