// Emulated device (global) memory: every aclrtMalloc block is a host allocation framed by guard zones
// with a known pattern, tracked so that tensor views, copies and kernels can be bounds-checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pcemu {

// An allocator whose new elements are left uninitialised (std::vector::resize would otherwise zero every byte):
// a fresh allocation's pages are touched only by the NaN fill when the checks are on, and not at all when a call is
// only planned (the checks off), so planning a tensor of gigabytes costs no page faults.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <class U>
  explicit UninitializedAllocator(const UninitializedAllocator<U>&) {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
using DeviceStorage = std::vector<uint8_t, UninitializedAllocator<uint8_t>>;

struct DeviceBlock {
  uintptr_t base = 0;  // first usable byte
  size_t size = 0;     // usable bytes
  uint64_t id = 0;
};

class DeviceMemory {
 public:
  static constexpr size_t kGuardBytes = 64;
  static constexpr uint8_t kGuardPattern = 0xA5;

  static DeviceMemory& instance();

  void* allocate(size_t size);
  // False when ptr is not a live block start (double free, host pointer, interior pointer).
  bool release(void* ptr, std::string* problem);
  // The live block containing [ptr, ptr+bytes), if any.
  std::optional<DeviceBlock> find(const void* ptr, size_t bytes = 1) const;
  // The live block containing ptr and the bytes available from ptr to its end.
  std::optional<size_t> bytes_from(const void* ptr) const;
  bool guards_intact(std::string* where = nullptr) const;
  // Fresh device memory holds NaN bytes (nothing on the NPU zeroes it), written when first needed rather than at
  // allocation: a copy over the whole allocation, as the harness makes of every tensor, needs none of them.
  // `covering` announces a write of [ptr, ptr + bytes): it drops the fill owed when the write covers the block, and
  // makes it first otherwise. `settle` makes the fill owed by the block holding ptr; `settle_all` every one owed (a
  // launch may read any allocation).
  void covering(const void* ptr, size_t bytes);
  void settle(const void* ptr);
  void settle_all();
  int64_t live_blocks() const;
  void release_all();

 private:
  struct Block {
    DeviceStorage storage;  // guard + payload + guard
    size_t size = 0;
    uint64_t id = 0;
    bool fill_owed = false;  // the NaN fill of a fresh allocation, not written yet
    uintptr_t base() const { return reinterpret_cast<uintptr_t>(storage.data()) + kGuardBytes; }
  };
  bool block_guards_ok(const Block& b) const;
  // The live block holding address p (its end included), under mu_: one lookup for find() and the fill's owners.
  template <typename Blocks>
  static auto* block_at(Blocks& blocks, uintptr_t p);
  void pay_fill(Block& b);  // the NaN bytes `b` owes, written now (under mu_)

  mutable std::mutex mu_;
  std::vector<Block> blocks_;  // sorted by base for lookup
  // Storage of freed allocations, reused so a large allocation does not fault its pages in again on
  // every call (the bytes are refilled: reuse never shows old contents).
  std::vector<DeviceStorage> spare_;
  DeviceStorage take_storage(size_t bytes);
  uint64_t next_id_ = 1;
};

}  // namespace pcemu
