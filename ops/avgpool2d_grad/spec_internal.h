// Internal helpers shared by the average-pool spec files: rank-generic views of a case under a Document
// (spec_document.h). Not part of the public spec API.
//
// Guard convention (as in the max-pool spec): a predicate returns false when it cannot judge because an input
// an EARLIER rule checks is missing or invalid. Each guard fails only when some earlier rule fires, so guards
// never change expected(); they keep violations() free of cascades.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/avgpool2d_grad/spec_document.h"
#include "ops/avgpool2d_grad/view.h"
#include "spec/rule_builders.h"
#include "spec/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::avgpool2d_grad {

// The list and scalar names both entry points' documents spell alike (ops/avgpool2d_grad/view.h; the 3-D view
// spells them the same), and the 2-D call's own cubeMathType.
using ::poolcheck::avgpool2d_grad::kCeilMode;
using ::poolcheck::avgpool2d_grad::kCountIncludePad;
using ::poolcheck::avgpool2d_grad::kCubeMathType;
using ::poolcheck::avgpool2d_grad::kDivisorOverride;
using ::poolcheck::avgpool2d_grad::kGradOutput;
using ::poolcheck::avgpool2d_grad::kKernelSize;
using ::poolcheck::avgpool2d_grad::kPadding;
using ::poolcheck::avgpool2d_grad::kSelf;
using ::poolcheck::avgpool2d_grad::kStride;

using Dims = std::vector<int64_t>;

// --- case views (spec_view.cpp) ---
Dims spatial(const Document& d, const TensorArg& t);  // the last spatial_rank dims (caller ensures the rank)
std::vector<int64_t> with_spatial(const Document& d, const std::vector<int64_t>& shape, const Dims& dims);
// The one dtype of the tied tensors when the SoC is supported, all are present, listed and equal.
std::optional<DType> common_dtype(const Document& d, const Case& c);
// The value the API receives: the runner passes static_cast<int8_t>(cubeMathType).
int8_t cube_math_type(const Case& c);

std::optional<Dims> kernel_of(const Document& d, const Case& c);  // kernel length and values hold
bool padding_in_range(const Dims& k, const Dims& p);              // 0 <= p <= k/2 per axis

struct Pool {
  Dims k, s, p;
  bool ceil = false;
};
// The list rules hold; a null or empty stride means stride = kernel.
std::optional<Pool> pool_params(const Document& d, const Case& c);
std::optional<Dims> pooled(const Dims& in, const Pool& p);

// --- rule groups, in check order ---
std::vector<Rule> null_and_tensor_rules(const Document& d);
std::vector<Rule> type_rules(const Document& d);
std::vector<Rule> param_rules(const Document& d);
std::vector<Rule> shape_rules(const Document& d);
std::vector<Rule> output_rules(const Document& d);

// --- aclnnAvgPool2dBackward's tables (spec_tables.cpp) and words (spec_words.cpp) ---
std::vector<PlatformRow> platform_rows_001();
std::vector<Discrepancy> discrepancies_001();
RuleWordsById words_001();
std::vector<StrategyNote> strategies();

}  // namespace poolcheck::spec::avgpool2d_grad
