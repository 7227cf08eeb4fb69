// Internal helpers shared by the adaptive-avg-pool spec files. Not part of the public spec API.
//
// Guard convention (as in the other specs): a predicate returns false when it cannot judge because an input an
// EARLIER rule checks is missing or invalid. Each guard fails only when some earlier rule fires, so guards never
// change expected(); they keep violations() free of cascades.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/adaptive_avgpool3d_grad/view.h"
#include "spec/rule_builders.h"
#include "spec/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

// The typed view of the case (ops/adaptive_avgpool3d_grad/view.h) and its argument names.
using ::poolcheck::adaptive_avgpool3d_grad::Edit;
using ::poolcheck::adaptive_avgpool3d_grad::kGradOutput;
using ::poolcheck::adaptive_avgpool3d_grad::kOut;
using ::poolcheck::adaptive_avgpool3d_grad::kSelf;
using ::poolcheck::adaptive_avgpool3d_grad::kTensorNames;
using ::poolcheck::adaptive_avgpool3d_grad::View;
inline const std::vector<std::string> kTensors{kTensorNames.begin(), kTensorNames.end()};
inline const std::vector<std::string> kInputs{kGradOutput, kSelf};  // the tensors 002's dtype and zero-dim rows name
inline constexpr const char* kSeed = "002";

// --- tables (adaptive_avg_pool3d_grad_tables.cpp) ---
std::vector<PlatformRow> platform_rows();
std::vector<Discrepancy> discrepancies();
// The row of a supported SoC, else nullptr (the dtype rules can only be judged there).
const PlatformRow* supported_row(const Case& c);

// --- case views (adaptive_avg_pool3d_grad_view.cpp) ---
bool rank_ok(const TensorArg& t);       // 4 or 5 dims
bool format_supported(Format f);        // ND or NCDHW
size_t lead_count(const TensorArg& t);  // N,C for 5-D, C for 4-D
// All three tensors present with valid descriptors, ranks in {4,5} and equal (rules 2, 3 and 6 hold).
bool structure_ok(const Case& c);

// --- rule groups, in check order ---
std::vector<Rule> null_and_tensor_rules();  // 1-4
std::vector<Rule> platform_rules();         // 5
std::vector<Rule> shape_rules();            // 6-9
std::vector<Rule> type_rules();             // 10-13
std::vector<Rule> output_rules();           // 14

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
