/* A Solidity file as solc sees it: the compact AST JSON that solc-js
 * (pinned, deps/node_modules/solc, run by solc-ast.js in a node subprocess)
 * produces, read with cJSON, with nodes indexed by id and source offsets
 * turned into line and column. */
#ifndef ZETA_LANG_SOL_AST_H
#define ZETA_LANG_SOL_AST_H
#include <cjson/cJSON.h>
#include <stdbool.h>
#include "core/diag.h"
#include "lang/sol/sol_import.h"

typedef struct {
  char *file;        /* as given */
  char *text;        /* the source (for line numbers) */
  size_t text_len;
  cJSON *root;       /* the SourceUnit */
  cJSON **by_id;     /* node of each id (NULL if none) */
  int nids;
  sol_part *parts;   /* imported files appended to text (sol_import.h) */
  uint32_t nparts;
} sol_ast;

/* Runs solc on path (its plain imports appended, see sol_import.h); NULL with d filled (compile errors: solc's messages
 * with file:line:column, exit code 2). */
sol_ast *sol_ast_load(const char *path, diag *d);
/* The same on a given source text (e.g. an instrumented copy of path's),
 * compiled under path's name; positions refer to text. */
sol_ast *sol_ast_load_text(const char *path, const char *text, size_t tlen, diag *d);
/* Reads solc's AST JSON of the source text (text: malloc'd or NULL; the AST
 * owns it when one is returned). NULL with d filled ("path:line:column: ..." in the
 * JSON) when json is not a JSON object. */
sol_ast *sol_ast_from_json(const char *path, char *text, size_t tlen, const char *json, diag *d);
void sol_ast_free(sol_ast *a);

cJSON *sol_node(const sol_ast *a, int id);   /* NULL if unknown */
/* Field helpers (NULL / "" / -1 when absent). */
const char *sol_str(const cJSON *n, const char *key);
int sol_int(const cJSON *n, const char *key);
bool sol_bool(const cJSON *n, const char *key);
const char *sol_kind(const cJSON *n);          /* nodeType */
bool sol_has_node(const cJSON *n, const char *kind);   /* a node of that kind occurs in n */
const char *sol_type_string(const cJSON *n);   /* typeDescriptions.typeString */
/* The 1-based line (and column) where node n starts. */
unsigned sol_line(const sol_ast *a, const cJSON *n, unsigned *col);
/* The file that line *line of a's text comes from (a->file or an
 * imported one), *line made relative to it. */
const char *sol_file_of(const sol_ast *a, unsigned *line);
#endif
