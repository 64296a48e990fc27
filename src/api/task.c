#include "api/task.h"
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "core/alloc.h"
#include "api/config.h"
#include "core/options.h"

/* The task's language word -> zeta's format name. */
static const struct { const char *language, *format; } languages[] = {
  {"cfa", "cfa"}, {"smt2", "chc"}, {"chc", "chc"}, {"horn", "chc"}, {"vmt", "vmt"}, {"aiger", "aiger"},
  {"btor2", "btor2"}, {"pnml", "pnml"}, {"c", "c"}, {"solidity", "sol"}, {"tla", "tla"},
};

/* Options whose value names a file, resolved against the task's folder. */
static bool names_file(const char *option) {
  return strcmp(option, "config") == 0 || strcmp(option, "formula") == 0;
}

static const yaml_node_t *get(yaml_document_t *doc, const yaml_node_t *map, const char *key) {
  if (!map || map->type != YAML_MAPPING_NODE) return NULL;
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    const yaml_node_t *k = yaml_document_get_node(doc, p->key);
    if (k && k->type == YAML_SCALAR_NODE && strcmp((const char *)k->data.scalar.value, key) == 0)
      return yaml_document_get_node(doc, p->value);
  }
  return NULL;
}

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static char *resolve(const char *dir, const char *file) {
  if (file[0] == '/') return xstrdup(file);
  char *s = NULL;
  if (asprintf(&s, "%s/%s", dir, file) < 0) alloc_fail(0);
  return s;
}

static bool set(zeta_config *cfg, const char *name, const char *value, const char *path, const yaml_node_t *at,
                diag *d) {
  if (zeta_config_was_set(cfg, name)) return true;
  zeta_error e;
  if (zeta_config_set(cfg, name, value, &e) == 0) return true;
  diag_set(d, ZETA_EXIT_INPUT, "%s:%zu:%zu: option %s: %s", path, at->start_mark.line + 1, at->start_mark.column + 1,
           name, e.message);
  return false;
}

bool task_load(const char *path, zeta_config *cfg, char **input, const char **format, diag *d) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: cannot open", path);
    return false;
  }
  yaml_parser_t parser;
  yaml_document_t doc;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  bool ok = yaml_parser_load(&parser, &doc);
  if (!ok) {
    diag_set(d, ZETA_EXIT_INPUT, "%s:%zu:%zu: %s", path, parser.problem_mark.line + 1, parser.problem_mark.column + 1,
             parser.problem ? parser.problem : "not YAML");
    yaml_parser_delete(&parser);
    fclose(f);
    return false;
  }
  char *pathcopy = xstrdup(path);
  const char *dir = dirname(pathcopy);
  const yaml_node_t *root = yaml_document_get_root_node(&doc);
  const yaml_node_t *files = get(&doc, root, "input_files"), *opts = get(&doc, root, "options");
  const yaml_node_t *props = get(&doc, root, "properties");
  *input = NULL;
  *format = NULL;
  if (!root || root->type != YAML_MAPPING_NODE) {
    diag_set(d, ZETA_EXIT_INPUT, "%s:1:1: a task definition is a mapping with input_files, options and properties", path);
    ok = false;
  }
  /* the input: one file (a list of one is accepted) */
  const char *file = scalar(files);
  if (ok && !file && files && files->type == YAML_SEQUENCE_NODE &&
      files->data.sequence.items.top - files->data.sequence.items.start == 1)
    file = scalar(yaml_document_get_node(&doc, *files->data.sequence.items.start));
  if (ok && !file) {
    const yaml_node_t *at = files ? files : root;
    diag_set(d, ZETA_EXIT_INPUT, "%s:%zu:%zu: input_files must name one file", path, at->start_mark.line + 1,
             at->start_mark.column + 1);
    ok = false;
  }
  /* the language */
  const char *language = scalar(get(&doc, opts, "language"));
  if (ok && language) {
    for (size_t i = 0; i < sizeof languages / sizeof languages[0] && !*format; i++)
      if (strcasecmp(language, languages[i].language) == 0) *format = languages[i].format;
    if (!*format) {
      const yaml_node_t *at = get(&doc, opts, "language");
      diag_set(d, ZETA_EXIT_INPUT, "%s:%zu:%zu: language '%s' is not supported", path, at->start_mark.line + 1,
               at->start_mark.column + 1, language);
      ok = false;
    }
  }
  /* the options zeta has (data_model -> --data-model, ...); the others
   * (origin, tier, track, ...) describe the task */
  if (ok && opts && opts->type == YAML_MAPPING_NODE) {
    for (yaml_node_pair_t *p = opts->data.mapping.pairs.start; ok && p < opts->data.mapping.pairs.top; p++) {
      const char *key = scalar(yaml_document_get_node(&doc, p->key));
      const yaml_node_t *vn = yaml_document_get_node(&doc, p->value);
      const char *val = scalar(vn);
      if (!key || !val || strcmp(key, "language") == 0) continue;
      char name[64];
      snprintf(name, sizeof name, "%s", key);
      for (char *c = name; *c; c++)
        if (*c == '_') *c = '-';
      if (strcmp(name, "arithmetic") == 0) snprintf(name, sizeof name, "sol-arith");   /* sol-verify's flag */
      if (!options_known(name)) continue;
      char *v = names_file(name) ? resolve(dir, val) : xstrdup(val);
      ok = set(cfg, name, v, path, vn, d);
      free(v);
    }
  }
  /* the property: a formula file (MCC) or a property the option table
   * names (sol-modular.prp selects the modular Solidity analysis) */
  if (ok && props && props->type == YAML_SEQUENCE_NODE) {
    for (yaml_node_item_t *it = props->data.sequence.items.start; ok && it < props->data.sequence.items.top; it++) {
      const yaml_node_t *pf = get(&doc, yaml_document_get_node(&doc, *it), "property_file");
      const char *prp = scalar(pf);
      if (!prp) continue;
      const char *dot = strrchr(prp, '.');
      if (dot && strcmp(dot, ".xml") == 0 && options_known("formula")) {
        char *v = resolve(dir, prp);
        ok = set(cfg, "formula", v, path, pf, d);
        free(v);
      } else if (strstr(prp, "sol-modular") && options_known("sol-mode")) {
        ok = set(cfg, "sol-mode", "modular", path, pf, d);
      }
    }
  }
  if (ok) *input = resolve(dir, file);
  free(pathcopy);
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  fclose(f);
  return ok;
}
