/* expect: SAFE */
/* A function with its own switch inlined inside a case of the caller's
   switch, with a case label of the caller after the call: the caller's
   case list must survive the callee's switch (it was overwritten and read
   after being freed, difftest seed 10001). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int g;
int f(int b) {
  switch (b & 1) {
  case 0: g += 1; break;
  default: g += 2; break;
  }
  return g;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  switch (x & 3) {
  case 0:
    f(x);
    /* fall through */
  case 1:
    g += 10;
    break;
  default:
    g = 100;
    break;
  }
  if (g != 11 && g != 12 && g != 10 && g != 100) reach_error();
  return 0;
}
