/* expect: SAFE */
/* Char arrays initialized by string literals: escapes, adjacent literals,
   the NUL only where there is room, the rest zeros (C11 6.7.9p14). */
extern void abort(void);
void reach_error(void) { abort(); }
char g[] = "ab";
static char h[6] = "x\ty" "\101\x42";
int main(void) {
  char a[] = "xy";
  char e[3] = "abc";
  unsigned char u[] = "\xff";
  if (g[0] != 'a' || g[1] != 'b' || g[2] != 0) reach_error();
  if (h[0] != 'x' || h[1] != 9 || h[2] != 'y' || h[3] != 'A' || h[4] != 'B' || h[5] != 0) reach_error();
  if (a[0] != 'x' || a[2] != 0 || sizeof(a) != 3) reach_error();
  if (e[2] != 'c') reach_error();
  if (u[0] != 255 || u[1] != 0) reach_error();
  return 0;
}
