// ATK's `range_values` of a tensor and poolcheck's per-tensor fills, both ways: [lo, hi] is uniform, a single
// number (or a one-number list) a constant, {"name": "nd", "mean": [a, b], "std": [c, d]} a normal distribution
// whose mean and deviation are drawn once per tensor, ["nan"], ["inf"] and ["-inf"] every element that value.
#pragma once

#include <optional>
#include <string>

#include "case/fill.h"
#include "nlohmann/json.hpp"

namespace poolcheck::interop {

// The fill `range_values` means, or nullopt with `why` naming the form it does not recognise.
std::optional<TensorFill> fill_from_range_values(const nlohmann::json& range_values, std::string* why);

// `range_values` for the fill of a tensor of dtype `dt`; `exact` is false when ATK cannot say it (a case-wide word
// such as ints or ties: the nearest distribution is written and the exact values are in the .npy files beside
// the entry).
nlohmann::json range_values_of(const TensorFill& f, DType dt, bool* exact);

}  // namespace poolcheck::interop
