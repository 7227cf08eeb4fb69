// How a disagreement is worded: each differing item named with both values, nothing when all agree.
#include <gtest/gtest.h>

#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::tiling_oracle {
namespace {

ExpectedTiling normal_whole_plane() { return {Strategy::Normal, 0, {{"vl", "64"}, {"cut", "0"}}, "whole plane fits"}; }

TEST(TilingDisagreement, AgreementIsEmpty) {
  EXPECT_EQ(tiling_disagreement(normal_whole_plane(), "Normal", 0, "Normal key=0 vl=64 cut=0 blocks=1"), "");
}

TEST(TilingDisagreement, EachDifferenceIsNamedWithBothValues) {
  EXPECT_EQ(tiling_disagreement(normal_whole_plane(), "Scatter", 2, "Scatter key=2 vl=5 blocks=1"),
            "strategy: expected Normal, reported Scatter; key: expected 0, reported 2; vl: expected 64, reported 5; "
            "cut: expected 0, not in the summary");
}

// A backend may report any word: one outside the vocabulary is a disagreement that names it and the known words,
// never a crash; none reported reads "none". Control: the same word spelled right agrees (AgreementIsEmpty).
TEST(TilingDisagreement, AnUnknownReportedStrategyIsNamedWithTheKnownWords) {
  EXPECT_EQ(tiling_disagreement(normal_whole_plane(), "Normall", 0, "Normall key=0 vl=64 cut=0"),
            "strategy: expected Normal, reported unknown strategy 'Normall' (known: Normal, CutK, Scatter, SIMD, SIMT, "
            "Global, Cube, Vector, AllOne, General, V1Plane, V1Rows, BigKernel, NchwSmallKernel, AssistMatmul)");
  EXPECT_EQ(tiling_disagreement(normal_whole_plane(), "", 0, "key=0 vl=64 cut=0"),
            "strategy: expected Normal, reported none");
}

TEST(TilingDisagreement, AFieldNameIsMatchedWhole) {
  // "vl=" must not be read from "vlx=64"
  EXPECT_EQ(tiling_disagreement(normal_whole_plane(), "Normal", 0, "Normal vlx=64 cut=0"),
            "vl: expected 64, not in the summary");
}

TEST(TilingDisagreement, DescribeSpellsTheDecisionAsTheSummaryDoes) {
  EXPECT_EQ(describe(normal_whole_plane()), "Normal/0 vl=64 cut=0 (whole plane fits)");
}

TEST(TilingOraclePlatform, KnobsOverrideTheSocNumbers) {
  Case c;
  c.platform = "Ascend950";
  c.cores = 3;
  const auto p = platform_numbers(c);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->vector_cores, 3);
  EXPECT_EQ(p->ub_bytes, 245760);
  EXPECT_TRUE(p->regbase);
  c.platform = "Ascend910X";
  EXPECT_FALSE(platform_numbers(c).has_value());
  c.platform = "Ascend910B";
  c.op = "no_such_op";
  const TilingVerdict v = expected_tiling(c);
  EXPECT_FALSE(v.expected.has_value());
  EXPECT_NE(v.no_decision.find("no_such_op"), std::string::npos) << v.no_decision;
}

}  // namespace
}  // namespace poolcheck::tiling_oracle
