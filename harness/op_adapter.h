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
#include "case/pool_algorithm.h"
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
  std::vector<double> exact;          // unrounded expected output (dense, output view shape)
  std::vector<int32_t> contributors;  // per element: contributions summed into it (for the tolerance model)
  std::vector<double> abs_sum;        // per element: sum of |contribution|
  TermError term_error;               // how each contribution is computed (dtype and precision mode)
  // The dtype the kernel rounds its result to before the output's, where that is narrower (FLOAT computed in
  // FLOAT16: docs/tolerance.md); Undefined when the result goes to the output dtype directly.
  DType rounded_through = DType::Undefined;

  // Element i's accumulation path, as the tolerance model takes it.
  ElementTerms terms_at(size_t i) const { return {contributors[i], abs_sum[i], exact[i]}; }
};

// One parameter of the operator's GetWorkspaceSize call, in order (the workspace-size and executor
// out-pointers that end every call are not listed): what an exported standalone program passes.
struct CallParam {
  enum Kind : int8_t { Tensor, IntArray, Bool, Int64, Int8 };
  const char* name;
  Kind kind;
  int64_t absent = 0;  // a scalar the case does not set passes this (the view's documented default)
};

using GetWorkspaceSizeCall = std::function<aclnnStatus(const Case&, const ApiHandles&, uint64_t*, aclOpExecutor**)>;
using ExecuteCall = std::function<aclnnStatus(void* workspace, uint64_t bytes, aclOpExecutor*, void* stream)>;

struct OpAdapter {
  std::string name;    // Case::op
  std::string output;  // output tensor name, e.g. "gradInput"
  const spec::OperatorSpec& (*spec)();
  // Input values for the case (data fill from the seed; indices etc. derived with the oracle).
  std::function<HostValues(const Case&)> make_inputs;
  // The first phase through the public C API with the case's arguments (the plan), and the second.
  GetWorkspaceSizeCall get_workspace_size;
  ExecuteCall execute;
  std::function<OracleResult(const Case&, const HostValues&)> oracle;
  ArgumentNames arguments;  // from the operator's typed view (ops/<token>/view.h)
  // UB sizes (bytes, 0 = the platform's) the tiling takes for every valid case (the view's kUbSizes): where
  // the determinism rerun picks its own.
  std::vector<int64_t> ub_sizes;
  // The same for a SoC whose UB differs (Ascend950 for max pooling: 240 KiB, its own tiling and thresholds).
  std::map<std::string, std::vector<int64_t>> platform_ub_sizes{};
  // The C call's parameters in order (for a standalone program of a case).
  std::vector<CallParam> signature{};
  // Input tensors whose values are the data fill (`fill.<name>=...` may set them); the other inputs are
  // derived from them (max pooling's indices: a forward max pooling over self).
  std::vector<std::string> filled{};
  // Names other tools (ATK case lists, TTK rows) give an argument, where they differ from the descriptor's
  // beyond case and underscores ("Input" for self), as (foreign name, descriptor name).
  std::vector<std::pair<std::string, std::string>> foreign_names{};
  // The format a tensor of a given rank has when a tool gives none (ATK): the layout the document requires
  // (average pooling's NCHW/NCL); ND for a rank not listed.
  std::vector<std::pair<size_t, Format>> formats_by_rank{};
  // How an ATK case list names the operator's executor (api_type), and whether its accuracy standard is ATK's
  // high-precision single benchmark (the average poolings) rather than the default one.
  // Its deterministic mode splits the work by the core count (aclnnAvgPool3dBackward's N*C groups, one per core):
  // bitwise repeatability is promised on one device, so a deterministic case is rerun on its own core count.
  bool deterministic_split_reads_cores = false;
  const char* atk_api_type = "";
  bool atk_high_precision = false;
  // The largest input magnitude whose computation stays finite in the case's precision (raw fuzz data is clamped
  // to it): 2^100 unless the operator computes in a narrower type (average pooling's USE_FP16: 2^14).
  std::function<double(const Case&)> data_magnitude_limit = [](const Case&) { return 0x1p100; };

  // The inputs as the pooling problem states them, for a peer computing the same problem (max pooling's argmax as
  // in-plane offsets of gradOutput's shape): the inputs themselves unless the entry point encodes one differently
  // (the mask entry point's INT8 mask).
  std::function<HostValues(const Case&, const HostValues&)> problem_inputs = [](const Case&, const HostValues& v) {
    return v;
  };

  // Whether `tensor` is derived from the filled inputs (max pooling's indices): an input neither filled nor the
  // output.
  bool is_derived(const std::string& tensor) const {
    if (tensor == output) return false;
    for (const std::string& f : filled)
      if (f == tensor) return false;
    for (const std::string& t : arguments.tensors)
      if (t == tensor) return true;
    return false;
  }

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

// Both phases: GetWorkspaceSize (with the out-pointers the case may null), a workspace of the size asked for, the
// execute call on the stream, the stream synchronised and the workspace freed.
ApiOutcome call_two_phases(const OpAdapter& op, const Case& c, const ApiHandles& h, void* stream);

// A row of the operator table (ops/operators.txt).
struct OperatorRow {
  const char* token;   // Case::op
  const char* aclnn;   // the entry point, e.g. "aclnnMaxPool3dWithArgmaxBackward"
  const char* header;  // its aclnnop header, e.g. "aclnn_max_pool3d_with_argmax_backward.h"
  PoolAlgorithm algorithm;
  int spatial_rank;    // 2 (H, W) or 3 (D, H, W)
  const char* family;  // the operator whose problem and kernels it maps onto, "" for its own
};
const std::vector<OperatorRow>& operator_table();
// By token or by entry point (with or without the "aclnn" prefix); nullptr when the table has no such row.
const OperatorRow* find_operator_row(const std::string& token_or_entry_point);

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
