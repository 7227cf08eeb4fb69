// The JSON forms: a CaseResult record and summary.json, their round trips, and the shard merge.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reports/case_result_json.h"
#include "reports/json_number.h"
#include "reports/summary_json.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using nlohmann::json;
using testing::sample_result;
using testing::sample_summary;

TEST(ReportsJson, ResultRecordHasEveryField) {
  const CaseResult r = sample_result(Outcome::Fail);
  const json j = result_to_json(r);
  EXPECT_EQ(j.at("descriptor"), r.descriptor);
  EXPECT_EQ(j.at("op"), "maxpool3d_grad");
  EXPECT_EQ(j.at("platform"), "Ascend910B");
  EXPECT_EQ(j.at("outcome"), "fail");
  EXPECT_EQ(j.at("failure"), true);
  EXPECT_EQ(j.at("expected").at("status"), 0);
  EXPECT_EQ(j.at("expected").at("phase"), "GetWorkspaceSize");
  EXPECT_EQ(j.at("expected").at("rule"), "");
  EXPECT_EQ(j.at("observed").at("status"), 0);
  EXPECT_EQ(j.at("tiling").at("known"), true);
  EXPECT_EQ(j.at("tiling").at("strategy"), "Normal");
  EXPECT_EQ(j.at("tiling").at("key"), 100);
  EXPECT_EQ(j.at("tiling").at("label"), "Normal/100");
  EXPECT_EQ(j.at("tiling").at("text"), r.tiling);
  EXPECT_EQ(j.at("tiling").at("block_dim"), 2);
  EXPECT_EQ(j.at("tiling").at("ub_high_water"), 12288);
  EXPECT_EQ(j.at("tiling").at("workspace_bytes"), 4096);
  EXPECT_EQ(j.at("error").at("elements"), 192);
  EXPECT_EQ(j.at("error").at("mismatches"), 3);
  EXPECT_EQ(j.at("error").at("max_abs"), 0.25);
  EXPECT_EQ(j.at("error").at("max_ulp"), 4.0);
  EXPECT_EQ(j.at("error").at("max_bound_ratio"), 2.5);
  EXPECT_EQ(j.at("error").at("worst_index"), 7);
  EXPECT_EQ(j.at("seconds"), 0.00125);
  EXPECT_EQ(j.at("message"), r.message);

  const json e = result_to_json(sample_result(Outcome::ExpectedError));
  EXPECT_EQ(e.at("failure"), false);
  EXPECT_EQ(e.at("expected").at("status"), 161002);
  EXPECT_EQ(e.at("expected").at("rule"), "MP.PARAM.PADDING_RANGE");
  EXPECT_EQ(e.at("tiling").at("known"), false);
  EXPECT_EQ(e.at("tiling").at("label"), "");
}

TEST(ReportsJson, NonFiniteErrorsSurviveAsStrings) {
  CaseResult r = sample_result(Outcome::Fail);
  r.err.max_abs_err = std::numeric_limits<double>::infinity();
  r.err.max_ulp_err = std::numeric_limits<double>::quiet_NaN();
  r.err.max_bound_ratio = -std::numeric_limits<double>::infinity();
  const json j = result_to_json(r);
  EXPECT_EQ(j.at("error").at("max_abs"), "Infinity");
  EXPECT_EQ(j.at("error").at("max_ulp"), "NaN");
  EXPECT_EQ(j.at("error").at("max_bound_ratio"), "-Infinity");
  const CaseResult back = result_from_json(json::parse(j.dump()));
  EXPECT_TRUE(std::isinf(back.err.max_abs_err));
  EXPECT_TRUE(std::isnan(back.err.max_ulp_err));
  EXPECT_EQ(back.err.max_bound_ratio, -std::numeric_limits<double>::infinity());
  EXPECT_THROW(number_from_json("nan"), std::invalid_argument);
}

