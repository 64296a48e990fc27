/* expect: UNSAFE */
/* struct_return.c with one wrong expectation (s.y is n + 2). */
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
struct P { int x; int y; };
struct P mk(int a) { struct P p; p.x = a; p.y = a + 1; return p; }
struct P swap(struct P q) { struct P r = {q.y, q.x}; return r; }
int sum(struct P p) { return p.x + p.y; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  struct P r = mk(n);
  struct P s;
  s = swap(mk(n + 2));
  if (r.y != n + 1) reach_error();
  if (s.x != n + 3 || s.y != n + 3) reach_error();
  if (mk(5).y != 6) reach_error();
  if (sum(mk(n)) != 2 * n + 1) reach_error();
  return 0;
}
