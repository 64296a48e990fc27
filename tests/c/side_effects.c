/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int g;
int bump(void) { g++; return g; }
int main(void) {
  int x = 0, y;
  if ((y = x + 5) > 4) x++;
  __VERIFIER_assert(x == 1 && y == 5);
  int z = x++ + x++;             /* unsequenced in C, but not read here */
  (void)z;
  __VERIFIER_assert(x == 3);
  if (x > 100 && bump()) x = 0;  /* bump not called */
  __VERIFIER_assert(g == 0);
  if (x < 100 || bump()) x = 10; /* bump not called */
  __VERIFIER_assert(g == 0 && x == 10);
  y = x > 5 ? bump() : bump() + 100;
  __VERIFIER_assert(g == 1 && y == 1);
  y = (bump(), bump());
  __VERIFIER_assert(g == 3 && y == 3);
  while ((x = x - 1) > 0) g++;
  __VERIFIER_assert(x == 0 && g == 12);
  return 0;
}
