/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int check(int v) { if (v == 42) { reach_error(); } return v; }
int id(int v) { return check(v); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 1000) return 0;
  id(x + 1);
  return 0;
}
