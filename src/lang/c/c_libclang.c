#define C_LIBCLANG_IMPL
#include "lang/c/c_libclang.h"
#include <dlfcn.h>
#include <stdio.h>

c_libclang_api c_libclang;

/* Debian's libclang-14 under its sonames, then the LLVM tree's names. */
static const char *const candidates[] = {
    "libclang-14.so.13", "libclang-14.so.1", "/usr/lib/llvm-14/lib/libclang.so.1", "libclang-14.so",
    "libclang.so.1", "libclang.so",
};

bool c_libclang_load(char *err, size_t errlen) {
  static int state;  // 0 not tried, 1 loaded, -1 failed (err kept)
  static char failure[256];
  if (state == 0) {
    void *h = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof *candidates && !h; i++)
      h = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char *why = dlerror();
      snprintf(failure, sizeof failure, "C input needs libclang 14 (Debian libclang-14-dev): %s",
               why ? why : "not found");
      state = -1;
    } else {
      state = 1;
#define C_LIBCLANG_BIND(f)                                                                   \
  if (state == 1 && !(*(void **)&c_libclang.f = dlsym(h, #f))) {                          \
    snprintf(failure, sizeof failure, "the libclang found has no %s (libclang 14 needed)", #f); \
    state = -1;                                                                              \
  }
      C_LIBCLANG_FUNCTIONS(C_LIBCLANG_BIND)
#undef C_LIBCLANG_BIND
    }
  }
  if (state < 0) snprintf(err, errlen, "%s", failure);
  return state > 0;
}
