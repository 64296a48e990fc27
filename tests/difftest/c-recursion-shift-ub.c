// difftest seed 14800 (C, session 14): f0 shifts a negative value left
// (x2 = -3: b << 5, undefined behaviour); every route must say so. The
// procedure routes stopped earlier, at the global array's replay (the
// equality of array values, see c-recursion-global-array.c).
// expect: UNKNOWN (undefined behaviour: shift out of range at c-recursion-shift-ub.c:22)
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
unsigned char arr[4] = "\x07\377";
struct S { int a; unsigned char b; } s = {.a = -2, 9};
unsigned int f0(unsigned int n, int b) {
  if (n == 0) return 7;
  if ((1 + (b << (b & 7)))) goto skip1;
  b = (128 >> (-128 & 7));
  skip1: ;
  return f0(n - 1, (n + s.b));
}
int main(void) {
  int x2;
  x2 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x2 >= -3 && x2 <= 3);
  x2 = f0((((signed char) 3) & 3), x2);
  if (x2) {
    x2 -= ((-1 ? x2 : 2) ^ 0);
    arr[1 & 3] = __VERIFIER_nondet_uchar();
    __VERIFIER_assume(arr[1 & 3] <= 5);
  }
  arr[x2 & 3] |= (!s.b);
  if (((s.b == 2) && (s.b == 1))) reach_error();
  return 0;
}
