/* expect: UNSAFE */
/* encodings: auto */
/* The execution check runs the program without arguments: argc == 1. */
extern void abort(void);
void reach_error(void) {}
int main(int argc, char **argv) {
  if (argc == 1) reach_error();
  return 0;
}
