/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x + 1;        /* wraps: defined */
  if (x == 4294967295u) __VERIFIER_assert(y == 0);
  else __VERIFIER_assert(y > x);
  return 0;
}
