// expect: SAFE
// run: --timeout 90
// (90 s: the sanitizers' build under load 4-5 ran past 45 s once, session 29's
// CI; the plain build proves it in 7-14 s wall at load 4)
// difftest's C generator (session 16): recursion never deeper than 4 calls (n <= 3), so
// SAFE (the compiled oracle agrees). Every configuration gave up (UNKNOWN at 90 s):
// bounded recursion's BMC must exhaust the acyclic program inlined 8 deep; the
// portfolio's bounded-kind job (k-induction on it) proves it.
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
unsigned short g0 = 1;
short g1 = 200;
int f0(unsigned int n, int b) {
  if (n == 0) return (g0 & b);
  if ((b == 127)) goto skip1;
  b = (-1 & g1);
  skip1: ;
  if (g1) goto skip2;
  g0 = (!n);
  skip2: ;
  return (f0(n - 1, (255 + g0)) - g1);
}
int main(void) {
  unsigned int x3;
  x3 = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x3 <= 3);
  short x4;
  x4 = __VERIFIER_nondet_short();
  __VERIFIER_assume(x4 >= -3 && x4 <= 3);
  x3 = f0(((0 - 0xffffffffU) & 3), (128 == x3));
  if (2) {
    if (g1) {
      x4 = f0((((_Bool) x3) & 3), g0);
      x4 = f0(((g0 | x4) & 3), (3 || -1));
    }
  }
  if (((g1 = (127 >= 3)) != 3)) {
    if ((g0 < 127)) {
      if ((x3 < 100)) goto skip5;
      g1 = (100 != g0);
      skip5: ;
    } else {
      g1 = f0(((255 >> (x3 & 7)) & 3), (0xffffffffU ^ x3));
    }
  }
  if ((x3 == 0)) reach_error();
  return 0;
}
