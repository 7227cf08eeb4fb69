// The oracle comparison of one run's output: every element against the oracle's value rounded to the output
// dtype, within the tolerance model's per-element bound (docs/tolerance.md), with the error figures the reports
// show.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/result.h"
#include "harness/op_adapter.h"

namespace poolcheck {

// Judges `impl` (the output view's values, dense order) against `o`: r->outcome becomes Pass, Mistrusted (every
// element and its reference zero) or Fail (the first mismatch named in r->message), and r->err collects the
// figures. `tensors`, when given, also receives the rounded oracle values and the bounds.
void compare_with_oracle(const Case& c, const OpAdapter& op, const OracleResult& o, std::span<const double> impl,
                         CaseResult* r, CaseTensors* tensors);

// Coordinates of a flat index in `shape`, "[n,c,h,w]", for messages.
std::string coords(const std::vector<int64_t>& shape, int64_t flat);

}  // namespace poolcheck
