// Global-memory (GM) tensors as kernels see them: a typed base, an element extent, and an optional
// write shadow used to catch two cores writing one element without atomics.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pcemu {

// Per-2-byte-unit record of who wrote in the current launch phase: 0 = nobody, else block+1, with
// kAtomicBit set for atomic adds. Two plain writers, or a plain and an atomic writer, are a race.
class WriteShadow {
 public:
  static constexpr uint16_t kAtomicBit = 0x8000;
  explicit WriteShadow(int64_t bytes) : units_(static_cast<size_t>((bytes + 1) / 2)) {}
  // Returns the conflicting owner tag, or 0 when the write is allowed.
  uint16_t record(int64_t byte_begin, int64_t byte_end, uint16_t tag);
  void clear();

 private:
  std::vector<std::atomic<uint16_t>> units_;
};

template <typename T>
struct GmTensor {
  T* base = nullptr;
  int64_t count = 0;
  std::string name;
  std::shared_ptr<WriteShadow> shadow;  // null for tensors the kernel only reads
};

}  // namespace pcemu
