/* Streaming tokenizer for SMT-LIB 2.6 s-expressions.
 *
 * Reads a FILE* in fixed-size chunks (or a memory buffer) and yields one
 * token at a time with its line and column, so memory stays independent of
 * the input size. Token text lives in a buffer owned by the lexer and is
 * valid until the next call to sexp_next.
 */
#ifndef ZETA_FRONTEND_SEXP_LEXER_H
#define ZETA_FRONTEND_SEXP_LEXER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
  SEXP_EOF,
  SEXP_LPAREN,
  SEXP_RPAREN,
  SEXP_NUMERAL,   /* text: decimal digits */
  SEXP_DECIMAL,   /* text: digits '.' digits */
  SEXP_HEX,       /* text: hex digits after #x */
  SEXP_BINARY,    /* text: binary digits after #b */
  SEXP_STRING,    /* text: contents with "" unescaped to " */
  SEXP_SYMBOL,    /* text: the symbol without |bars|; `quoted` tells which */
  SEXP_KEYWORD,   /* text: including the leading ':' */
  SEXP_ERROR,     /* message in sexp_lexer.err */
} sexp_tok;

/* A growable byte buffer, NUL-terminated; `oom` is set once an append
 * failed (the content is then truncated). */
typedef struct { char *data; size_t len, cap; bool oom; } sexp_buf;
void sexp_buf_append(sexp_buf *b, const char *s, size_t n);
void sexp_buf_putc(sexp_buf *b, char c);
void sexp_buf_clear(sexp_buf *b);
void sexp_buf_free(sexp_buf *b);

typedef struct sexp_lexer {
  /* input */
  FILE *in;                 /* NULL for buffer input */
  const char *buf;          /* chunk or whole buffer */
  size_t len, pos;
  char *chunk;              /* owned chunk storage for FILE input */
  bool eof;                 /* no more input beyond buf */
  uint32_t line, col;       /* position of the next unread character */
  uint64_t bytes;           /* bytes consumed so far */
  /* current token */
  sexp_tok tok;
  bool quoted;              /* SEXP_SYMBOL written as |...| */
  uint32_t tok_line, tok_col;
  sexp_buf text;
  char err[160];            /* for SEXP_ERROR, without position */
} sexp_lexer;

/* Initialize over a stream (not closed by the lexer) or a buffer (not
 * copied; must outlive the lexer). Return false on allocation failure. */
bool sexp_lexer_init_file(sexp_lexer *lx, FILE *in);
void sexp_lexer_init_buffer(sexp_lexer *lx, const char *buf, size_t len);
void sexp_lexer_free(sexp_lexer *lx);

/* Advance to the next token and return its kind. */
sexp_tok sexp_next(sexp_lexer *lx);

/* Appends a token as it would be written in SMT-LIB (strings and quoted
 * symbols re-escaped) to b; text is the token text as sexp_next leaves it. */
void sexp_spell(sexp_tok tok, bool quoted, const char *text, size_t len, sexp_buf *b);

/* Name of a token kind for messages ("numeral", "')'", ...). */
const char *sexp_tok_name(sexp_tok t);
#endif
