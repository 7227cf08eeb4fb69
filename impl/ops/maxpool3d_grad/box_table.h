// Decoding a flat in-plane index v = (d * Hi + h) * Wi + x against a box of the input plane without
// dividing. For a box with extents `ext`, u = v - (origin's flat index) names the box element
// (d, h, x) relative to the origin exactly when u = (d * Hi + h) * Wi + x with every coordinate inside
// the extents, so one table over u in [0, span) answers both "inside?" and "where?". The table depends
// only on the extents and the plane, not on the origin, and is rebuilt only when those change.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace pcemu::maxpool {

class BoxTable {
 public:
  // Tables larger than this fall back to dividing (a huge plane's window spans too many entries).
  static constexpr int64_t kMaxEntries = int64_t{1} << 22;

  // Prepares the table of boxes with extents `ext` in an Hi x Wi plane: entry (d, h, x) holds
  // value(d, h, x) (>= 0), every other entry -1. False when the table would be too large.
  template <typename Value>
  bool prepare(int64_t in_h, int64_t in_w, const std::array<int64_t, 3>& ext, int64_t value_key, Value value) {
    const std::array<int64_t, 6> key{in_h, in_w, ext[0], ext[1], ext[2], value_key};
    if (key == key_ && !table_.empty()) return true;
    const int64_t hw = in_h * in_w;
    if (ext[0] <= 0 || ext[1] <= 0 || ext[2] <= 0) return false;
    const int64_t span = (ext[0] - 1) * hw + (ext[1] - 1) * in_w + ext[2];
    if (span > kMaxEntries) return false;
    table_.assign(static_cast<size_t>(span), -1);
    for (int64_t d = 0; d < ext[0]; ++d)
      for (int64_t h = 0; h < ext[1]; ++h)
        for (int64_t x = 0; x < ext[2]; ++x)
          table_[static_cast<size_t>(d * hw + h * in_w + x)] = static_cast<int32_t>(value(d, h, x));
    key_ = key;
    hw_ = hw;
    in_w_ = in_w;
    return true;
  }

  // The flat index of the box origin (d0, h0, x0) the next lookups are relative to.
  int64_t origin(const std::array<int64_t, 3>& at) const { return at[0] * hw_ + at[1] * in_w_ + at[2]; }

  // value(d, h, x) of v's element relative to `origin`, or -1 when v is not in the box.
  int32_t lookup(int64_t v, int64_t origin) const {
    const auto u = static_cast<uint64_t>(v - origin);
    return u < table_.size() ? table_[u] : -1;
  }

 private:
  std::array<int64_t, 6> key_{};
  int64_t hw_ = 0, in_w_ = 0;
  std::vector<int32_t> table_;
};

}  // namespace pcemu::maxpool
