/* expect: UNSAFE */
/* designated.c with one wrong expectation: r.p.y is 0, not 1. */
extern void abort(void);
void reach_error(void) { abort(); }
struct P { int x; int y; };
struct Q { struct P p; int a[3]; int z; };
int g[5] = {[3] = 9, 1};
struct Q gq = {.a[1] = 7, .p = {.y = 1}, .z = 4};
int main(void) {
  int a[4] = {[2] = 5, [0] = 1};
  struct P q = {.y = 3};
  struct Q r = {.a = {[2] = 6}, .p.x = 2};
  if (a[2] != 5 || a[1] != 0 || a[0] != 1 || a[3] != 0) reach_error();
  if (q.x != 0 || q.y != 3) reach_error();
  if (r.p.x != 2 || r.p.y != 1 || r.a[2] != 6 || r.a[0] != 0 || r.z != 0) reach_error();
  if (g[3] != 9 || g[4] != 1 || g[0] != 0) reach_error();
  if (gq.a[1] != 7 || gq.p.y != 1 || gq.p.x != 0 || gq.z != 4) reach_error();
  return 0;
}
