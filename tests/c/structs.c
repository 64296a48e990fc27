/* expect: UNKNOWN (unsupported: */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
struct point { int x, y; };
int main(void) {
  struct point p;
  p.x = 1;
  __VERIFIER_assert(p.x == 1);
  return 0;
}
