/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
struct point { int x, y; unsigned char tag; };
struct point origin = {0, 0, 7};
int main(void) {
  struct point p = {1, 2};
  struct point q;
  q.x = __VERIFIER_nondet_int();
  q.y = q.x;
  p.x += 10;
  __VERIFIER_assert(p.x == 11 && p.y == 2 && p.tag == 0);
  __VERIFIER_assert(q.x == q.y);
  __VERIFIER_assert(origin.tag == 7 && origin.x == 0);
  origin.tag++;
  __VERIFIER_assert(origin.tag == 8);
  return 0;
}