// A case run twice keeps how (the worker protocol and results.jsonl carry it); a case run once has no "rerun".
TEST(ReportsJson, SecondRunRoundTrips) {
  CaseResult r = sample_result(Outcome::Fail);
  EXPECT_FALSE(result_to_json(r).contains("rerun"));
  r.atomics = true;
  r.rerun = {RerunCheck::Bitwise, "cores=3 ub=16384 schedule=0x9", true, 17, 0x3f8ccccdu, 0xffffffffffffffffull};
  EXPECT_EQ(result_to_json(r).at("rerun").at("check"), "bitwise");
  const CaseResult back = result_from_json(json::parse(result_to_json(r).dump()));
  EXPECT_TRUE(back.atomics);
  EXPECT_EQ(back.rerun.check, RerunCheck::Bitwise);
  EXPECT_EQ(back.rerun.knobs, "cores=3 ub=16384 schedule=0x9");
  EXPECT_TRUE(back.rerun.failed);
  EXPECT_EQ(back.rerun.first_diff, 17);
  EXPECT_EQ(back.rerun.first_bits, 0x3f8ccccdu);
  EXPECT_EQ(back.rerun.second_bits, 0xffffffffffffffffull);
}

// Control of the round trip: a check outside the vocabulary is refused with the field, the word and the known words.
TEST(ReportsJson, AnUnknownRerunCheckIsRefusedByName) {
  CaseResult r = sample_result(Outcome::Fail);
  r.rerun.check = RerunCheck::Tolerance;
  json j = result_to_json(r);
  j["rerun"]["check"] = "bitwize";
  try {
    result_from_json(j);
    ADD_FAILURE() << "an unknown rerun check was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "field 'rerun.check': unknown rerun check 'bitwize' (known: bitwise, tolerance)");
  }
}

TEST(ReportsJson, ListedCaseSourceRoundTrips) {
  CaseResult r = sample_result(Outcome::Fail);
  EXPECT_FALSE(result_to_json(r).contains("source"));  // a generated case has none
  r.source = "atk_aclnnAvgPool2dBackward.json id=12";
  const json j = result_to_json(r);
  EXPECT_EQ(j.at("source"), r.source);
  EXPECT_EQ(result_from_json(json::parse(j.dump())).source, r.source);
}

TEST(ReportsJson, ResultRoundTrip) {
  for (Outcome o : kAllOutcomes) {
    CaseResult r = sample_result(o);
    if (o == Outcome::WrongTiling) r.tiling_expected = "Normal/0 vl=64 (whole plane fits)";
    const CaseResult back = result_from_json(json::parse(result_to_json(r).dump()));
    EXPECT_EQ(back.tiling_expected, r.tiling_expected);
    EXPECT_EQ(back.c, r.c);
    EXPECT_EQ(back.descriptor, r.descriptor);
    EXPECT_EQ(back.outcome, r.outcome);
    EXPECT_EQ(back.expected_status, r.expected_status);
    EXPECT_EQ(back.expected_phase, r.expected_phase);
    EXPECT_EQ(back.expected_rule, r.expected_rule);
    EXPECT_EQ(back.observed_status, r.observed_status);
    EXPECT_EQ(back.observed_phase, r.observed_phase);
    EXPECT_EQ(back.tiling_known, r.tiling_known);
    EXPECT_EQ(back.strategy, r.strategy);
    EXPECT_EQ(back.tiling_key, r.tiling_key);
    EXPECT_EQ(back.tiling, r.tiling);
    EXPECT_EQ(back.block_dim, r.block_dim);
    EXPECT_EQ(back.ub_high_water, r.ub_high_water);
    EXPECT_EQ(back.workspace_bytes, r.workspace_bytes);
    EXPECT_EQ(back.err.elements, r.err.elements);
    EXPECT_EQ(back.err.mismatches, r.err.mismatches);
    EXPECT_EQ(back.err.max_abs_err, r.err.max_abs_err);
    EXPECT_EQ(back.err.max_bound_ratio, r.err.max_bound_ratio);
    EXPECT_EQ(back.err.worst_index, r.err.worst_index);
    EXPECT_EQ(back.seconds, r.seconds);
    EXPECT_EQ(back.message, r.message);
  }
}

TEST(ReportsJson, MalformedRecordsAreRejectedByName) {
  json j = result_to_json(sample_result(Outcome::Pass));
  json no_tiling = j;
  no_tiling.erase("tiling");
  try {
    result_from_json(no_tiling);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("tiling"), std::string::npos);
  }
  json bad_outcome = j;
  bad_outcome["outcome"] = "sort-of";
  EXPECT_THROW(result_from_json(bad_outcome), std::invalid_argument);
  json bad_desc = j;
  bad_desc["descriptor"] = "op=";
  EXPECT_THROW(result_from_json(bad_desc), std::invalid_argument);
  json wrong_type = j;
  wrong_type["error"]["elements"] = "many";
  EXPECT_THROW(result_from_json(wrong_type), std::invalid_argument);
}

