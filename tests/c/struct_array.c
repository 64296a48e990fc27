/* expect: SAFE */
/* Arrays of structs (one SMT array per field, over the element index)
 * and structs holding arrays (an SMT array per array field), copied
 * element by element into a block or as whole arrays. */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
struct point { int x, y; };
struct tagged { int id; int tag[3]; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  struct point pts[4] = {{0, 0}, {1, 1}};
  struct point p = {n, 4};
  pts[3] = p;
  pts[2] = pts[1];
  pts[1].y = 7;
  __VERIFIER_assert(pts[2].y == 1 && pts[3].x == n && pts[0].x == 0);
  struct tagged t = {1, {5}}, ts[2];
  ts[0] = t;
  ts[1] = ts[0];
  ts[1].tag[1] = 9;
  __VERIFIER_assert(ts[0].tag[1] == 0 && ts[1].tag[1] == 9 && ts[1].tag[0] == 5);
  return 0;
}
