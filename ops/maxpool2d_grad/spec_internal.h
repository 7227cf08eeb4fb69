// Internal helpers shared by the 2-D max-pool backward spec files, for any document of it (spec_document.h). Not
// part of the public spec API.
//
// Guard convention (as every operator's): a predicate returns false when an input an EARLIER rule checks is
// missing or invalid, so guards never change expected() and violations() stay free of cascades.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/maxpool2d_grad/spec_document.h"
#include "ops/maxpool2d_grad/view.h"
#include "spec/rule_builders.h"
#include "spec/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::maxpool2d_grad {

using ::poolcheck::maxpool2d_grad::carries_wide_index_fault;
using ::poolcheck::maxpool2d_grad::Edit;
using ::poolcheck::maxpool2d_grad::IndexFault;
using ::poolcheck::maxpool2d_grad::kArrayNames;
using ::poolcheck::maxpool2d_grad::kCeilMode;
using ::poolcheck::maxpool2d_grad::kDilation;
using ::poolcheck::maxpool2d_grad::kGradInput;
using ::poolcheck::maxpool2d_grad::kGradOutput;
using ::poolcheck::maxpool2d_grad::kIndices;
using ::poolcheck::maxpool2d_grad::kKernelSize;
using ::poolcheck::maxpool2d_grad::kPadding;
using ::poolcheck::maxpool2d_grad::kSelf;
using ::poolcheck::maxpool2d_grad::kStride;
using ::poolcheck::maxpool2d_grad::kTensorNames;
using ::poolcheck::maxpool2d_grad::View;
inline const std::vector<std::string> kTensors{kTensorNames.begin(), kTensorNames.end()};

// aclnnMaxPool2dWithIndicesBackward's document (spec_words.cpp, spec_tables.cpp).
const Document& indices_document();

// --- case views (spec_view.cpp) ---
bool rank_ok(const TensorArg& t);                     // 3 or 4 dims
Dims2 spatial(const TensorArg& t);                    // (H, W) by the tensor's format (NHWC keeps C last)
bool structure_ok(const Document& d, const Case& c);  // all four well formed, ranks in {3,4} and equal
std::optional<Dims2> kernel2(const Case& c);
struct Pool {
  Dims2 k, s, p, d;
  bool ceil = false;
};
// The parameter rules hold (broadcast, empty stride = kernel).
std::optional<Pool> pool_params(const Document& d, const Case& c);
std::optional<Dims2> pooled(const Dims2& in, const Pool& p);
bool ceil_mode(const Case& c);
std::vector<int64_t> with_spatial(const TensorArg& t, const Dims2& hw);
// gradOutput gets the pooled dims `hw`, indices the shape the document gives it for them.
void set_pooled_dims(const Document& d, Case& m, const Dims2& hw);

// --- rule groups, in check order ---
std::vector<Rule> null_and_tensor_rules(const Document& d);
std::vector<Rule> type_rules(const Document& d);
std::vector<Rule> param_rules(const Document& d);
std::vector<Rule> shape_rules(const Document& d);

}  // namespace poolcheck::spec::maxpool2d_grad
