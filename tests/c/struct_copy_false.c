/* expect: UNSAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
struct point { int x, y; };
struct seg { struct point a, b; };
int main(void) {
  struct seg s = {{0, 0}, {2, 3}};
  struct seg t = s;
  t.b.y = __VERIFIER_nondet_int();
  s = t;
  __VERIFIER_assert(s.b.y != 42);   /* the copy carries the nondet value */
  return 0;
}
