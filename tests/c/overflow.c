/* expect: UNKNOWN (undefined behaviour: signed overflow */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1;                 /* overflows for INT_MAX before the error */
  if (y < x) reach_error();
  return 0;
}
