// difftest seed 14800 (C, session 14): the procedure routes' counterexample
// did not replay ("step 1: arr differs from the recorded value"): the global
// array's initial value and the derivation's were the same stores in another
// order, and array values were compared element by element only over index
// widths up to 10 bits. term_eq now folds equalities of array values.
// expect: UNSAFE
// run: --algorithm spacer
// run: --algorithm pds
#define DT_TICK
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "difftest.c", 3, "reach_error"); }
extern void __VERIFIER_assume(int);
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
int g0 = 3;
_Bool g1 = 3;
unsigned char arr[4] = "abc";
unsigned int f0(unsigned int n, int b) {
  if (n == 0) return (!g1);
  if ((b == 0)) reach_error();
  return f0(n - 1, (!1));
}
int main(void) {
  unsigned int x1;
  x1 = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x1 <= 3);
  x1 = f0((x1 & 3), (x1 - g0));
  g0 -= 127;
  if ((arr[1 & 3] == 1)) reach_error();
  return 0;
}
