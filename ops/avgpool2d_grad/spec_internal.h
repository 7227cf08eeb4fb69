// Internal helpers shared by the avg-pool spec files. Not part of the public spec API.
//
// Guard convention (as in the max-pool spec): a predicate returns false when it cannot judge because an input
// an EARLIER rule checks is missing or invalid. Each guard fails only when some earlier rule fires, so guards
// never change expected(); they keep violations() free of cascades.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/avgpool2d_grad/view.h"
#include "spec/rule_builders.h"
#include "spec/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::avgpool2d_grad {

// The typed view of the case (ops/avgpool2d_grad/view.h) and its argument names.
using ::poolcheck::avgpool2d_grad::Edit;
using ::poolcheck::avgpool2d_grad::kArrayNames;
using ::poolcheck::avgpool2d_grad::kCeilMode;
using ::poolcheck::avgpool2d_grad::kCountIncludePad;
using ::poolcheck::avgpool2d_grad::kCubeMathType;
using ::poolcheck::avgpool2d_grad::kDivisorOverride;
using ::poolcheck::avgpool2d_grad::kGradInput;
using ::poolcheck::avgpool2d_grad::kGradOutput;
using ::poolcheck::avgpool2d_grad::kKernelSize;
using ::poolcheck::avgpool2d_grad::kPadding;
using ::poolcheck::avgpool2d_grad::kSelf;
using ::poolcheck::avgpool2d_grad::kStride;
using ::poolcheck::avgpool2d_grad::kTensorNames;
using ::poolcheck::avgpool2d_grad::View;
inline const std::vector<std::string> kTensors{kTensorNames.begin(), kTensorNames.end()};
inline constexpr const char* kSeed = "001";

using Dims2 = std::array<int64_t, 2>;

// --- tables (avg_pool2d_grad_tables.cpp) ---
std::vector<PlatformRow> platform_rows();
std::vector<Discrepancy> discrepancies();
// The row of a supported SoC, else nullptr (dtype rules can only be judged there).
const PlatformRow* supported_row(const Case& c);

// --- case views (avg_pool2d_grad_view.cpp) ---
bool rank_ok(const TensorArg& t);     // 3 or 4 dims
Format format_for_rank(size_t rank);  // 4 -> NCHW, 3 -> NCL
bool format_supported(Format f);      // NCHW or NCL
// All three tensors present with valid descriptors, ranks in {3,4} and equal (rules 2, 3, 10 hold).
bool structure_ok(const Case& c);
Dims2 spatial(const TensorArg& t);  // last two dims (caller ensures rank >= 2)
std::vector<int64_t> with_spatial(const std::vector<int64_t>& shape, const Dims2& hw);
// The one dtype of all three tensors when the SoC is supported, all are present, supported and equal
// (rules 2, 5-7 hold).
std::optional<DType> common_dtype(const Case& c);
// The value the API receives: the runner passes static_cast<int8_t>(cubeMathType).
int8_t cube_math_type(const Case& c);

std::optional<Dims2> kernel2(const Case& c);            // rules 11, 12 hold
bool padding_in_range(const Dims2& k, const Dims2& p);  // 0 <= p <= k/2 per axis

struct Pool {
  Dims2 k, s, p;
  bool ceil = false;
};
// Rules 11-16 hold; a null or empty stride means stride = kernel.
std::optional<Pool> pool_params(const Case& c);
std::optional<Dims2> pooled(const Dims2& in, const Pool& p);

// --- rule groups, in check order ---
std::vector<Rule> null_and_tensor_rules();  // 1-4
std::vector<Rule> type_rules();             // 5-10
std::vector<Rule> param_rules();            // 11-18
std::vector<Rule> shape_rules();            // 19-22
std::vector<Rule> output_rules();           // 23

}  // namespace poolcheck::spec::avgpool2d_grad
