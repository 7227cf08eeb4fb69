// The one reading of a list-valued pooling argument (kernelSize, stride, padding, dilation) per spatial axis, as
// the documents give it: one value covers every axis, `axes` values give one per axis, and an empty list takes
// `if_empty` (a stride defaults to the kernel). Any other length, or a missing list, has no per-axis reading.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "case/case.h"

namespace poolcheck {

inline std::optional<std::vector<int64_t>> per_axis(const std::vector<int64_t>& values, size_t axes,
                                                    const std::optional<std::vector<int64_t>>& if_empty = {}) {
  if (values.empty()) return if_empty;
  if (values.size() == 1) return std::vector<int64_t>(axes, values[0]);
  if (values.size() == axes) return values;
  return std::nullopt;
}

inline std::optional<std::vector<int64_t>> per_axis(const IntArrayArg* list, size_t axes,
                                                    const std::optional<std::vector<int64_t>>& if_empty = {}) {
  if (list == nullptr || !list->present) return std::nullopt;
  return per_axis(list->values, axes, if_empty);
}

// The same for a rank known at compile time (D, H, W or H, W).
template <size_t N, typename List>
std::optional<std::array<int64_t, N>> per_axis(const List& list,
                                               const std::optional<std::array<int64_t, N>>& if_empty = {}) {
  std::optional<std::vector<int64_t>> fallback;
  if (if_empty) fallback.emplace(if_empty->begin(), if_empty->end());
  const auto v = per_axis(list, N, fallback);
  if (!v) return std::nullopt;
  std::array<int64_t, N> out{};
  std::copy(v->begin(), v->end(), out.begin());
  return out;
}

}  // namespace poolcheck
