/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int a = 12, b = 10, c;
  unsigned int u = 12;
  __VERIFIER_assert(a + b == 22); __VERIFIER_assert(a - b == 2); __VERIFIER_assert(a * b == 120);
  __VERIFIER_assert(-7 / 2 == -3); __VERIFIER_assert(-7 % 2 == -1); __VERIFIER_assert(a << 2 == 48);
  __VERIFIER_assert(-8 >> 1 == -4); __VERIFIER_assert((a & b) == 8); __VERIFIER_assert((a | b) == 14);
  __VERIFIER_assert((a ^ b) == 6); __VERIFIER_assert(b < a); __VERIFIER_assert(a > b); __VERIFIER_assert(b <= a);
  __VERIFIER_assert(a >= b); __VERIFIER_assert(a != b); __VERIFIER_assert(!(a == b)); __VERIFIER_assert(~a == -13);
  __VERIFIER_assert(-a == -12); __VERIFIER_assert(+a == 12); __VERIFIER_assert((a && 0) == 0); __VERIFIER_assert((a || 0) == 1);
  c = a; c += 3; __VERIFIER_assert(c == 15); c -= 5; __VERIFIER_assert(c == 10); c *= 3; __VERIFIER_assert(c == 30);
  c /= 4; __VERIFIER_assert(c == 7); c %= 4; __VERIFIER_assert(c == 3); c <<= 2; __VERIFIER_assert(c == 12);
  c >>= 1; __VERIFIER_assert(c == 6); c &= 3; __VERIFIER_assert(c == 2); c |= 5; __VERIFIER_assert(c == 7);
  c ^= 1; __VERIFIER_assert(c == 6);
  __VERIFIER_assert(c++ == 6); __VERIFIER_assert(c == 7); __VERIFIER_assert(++c == 8);
  __VERIFIER_assert(c-- == 8); __VERIFIER_assert(--c == 6);
  __VERIFIER_assert((a, b) == 10); __VERIFIER_assert((a > b ? a : b) == 12);
  __VERIFIER_assert(u - 13 == 4294967295u); __VERIFIER_assert(u / 5 == 2); __VERIFIER_assert(u >> 2 == 3);
  __VERIFIER_assert(sizeof(int) == 4); __VERIFIER_assert('a' == 97);
  return 0;
}
