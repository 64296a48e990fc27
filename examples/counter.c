// An SV-COMP-style C program: the loop keeps i <= n, so reach_error() is unreachable.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint(), i = 0;
  if (n > 1000) return 0;
  while (i < n) i++;
  if (i > n) reach_error();
  return 0;
}