TEST(ReportsJson, SummaryHasCountsAndParameters) {
  const CampaignSummary s = sample_summary();
  const json j = summary_to_json(s);
  EXPECT_EQ(j.at("tool"), "poolcheck");
  EXPECT_EQ(j.at("ok"), false);
  EXPECT_EQ(j.at("seed"), 42);
  EXPECT_EQ(j.at("ops"), json::array({"maxpool3d_grad"}));
  EXPECT_EQ(j.at("cases"), 10);
  EXPECT_EQ(j.at("cases_per_second"), 5.0);
  EXPECT_EQ(j.at("stop"), "completed");
  EXPECT_EQ(j.at("outcomes").at("pass"), 6);
  EXPECT_EQ(j.at("outcomes").at("expected-error"), 2);
  EXPECT_EQ(j.at("outcomes").at("fail"), 1);
  EXPECT_EQ(j.at("outcomes").at("crash"), 1);
  EXPECT_EQ(j.at("outcomes").at("wrong-error"), 0) << "every outcome is listed";
  EXPECT_EQ(j.at("outcomes").size(), std::size(kAllOutcomes));
  EXPECT_EQ(j.at("failures"), 2);
  EXPECT_EQ(j.at("tiling_keys").at("Normal/100"), 7);
  EXPECT_EQ(j.at("strategies").at("Normal"), 7);
  EXPECT_EQ(j.at("expected_error_rules").at("MP.PARAM.PADDING_RANGE"), 2);
  EXPECT_EQ(j.at("failed_cases").size(), 2u);
  EXPECT_EQ(j.at("failed_cases")[0].at("outcome"), "fail");
  EXPECT_FALSE(j.contains("git"));
}

TEST(ReportsJson, SummaryRoundTrip) {
  CampaignSummary s = sample_summary();
  s.stop = StopReason::TimeBudget;
  s.generator_errors = 1;
  s.generator_error_messages = {"case 3: nope"};
  s.backend = "/opt/toolkit/lib64/libascendcl.so, /opt/toolkit/lib64/libopapi.so";
  const CampaignSummary back = summary_from_json(json::parse(summary_to_json(s).dump()));
  EXPECT_EQ(back.ops, s.ops);
  EXPECT_EQ(back.backend, s.backend);
  EXPECT_EQ(back.seed, s.seed);
  EXPECT_EQ(back.stop, StopReason::TimeBudget);
  EXPECT_EQ(back.cases, s.cases);
  EXPECT_EQ(back.by_outcome, s.by_outcome);
  EXPECT_EQ(back.by_tiling_key, s.by_tiling_key);
  EXPECT_EQ(back.by_strategy, s.by_strategy);
  EXPECT_EQ(back.by_error_rule, s.by_error_rule);
  EXPECT_EQ(back.by_op, s.by_op);
  EXPECT_EQ(back.failure_count, s.failure_count);
  EXPECT_EQ(back.generator_error_messages, s.generator_error_messages);
  ASSERT_EQ(back.failures.size(), 2u);
  EXPECT_EQ(back.failures[1].descriptor, s.failures[1].descriptor);
  EXPECT_EQ(summary_to_json(back), summary_to_json(s));
}

CampaignSummary shard(int k, int n, int64_t passes, int64_t fails, double seconds) {
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  s.seed = 7;
  s.max_cases = 100;
  s.invalid_fraction = 0.25;
  s.shard_index = k;
  s.shard_count = n;
  for (int64_t i = 0; i < passes; ++i) s.add(sample_result(Outcome::Pass, 1000 * k + i));
  for (int64_t i = 0; i < fails; ++i) s.add(sample_result(Outcome::Fail, 1000 * k + 500 + i));
  s.seconds = seconds;
  return s;
}

