/* expect: UNKNOWN (recursion) */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) { __VERIFIER_assert(fact(3) == 6); return 0; }
