/* expect: SAFE */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "assume_extern.c", 3, "reach_error"); }
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x >= 5 && x <= 9);
  if (x == 3) reach_error();
  return 0;
}
