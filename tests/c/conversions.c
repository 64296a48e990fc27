/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned char uc = 255;
  uc += 1;                       /* computed in int, wraps on the store */
  __VERIFIER_assert(uc == 0);
  int m = -1;
  unsigned int u = 1;
  __VERIFIER_assert(!(m < u));   /* -1 converts to UINT_MAX */
  signed char sc = (signed char)200;
  __VERIFIER_assert(sc == -56);
  __VERIFIER_assert(sc + 1 == -55);   /* promoted: no wrap */
  long l = -1;                   /* ILP32: long is 32 bits */
  __VERIFIER_assert(l < u == 0);      /* long and unsigned int meet as unsigned long */
  _Bool b = 42;
  __VERIFIER_assert(b == 1);
  long long ll = (unsigned int)-1;
  __VERIFIER_assert(ll == 4294967295LL);
  return 0;
}
