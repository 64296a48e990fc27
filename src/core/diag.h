/* A diagnostic from a lower layer: an exit code and one message that the
 * caller shows (layers below the CLI never print errors themselves). For
 * input errors the message starts "file:line:column: " and the position is
 * also kept in fields, for the public API. */
#ifndef ZETA_CORE_DIAG_H
#define ZETA_CORE_DIAG_H

typedef struct diag {
  int code;              /* 0 none, else a ZETA_EXIT_* code (2 input, 3 internal) */
  char file[512];
  unsigned line, column; /* 0 = unknown */
  char message[2048];
} diag;

/* Sets the code and the message; a "file:line:column: " or "file:line: "
 * prefix of the message fills the position fields. */
void diag_set(diag *d, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#endif
