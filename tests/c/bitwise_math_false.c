/* expect: UNSAFE */
/* As bitwise_math.c; x | -8 is -7 for x = 1. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int neg = x | -8;
  if (neg == -7 && (x & 1) == 1) reach_error();
  return 0;
}
