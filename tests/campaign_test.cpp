// The campaign: a deterministic, shardable case stream, summarised; stops on a time budget or on SIGINT
// and still returns a summary. Most tests use fake generators/runners (CampaignOptions seams) so that
// every count is known; the last ones run the real generators and runner.
#include "campaign/campaign.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include "case/descriptor.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck {
namespace {

Case fake_case(const std::string& op, bool invalid, uint64_t seed, int size) {
  Case c;
  c.op = op;
  c.platform = "Ascend910B";
  c.seed = seed;
  c.fill = invalid ? FillKind::Zeros : FillKind::Normal;
  c.cores = size;  // carries the size into the result
  return c;
}

// Outcome by case seed, tiling by size: deterministic and varied.
CaseResult fake_run(const Case& c) {
  CaseResult r;
  r.c = c;
  r.descriptor = to_descriptor(c);
  if (c.fill == FillKind::Zeros) {
    r.outcome = Outcome::ExpectedError;
    r.expected_rule = c.seed % 2 ? "MP.RULE.A" : "MP.RULE.B";
    r.expected_status = 161002;
    return r;
  }
  r.outcome = c.seed % 7 == 0 ? Outcome::Fail : Outcome::Pass;
  r.tiling_known = true;
  r.strategy = c.cores % 3 == 0 ? "Scatter" : "Normal";
  r.tiling_key = c.cores % 3 == 0 ? 2 : (c.cores % 2 ? 100 : 0);
  return r;
}

CampaignOptions fake_options() {
  CampaignOptions o;
  o.ops = {"opA", "opB"};
  o.make_case = fake_case;
  o.run_case_fn = fake_run;
  o.handle_sigint = false;
  return o;
}

std::vector<CaseResult> collect(const CampaignOptions& o, CampaignSummary* s = nullptr) {
  std::vector<CaseResult> out;
  CampaignSummary sum = run_campaign(o, [&](const CaseResult& r) { out.push_back(r); });
  if (s) *s = sum;
  return out;
}

TEST(Campaign, Splitmix64KnownValues) {
  // Reference values of the SplitMix64 generator seeded with 0 (first outputs).
  EXPECT_EQ(splitmix64(0), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(splitmix64(0x9E3779B97F4A7C15ull), 0x6E789E6AA1B965F4ull);
}

TEST(Campaign, PlanIsAPureFunctionOfSeedAndIndex) {
  CampaignOptions o = fake_options();
  const std::vector<std::string> ops{"opA", "opB"};
  const CaseScheduler schedule(ops, o.seed), again(ops, o.seed);
  std::map<std::string, int> per_op;
  for (int64_t i = 0; i < 300; ++i) {
    CasePlan a = plan_case(o, schedule, i), b = plan_case(o, again, i);
    EXPECT_EQ(a.case_seed, b.case_seed);
    EXPECT_EQ(a.invalid, b.invalid);
    EXPECT_EQ(a.op, b.op);
    EXPECT_EQ(a.label, b.label);
    EXPECT_EQ(a.size, static_cast<int>(i % 101)) << "sizes cycle 0..100, small first";
    ++per_op[a.op];
  }
  EXPECT_EQ(per_op.size(), 2u);
  EXPECT_NEAR(per_op["opA"], 150, 2) << "seam operators alternate within the valid and the invalid cycle";
  CampaignOptions o2 = o;
  o2.seed = 2;
  const CaseScheduler schedule2(ops, o2.seed);
  int same = 0;
  for (int64_t i = 0; i < 100; ++i)
    same += plan_case(o, schedule, i).case_seed == plan_case(o2, schedule2, i).case_seed;
  EXPECT_EQ(same, 0) << "a different campaign seed gives different case seeds";
  std::set<uint64_t> seeds;
  for (int64_t i = 0; i < 10000; ++i) seeds.insert(plan_case(o, schedule, i).case_seed);
  EXPECT_EQ(seeds.size(), 10000u);
}

TEST(Campaign, StreamSlotsSpreadInvalidCasesExactly) {
  for (double f : {0.0, 0.25, 0.3, 0.6, 0.375, 1.0}) {
    int64_t invalid = 0, valid = 0;
    for (int64_t i = 0; i < 5000; ++i) {
      const StreamSlot slot = stream_slot(i, f);
      EXPECT_EQ(slot.ordinal, slot.invalid ? invalid : valid) << "ordinals count each kind in order";
      (slot.invalid ? invalid : valid) += 1;
      // floor(n * f) of the first n cases, with n * f taken as the decimal product (10 * 0.3 is 3).
      const int64_t tenths = static_cast<int64_t>(std::llround(f * 1000)) * (i + 1);
      EXPECT_EQ(invalid, tenths / 1000) << f << " at " << i;
    }
  }
}

// The real schedule: the first pass through the invalid cycle breaks every (operator, rule, class) cell once,
// and the first pass through the valid cycle asks for every (operator, strategy, dtype, feature) cell once.
TEST(Campaign, RealScheduleVisitsEveryCellOncePerPass) {
  const CaseScheduler schedule(gen::operators(), 1);
  std::set<std::string> invalid_labels, valid_labels;
  for (size_t j = 0; j < schedule.invalid_cells().size(); ++j) {
    const auto pick = schedule.invalid(static_cast<int64_t>(j));
    EXPECT_EQ(pick.visit, 0u);
    invalid_labels.insert(cell_label(*pick.cell));
  }
  for (size_t j = 0; j < schedule.valid_cells().size(); ++j)
    valid_labels.insert(cell_label(*schedule.valid(static_cast<int64_t>(j)).cell));
  EXPECT_EQ(invalid_labels.size(), schedule.invalid_cells().size());
  EXPECT_EQ(valid_labels.size(), schedule.valid_cells().size());
  size_t classes = 0;
  for (const spec::OperatorSpec* s : spec::all_operator_specs())
    for (const spec::Rule& r : s->rules) classes += r.classes.size();
  EXPECT_EQ(invalid_labels.size(), classes);
  EXPECT_TRUE(invalid_labels.count("rule maxpool3d_grad MP.PADDING.VALUE 3"));
  EXPECT_TRUE(valid_labels.count("cell maxpool3d_grad CutK bf16 overlap"));
  // The second visit of a cell uses the next SoC the rule can be broken on.
  const auto first = schedule.invalid(0),
             second = schedule.invalid(static_cast<int64_t>(schedule.invalid_cells().size()));
  EXPECT_EQ(first.cell, second.cell);
  EXPECT_EQ(second.visit, 1u);
  if (first.cell->platforms.size() > 1) {
    EXPECT_NE(first.platform, second.platform);
  }
}

TEST(Campaign, InvalidFractionIsHonoured) {
  CampaignOptions o = fake_options();
  const std::vector<std::string> ops{"opA"};
  auto share = [&](double f) {
    o.invalid_fraction = f;
    int n = 0;
    const CaseScheduler schedule(ops, o.seed);
    for (int64_t i = 0; i < 20000; ++i) n += plan_case(o, schedule, i).invalid;
    return n / 20000.0;
  };
  EXPECT_EQ(share(0), 0.0);
  EXPECT_EQ(share(1), 1.0);
  EXPECT_NEAR(share(0.25), 0.25, 0.02);
  EXPECT_NEAR(share(0.6), 0.6, 0.02);
}

TEST(Campaign, SummaryCountsEverything) {
  CampaignOptions o = fake_options();
  o.max_cases = 500;
  CampaignSummary s;
  auto results = collect(o, &s);
  ASSERT_EQ(results.size(), 500u);
  EXPECT_EQ(s.cases, 500);
  EXPECT_EQ(s.stop, StopReason::Completed);

  std::map<std::string, int64_t> outcomes, keys, rules, ops;
  int64_t failures = 0;
  for (const auto& r : results) {
    ++outcomes[outcome_name(r.outcome)];
    ++ops[r.c.op];
    if (r.tiling_known) ++keys[r.strategy + "/" + std::to_string(r.tiling_key)];
    if (r.outcome == Outcome::ExpectedError) ++rules[r.expected_rule];
    failures += outcome_is_failure(r.outcome);
  }
  EXPECT_EQ(s.by_outcome, outcomes);
  EXPECT_EQ(s.by_tiling_key, keys);
  EXPECT_EQ(s.by_error_rule, rules);
  EXPECT_EQ(s.by_op, ops);
  EXPECT_EQ(s.by_op.at("opA"), 250);
  EXPECT_EQ(s.failure_count, failures);
  EXPECT_GT(failures, 0);
  EXPECT_EQ(static_cast<int64_t>(s.failures.size()), failures);
  EXPECT_TRUE(s.failed());
  EXPECT_TRUE(s.by_tiling_key.count("Normal/100"));
  EXPECT_TRUE(s.by_tiling_key.count("Scatter/2"));
  EXPECT_EQ(s.by_strategy.at("Scatter"), s.by_tiling_key.at("Scatter/2"));
  EXPECT_GT(s.by_outcome.at("expected-error"), 80);
  EXPECT_LT(s.by_outcome.at("expected-error"), 170);
  EXPECT_GE(s.seconds, 0);
  EXPECT_NE(s.one_line().find("failures " + std::to_string(failures)), std::string::npos) << s.one_line();
  EXPECT_NE(s.one_line().find("Normal/100"), std::string::npos) << s.one_line();
}

TEST(Campaign, KeepsOnlyTheFirstFailuresButCountsAll) {
  CampaignOptions o = fake_options();
  o.max_cases = 700;
  o.max_failures_kept = 3;
  CampaignSummary s = run_campaign(o);
  EXPECT_GT(s.failure_count, 3);
  EXPECT_EQ(s.failures.size(), 3u);
}

TEST(Campaign, ShardsPartitionTheStream) {
  CampaignOptions o = fake_options();
  o.max_cases = 301;
  auto all = collect(o);
  std::vector<std::string> whole;
  for (const auto& r : all) whole.push_back(r.descriptor);

  std::multiset<std::string> union_of_shards;
  int64_t total = 0;
  for (int k = 0; k < 4; ++k) {
    CampaignOptions sh = o;
    sh.shard_index = k;
    sh.shard_count = 4;
    CampaignSummary s;
    auto part = collect(sh, &s);
    total += s.cases;
    ASSERT_EQ(part.size(), (whole.size() - static_cast<size_t>(k) + 3) / 4) << "shard " << k;
    for (size_t j = 0; j < part.size(); ++j) {
      // Shard k runs global indices k, k+4, ...: the same cases, in the same order, as the whole run.
      EXPECT_EQ(part[j].descriptor, whole[static_cast<size_t>(k) + 4 * j]);
      union_of_shards.insert(part[j].descriptor);
    }
  }
  EXPECT_EQ(total, 301);
  EXPECT_EQ(union_of_shards, std::multiset<std::string>(whole.begin(), whole.end()));
}

TEST(Campaign, SameSeedSameStreamOtherSeedOtherStream) {
  CampaignOptions o = fake_options();
  o.max_cases = 50;
  auto a = collect(o), b = collect(o);
  o.seed = 99;
  auto c = collect(o);
  ASSERT_EQ(a.size(), b.size());
  int differ = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].descriptor, b[i].descriptor);
    differ += a[i].descriptor != c[i].descriptor;
  }
  EXPECT_GT(differ, 40);
}

