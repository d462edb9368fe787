// memcpy, memmove, memset and memcmp for the Wasm module, which links no libc.
//
// The module is built with the bulk-memory feature, so the compiler's builtins lower to the
// `memory.copy` and `memory.fill` instructions; these definitions exist for the calls that
// Swift's runtime makes by name.
#if defined(__wasm__)

#include <stddef.h>

void *memcpy(void *restrict destination, const void *restrict source, size_t count) {
  __builtin_memcpy(destination, source, count);
  return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
  __builtin_memmove(destination, source, count);
  return destination;
}

void *memset(void *destination, int value, size_t count) {
  __builtin_memset(destination, value, count);
  return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
  const unsigned char *a = left;
  const unsigned char *b = right;
  for (size_t i = 0; i < count; i++) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

#endif
