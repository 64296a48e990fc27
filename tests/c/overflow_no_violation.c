/* expect: UNKNOWN (undefined behaviour: signed overflow */
/* Undefined behaviour is reachable (x > 0) and no violation is: once the
   UB edge is blocked the engines prove the rest, which is no answer. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 2147483647;
  if (x > 0) {
    y = y + x;            /* signed overflow for every x > 0 */
    return y;
  }
  int i = 0;
  while (i < 5) i++;
  if (x == -7 && i == 4) reach_error();
  return 0;
}
