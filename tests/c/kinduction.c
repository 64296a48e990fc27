/* expect: SAFE */
/* encodings: auto */
/* x alternates 0 and 1: x != 2 holds but is not inductive on its own
 * (x == -1 would lead to 2); k-induction proves it with k > 1 and, asked
 * for a witness, turns the proof into loop invariants (kinv.h). */
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    x = 1 - x;
    if (x == 2) reach_error();
  }
  return 0;
}
