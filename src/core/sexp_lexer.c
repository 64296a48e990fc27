/* Streaming SMT-LIB tokenizer: chunked reads, line/column tracking. */
#include "core/sexp_lexer.h"
#include <stdlib.h>
#include <string.h>

#define SEXP_CHUNK (1u << 16)

/* ---- byte buffer ---- */
static bool buf_reserve(sexp_buf *b, size_t extra) {
  if (b->oom) return false;
  if (b->len + extra + 1 <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1) {
    if (cap > SIZE_MAX / 2) { b->oom = true; return false; }
    cap *= 2;
  }
  char *d = realloc(b->data, cap);
  if (!d) { b->oom = true; return false; }
  b->data = d;
  b->cap = cap;
  return true;
}

void sexp_buf_append(sexp_buf *b, const char *s, size_t n) {
  if (!buf_reserve(b, n)) return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void sexp_buf_putc(sexp_buf *b, char c) {
  if (b->len + 2 <= b->cap) {   /* fast path */
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
    return;
  }
  sexp_buf_append(b, &c, 1);
}

void sexp_buf_clear(sexp_buf *b) {
  b->len = 0;
  b->oom = false;
  if (b->data) b->data[0] = '\0';
}

void sexp_buf_free(sexp_buf *b) {
  free(b->data);
  memset(b, 0, sizeof *b);
}

/* ---- input ---- */
bool sexp_lexer_init_file(sexp_lexer *lx, FILE *in) {
  memset(lx, 0, sizeof *lx);
  lx->chunk = malloc(SEXP_CHUNK);
  if (!lx->chunk) return false;
  lx->in = in;
  lx->buf = lx->chunk;
  lx->line = lx->col = 1;
  return true;
}

void sexp_lexer_init_buffer(sexp_lexer *lx, const char *buf, size_t len) {
  memset(lx, 0, sizeof *lx);
  lx->buf = buf;
  lx->len = len;
  lx->eof = true;
  lx->line = lx->col = 1;
}

void sexp_lexer_free(sexp_lexer *lx) {
  free(lx->chunk);
  sexp_buf_free(&lx->text);
  memset(lx, 0, sizeof *lx);
}

static bool refill(sexp_lexer *lx) {
  if (lx->eof) return false;
  size_t n = fread(lx->chunk, 1, SEXP_CHUNK, lx->in);
  lx->buf = lx->chunk;
  lx->len = n;
  lx->pos = 0;
  if (n < SEXP_CHUNK) lx->eof = true;
  return n > 0;
}

/* Next character without consuming it, or -1 at end of input. */
static inline int peekc(sexp_lexer *lx) {
  if (lx->pos < lx->len) return (unsigned char)lx->buf[lx->pos];
  if (!refill(lx)) return -1;
  return (unsigned char)lx->buf[lx->pos];
}

static inline void advance(sexp_lexer *lx, int c) {
  lx->pos++;
  lx->bytes++;
  if (c == '\n') { lx->line++; lx->col = 1; }
  else lx->col++;
}

/* ---- character classes ---- */
static bool is_symbol_char(int c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  switch (c) {
  case '~': case '!': case '@': case '$': case '%': case '^': case '&': case '*':
  case '_': case '-': case '+': case '=': case '<': case '>': case '.': case '?': case '/':
    return true;
  default:
    return false;
  }
}
static bool is_digit(int c) { return c >= '0' && c <= '9'; }

static sexp_tok lex_error(sexp_lexer *lx, const char *msg) {
  snprintf(lx->err, sizeof lx->err, "%s", msg);
  return lx->tok = SEXP_ERROR;
}

/* Reads characters of a class into the token text. */
static void take_while(sexp_lexer *lx, bool (*cls)(int)) {
  for (;;) {
    /* fast path inside the current chunk */
    size_t start = lx->pos;
    while (lx->pos < lx->len && cls((unsigned char)lx->buf[lx->pos])) lx->pos++;
    size_t n = lx->pos - start;
    if (n) {
      sexp_buf_append(&lx->text, lx->buf + start, n);
      lx->col += (uint32_t)n;   /* symbol characters contain no newline */
      lx->bytes += n;
    }
    if (lx->pos < lx->len) return;
    if (!refill(lx)) return;
  }
}

static bool is_hex(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool is_bin(int c) { return c == '0' || c == '1'; }

sexp_tok sexp_next(sexp_lexer *lx) {
  sexp_buf_clear(&lx->text);
  lx->quoted = false;
  int c;
  /* skip white space and comments */
  for (;;) {
    c = peekc(lx);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      advance(lx, c);
    } else if (c == ';') {
      while (c != -1 && c != '\n') { advance(lx, c); c = peekc(lx); }
    } else {
      break;
    }
  }
  lx->tok_line = lx->line;
  lx->tok_col = lx->col;
  if (c == -1) {
    if (lx->in && ferror(lx->in)) return lex_error(lx, "read error");
    return lx->tok = SEXP_EOF;
  }
  if (c == '(') { advance(lx, c); return lx->tok = SEXP_LPAREN; }
  if (c == ')') { advance(lx, c); return lx->tok = SEXP_RPAREN; }
  if (is_digit(c)) {
    take_while(lx, is_digit);
    if (peekc(lx) != '.') return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_NUMERAL;
    advance(lx, '.');
    sexp_buf_putc(&lx->text, '.');
    if (!is_digit(peekc(lx))) return lex_error(lx, "expected digits after '.' in a decimal");
    take_while(lx, is_digit);
    return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_DECIMAL;
  }
  if (c == '#') {
    advance(lx, c);
    c = peekc(lx);
    if (c == 'x') {
      advance(lx, c);
      if (!is_hex(peekc(lx))) return lex_error(lx, "expected hexadecimal digits after #x");
      take_while(lx, is_hex);
      return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_HEX;
    }
    if (c == 'b') {
      advance(lx, c);
      if (!is_bin(peekc(lx))) return lex_error(lx, "expected binary digits after #b");
      take_while(lx, is_bin);
      return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_BINARY;
    }
    return lex_error(lx, "expected #x or #b");
  }
  if (c == '"') {
    advance(lx, c);
    for (;;) {
      c = peekc(lx);
      if (c == -1) return lex_error(lx, "unterminated string literal");
      advance(lx, c);
      if (c == '"') {
        if (peekc(lx) != '"') break;
        advance(lx, '"');   /* "" is an escaped quote */
      }
      sexp_buf_putc(&lx->text, (char)c);
    }
    return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_STRING;
  }
  if (c == '|') {
    advance(lx, c);
    for (;;) {
      c = peekc(lx);
      if (c == -1) return lex_error(lx, "unterminated quoted symbol");
      if (c == '\\') return lex_error(lx, "'\\' is not allowed in a quoted symbol");
      advance(lx, c);
      if (c == '|') break;
      sexp_buf_putc(&lx->text, (char)c);
    }
    lx->quoted = true;
    return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_SYMBOL;
  }
  if (c == ':') {
    advance(lx, c);
    sexp_buf_putc(&lx->text, ':');
    if (!is_symbol_char(peekc(lx))) return lex_error(lx, "expected a keyword name after ':'");
    take_while(lx, is_symbol_char);
    return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_KEYWORD;
  }
  if (is_symbol_char(c)) {
    take_while(lx, is_symbol_char);
    return lx->tok = lx->text.oom ? lex_error(lx, "out of memory") : SEXP_SYMBOL;
  }
  char msg[64];
  if (c >= 32 && c < 127) snprintf(msg, sizeof msg, "unexpected character '%c'", c);
  else snprintf(msg, sizeof msg, "unexpected byte 0x%02x", (unsigned)c);
  return lex_error(lx, msg);
}

void sexp_spell(sexp_tok tok, bool quoted, const char *t, size_t len, sexp_buf *b) {
  if (!t) t = "";
  switch (tok) {
  case SEXP_LPAREN: sexp_buf_putc(b, '('); break;
  case SEXP_RPAREN: sexp_buf_putc(b, ')'); break;
  case SEXP_HEX: sexp_buf_append(b, "#x", 2); sexp_buf_append(b, t, len); break;
  case SEXP_BINARY: sexp_buf_append(b, "#b", 2); sexp_buf_append(b, t, len); break;
  case SEXP_STRING:
    sexp_buf_putc(b, '"');
    for (size_t i = 0; i < len; i++) {
      if (t[i] == '"') sexp_buf_putc(b, '"');
      sexp_buf_putc(b, t[i]);
    }
    sexp_buf_putc(b, '"');
    break;
  case SEXP_SYMBOL:
    if (quoted) sexp_buf_putc(b, '|');
    sexp_buf_append(b, t, len);
    if (quoted) sexp_buf_putc(b, '|');
    break;
  default: sexp_buf_append(b, t, len); break;
  }
}

const char *sexp_tok_name(sexp_tok t) {
  switch (t) {
  case SEXP_EOF: return "end of input";
  case SEXP_LPAREN: return "'('";
  case SEXP_RPAREN: return "')'";
  case SEXP_NUMERAL: return "numeral";
  case SEXP_DECIMAL: return "decimal";
  case SEXP_HEX: return "hexadecimal literal";
  case SEXP_BINARY: return "binary literal";
  case SEXP_STRING: return "string literal";
  case SEXP_SYMBOL: return "symbol";
  case SEXP_KEYWORD: return "keyword";
  case SEXP_ERROR: return "invalid token";
  }
  return "token";
}
