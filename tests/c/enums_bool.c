/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
enum color { RED, GREEN = 5, BLUE };
int main(void) {
  enum color c = __VERIFIER_nondet_bool() ? GREEN : BLUE;
  _Bool b = c == BLUE;
  __VERIFIER_assert(c == 5 || c == 6);
  __VERIFIER_assert(b == (c == 6));
  __VERIFIER_assert(RED == 0);
  return 0;
}
