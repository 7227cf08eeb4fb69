// The coverage goal: a complete campaign at least as long as the schedule's cell visit fails on a target it never
// hit, and every other run says why it is not held to it.
#include "campaign/coverage_goal.h"

#include <gtest/gtest.h>

#include "campaign/scheduler.h"

namespace poolcheck {
namespace {

CampaignSummary long_enough_campaign() {
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  s.seed = 1;
  s.invalid_fraction = 0.25;
  s.max_cases = cases_to_visit_every_cell(s.ops, s.seed, s.invalid_fraction);
  s.cases = s.max_cases;
  s.coverage = {{"rule", "maxpool3d_grad", "MP.PARAM.PADDING_RANGE", 3, true},
                {"key", "maxpool3d_grad", "CutK/31", 1, true},
                {"key", "maxpool3d_grad", "SIMT/258", 0, false}};  // unmeasured: never a miss
  return s;
}

TEST(CoverageGoal, TheCellVisitReachesEveryCellAndOneCaseLessDoesNot) {
  const std::vector<std::string> ops{"maxpool3d_grad", "avgpool2d_grad"};
  const int64_t n = cases_to_visit_every_cell(ops, 7, 0.25);
  const CaseScheduler schedule(ops, 7);
  auto visited = [&](int64_t cases) {
    int64_t invalid = 0, valid = 0;
    for (int64_t i = 0; i < cases; ++i) ++(stream_slot(i, 0.25).invalid ? invalid : valid);
    return invalid >= static_cast<int64_t>(schedule.invalid_cells().size()) &&
           valid >= static_cast<int64_t>(schedule.valid_cells().size());
  };
  EXPECT_TRUE(visited(n));
  EXPECT_FALSE(visited(n - 1));
  EXPECT_EQ(cases_to_visit_every_cell(ops, 7, 0.0), 0) << "no invalid case ever visits a rule's cell";
}

TEST(CoverageGoal, ALongEnoughCompleteRunWithEveryTargetHitPasses) {
  const CoverageGoal g = coverage_goal(long_enough_campaign(), false);
  EXPECT_TRUE(g.applies) << g.why_not;
  EXPECT_FALSE(g.failed());
}

// Negative control: the same run with the CutK key never hit fails, naming the key.
TEST(CoverageGoal, AMissedTargetFailsTheRunAndIsNamed) {
  CampaignSummary s = long_enough_campaign();
  s.coverage[1].hits = 0;
  const CoverageGoal g = coverage_goal(s, false);
  ASSERT_TRUE(g.failed());
  ASSERT_EQ(g.missed.size(), 1u);
  EXPECT_EQ(g.missed[0].kind + " " + g.missed[0].name, "key CutK/31");
}

TEST(CoverageGoal, RunsNotHeldToItSayWhy) {
  CampaignSummary s = long_enough_campaign();
  s.coverage[1].hits = 0;
  auto why = [](const CampaignSummary& c, bool listed) {
    const CoverageGoal g = coverage_goal(c, listed);
    EXPECT_FALSE(g.failed());
    return g.why_not;
  };
  CampaignSummary shorter = s;
  --shorter.max_cases;
  EXPECT_NE(why(shorter, false).find("fewer than the " + std::to_string(s.max_cases)), std::string::npos);
  CampaignSummary cut = s;
  cut.stop = StopReason::TimeBudget;
  EXPECT_NE(why(cut, false).find("ended early"), std::string::npos);
  CampaignSummary shard = s;
  shard.shard_count = 4;
  EXPECT_NE(why(shard, false).find("shard"), std::string::npos);
  EXPECT_NE(why(s, true).find("case list"), std::string::npos);
  CampaignSummary merged = shard;  // every shard merged: held to the goal again
  merged.merged_shards = {0, 1, 2, 3};
  EXPECT_TRUE(coverage_goal(merged, false).failed());
}

}  // namespace
}  // namespace poolcheck
