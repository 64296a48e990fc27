/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
struct node { struct node *next; double w; };
double weight(struct node *n) { double s = 0; while (n) { s += n->w; n = n->next; } return s; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x < 10) __VERIFIER_assert(x * 2 < 20);
  return 0;
}
