// How the runner drives one operator: its spec, how to make input data, how to call the aclnn API,
// and what the oracle expects. One adapter per operator, found by name in the registry.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "case/arguments.h"
#include "case/case.h"
#include "case/descriptor.h"
#include "harness/tolerance.h"
#include "spec/spec.h"

namespace poolcheck {

// Dense row-major host values of the input tensors, by argument name.
using HostValues = std::map<std::string, std::vector<double>>;

struct ApiHandles {
  std::map<std::string, aclTensor*> tensors;  // nullptr where the case passes null
  std::map<std::string, aclIntArray*> arrays;
};

struct ApiOutcome {
  int32_t status = 0;
  bool failed_in_execute = false;  // the first phase succeeded, the second returned `status`
  uint64_t workspace_bytes = 0;
};

struct OracleResult {
  std::vector<double> exact;        // unrounded expected output (dense, output view shape)
  std::vector<ElementTerms> terms;  // accumulation path of each element, for the tolerance model
  TermError term_error;             // how each contribution is computed (dtype and precision mode)
};

struct OpAdapter {
  std::string name;    // Case::op
  std::string output;  // output tensor name, e.g. "gradInput"
  const spec::OperatorSpec& (*spec)();
  // Input values for the case (data fill from the seed; indices etc. derived with the oracle).
  std::function<HostValues(const Case&)> make_inputs;
  // Both phases through the public C API; allocates and frees the workspace itself.
  std::function<ApiOutcome(const Case&, const ApiHandles&, void* stream)> call;
  std::function<OracleResult(const Case&, const HostValues&)> oracle;
  ArgumentNames arguments;  // from the operator's typed view (ops/<token>/view.h)
  // UB sizes (bytes, 0 = the platform's) the tiling takes for every valid case (the view's kUbSizes): where
  // the determinism rerun picks its own.
  std::vector<int64_t> ub_sizes;
  // The same for a SoC whose UB differs (Ascend950 for max pooling: 240 KiB, its own tiling and thresholds).
  std::map<std::string, std::vector<int64_t>> platform_ub_sizes{};

  // The UB sizes the tiling takes for every valid case on `soc`.
  const std::vector<int64_t>& ub_sizes_on(const std::string& soc) const {
    const auto it = platform_ub_sizes.find(soc);
    return it == platform_ub_sizes.end() ? ub_sizes : it->second;
  }
};

}  // namespace poolcheck

// Each operator's adapter (ops/<token>/adapter.cpp), declared for every row of the operator table.
#define POOLCHECK_OPERATOR(token, aclnn) \
  namespace poolcheck::token {           \
  const OpAdapter& adapter();            \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR

namespace poolcheck {

// By operator token; nullptr for an unknown one.
const OpAdapter* find_adapter(const std::string& op);
const std::vector<const OpAdapter*>& all_adapters();

// Why a parsed case cannot be run as written ("" when it can): an unknown operator, a tensor or int array the
// operator needs that the descriptor lacks, or a key that is none of the operator's arguments. A harness input
// error, reported before anything runs.
std::string case_arguments_error(const Case& c);

// A descriptor line as a case that can run: parse_descriptor, then case_arguments_error; `error` says which
// failed ("the descriptor does not parse: ..." or the argument error).
ParseResult parse_runnable_case(const std::string& line);

// Fills `n` values of the case's data distribution for one tensor (salted by name).
std::vector<double> fill_values(const Case& c, const std::string& tensor, int64_t n, DType dt);

}  // namespace poolcheck
