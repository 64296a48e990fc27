/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint(), r = 0;
  switch (x % 4) {
  case 0: r = 1; break;
  case 1: r = 2;
  case 2: r = 3; break;
  default: r = 4;
  }
  __VERIFIER_assert(r != 3 || x % 4 == 2);   /* x % 4 == 1 falls into case 2 */
  return 0;
}
