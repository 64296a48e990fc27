/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern long long __VERIFIER_nondet_longlong(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  long long l = __VERIFIER_nondet_longlong();
  _Bool b = __VERIFIER_nondet_bool();
  if (c == 200 && s == -5 && l == -5000000000LL && b) reach_error();
  return 0;
}