TEST(Campaign, StopsOnTheTimeBudgetWithASummary) {
  CampaignOptions o = fake_options();
  o.max_cases = 100000;
  o.max_seconds = 0.2;
  o.run_case_fn = [](const Case& c) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return fake_run(c);
  };
  CampaignSummary s = run_campaign(o);
  EXPECT_EQ(s.stop, StopReason::TimeBudget);
  EXPECT_GT(s.cases, 3);
  EXPECT_LT(s.cases, 100);
  EXPECT_GE(s.seconds, 0.2);
  EXPECT_LT(s.seconds, 5.0);
  EXPECT_GT(s.cases_per_second, 0);
}

TEST(Campaign, SigintStopsTheLoopCleanlyAndRestoresTheHandler) {
  struct sigaction before {};
  sigaction(SIGINT, nullptr, &before);
  CampaignOptions o = fake_options();
  o.max_cases = 1000;
  o.handle_sigint = true;
  int seen = 0;
  CampaignSummary s = run_campaign(o, [&](const CaseResult&) {
    if (++seen == 5) std::raise(SIGINT);  // the process survives the first Ctrl-C
  });
  EXPECT_EQ(s.stop, StopReason::Interrupted);
  EXPECT_EQ(s.cases, 5);
  EXPECT_TRUE(campaign_stop_requested());
  struct sigaction after {};
  sigaction(SIGINT, nullptr, &after);
  EXPECT_EQ(after.sa_handler, before.sa_handler);

  // The next campaign starts with the flag cleared.
  o.max_cases = 10;
  o.handle_sigint = false;
  EXPECT_EQ(run_campaign(o).cases, 10);
}

