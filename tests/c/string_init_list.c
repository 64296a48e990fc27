/* expect: SAFE */
/* String literals inside initializer lists: a struct's char array, an
   array of them, rows of a 2-D char array, a designated member; the NUL
   only where there is room, the rest zeros (C11 6.7.9p14). */
extern void abort(void);
void reach_error(void) { abort(); }
struct S { int id; char name[4]; unsigned char tag[2]; };
struct S g = {7, "ab", "\xff"};
struct S gs[2] = {{1, "xyz"}, {2, "q"}};
char rows[2][3] = {"ab", "c"};
int main(void) {
  struct S l = {.name = "hi", .id = 3};
  char m[2][2] = {"ab", {'c'}};
  if (g.id != 7 || g.name[0] != 'a' || g.name[1] != 'b' || g.name[2] != 0 || g.name[3] != 0) reach_error();
  if (g.tag[0] != 255 || g.tag[1] != 0) reach_error();
  if (gs[0].name[2] != 'z' || gs[0].name[3] != 0 || gs[1].name[0] != 'q' || gs[1].id != 2) reach_error();
  if (rows[0][1] != 'b' || rows[0][2] != 0 || rows[1][0] != 'c' || rows[1][1] != 0) reach_error();
  if (l.id != 3 || l.name[0] != 'h' || l.name[1] != 'i' || l.name[2] != 0) reach_error();
  if (m[0][0] != 'a' || m[0][1] != 'b' || m[1][0] != 'c' || m[1][1] != 0) reach_error();
  return 0;
}
