/* expect: UNSAFE */
/* __VERIFIER_assume only declared (as difftest's programs do): the lowering
   makes it a branch, and the execution check's harness must define it, or
   the UNSAFE answer is lost to "linking failed" */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "assume_extern_false.c", 5, "reach_error"); }
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x >= 5 && x <= 9);
  if (x == 7) reach_error();
  return 0;
}
