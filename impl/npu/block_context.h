// What one AI-core block sees while its kernel runs: its index, the UB, aligned GM<->UB copies with
// bounds checks, fp32 atomic add into GM, and the SyncAll barrier shared by all blocks of the launch.
#pragma once

#include <barrier>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>

#include "npu/global_memory.h"
#include "npu/kernel_error.h"
#include "npu/traffic.h"
#include "npu/unified_buffer.h"

namespace pcemu {

class LaunchShared;  // per-launch state: barrier, shadows, tiling text

class BlockContext {
 public:
  BlockContext(int32_t block_idx, int32_t block_num, UnifiedBuffer& ub, LaunchShared& shared, bool record_writes)
      : block_idx_(block_idx), block_num_(block_num), ub_(ub), shared_(shared), record_writes_(record_writes) {}

  int32_t block_idx() const { return block_idx_; }
  int32_t block_num() const { return block_num_; }
  UnifiedBuffer& ub() { return ub_; }

  // DataCopyPad GM -> UB: any element count; the UB side must start on a 32-byte boundary.
  template <typename T>
  void copy_in(const UbBuf<T>& dst, int64_t dst_off, const GmTensor<T>& src, int64_t src_off, int64_t count) {
    check_ub(dst, dst_off, count, "copy_in");
    check_gm(src, src_off, count, "copy_in");
    traffic_.gm_read += count * static_cast<int64_t>(sizeof(T));
    if (count > 0) std::memcpy(dst.data() + dst_off, src.base + src_off, static_cast<size_t>(count) * sizeof(T));
  }

  // A SIMT thread's load of one GM element into a register: the GM bounds check (failing with copy_in's
  // message) and the read traffic of a one-element DataCopy, without a round trip through a UB slot.
  template <typename T>
  T load_gm(const GmTensor<T>& src, int64_t at) {
    check_gm(src, at, 1, "copy_in");
    traffic_.gm_read += static_cast<int64_t>(sizeof(T));
    return src.base[at];
  }
  // A SIMT thread's loads of a box of GM elements: `rows` runs of `cols` consecutive elements, `stride` apart
  // (stride >= 1). One bounds check for the box and the traffic of one load_gm per element. Null when any
  // element would leave the tensor, with nothing counted: the caller then loads element by element and fails at
  // the first bad one with load_gm's message.
  template <typename T>
  const T* load_gm_box(const GmTensor<T>& src, int64_t at, int64_t rows, int64_t stride, int64_t cols) {
    const T* box = gm_box(src, at, rows, stride, cols);
    if (box && rows > 0 && cols > 0) count_gm_reads(src, rows * cols);
    return box;
  }
  // load_gm_box's check alone, for threads whose loads fall inside one box: each thread's own loads are then
  // counted with count_gm_reads.
  template <typename T>
  const T* gm_box(const GmTensor<T>& src, int64_t at, int64_t rows, int64_t stride, int64_t cols) const {
    if (rows <= 0 || cols <= 0) return src.base;
    int64_t span = 0, last = 0;
    if (at < 0 || stride < 1 || __builtin_mul_overflow(rows - 1, stride, &span) ||
        __builtin_add_overflow(at + cols - 1, span, &last) || last >= src.count)
      return nullptr;
    return src.base + at;
  }
  // The read traffic of `count` single-element loads of `src`.
  template <typename T>
  void count_gm_reads(const GmTensor<T>&, int64_t count) {
    traffic_.gm_read += count * static_cast<int64_t>(sizeof(T));
  }

  // DataCopyPad UB -> GM, plain store.
  template <typename T>
  void copy_out(const GmTensor<T>& dst, int64_t dst_off, const UbBuf<T>& src, int64_t src_off, int64_t count) {
    check_ub(src, src_off, count, "copy_out");
    check_gm(dst, dst_off, count, "copy_out");
    track(dst, dst_off, count, false);
    traffic_.gm_write += count * static_cast<int64_t>(sizeof(T));
    if (count > 0) std::memcpy(dst.base + dst_off, src.data() + src_off, static_cast<size_t>(count) * sizeof(T));
  }

  // SetAtomicAdd + DataCopy UB -> GM for fp32: every element is added atomically.
  void atomic_add_out(const GmTensor<float>& dst, int64_t dst_off, const UbBuf<float>& src, int64_t src_off,
                      int64_t count);

  // SyncAll: every block of the launch reaches this point before any continues.
  void sync_all();

  std::string where() const;                           // "block k/n, tiling: ..." for error messages
  const Traffic& traffic() const { return traffic_; }  // this block's GM traffic so far

 private:
  template <typename T>
  void check_ub(const UbBuf<T>& buf, int64_t off, int64_t count, const char* op) const {
    if (off < 0 || count < 0 || off + count > buf.size()) fail_bounds(op, "UB buffer", off, count, buf.size());
    if (((buf.ub_offset() + off * static_cast<int64_t>(sizeof(T))) % 32) != 0)
      fail_align(op, buf.ub_offset() + off * static_cast<int64_t>(sizeof(T)));
  }
  template <typename T>
  void check_gm(const GmTensor<T>& t, int64_t off, int64_t count, const char* op) const {
    if (off < 0 || count < 0 || off + count > t.count) fail_bounds(op, t.name, off, count, t.count);
  }
  template <typename T>
  void track(const GmTensor<T>& t, int64_t off, int64_t count, bool atomic) {
    if (!t.shadow) fail_readonly(t.name);
    if (!record_writes_) return;  // the race shadow is off (pcEmuSetChecks)
    const int64_t b0 = off * static_cast<int64_t>(sizeof(T)), b1 = b0 + count * static_cast<int64_t>(sizeof(T));
    t.shadow->record(block_idx_, b0, b1, atomic);  // inline: one call per copied row
  }
  [[noreturn]] void fail_bounds(const char* op, const std::string& what, int64_t off, int64_t count,
                                int64_t extent) const;
  [[noreturn]] void fail_align(const char* op, int64_t ub_byte) const;
  [[noreturn]] void fail_readonly(const std::string& name) const;

  int32_t block_idx_;
  int32_t block_num_;
  UnifiedBuffer& ub_;
  LaunchShared& shared_;
  bool record_writes_;
  Traffic traffic_;
};

}  // namespace pcemu
