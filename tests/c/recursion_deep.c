/* expect: UNSAFE */
/* encodings: auto */
/* A counterexample 7 calls deep (input 6): recursion bounded at 8 nested
 * calls and inlined (then the usual replay and compiled execution) races
 * the procedure route. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int id(int x) {
  if (x <= 0) return 0;
  return id(x - 1) + 1;
}
int main(void) {
  int input = __VERIFIER_nondet_int();
  if (id(input) == 6) reach_error();
  return 0;
}