TEST(Campaign, RequestStopFromAnotherSourceStopsToo) {
  CampaignOptions o = fake_options();
  o.max_cases = 1000;
  CampaignSummary s = run_campaign(o, [&](const CaseResult&) { request_campaign_stop(); });
  EXPECT_EQ(s.cases, 1);
  EXPECT_EQ(s.stop, StopReason::Interrupted);
}

// The runner is harness code: its exception is a harness error, a failure that is not a crash.
TEST(Campaign, ARunnerExceptionBecomesAHarnessErrorResult) {
  CampaignOptions o = fake_options();
  o.max_cases = 4;
  o.run_case_fn = [](const Case& c) -> CaseResult {
    if (c.cores == 2) throw std::runtime_error("boom");
    return fake_run(c);
  };
  CampaignSummary s;
  auto results = collect(o, &s);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(results[2].outcome, Outcome::HarnessError);
  EXPECT_NE(results[2].message.find("boom"), std::string::npos);
  EXPECT_FALSE(results[2].descriptor.empty());
  EXPECT_EQ(s.by_outcome.at("harness-error"), 1);
  EXPECT_EQ(s.by_outcome.count("crash"), 0u);
  EXPECT_TRUE(s.failed());
}

TEST(Campaign, ReplaysSavedCasesFirstAndReportsThemApart) {
  CampaignOptions o = fake_options();
  o.max_cases = 6;
  Case fixed = fake_case("opA", false, 8, 1);    // seed % 7 != 0: passes now
  Case broken = fake_case("opB", false, 14, 1);  // seed % 7 == 0: still fails
  o.replay = {{"id-fixed", fixed}, {"id-broken", broken}};
  std::vector<std::string> order;
  o.run_case_fn = [&](const Case& c) {
    order.push_back(to_descriptor(c));
    return fake_run(c);
  };
  CampaignSummary s = run_campaign(o);
  ASSERT_EQ(order.size(), 8u);
  EXPECT_EQ(order[0], to_descriptor(fixed)) << "saved cases run before the stream";
  EXPECT_EQ(order[1], to_descriptor(broken));
  ASSERT_EQ(s.replayed.size(), 2u);
  EXPECT_EQ(s.replayed[0].id, "id-fixed");
  EXPECT_FALSE(s.replayed[0].still_failing());
  EXPECT_TRUE(s.replayed[1].still_failing());
  EXPECT_EQ(s.replay_still_failing(), 1);
  EXPECT_EQ(s.cases, 6) << "replayed cases are not counted in the campaign's cases";
  EXPECT_TRUE(s.failed()) << "a saved case that still fails fails the run";
  o.replay = {{"id-fixed", fixed}};
  o.run_case_fn = [](const Case& c) {
    CaseResult r = fake_run(c);
    if (r.outcome == Outcome::Fail) r.outcome = Outcome::Pass;
    return r;
  };
  EXPECT_FALSE(run_campaign(o).failed()) << "control: all saved cases fixed and a clean stream pass";
}

