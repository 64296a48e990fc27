/* expect: SAFE */
/* a deterministic recursive program: its only run, as procedure
 * summaries and location invariants, is checked as a Horn model */
extern void abort(void);
void reach_error(void) {}
int fibo(int n) { return n < 2 ? n : fibo(n - 1) + fibo(n - 2); }
int main(void) {
  if (fibo(12) != 144) { reach_error(); abort(); }
  return 0;
}
