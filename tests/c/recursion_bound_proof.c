/* expect: SAFE */
/* The recursion depth is at most 3 (n & 3), but nothing bounds n inside
   f itself: the procedure summaries over 32-bit values do not come in
   time, while bounded recursion at depth 8 is exact once no call deeper
   than the bound is reachable (checked with the cut calls as errors). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "recursion_bound_proof.c", 7, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned short g = 200;
int f(unsigned int n, int b) {
  if (n == 0) return b;
  if (n == 127) goto skip;
  g = (g + n);
skip:
  b--;
  if (g == 2 && n != 128) reach_error();
  return f(n - 1, g | b) ^ 1;
}
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  int r = f(x & 3, 5);
  if (r > 100000) reach_error();
  return 0;
}
