/* Allocation with one out-of-memory policy for the whole library.
 *
 * Every x*alloc either succeeds or calls the out-of-memory handler, which
 * does not return. The CLI installs a handler that answers
 * "UNKNOWN (memory)" (the memory limit is an address-space limit, so
 * hitting it is an allocation failure); the default handler exits with the
 * internal-error code. This keeps allocation failures handled everywhere
 * without threading a status through every term constructor. */
#ifndef ZETA_CORE_ALLOC_H
#define ZETA_CORE_ALLOC_H
#include <stddef.h>

typedef void (*alloc_oom_handler)(size_t requested);
void alloc_set_oom_handler(alloc_oom_handler h);
/* For code with its own allocation (parsers' buffers): the same policy as a
 * failed x*alloc. Does not return. */
void alloc_fail(size_t requested);

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Grows *array (of elem-size items) so that it holds at least need items. */
void xgrow(void **array, size_t elem, size_t *cap, size_t need);
#define XGROW(arr, capvar, need) do { size_t cap_ = (capvar); \
    xgrow((void **)&(arr), sizeof *(arr), &cap_, (need)); (capvar) = cap_; } while (0)
#endif
