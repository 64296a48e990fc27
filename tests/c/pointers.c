/* expect: UNKNOWN (unsupported: pointers */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int x = 0;
  int *p = &x;
  *p = 1;
  __VERIFIER_assert(x == 1);
  return 0;
}
