#include "npu/global_memory.h"

namespace pcemu {

uint16_t WriteShadow::record(int64_t byte_begin, int64_t byte_end, uint16_t tag) {
  const bool atomic = (tag & kAtomicBit) != 0;
  for (int64_t u = byte_begin / 2; u < (byte_end + 1) / 2; ++u) {
    auto& cell = units_[static_cast<size_t>(u)];
    uint16_t seen = cell.load(std::memory_order_relaxed);
    for (;;) {
      if (seen == 0) {
        if (cell.compare_exchange_weak(seen, tag, std::memory_order_relaxed)) break;
        continue;
      }
      const bool same_block = (seen & ~kAtomicBit) == (tag & ~kAtomicBit);
      const bool both_atomic = atomic && (seen & kAtomicBit);
      if (same_block || both_atomic) break;
      return seen;
    }
  }
  return 0;
}

void WriteShadow::clear() {
  for (auto& u : units_) u.store(0, std::memory_order_relaxed);
}

}  // namespace pcemu
