/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int g[4] = {1, 2, 3};
int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) a[i] = i * i;
  __VERIFIER_assert(a[3] == 9);
  __VERIFIER_assert(g[2] == 3 && g[3] == 0);
  g[3] = a[2] + g[0];
  __VERIFIER_assert(g[3] == 5);
  return 0;
}
