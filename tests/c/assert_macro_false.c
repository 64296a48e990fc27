/* expect: UNSAFE */
/* encodings: auto */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
#define LIMIT 10
#define TWICE(v) twice(v)
int twice(int v) { return 2 * v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > LIMIT) return 0;
  int y = TWICE(x + 1);
  assert(y >= 2);
  if (y == TWICE(LIMIT)) reach_error();   /* x = 9 */
  return 0;
}
