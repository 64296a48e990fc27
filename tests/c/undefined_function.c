/* expect: UNKNOWN (calls the undefined function */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int lookup(int);
int main(void) {
  int x = lookup(3);
  if (x > 5) x = 5;
  __VERIFIER_assert(x <= 5);
  return 0;
}
