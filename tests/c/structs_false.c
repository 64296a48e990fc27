/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
struct pair { int a; int b; };
int main(void) {
  struct pair s;
  s.a = __VERIFIER_nondet_int();
  s.b = 3;
  if (s.a > 0 && s.a < 100) __VERIFIER_assert(s.a + s.b != 50);
  return 0;
}
