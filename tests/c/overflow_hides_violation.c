/* expect: UNSAFE */
/* Undefined behaviour on the shortest path (x > 0) hides a violation
   reached without any (x == -7): the UB edge is blocked and the engines
   run again (c_check.c, check_program). */
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
  if (x == -7) reach_error();
  return 0;
}
