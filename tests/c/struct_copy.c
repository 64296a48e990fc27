/* expect: SAFE */
/* Structs beyond flat ones: nested structs and copies (assignment,
 * initialization, by-value parameters), copied field by field (one
 * variable per field path). Arrays of structs: struct_array.c. */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
struct point { int x, y; };
struct box { struct point lo, hi; };
struct box global_box = {{1, 2}, {3, 4}};
int width(struct box b) { b.lo.x = 0; return b.hi.x - b.lo.x; }
int main(void) {
  struct box b = global_box;
  __VERIFIER_assert(b.lo.y == 2 && b.hi.x == 3);
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  b.hi.x = b.lo.x + n;
  struct point p = b.hi;
  __VERIFIER_assert(p.x - n == 1 && p.y == 4);
  __VERIFIER_assert(width(b) == 1 + n);
  __VERIFIER_assert(b.lo.x == 1);            /* the parameter was a copy */
  b.lo = p;
  __VERIFIER_assert(b.lo.y == 4);
  return 0;
}