TEST(Campaign, AccuracyIsCollectedPerOperatorAndDtype) {
  CampaignSummary s;
  CaseResult r;
  r.c.op = "opA";
  r.c.tensors = {{"gradInput", TensorArg{}}};
  r.c.tensors[0].second.dtype = DType::F16;
  r.outcome = Outcome::Pass;
  r.err.elements = 10;
  r.err.max_ulp_err = 0;
  s.add(r);
  r.err.max_ulp_err = 3;  // bucket <=4
  r.err.max_rel_err = 0.01;
  s.add(r);
  r.err.elements = 0;  // not compared (e.g. an expected error): no accuracy entry
  r.err.max_ulp_err = 1000;
  s.add(r);
  ASSERT_EQ(s.accuracy.size(), 1u);
  const AccuracyStats& a = s.accuracy.at("opA/f16");
  EXPECT_EQ(a.cases, 2);
  EXPECT_EQ(a.max_ulp, 3);
  EXPECT_EQ(a.max_rel, 0.01);
  EXPECT_EQ(a.ulp_histogram[0], 1);
  EXPECT_EQ(a.ulp_histogram[ulp_bucket(3)], 1);
  EXPECT_EQ(ulp_bucket_label(ulp_bucket(3)), "<=4");
  EXPECT_EQ(ulp_bucket(1e9), kUlpBuckets - 1);
  EXPECT_EQ(ulp_bucket(std::nan("")), kUlpBuckets - 1) << "a NaN error is the worst bucket, not the best";
  EXPECT_EQ(ulp_bucket(0.5), 1u);
}

