/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int i = 0, s = 0;
loop:
  if (i >= 10) goto done;
  s += 2;
  i++;
  goto loop;
done:
  __VERIFIER_assert(s == 20);
  return 0;
}
