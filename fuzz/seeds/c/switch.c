/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), r = 0;
  switch (x) {
  case 1: r = 10; break;
  case 2: r = 20;            /* falls through */
  case 3: r += 1; break;
  default: r = -1;
  case 4: if (r == 0) r = 40; break;
  }
  __VERIFIER_assert(r == 10 || r == 21 || r == 1 || r == 40 || r == -1);
  __VERIFIER_assert(x != 2 || r == 21);
  __VERIFIER_assert(x != 4 || r == 40);
  return 0;
}
