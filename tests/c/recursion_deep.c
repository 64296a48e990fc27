/* expect: UNSAFE */
/* A counterexample 13 calls deep (input 12): found by recursion bounded
 * at 32 nested calls and inlined (then the usual replay and compiled
 * execution), next to the procedure route. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int id(int x) {
  if (x <= 0) return 0;
  return id(x - 1) + 1;
}
int main(void) {
  int input = __VERIFIER_nondet_int();
  if (id(input) == 12) reach_error();
  return 0;
}