TEST(Campaign, GeneratorErrorsAreCountedAndFailTheRun) {
  CampaignOptions o = fake_options();
  o.max_cases = 10;
  o.make_case = [](const std::string& op, bool invalid, uint64_t seed, int size) -> Case {
    if (size == 3) throw std::runtime_error("cannot generate");
    return fake_case(op, invalid, seed, size);
  };
  o.run_case_fn = [](const Case& c) {
    CaseResult r = fake_run(c);
    r.outcome = Outcome::Pass;
    return r;
  };
  CampaignSummary s = run_campaign(o);
  EXPECT_EQ(s.cases, 9);
  EXPECT_EQ(s.generator_errors, 1);
  ASSERT_EQ(s.generator_error_messages.size(), 1u);
  EXPECT_NE(s.generator_error_messages[0].find("cannot generate"), std::string::npos);
  EXPECT_EQ(s.failure_count, 0);
  EXPECT_TRUE(s.failed());
}

TEST(Campaign, RejectsBadOptions) {
  CampaignOptions o = fake_options();
  o.shard_index = 3;
  o.shard_count = 3;
  EXPECT_THROW(run_campaign(o), std::invalid_argument);
  o = fake_options();
  o.invalid_fraction = 1.5;
  EXPECT_THROW(run_campaign(o), std::invalid_argument);
  o = fake_options();
  o.max_cases = -1;
  EXPECT_THROW(run_campaign(o), std::invalid_argument);
  CampaignOptions real;
  real.ops = {"no_such_op"};
  real.handle_sigint = false;
  EXPECT_THROW(run_campaign(real), std::invalid_argument);
}

TEST(Campaign, TilingKeysOrderByStrategyThenNumerically) {
  const std::map<std::string, int64_t> m{{"Scatter/102", 1}, {"CutK/151", 2}, {"CutK/51", 3},
                                         {"Normal/100", 4},  {"Normal/0", 5}, {"Scatter/2", 6}};
  std::vector<std::string> order;
  for (const auto& [k, n] : ordered_tiling_keys(m)) order.push_back(k);
  EXPECT_EQ(order,
            (std::vector<std::string>{"CutK/51", "CutK/151", "Normal/0", "Normal/100", "Scatter/2", "Scatter/102"}));
}

TEST(Campaign, MissingShardsOfAMerge) {
  CampaignSummary s;
  s.shard_count = 4;
  EXPECT_TRUE(s.missing_shards().empty()) << "a single run has nothing missing";
  s.merged_shards = {0, 2};
  EXPECT_EQ(s.missing_shards(), (std::vector<int>{1, 3}));
}

// A backend that refuses every valid call (for want of a kernel) fails the campaign; allowed, it passes and the
// summary lists every refused case.
CaseResult refusing_run(const Case& c) {
  CaseResult r = fake_run(c);
  if (r.outcome != Outcome::ExpectedError) {
    r.outcome = Outcome::Unsupported;
    r.tiling_known = false;
    r.message = "no kernel";
  }
  return r;
}

TEST(Campaign, RefusedValidCallsFailTheCampaign) {
  CampaignOptions o = fake_options();
  o.max_cases = 200;
  o.run_case_fn = refusing_run;
  CampaignSummary s;
  const auto results = collect(o, &s);
  int64_t valid = 0;
  for (const auto& r : results) valid += r.outcome != Outcome::ExpectedError;
  ASSERT_GT(valid, 0);
  EXPECT_TRUE(s.failed());
  EXPECT_EQ(s.failure_count, valid);
  EXPECT_EQ(s.by_outcome.at("unsupported"), valid);
  EXPECT_TRUE(s.allowed_unsupported.empty());
}

