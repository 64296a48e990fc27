/* A program that uses zeta as a library: checks a model file and prints
 * the verdict with its evidence.
 *   cc check.c $(pkg-config --cflags --libs zeta) -o check && ./check FILE */
#include <stdio.h>
#include <zeta/zeta.h>

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s FILE\n", argv[0]); return 2; }
  zeta_config *cfg = zeta_config_new();
  zeta_config_set(cfg, "timeout", "20", NULL);
  zeta_error err;
  zeta_model *m = zeta_load_file(argv[1], NULL, cfg, &err);
  if (!m) {
    fprintf(stderr, "%s (line %u, column %u)\n", err.message, err.line, err.column);
    zeta_config_free(cfg);
    return err.code;
  }
  zeta_result *r = zeta_check(m, cfg);
  const char *words[] = {"SAFE", "UNSAFE", "UNKNOWN"};
  printf("%s by %s in %.2f s\n", words[zeta_result_verdict(r)], zeta_result_engine(r), zeta_result_seconds(r));
  for (size_t k = 0; k < zeta_result_nsteps(r); k++) {
    printf("  %s:", zeta_result_step_label(r, k));
    for (size_t i = 0; i < zeta_result_step_nvalues(r, k); i++)
      printf(" %s=%s", zeta_result_step_name(r, k, i), zeta_result_step_value(r, k, i));
    printf("\n");
  }
  if (*zeta_result_evidence_text(r)) printf("%s: %s", zeta_result_evidence_kind(r), zeta_result_evidence_text(r));
  int code = zeta_result_exit(r);
  zeta_result_free(r);
  zeta_model_free(m);
  zeta_config_free(cfg);
  return code;
}
