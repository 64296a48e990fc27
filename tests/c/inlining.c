/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int twice(int v) { return v + v; }
int clamp(int v) { if (v > 100) return 100; if (v < 0) return 0; return v; }
int f(int v) { return clamp(twice(v)) + twice(1); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int y = f(x);
  __VERIFIER_assert(y >= 2 && y <= 102);
  __VERIFIER_assert(f(3) == 8);
  return 0;
}
