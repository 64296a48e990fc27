/* expect: SAFE */
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int s = 0, i, j = 0;
  for (i = 0; i < 10; i++) {
    if (i == 3) continue;
    if (i == 8) break;
    s += i;
  }
  __VERIFIER_assert(s == 25 && i == 8);
  do { j += 2; } while (j < 7);
  __VERIFIER_assert(j == 8);
  while (1) { if (--j == 0) break; }
  for (;;) { j++; if (j > 2) break; }
  __VERIFIER_assert(j == 3);
  return 0;
}
