// Operator specs by registry name, for `poolcheck list`.
#pragma once

#include <string>
#include <vector>

#include "spec/spec.h"

namespace poolcheck::cli {

// nullptr when no spec is registered for the operator.
const spec::OperatorSpec* spec_for(const std::string& op);
std::vector<const spec::OperatorSpec*> all_specs();

// The tiling strategies of an operator's emulated kernels, for `poolcheck list strategies`.
struct StrategyInfo {
  std::string name;
  std::vector<uint64_t> keys;
  std::string description;
};
std::vector<StrategyInfo> strategies_for(const std::string& op);

}  // namespace poolcheck::cli
