// How a campaign process asks glibc to treat the memory it frees.
#pragma once

#include <malloc.h>

namespace poolcheck {

// A campaign allocates and frees tensors of up to many MiB for every case: glibc would hand each large block back
// to the kernel (mmap and munmap, heap trimming) and fault fresh zeroed pages in for the next case, 6-8 % of a
// worker's time. Kept instead, they cost at most the largest case's footprint. Blocks above 256 MiB (ATK-sized
// tensors) are still mapped and unmapped on their own.
inline void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 16 << 20);
}

}  // namespace poolcheck
