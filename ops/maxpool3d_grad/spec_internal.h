// Internal helpers shared by the max-pool spec files. Not part of the public spec API.
//
// Guard convention: a predicate returns false when it cannot judge because an input an EARLIER rule checks
// is missing or invalid. Every guard below therefore fails only when some earlier rule fires, so guards
// never change expected(); they keep violations() free of cascades.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/maxpool3d_grad/view.h"
#include "spec/rule_builders.h"
#include "spec/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::maxpool3d_grad {

// The typed view of the case (ops/maxpool3d_grad/view.h) and its argument names.
using ::poolcheck::maxpool3d_grad::carries_wide_index_fault;
using ::poolcheck::maxpool3d_grad::Edit;
using ::poolcheck::maxpool3d_grad::IndexFault;
using ::poolcheck::maxpool3d_grad::kArrayNames;
using ::poolcheck::maxpool3d_grad::kCeilMode;
using ::poolcheck::maxpool3d_grad::kDilation;
using ::poolcheck::maxpool3d_grad::kGradInput;
using ::poolcheck::maxpool3d_grad::kGradOutput;
using ::poolcheck::maxpool3d_grad::kIndices;
using ::poolcheck::maxpool3d_grad::kKernelSize;
using ::poolcheck::maxpool3d_grad::kPadding;
using ::poolcheck::maxpool3d_grad::kSelf;
using ::poolcheck::maxpool3d_grad::kStride;
using ::poolcheck::maxpool3d_grad::kTensorNames;
using ::poolcheck::maxpool3d_grad::View;
inline const std::vector<std::string> kTensors{kTensorNames.begin(), kTensorNames.end()};

using Dims3 = std::array<int64_t, 3>;

// --- tables (max_pool3d_grad_tables.cpp) ---
std::vector<PlatformRow> platform_rows();
std::vector<Discrepancy> discrepancies();
// The row of a supported SoC, else nullptr (dtype rules can only be judged there).
const PlatformRow* supported_row(const Case& c);
bool soc_has_dhw_limit(const std::string& soc);  // A2/A3 only

// --- case views (max_pool3d_grad_view.cpp; generic ones in spec/case_views.h) ---
bool rank_ok(const TensorArg& t);   // 4 or 5 dims
Dims3 spatial(const TensorArg& t);  // last three dims (caller ensures rank >= 3)
// All four tensors present with valid descriptors, ranks in {4,5} and equal (rules 2-4, 12, 13 hold).
bool structure_ok(const Case& c);

std::optional<Dims3> kernel3(const Case& c);            // rules 14, 15 hold
bool padding_in_range(const Dims3& k, const Dims3& p);  // 0 <= p <= k/2 per axis

struct Pool {
  Dims3 k, s, p, d;
  bool ceil = false;
};
std::optional<Pool> pool_params(const Case& c);  // rules 14-21 hold (broadcast, empty stride = kernel)
std::optional<Dims3> pooled(const Dims3& in, const Pool& p);
bool ceil_mode(const Case& c);

// --- mutation helpers ---
std::vector<int64_t> with_spatial(const std::vector<int64_t>& shape, const Dims3& dhw);

// The index-range rule's mutation classes (the 2-D entry point's rule takes them too): the INT64 ones keep the true
// index in the low word and need INT64 indices, which only Ascend950 lists.
std::vector<ViolationClass> index_range_classes();

// --- rule groups, in check order ---
std::vector<Rule> null_and_tensor_rules();  // 1-5
std::vector<Rule> type_rules();             // 6-13
std::vector<Rule> param_rules();            // 14-21
std::vector<Rule> shape_rules();            // 22-27
std::vector<Rule> output_rules();           // 28-29

}  // namespace poolcheck::spec::maxpool3d_grad
