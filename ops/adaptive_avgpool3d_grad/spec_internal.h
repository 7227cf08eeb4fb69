// Internal helpers shared by the adaptive-avg-pool spec files, for every document of the call (spec_document.h).
// Not part of the public spec API.
//
// Guard convention (as in the other specs): a predicate returns false when it cannot judge because an input an
// EARLIER rule checks is missing or invalid. Each guard fails only when some earlier rule fires, so guards never
// change expected(); they keep violations() free of cascades.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "ops/adaptive_avgpool3d_grad/spec_document.h"
#include "ops/adaptive_avgpool3d_grad/view.h"
#include "spec/rule_builders.h"
#include "spec/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

// The typed view of the case (ops/adaptive_avgpool3d_grad/view.h) and its argument names, which every document
// of the call shares.
using ::poolcheck::adaptive_avgpool3d_grad::Edit;
using ::poolcheck::adaptive_avgpool3d_grad::kGradOutput;
using ::poolcheck::adaptive_avgpool3d_grad::kOut;
using ::poolcheck::adaptive_avgpool3d_grad::kSelf;
using ::poolcheck::adaptive_avgpool3d_grad::kTensorNames;
using ::poolcheck::adaptive_avgpool3d_grad::View;
inline const std::vector<std::string> kTensors{kTensorNames.begin(), kTensorNames.end()};
inline const std::vector<std::string> kInputs{kGradOutput, kSelf};  // the tensors the dtype and zero-dim rows name

// aclnnAdaptiveAvgPool3dBackward's document (seed 002): spec_tables.cpp.
const Document& document_002();

// --- rule groups, in check order; a document's facts reach every predicate (it outlives the spec) ---
std::vector<Rule> null_and_tensor_rules(const Document& d);  // null pointers, descriptors, extents
std::vector<Rule> platform_rules(const Document& d);
std::vector<Rule> shape_rules(const Document& d);   // ranks, out's shape, zero dims, N,C
std::vector<Rule> type_rules(const Document& d);    // dtypes, formats
std::vector<Rule> output_rules(const Document& d);  // output aliasing

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
