// The per-core unified buffer (UB): a bounded, 32-byte-aligned bump allocator over real memory. A tile
// that asks for more than the profile's UB is a tiling bug and fails loudly, naming the tiling.
#pragma once

#include <cstdint>
#include <string>

#include "common/vector_clones.h"
#include "npu/kernel_error.h"

namespace pcemu {

// The error of an access outside a UB buffer: element `begin` (one index) or elements [begin, end) of `count`.
// Out of line, so that the checks below stay a compare and a branch in every kernel loop they are inlined into.
[[noreturn, gnu::cold, gnu::noinline]] inline void out_of_buffer(bool one_index, int64_t begin, int64_t end,
                                                                 int64_t count) {
  if (one_index)
    throw KernelError(ACLNN_ERR_INNER,
                      "UB access out of buffer: index " + std::to_string(begin) + " of " + std::to_string(count));
  throw KernelError(ACLNN_ERR_INNER, "UB access out of buffer: elements [" + std::to_string(begin) + ", " +
                                         std::to_string(end) + ") of " + std::to_string(count));
}

template <typename T>
class UbBuf {
 public:
  UbBuf() = default;
  UbBuf(T* data, int64_t count, int64_t ub_offset) : data_(data), count_(count), ub_offset_(ub_offset) {}
  PCEMU_ELEMENT_INLINE T& operator[](int64_t i) const {
    if (i < 0 || i >= count_) [[unlikely]]
      out_of_buffer(true, i, i + 1, count_);
    return data_[i];
  }
  // Elements [off, off + n) after one range check: vector code runs on the span, not per element.
  PCEMU_ELEMENT_INLINE T* span(int64_t off, int64_t n) const {
    if (off < 0 || n < 0 || off + n > count_) [[unlikely]]
      out_of_buffer(false, off, off + n, count_);
    return data_ + off;
  }
  T* data() const { return data_; }
  int64_t size() const { return count_; }
  int64_t ub_offset() const { return ub_offset_; }

 private:
  T* data_ = nullptr;
  int64_t count_ = 0;
  int64_t ub_offset_ = 0;
};

class UnifiedBuffer {
 public:
  // `backing` must hold at least limit_bytes; it is the worker thread's reusable UB memory.
  UnifiedBuffer(unsigned char* backing, int64_t limit_bytes, int32_t align_bytes, int32_t block_idx,
                const std::string* tiling)
      : mem_(backing), limit_(limit_bytes), align_(align_bytes), block_(block_idx), tiling_(tiling) {}

  template <typename T>
  UbBuf<T> alloc(int64_t count, const char* what) {
    const int64_t bytes = static_cast<int64_t>(sizeof(T)) * (count > 0 ? count : 0);
    const int64_t start = top_;
    const int64_t end = start + (bytes + align_ - 1) / align_ * align_;
    if (count < 0 || end > limit_) overflow(what, bytes);
    top_ = end;
    if (top_ > high_water_) high_water_ = top_;
    return UbBuf<T>(reinterpret_cast<T*>(mem_ + start), count, start);
  }

  void free_all() { top_ = 0; }  // tiles re-plan their buffers each pass
  int64_t in_use() const { return top_; }
  int64_t high_water() const { return high_water_; }
  int64_t limit() const { return limit_; }

 private:
  [[noreturn]] void overflow(const char* what, int64_t bytes) const;

  unsigned char* mem_;
  int64_t limit_;
  int32_t align_;
  int32_t block_;
  const std::string* tiling_;
  int64_t top_ = 0;
  int64_t high_water_ = 0;
};

}  // namespace pcemu
