/* expect: SAFE */
/* mutual recursion writing a global: the callee's globals flow back */
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
int flag;
void odd(int n);
void even(int n) { if (n > 0) odd(n - 1); else flag = 1; }
void odd(int n) { if (n > 0) even(n - 1); else flag = 1; }
int main(void) {
  flag = 0;
  int n = __VERIFIER_nondet_int();
  even(n);
  if (flag != 1) { reach_error(); abort(); }
  return 0;
}
