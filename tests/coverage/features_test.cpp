// The valid generators really force the feature the campaign's schedule asks for: the "feature" coverage
// targets count planned features, so each one is checked here on the cases themselves. Control: cases drawn
// for "plain" must not all show a feature (the checks are not vacuous).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "case/arguments.h"
#include "case/per_axis.h"
#include "generators/generators.h"
#include "generators/threshold.h"
#include "harness/op_adapter.h"

namespace poolcheck {
namespace {

bool shows(const Case& c, const std::string& feature) {
  const bool windowed = c.array("kernelSize") != nullptr;
  const auto axes = static_cast<size_t>(find_operator_row(c.op)->spatial_rank);
  // Boundary cases have their own class tally and controls (properties/boundary_*).
  if (feature == gen::kFeaturePlain || feature == gen::kFeatureBoundary) return true;
  if (feature == gen::kFeatureViews)
    return std::all_of(c.tensors.begin(), c.tensors.end(), [](const auto& t) { return !t.second.strides.empty(); });
  if (feature == gen::kFeatureOffsets)
    return std::all_of(c.tensors.begin(), c.tensors.end(), [](const auto& t) { return t.second.offset > 0; });
  if (feature == gen::kFeatureCeil) return c.scalar("ceilMode") == 1;
  if (feature == gen::kFeatureTies) return c.fill == FillKind::Ties;
  if (feature == gen::kFeatureSpecial) return c.fill == FillKind::Special;
  if (feature == gen::kFeatureDet) return c.deterministic;
  if (feature == gen::kFeatureInt64Indices) return c.tensor("indices") && c.tensor("indices")->dtype == DType::I64;
  // The flip itself is checked in tests/tiling_oracle (tiling_oracle_threshold_test.cpp).
  if (feature == gen::kFeatureThreshold) return gen::threshold::placement(c).has_value();
  if (windowed) {
    const auto k = per_axis(c.array("kernelSize"), axes).value_or(std::vector<int64_t>{});
    const auto s = per_axis(c.array("stride"), axes, k).value_or(k);
    const auto p = per_axis(c.array("padding"), axes).value_or(std::vector<int64_t>(axes, 0));
    for (size_t a = 0; a < axes && a < k.size(); ++a) {
      if (feature == gen::kFeaturePadLimit && k[a] >= 2 && p[a] == k[a] / 2) return true;
      if (feature == gen::kFeatureOverlap && s[a] < k[a]) return true;
    }
    return false;
  }
  if (feature == gen::kFeatureOverlap) {  // adaptive: an axis whose output size does not divide the input
    const auto& in = c.tensor("self")->shape;
    const auto& out = c.tensor("gradOutput")->shape;
    for (size_t a = 1; a <= axes; ++a)
      if (in[in.size() - a] % out[out.size() - a] != 0) return true;
  }
  return false;
}

std::vector<Case> drawn_for(const std::string& op, const std::string& feature) {
  gen::GenConfig cfg;
  cfg.target.feature = feature;
  std::vector<Case> cases;
  for (uint64_t seed = 1; seed <= 40; ++seed)
    cases.push_back(gen::sample(gen::valid_case(op, cfg), seed, static_cast<int>(seed * 2)));
  return cases;
}

TEST(GeneratorFeatures, EveryFeatureAskedForIsShown) {
  for (const std::string& op : gen::operators()) {
    for (const std::string& feature : gen::features(op)) {
      for (const Case& c : drawn_for(op, feature))
        EXPECT_TRUE(shows(c, feature)) << op << " feature " << feature << " missing in "
                                       << ::testing::PrintToString(c.op);
    }
  }
}

TEST(GeneratorFeatures, ControlPlainCasesDoNotAllShowEachFeature) {
  for (const std::string& op : gen::operators()) {
    const std::vector<Case> plain = drawn_for(op, gen::kFeaturePlain);
    for (const std::string& feature : gen::features(op)) {
      if (feature == gen::kFeaturePlain || feature == gen::kFeatureBoundary) continue;
      const bool all = std::all_of(plain.begin(), plain.end(), [&](const Case& c) { return shows(c, feature); });
      EXPECT_FALSE(all) << op << ": every plain case shows " << feature << ", so its check proves nothing";
    }
  }
}

}  // namespace
}  // namespace poolcheck
