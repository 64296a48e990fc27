/* expect: UNKNOWN (undefined behaviour: array index out of bounds */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int a[3] = {0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0) return 0;
  a[i] = 1;
  __VERIFIER_assert(i < 3);
  return 0;
}
