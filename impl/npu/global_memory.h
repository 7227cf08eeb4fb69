// Global-memory (GM) tensors as kernels see them: a typed base, an element extent, and an optional
// write shadow used to catch two cores writing one element without atomics.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pcemu {

inline constexpr int32_t kShadowMaxBlocks = 64;  // kMaxEmulatedCores

// Who wrote which bytes in the current launch phase, as byte ranges per block (each block appends to
// its own list, so recording takes no lock and no per-element work). At the end of a phase (SyncAll or
// the launch's end) the ranges of all blocks are swept once: two blocks' ranges that share a byte are
// a race unless both were atomic adds. Exact to the byte, like a per-byte owner table, but O(ranges).
class WriteShadow {
 public:
  struct Race {
    int64_t byte_begin, byte_end;  // the shared bytes (the first conflict found)
    int32_t block, other;
    bool atomic, other_atomic;
  };

  WriteShadow(int64_t bytes, std::string name) : bytes_(bytes), name_(std::move(name)) {}
  ~WriteShadow();
  WriteShadow(const WriteShadow&) = delete;
  WriteShadow& operator=(const WriteShadow&) = delete;
  void record(int32_t block, int64_t byte_begin, int64_t byte_end, bool atomic) {
    auto& list = ranges_[static_cast<size_t>(block)].list;
    if (!list.empty() && list.back().end == byte_begin && list.back().atomic == atomic) {
      list.back().end = byte_end;  // stores are mostly sequential: extend the last range
    } else if (byte_end > byte_begin) {
      if (list.capacity() == 0) list = spare_list();
      list.push_back({byte_begin, byte_end, atomic});
    }
  }
  // The first race of the phase, if any; forgets the phase either way. Called with no block running.
  std::optional<Race> end_phase();
  void clear();
  int64_t bytes() const { return bytes_; }
  const std::string& name() const { return name_; }

 private:
  struct Range {
    int64_t begin, end;
    bool atomic;
  };
  // Every launch has new shadows, but the range lists' memory is reused from launch to launch: a list
  // that grew to thousands of ranges would otherwise be allocated, and page-faulted in, every launch.
  static std::vector<Range> spare_list();
  static std::vector<std::vector<Range>>& spares();
  static void return_list(std::vector<Range>&& list);
  // One cache line per block: blocks on different host threads append at once, and lists packed 24 bytes
  // apart made every append pull the line away from the other host core (a third of a max-pool call).
  struct alignas(64) BlockRanges {
    std::vector<Range> list;
  };
  int64_t bytes_;
  std::string name_;
  std::array<BlockRanges, kShadowMaxBlocks> ranges_;
};

template <typename T>
struct GmTensor {
  T* base = nullptr;
  int64_t count = 0;
  std::string name;
  std::shared_ptr<WriteShadow> shadow;  // null for tensors the kernel only reads
};

}  // namespace pcemu
