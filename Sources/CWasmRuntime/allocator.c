// A size-class allocator for the Wasm module: one free list per power of two, no coalescing.
//
// Why this and not a bump arena reset per call: Swift may keep a lazily built global alive
// across calls (a table, a cached array), which a reset would silently overwrite. With real
// `free`, Swift's reference counting returns every block, and the same request shape reuses the
// same blocks: a million calls keep linear memory flat (Tests/node/memory.test.mjs).
//
// Each block is 2^k bytes (k >= 5) and starts with a 16-byte header, so payloads are 16-byte
// aligned. Freed blocks go onto the list of their class and are reused first; new blocks are cut
// from the top of the heap, growing linear memory when needed. The footprint is at most twice
// the peak of live bytes per class, and it never grows for a repeated workload.
//
// - Complexity: O(1) per malloc and free (plus a memory.grow when the heap top moves up).
#if defined(__wasm__)

#include <stddef.h>
#include <stdint.h>

#include "CWasmRuntime.h"

enum {
  kHeaderBytes = 16,
  kMinClass = 5,    // 32-byte blocks: 16 header + 16 payload
  kMaxClass = 31,   // 2 GiB: the largest block wasm32 linear memory could ever hold
  kPageBytes = 65536,
};

/// The header of each block; `offset` is how far the payload starts past the block (16, or
/// more for an over-aligned `posix_memalign`), stored right before the payload.
typedef struct {
  uint32_t sizeClass;
  uint32_t offset;
} Header;

typedef struct FreeBlock {
  struct FreeBlock *next;
} FreeBlock;

extern unsigned char __heap_base;

static FreeBlock *freeLists[kMaxClass + 1];
// wasm-ld aligns `__heap_base` to 16 bytes (its heap alignment), and every block is a power of
// two of at least 32 bytes, so the top of the heap, and every block, stays 16-byte aligned.
static uintptr_t heapTop = (uintptr_t)&__heap_base;
static size_t liveBytes;

/// The smallest class whose blocks hold `bytes` (2 <= bytes <= 2^kMaxClass): the bit length of
/// `bytes - 1`, at least kMinClass.
static unsigned classFor(size_t bytes) {
  unsigned sizeClass = 32 - (unsigned)__builtin_clz((unsigned)(bytes - 1));
  return sizeClass < kMinClass ? kMinClass : sizeClass;
}

/// Cuts a new block of 2^sizeClass bytes from the top of the heap, or returns 0 if linear
/// memory cannot grow that far.
static uintptr_t carve(unsigned sizeClass) {
  uintptr_t size = (uintptr_t)1 << sizeClass;
  uintptr_t end = heapTop + size;
  if (end < heapTop) return 0;  // wrapped past 4 GiB
  uintptr_t memoryEnd = (uintptr_t)__builtin_wasm_memory_size(0) * kPageBytes;
  if (end > memoryEnd) {
    uintptr_t pages = (end - memoryEnd + kPageBytes - 1) / kPageBytes;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
  }
  uintptr_t block = heapTop;
  heapTop = end;
  return block;
}

/// Returns a payload of at least `bytes` bytes aligned to `alignment` (a power of two).
static void *allocate(size_t bytes, size_t alignment) {
  if (alignment < kHeaderBytes) alignment = kHeaderBytes;
  size_t slack = alignment - kHeaderBytes;  // 0 for the usual 16-byte alignment
  if (bytes > ((size_t)1 << kMaxClass) - kHeaderBytes - slack) return NULL;
  unsigned sizeClass = classFor(bytes + kHeaderBytes + slack);
  uintptr_t block;
  if (freeLists[sizeClass] != NULL) {
    block = (uintptr_t)freeLists[sizeClass];
    freeLists[sizeClass] = freeLists[sizeClass]->next;
  } else {
    block = carve(sizeClass);
    if (block == 0) return NULL;
  }
  uintptr_t payload = (block + kHeaderBytes + alignment - 1) & ~(uintptr_t)(alignment - 1);
  Header *header = (Header *)(payload - sizeof(Header));
  header->sizeClass = sizeClass;
  header->offset = (uint32_t)(payload - block);
  liveBytes += (size_t)1 << sizeClass;
  return (void *)payload;
}

void *malloc(size_t bytes) { return allocate(bytes, kHeaderBytes); }

void free(void *pointer) {
  if (pointer == NULL) return;
  Header *header = (Header *)((uintptr_t)pointer - sizeof(Header));
  unsigned sizeClass = header->sizeClass;
  FreeBlock *block = (FreeBlock *)((uintptr_t)pointer - header->offset);
  liveBytes -= (size_t)1 << sizeClass;
  block->next = freeLists[sizeClass];
  freeLists[sizeClass] = block;
}

int posix_memalign(void **result, size_t alignment, size_t bytes) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) return 22;  // EINVAL
  void *payload = allocate(bytes, alignment);
  if (payload == NULL) return 12;  // ENOMEM
  *result = payload;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t bytes) { return allocate(bytes, alignment); }

void *calloc(size_t count, size_t size) {
  if (size != 0 && count > (size_t)-1 / size) return NULL;
  unsigned char *payload = malloc(count * size);
  if (payload != NULL) __builtin_memset(payload, 0, count * size);
  return payload;
}

void *realloc(void *pointer, size_t bytes) {
  if (pointer == NULL) return malloc(bytes);
  Header *header = (Header *)((uintptr_t)pointer - sizeof(Header));
  size_t capacity = ((size_t)1 << header->sizeClass) - header->offset;
  if (bytes <= capacity) return pointer;
  void *moved = malloc(bytes);
  if (moved == NULL) return NULL;
  __builtin_memcpy(moved, pointer, capacity);
  free(pointer);
  return moved;
}

// Exported for the leak tests (Tests/node/memory.test.mjs) and `core.memoryStats`.
__attribute__((export_name("tc_live_bytes"))) size_t tc_runtime_live_bytes(void) {
  return liveBytes;
}

#endif
