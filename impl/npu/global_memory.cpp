#include "npu/global_memory.h"

#include <algorithm>

namespace pcemu {

namespace {

// The two furthest-reaching ranges seen so far from two different blocks, so "does a block other than
// b reach past x" is answered in O(1) during the sweep.
struct Reach {
  int64_t end = -1;
  int32_t block = -1;
};
struct TopTwo {
  Reach first, second;  // first.end >= second.end, first.block != second.block
  void add(int64_t end, int32_t block) {
    if (block == first.block) {
      first.end = std::max(first.end, end);
    } else if (end > first.end) {
      second = first;
      first = {end, block};
    } else if (end > second.end) {
      second = {end, block};
    }
  }
  Reach other_than(int32_t block) const { return first.block != block ? first : second; }
};

struct Entry {
  int64_t begin, end;
  int32_t block;
  bool atomic;
};

}  // namespace

std::optional<WriteShadow::Race> WriteShadow::end_phase() {
  std::vector<Entry> all;
  for (int32_t b = 0; b < kShadowMaxBlocks; ++b)
    for (const Range& r : ranges_[static_cast<size_t>(b)]) all.push_back({r.begin, r.end, b, r.atomic});
  clear();
  const auto by_begin = [](const Entry& x, const Entry& y) { return x.begin < y.begin; };
  if (!std::is_sorted(all.begin(), all.end(), by_begin)) std::sort(all.begin(), all.end(), by_begin);
  TopTwo plain, atomic;  // reach of earlier-starting plain stores and atomic adds, per block
  for (const Entry& e : all) {
    // A plain store conflicts with anything of another block; an atomic add with another's plain store.
    const Reach p = plain.other_than(e.block);
    if (p.end > e.begin) return Race{e.begin, std::min(e.end, p.end), e.block, p.block, e.atomic, false};
    if (!e.atomic) {
      const Reach a = atomic.other_than(e.block);
      if (a.end > e.begin) return Race{e.begin, std::min(e.end, a.end), e.block, a.block, false, true};
    }
    (e.atomic ? atomic : plain).add(e.end, e.block);
  }
  return std::nullopt;
}

void WriteShadow::clear() {
  for (auto& list : ranges_) list.clear();
}

}  // namespace pcemu
