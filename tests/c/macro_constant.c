/* expect: UNKNOWN (unsupported: operator not recognized */
/* encodings: auto */
/* Regression: inside assert()'s argument, a macro constant of two
 * operators' worth (1 + 2) gives its body tokens the position of its own
 * name, so the token after the body's 1 looked like the '*' after the
 * call: M * 3 was read as 1 * (2 * 3), the assertion failed and the
 * answer was SAFE; 1 + 2 * 3 == 7 holds and reach_error() is reached. */
#include <assert.h>
void reach_error(void) {}
#define M 1 + 2
int main(void) {
  assert(M * 3 == 7);
  reach_error();
  return 0;
}
