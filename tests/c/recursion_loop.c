/* expect: SAFE */
/* A recursion with a loop in its body (f(n) = 3n for n <= 4). Spacer
   (Z3 4.8.12) unrolls it level after level; predicate abstraction over
   the location-per-predicate clauses needed ~29 s, IC3 on them 14 s; the
   own schedule on the normal form (predicates inlined) proves it in ~2 s.
   The race's bounded-kind job ends at once: its inlined programs keep the
   loop, where the bounded job runs the same k-induction. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "recursion_loop.c", 9, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int f(int n) {
  if (n <= 0) return 0;
  int s = 0;
  for (int i = 0; i < 3; i++) s += 1;
  return s + f(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  int r = f(n);
  if (r != 3 * n) reach_error();
  return 0;
}
