// The threshold vocabulary and the operator table's threshold statements.
#include "tiling_oracle/thresholds.h"

#include <array>
#include <string_view>

#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle {

namespace {

struct RuleRow {
  ThresholdRule rule;
  std::string_view name;
  std::string_view op;
};

constexpr std::array<RuleRow, 20> kRules{{
    {ThresholdRule::NormalTileFits, "normal-tile-fits", "maxpool3d_grad"},
    {ThresholdRule::NormalLanes, "normal-lanes", "maxpool3d_grad"},
    {ThresholdRule::NormalCoreSplit, "normal-core-split", "maxpool3d_grad"},
    {ThresholdRule::ScatterPlaneFits, "scatter-plane-fits", "maxpool3d_grad"},
    {ThresholdRule::ScatterLayerFits, "scatter-layer-fits", "maxpool3d_grad"},
    {ThresholdRule::ScatterRowFits, "scatter-row-fits", "maxpool3d_grad"},
    {ThresholdRule::ScatterCoresVsNc, "scatter-cores-vs-nc", "maxpool3d_grad"},
    {ThresholdRule::CutKFits, "cutk-fits", "maxpool3d_grad"},
    {ThresholdRule::CutKBlocksVsCores, "cutk-blocks-vs-cores", "maxpool3d_grad"},
    {ThresholdRule::Int32IndexLimit, "int32-index-limit", "maxpool3d_grad"},
    {ThresholdRule::SimdMinTileFits, "simd-min-tile-fits", "maxpool3d_grad"},
    {ThresholdRule::SimdPlanesFit, "simd-planes-fit", "maxpool3d_grad"},
    {ThresholdRule::SimdCoresVsNc, "simd-cores-vs-nc", "maxpool3d_grad"},
    {ThresholdRule::SimtBlocksVsCores, "simt-blocks-vs-cores", "maxpool3d_grad"},
    {ThresholdRule::VectorChannelsFit, "vector-channels-fit", "avgpool2d_grad"},
    {ThresholdRule::VectorCoresVsPositions, "vector-cores-vs-positions", "avgpool2d_grad"},
    {ThresholdRule::VectorChannelsFit, "vector-channels-fit", "avgpool3d_grad"},
    {ThresholdRule::VectorCoresVsPositions, "vector-cores-vs-positions", "avgpool3d_grad"},
    {ThresholdRule::GeneralRowFits, "general-row-fits", "adaptive_avgpool3d_grad"},
    {ThresholdRule::GeneralCoresVsTasks, "general-cores-vs-tasks", "adaptive_avgpool3d_grad"},
}};

}  // namespace

const char* knob_name(Knob k) {
  switch (k) {
    case Knob::UbBytes:
      return "ub";
    case Knob::Cores:
      return "cores";
    case Knob::Int32Limit:
      return "i32limit";
  }
  return "?";
}

int64_t knob_step(Knob k) { return k == Knob::UbBytes ? 32 : 1; }

int64_t knob_value(const Case& c, Knob k) {
  switch (k) {
    case Knob::UbBytes:
      return c.ub_bytes;
    case Knob::Cores:
      return c.cores;
    case Knob::Int32Limit:
      return c.int32_index_limit;
  }
  return 0;
}

void set_knob(Case* c, Knob k, int64_t value) {
  switch (k) {
    case Knob::UbBytes:
      c->ub_bytes = value;
      break;
    case Knob::Cores:
      c->cores = static_cast<int32_t>(value);
      break;
    case Knob::Int32Limit:
      c->int32_index_limit = value;
      break;
  }
}

const char* rule_name(ThresholdRule r) {
  for (const RuleRow& row : kRules)
    if (row.rule == r) return row.name.data();
  return "?";
}

std::vector<ThresholdRule> threshold_rules(const std::string& op) {
  std::vector<ThresholdRule> out;
  for (const RuleRow& row : kRules)
    if (row.op == op) out.push_back(row.rule);
  return out;
}

std::vector<Threshold> tiling_thresholds(const Case& c) {
  const std::optional<PlatformNumbers> platform = platform_numbers(c);
  if (!platform) return {};
#define POOLCHECK_OPERATOR(token, aclnn) \
  if (c.op == #token) return token::tiling_thresholds(c, *platform);
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  return {};
}

std::string decision_value(const ExpectedTiling& e, const std::string& changes) {
  if (changes == "strategy") return strategy_name(e.strategy);
  if (changes == "key") return std::to_string(e.key);
  for (const TilingField& f : e.fields)
    if (f.name == changes) return f.value;
  return "";
}

}  // namespace poolcheck::tiling_oracle
