/* expect: SAFE */
/* encodings: auto */
/* main(argc, argv): argc is any value >= 0; argv (a pointer) is not used. */
extern void abort(void);
void reach_error(void) {}
int main(int argc, char *argv[]) {
  int n = 0;
  for (int i = 0; i < argc && i < 10; i++) n++;
  if (n > 10 || argc < 0) reach_error();
  return 0;
}