TEST(Campaign, AllowedRefusalsPassAndAreEachListed) {
  CampaignOptions o = fake_options();
  o.max_cases = 200;
  o.run_case_fn = refusing_run;
  o.run_options.allow_unsupported = true;
  CampaignSummary s;
  const auto results = collect(o, &s);
  std::vector<std::string> refused;
  for (const auto& r : results)
    if (r.outcome != Outcome::ExpectedError) {
      EXPECT_EQ(r.outcome, Outcome::UnsupportedAllowed) << r.descriptor;
      EXPECT_NE(r.message.find("--allow-unsupported"), std::string::npos) << r.message;
      refused.push_back(r.descriptor);
    }
  ASSERT_FALSE(refused.empty());
  EXPECT_FALSE(s.failed());
  EXPECT_EQ(s.failure_count, 0);
  EXPECT_EQ(s.allowed_unsupported, refused);
  EXPECT_NE(s.one_line().find("| unsupported allowed " + std::to_string(refused.size())), std::string::npos)
      << s.one_line();
}

TEST(Campaign, AllowingRefusalsLeavesOtherFailuresFailures) {
  CampaignOptions o = fake_options();
  o.max_cases = 200;
  o.run_options.allow_unsupported = true;  // fake_run fails some cases and refuses none
  CampaignSummary s;
  collect(o, &s);
  EXPECT_TRUE(s.failed());
  EXPECT_GT(s.failure_count, 0);
  EXPECT_TRUE(s.allowed_unsupported.empty());
}

// --- With the real generators and runner. ---

TEST(CampaignReal, DeterministicAndClassifiedPerSpec) {
  CampaignOptions o;
  o.ops = {"maxpool3d_grad"};
  o.max_cases = 24;
  o.handle_sigint = false;
  o.invalid_fraction = 0.5;
  CampaignSummary s1, s2;
  auto a = collect(o, &s1);
  auto b = collect(o, &s2);
  ASSERT_EQ(a.size(), 24u);
  ASSERT_EQ(b.size(), 24u);
  int64_t sum = 0;
  for (const auto& [name, n] : s1.by_outcome) sum += n;
  EXPECT_EQ(sum, 24);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].descriptor, b[i].descriptor);
    EXPECT_EQ(a[i].outcome, b[i].outcome) << a[i].descriptor;
    auto parsed = parse_descriptor(a[i].descriptor);
    ASSERT_TRUE(parsed.ok) << parsed.error;
    // What `poolcheck repro` needs: the descriptor reproduces itself. (Case equality is stricter: a nulled
    // tensor may keep fields that its "name=null" token does not carry.)
    EXPECT_EQ(to_descriptor(parsed.value), a[i].descriptor);
    // Whether a case was drawn valid or invalid shows in the spec's verdict the runner reports.
    const bool invalid = plan_case(o, CaseScheduler(o.ops, o.seed), static_cast<int64_t>(i)).invalid;
    EXPECT_EQ(!a[i].expected_rule.empty(), invalid) << a[i].descriptor;
  }
  EXPECT_EQ(s1.by_outcome, s2.by_outcome);
  EXPECT_EQ(s1.by_tiling_key, s2.by_tiling_key);
}

// Valid max-pooling cases moved to Ascend950, which the spec lists and the emulator runs with its regbase
// kernels: every one is verified against the oracle. (A backend that refuses valid calls fails the campaign:
// tests/backends/refusing_campaign.sh, with and without --allow-unsupported.)
TEST(CampaignReal, ValidCasesMovedToAscend950AreVerified) {
  CampaignOptions o;
  o.ops = {"maxpool3d_grad"};
  o.max_cases = 30;
  o.invalid_fraction = 0;
  o.handle_sigint = false;
  o.make_case = [](const std::string& op, bool, uint64_t seed, int size) {
    Case c = gen::sample(gen::valid_case(op), seed, size);
    c.platform = "Ascend950";
    return c;
  };
  CampaignSummary s;
  const auto results = collect(o, &s);
  ASSERT_EQ(results.size(), 30u);
  for (const auto& r : results) {
    EXPECT_EQ(r.expected_status, 0) << "the spec calls the case valid there: " << r.descriptor;
    EXPECT_EQ(r.outcome, Outcome::Pass) << r.message << "\n" << r.descriptor;
    EXPECT_TRUE(r.strategy == "SIMD" || r.strategy == "SIMT") << r.strategy << "\n" << r.descriptor;
  }
  EXPECT_FALSE(s.failed());
}

TEST(CampaignReal, AllOperatorsByDefault) {
  CampaignOptions o;
  o.max_cases = 6;
  o.handle_sigint = false;
  CampaignSummary s = run_campaign(o);
  EXPECT_EQ(s.cases + s.generator_errors, 6);
  EXPECT_FALSE(s.ops.empty());
}

}  // namespace
}  // namespace poolcheck
