// Draws from generators built once per process. A RapidCheck generator is immutable: drawing from one built earlier
// consumes the random stream exactly as drawing from one built on the spot, so a draw gives the same value either
// way. Building a generator per draw (a heap allocation, a copied list of choices) was a good part of a draw's price
// in the campaign's parent process, which draws every case of a campaign.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "generators/direct_exec.h"

namespace poolcheck::gen::fixed {

// The ranges [lo, hi) with 0 <= lo < hi <= kSmallRangeEnd have generators built once; others are built per draw.
inline constexpr int kSmallRangeEnd = 32;

// *rc::gen::inRange<T>(lo, hi).
template <typename T>
T in_range(T lo, T hi) {
  static const std::vector<rc::Gen<T>> small = [] {
    std::vector<rc::Gen<T>> gens;  // [lo, hi) at hi * (hi - 1) / 2 + lo
    for (int h = 1; h <= kSmallRangeEnd; ++h)
      for (int l = 0; l < h; ++l) gens.push_back(rc::gen::inRange<T>(static_cast<T>(l), static_cast<T>(h)));
    return gens;
  }();
  if (std::cmp_greater_equal(lo, 0) && lo < hi && std::cmp_less_equal(hi, kSmallRangeEnd)) {
    const auto h = static_cast<size_t>(hi), l = static_cast<size_t>(lo);
    return value_of(small[h * (h - 1) / 2 + l]);
  }
  return value_of(rc::gen::inRange<T>(lo, hi));
}

// value_of(rc::gen::arbitrary<bool>()).
inline bool boolean() {
  static const rc::Gen<bool> gen = rc::gen::arbitrary<bool>();
  return value_of(gen);
}

}  // namespace poolcheck::gen::fixed
