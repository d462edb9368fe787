// The tiny C runtime of the Embedded Swift Wasm module (wasm32 only; empty on native builds).
//
// Embedded Swift on wasm32-unknown-none-wasm has no libc: it asks its host for `posix_memalign`
// and `free` as soon as the code allocates. This target supplies them (and `malloc`, `calloc`,
// `realloc`, `memcpy`, `memmove`, `memset`, `memcmp`) inside the module, so that the module
// imports nothing. See docs/WASM.md, "Memory".
#ifndef CWASMRUNTIME_H
#define CWASMRUNTIME_H

#include <stddef.h>

/// Bytes currently handed out and not yet freed, headers included: a leak shows here first.
size_t tc_runtime_live_bytes(void);

#endif
