/* expect: UNKNOWN (unsupported: pointers */
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node n;
  n.v = 1;
  if (n.v != 1) reach_error();
  return 0;
}
