// An unsafe C program: the sum of two small nondeterministic bytes reaches 300.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar(), b = __VERIFIER_nondet_uchar();
  int s = a + b;            /* int arithmetic: no wrap-around */
  if (s == 300) reach_error();
  return 0;
}
