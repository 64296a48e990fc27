/* zeta, the command-line program: one client of the public API
 * (include/zeta/zeta.h). It turns argv into options, loads the input, runs
 * the check and prints the answer (streamed as the language produces it),
 * the statistics, or one JSON object; it writes --witness-file. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/help.h"
#include "zeta/zeta.h"

typedef struct {
  const char *command;   /* one of zeta_command_name(), or NULL for verification */
  const char *files[8];
  size_t nfiles;
} args;

static bool is_command(const char *a) {
  for (size_t i = 0; zeta_command_name(i); i++)
    if (strcmp(a, zeta_command_name(i)) == 0) return true;
  return false;
}

static const char *option_kind(const char *name) {
  for (size_t i = 0; zeta_option_name(i); i++)
    if (strcmp(zeta_option_name(i), name) == 0) return zeta_option_kind(i);
  return NULL;
}

/* argv -> options (through the API, so that names, ranges and messages are
 * the library's) and files. */
static bool parse(int argc, char **argv, zeta_config *cfg, args *a) {
  memset(a, 0, sizeof *a);
  long verbose = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "-v") == 0) {
      char v[24];
      snprintf(v, sizeof v, "%ld", ++verbose);
      zeta_config_set(cfg, "verbose", v, NULL);
      continue;
    }
    if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
      if (!a->command && a->nfiles == 0 && is_command(arg)) {
        a->command = arg;
        continue;
      }
      if (a->nfiles == sizeof a->files / sizeof a->files[0]) {
        fprintf(stderr, "zeta: too many input files\n");
        return false;
      }
      a->files[a->nfiles++] = arg;
      continue;
    }
    char name[64];
    const char *val = NULL, *eq = strchr(arg + 2, '=');
    size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
    if (len >= sizeof name) len = sizeof name - 1;
    memcpy(name, arg + 2, len);
    name[len] = 0;
    const char *kind = option_kind(name);
    if (!kind) {
      fprintf(stderr, "zeta: unknown option '%s' (see zeta --help)\n", arg);
      return false;
    }
    if (eq) val = eq + 1;
    else if (strcmp(kind, "flag") != 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "zeta: option --%s needs a value\n", name);
        return false;
      }
      val = argv[++i];
    }
    zeta_error err;
    if (zeta_config_set(cfg, name, val, &err) != 0) {
      fprintf(stderr, "%s\n", err.message);
      return false;
    }
    if (strcmp(name, "verbose") == 0) verbose = strtol(val, NULL, 10);
  }
  return true;
}

static bool flag(const zeta_config *cfg, const char *name) {
  const char *v = zeta_config_get(cfg, name);
  return v && strcmp(v, "true") == 0;
}

/* --stats after the answer; the HWMCC witness format owns stdout, so there
 * they go to stderr. */
static void print_stats(const zeta_result *r, const zeta_config *cfg) {
  const char *format = zeta_config_get(cfg, "format");
  FILE *out = format && strcmp(format, "hwmcc") == 0 ? stderr : stdout;
  fprintf(out, "engine: %s\n", *zeta_result_engine(r) ? zeta_result_engine(r) : "-");
  for (size_t i = 0; i < zeta_result_nstats(r); i++)
    fprintf(out, "%s: %s\n", zeta_result_stat_name(r, i), zeta_result_stat_value(r, i));
  fprintf(out, "time: %.3f\nmemory-mb: %.1f\n", zeta_result_seconds(r), zeta_result_memory_mb(r));
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      help_print(stdout);
      return ZETA_EXIT_VERDICT;
    }
    if (strcmp(argv[i], "--help-man") == 0) {
      help_man(stdout);
      return ZETA_EXIT_VERDICT;
    }
    if (strcmp(argv[i], "--version") == 0) {
      printf("zeta %s\n", zeta_version());
      return ZETA_EXIT_VERDICT;
    }
  }
  zeta_config *cfg = zeta_config_new();
  zeta_config_set(cfg, "hard-limits", "true", NULL);
  args a;
  if (!parse(argc, argv, cfg, &a)) {
    zeta_config_free(cfg);
    return ZETA_EXIT_INPUT;
  }
  bool json = flag(cfg, "json");
  if (!json) zeta_config_set_output(cfg, stdout);
  zeta_result *r = NULL;
  zeta_model *m = NULL;
  if (a.command) {
    r = zeta_run_command(a.command, a.files, a.nfiles, cfg);
  } else if (a.nfiles != 1) {
    fprintf(stderr, a.nfiles ? "zeta: one input file at a time (see zeta --help)\n"
                             : "zeta: no input file (see zeta --help)\n");
    zeta_config_free(cfg);
    return ZETA_EXIT_INPUT;
  } else {
    zeta_error err;
    m = zeta_load_file(a.files[0], NULL, cfg, &err);
    if (!m) {
      fprintf(stderr, "%s\n", err.message);
      zeta_config_free(cfg);
      return err.code ? err.code : ZETA_EXIT_INPUT;
    }
    r = zeta_check(m, cfg);
  }
  int code = zeta_result_exit(r);
  const zeta_error *err = zeta_result_error(r);
  if (err) {
    fprintf(stderr, "%s\n", err->message);
  } else {
    if (json) {
      char *s = zeta_result_json(r);
      printf("%s\n", s);
      free(s);
    } else if (flag(cfg, "stats")) {
      print_stats(r, cfg);
    }
    const char *wf = zeta_config_get(cfg, "witness-file");
    if (wf && zeta_result_write_witness(r, wf) != 0)
      fprintf(stderr, "zeta: %s: %s\n", wf, zeta_result_witness(r) ? "cannot write" : "no evidence to write");
  }
  fflush(stdout);
  zeta_result_free(r);
  zeta_model_free(m);
  zeta_config_free(cfg);
  return code;
}
