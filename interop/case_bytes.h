// A case as exact bytes, computed without any backend: every tensor's allocation as the runner writes it before
// the call (inputs' values through their views, the rest of each allocation and the whole output a known fill
// byte), and what the call must give back — the spec's status and phase, or the oracle's output rounded to the
// output dtype with the tolerance model's bound for each element (docs/tolerance.md).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/phase.h"

namespace poolcheck::interop {

struct TensorBytes {
  std::string name;
  TensorArg arg;
  std::vector<uint8_t> initial;  // the whole allocation
  bool is_output = false;
};

struct CaseBytes {
  Case c;
  int32_t expected_status = 0;
  Phase expected_phase = Phase::None;  // the documented phase of the expected status
  std::string expected_rule;           // "" for a valid case
  std::vector<TensorBytes> tensors;    // the present tensors, in API order
  // The inputs' view values as the allocation holds them (dense, row-major), when the case has real data.
  std::map<std::string, std::vector<double>> input_values;
  // Valid cases: the output view's expected values and per-element bounds (dense, row-major).
  std::vector<double> expected, bound;
};

// Throws std::invalid_argument for a case that is not runnable or whose views cannot be sized.
CaseBytes case_bytes(const Case& c);

}  // namespace poolcheck::interop