TEST(ReportsJson, MergeAddsShardCounts) {
  const CampaignSummary m =
      merge_summaries({shard(0, 3, 30, 1, 2.0), shard(1, 3, 33, 0, 4.0), shard(2, 3, 32, 2, 1.0)});
  EXPECT_EQ(m.cases, 98);
  EXPECT_EQ(m.by_outcome.at("pass"), 95);
  EXPECT_EQ(m.by_outcome.at("fail"), 3);
  EXPECT_EQ(m.failure_count, 3);
  EXPECT_EQ(m.failures.size(), 3u);
  EXPECT_EQ(m.by_tiling_key.at("Normal/100"), 98);
  EXPECT_EQ(m.seconds, 4.0) << "shards run in parallel";
  EXPECT_DOUBLE_EQ(m.cases_per_second, 98 / 4.0);
  EXPECT_EQ(m.merged_shards, (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(m.missing_shards().empty());
  EXPECT_EQ(m.stop, StopReason::Completed);
  EXPECT_EQ(summary_to_json(m).at("ok"), false);
  EXPECT_EQ(summary_to_json(merge_summaries({shard(0, 2, 5, 0, 1), shard(1, 2, 5, 0, 1)})).at("ok"), true);
}

TEST(ReportsJson, AccuracyAndReplaySurviveTheRoundTripAndTheMerge) {
  CampaignSummary a = shard(0, 2, 3, 1, 1.0);
  CampaignSummary b = shard(1, 2, 2, 0, 1.0);
  a.replayed = {{"id1", "op=x", Outcome::Pass, ""}, {"id2", "op=y", Outcome::Pass, ""}};
  b.replayed = {{"id1", "op=x", Outcome::Pass, ""}, {"id2", "op=y", Outcome::Fail, "still"}};
  const json j = summary_to_json(a);
  ASSERT_EQ(j.at("accuracy").size(), 1u);
  const json& acc = j.at("accuracy").at("maxpool3d_grad/f16");
  EXPECT_EQ(acc.at("cases"), 4);
  EXPECT_EQ(acc.at("max_ulp"), 4);
  EXPECT_EQ(acc.at("max_rel"), 0.125);
  EXPECT_EQ(acc.at("ulp_histogram").size(), kUlpBuckets);
  EXPECT_EQ(j.at("ulp_buckets").size(), kUlpBuckets);
  EXPECT_EQ(j.at("replay_still_failing"), 0);
  const CampaignSummary back = summary_from_json(j);
  EXPECT_EQ(summary_to_json(back), j);
  EXPECT_EQ(back.accuracy.at("maxpool3d_grad/f16").ulp_histogram, a.accuracy.at("maxpool3d_grad/f16").ulp_histogram);

  const CampaignSummary m = merge_summaries({a, b});
  EXPECT_EQ(m.accuracy.at("maxpool3d_grad/f16").cases, 6);
  ASSERT_EQ(m.replayed.size(), 2u) << "every shard replays the same database: each case once";
  EXPECT_EQ(m.replay_still_failing(), 1) << "a shard that saw it fail wins";
  EXPECT_TRUE(m.failed());

  json old = j;  // a summary written before these fields existed still reads
  old.erase("accuracy");
  old.erase("replayed");
  EXPECT_TRUE(summary_from_json(old).accuracy.empty());
}

TEST(ReportsJson, MergeReportsMissingShardsAndRefusesMismatches) {
  const CampaignSummary partial = merge_summaries({shard(0, 3, 10, 0, 1.0), shard(2, 3, 10, 0, 1.0)});
  EXPECT_EQ(partial.missing_shards(), std::vector<int>{1});
  EXPECT_EQ(summary_to_json(partial).at("ok"), false);
  EXPECT_EQ(summary_to_json(partial).at("missing_shards"), json::array({1}));
  // A merge of merges covers the union.
  const CampaignSummary full = merge_summaries({partial, shard(1, 3, 1, 0, 1.0)});
  EXPECT_TRUE(full.missing_shards().empty());
  EXPECT_EQ(full.cases, 21);

  EXPECT_THROW(merge_summaries({shard(0, 2, 1, 0, 1), shard(0, 2, 1, 0, 1)}), std::invalid_argument);
  CampaignSummary other_seed = shard(1, 2, 1, 0, 1);
  other_seed.seed = 8;
  EXPECT_THROW(merge_summaries({shard(0, 2, 1, 0, 1), other_seed}), std::invalid_argument);
  EXPECT_THROW(merge_summaries({shard(0, 2, 1, 0, 1), shard(1, 3, 1, 0, 1)}), std::invalid_argument);
  EXPECT_THROW(merge_summaries({}), std::invalid_argument);

  CampaignSummary stopped = shard(1, 2, 1, 0, 1);
  stopped.stop = StopReason::Interrupted;
  EXPECT_EQ(merge_summaries({shard(0, 2, 1, 0, 1), stopped}).stop, StopReason::Interrupted);
}

}  // namespace
}  // namespace poolcheck::reports
