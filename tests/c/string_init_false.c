/* expect: UNSAFE */
/* Regression (session 9): a global char array initialized by a string
   literal was read as zeros (the literal was not seen as its
   initializer), a wrong SAFE. */
extern void abort(void);
void reach_error(void) { abort(); }
char g[] = "ab";
int main(void) {
  char a[] = "xy";
  if (g[0] == 'a') reach_error();
  return 0;
}
