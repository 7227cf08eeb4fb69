// How a campaign process asks glibc to treat the memory it frees.
#pragma once

#include <malloc.h>

namespace poolcheck {

// A campaign allocates and frees tensors of up to many MiB for every case: glibc would hand each large block back
// to the kernel (mmap and munmap, heap trimming) and fault fresh zeroed pages in for the next case, 6-8 % of a
// worker's time. Kept instead, they cost a process at most 64 MiB of free heap; blocks above 32 MiB (ATK-sized
// tensors, whose compute dwarfs their page faults) are still mapped and unmapped on their own, so two workers per
// core on a many-core machine do not each hold a large case's memory.
inline void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 16 << 20);
}

}  // namespace poolcheck
