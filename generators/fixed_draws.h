// Draws of RapidCheck's primitive generators at the price of the draw itself. Inside a direct_exec evaluation (every
// draw of a campaign) a range or a choice is drawn from the handler's split stream exactly as the generator would
// draw it, with no generator built (a heap allocation, a copied list of choices), checked against RapidCheck's own
// generators by tests/generator_draws_test.cpp. Elsewhere (a property, rc::gen::exec) the generator draws; small
// ranges' generators are built once, as a RapidCheck generator is immutable and draws the same either way.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include "generators/direct_exec.h"

namespace poolcheck::gen::fixed {

// The ranges [lo, hi) with 0 <= lo < hi <= kSmallRangeEnd have generators built once; others are built per draw.
inline constexpr int kSmallRangeEnd = 32;

// *rc::gen::inRange<T>(lo, hi).
template <typename T>
T in_range(T lo, T hi) {
  if (lo < hi)
    if (detail::DirectHandler* direct = detail::direct_handler()) return direct->in_range(lo, hi);
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

// *rc::gen::elementOf(c), without building a generator (and copying `c` into it) inside a direct_exec evaluation.
template <typename Container>
typename Container::value_type element_of(const Container& c) {
  if (std::begin(c) != std::end(c))
    if (detail::DirectHandler* direct = detail::direct_handler()) return direct->element_of(c);
  return *rc::gen::elementOf(c);
}

// *rc::gen::arbitrary<bool>().
inline bool boolean() {
  static const rc::Gen<bool> gen = rc::gen::arbitrary<bool>();
  return value_of(gen);
}

}  // namespace poolcheck::gen::fixed
