/* expect: SAFE */
/* Bitwise operators with a constant side, and a remainder by a divisor of
 * small range, on mathematical integers (--c-int math): two's complement
 * patterns as differences of remainders by powers of 2 (core/term_intops.c);
 * before, math mode answered UNKNOWN (unsupported). */
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  int low = x & 7, neg = x | -8, flip = x ^ -1;
  if (low < 0 || low > 7) reach_error();
  if (neg > -1 || neg < -8) reach_error();
  if (x > 0 && flip != -x - 1) reach_error();
  if ((u & 0xff00u) > 0xff00u || ((u & 0xff00u) & 0xffu) != 0) reach_error();
  if (x % ((low & 3) + 1) > 3 || x % ((low & 3) + 1) < -3) reach_error();
  return 0;
}
