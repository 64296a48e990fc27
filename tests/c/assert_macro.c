/* expect: SAFE */
/* encodings: auto */
/* glibc's assert() from <assert.h> in a .c file: its body's comma and
 * __extension__ have no tokens of their own in the file (libclang maps
 * them to the call), the statement expression ({ if (e) ; else
 * __assert_fail(...); }) ends the execution when e fails (not a call of
 * reach_error). Operators written in macro arguments and object-like
 * macros keep their tokens; a function-like macro around a call too
 * (operators in a macro's body: macro_body.c). */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
#define LIMIT 10
#define TWICE(v) twice(v)
int twice(int v) { return 2 * v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > LIMIT) return 0;
  int y = TWICE(x + 1);
  assert(y >= 2 && y <= 2 * LIMIT + 2);
  assert(x != 5);          /* may fail: the execution ends, not a violation */
  if (x == 5 || y > 2 * LIMIT + 2) reach_error();
  return 0;
}
