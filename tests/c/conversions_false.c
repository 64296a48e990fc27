/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned char uc = __VERIFIER_nondet_int();
  uc += 10;
  __VERIFIER_assert(uc >= 10);   /* fails when uc was 246..255 */
  return 0;
}
