/* expect: UNKNOWN (unsupported: an initializer for a member or element already initialized */
/* Two initializers for one member: C keeps the last and the zeros its
   braces imply (p.x becomes 0 again); zeta refuses rather than guess. */
extern void abort(void);
void reach_error(void) { abort(); }
struct P { int x; int y; };
struct Q { struct P p; int z; };
int main(void) {
  struct Q q = {.p.x = 2, .p = {.y = 1}};
  if (q.p.x != 0) reach_error();
  return 0;
}
