/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int counter = 3;
unsigned int zero;
int next(void) { static int calls = 10; calls++; return calls; }
int main(void) {
  __VERIFIER_assert(counter == 3 && zero == 0);
  next();
  __VERIFIER_assert(next() == 12);
  counter += next();
  __VERIFIER_assert(counter == 16);
  return 0;
}
