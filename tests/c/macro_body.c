/* expect: UNKNOWN (unsupported: operator not recognized */
/* encodings: auto */
/* A binary operator spelled in a macro's body between two arguments: in
 * the file, the token after the left operand is the argument separator
 * ',' (libclang 14 has no operator kinds); refused, never read as a
 * comma. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
#define SUB(a, b) a - b
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (SUB(x, 1) == x) reach_error();
  return 0;
}
