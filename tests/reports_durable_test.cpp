// Durable campaign results: results.jsonl holds every finished case while the run is still going (and after a
// SIGKILL), run.json records the parameters, and `report rebuild` makes the same summary the writer would have.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <csignal>
#include <fstream>
#include <set>
#include <stdexcept>

#include "campaign/campaign.h"
#include "generators/generators.h"
#include "reports/case_result_json.h"
#include "reports/rebuild.h"
#include "reports/report_diff.h"
#include "reports/report_writer.h"
#include "reports/run_json.h"
#include "reports/summary_json.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

// "2026-11-24T08:15:02Z": digits where the pattern has 9, the rest as written.
bool is_utc_timestamp(const std::string& text) {
  const std::string pattern = "9999-99-99T99:99:99Z";
  if (text.size() != pattern.size()) return false;
  for (size_t i = 0; i < text.size(); ++i)
    if (pattern[i] == '9' ? !std::isdigit(static_cast<unsigned char>(text[i])) : text[i] != pattern[i]) return false;
  return true;
}

namespace fs = std::filesystem;
using nlohmann::json;
using testing::sample_result;
using testing::ScratchDir;
using testing::slurp;

CampaignSummary parameters() {
  CampaignSummary p;
  p.ops = {"maxpool3d_grad", "avgpool2d_grad"};
  p.seed = 77;
  p.max_cases = 5000;
  p.max_seconds = 30;
  p.invalid_fraction = 0.4;
  p.shard_index = 2;
  p.shard_count = 3;
  return p;
}

// A mix of outcomes, tiling keys and failure messages, so the summary's counts and failure list are exercised.
std::vector<CaseResult> mixed_results() {
  std::vector<CaseResult> v;
  const Outcome outcomes[] = {Outcome::Pass, Outcome::Pass,        Outcome::ExpectedError,
                              Outcome::Fail, Outcome::WrongError,  Outcome::Crash,
                              Outcome::Pass, Outcome::Unsupported, Outcome::HarnessError};
  uint64_t seed = 500;
  for (Outcome o : outcomes) {
    CaseResult r = sample_result(o, seed++);
    if (seed % 3 == 0 && r.tiling_known) {
      r.strategy = "CutK";
      r.tiling_key = 151;
    }
    if (o == Outcome::Crash) r.message = "worker died: signal 11";
    if (o == Outcome::HarnessError) r.message = "harness exception: oracle: invalid parameters";
    v.push_back(r);
  }
  return v;
}

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::vector<std::string> v;
  for (std::string line; std::getline(in, line);) v.push_back(line + "\n");
  return v;
}

// summary.json without what only the live run knows (how it stopped and how long it took).
json counts_only(const CampaignSummary& s) {
  json j = summary_to_json(s);
  for (const char* k : {"stop", "seconds", "cases_per_second"}) j.erase(k);
  return j;
}

void append(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::app);
  out << bytes;
}

TEST(DurableResults, EachLineIsInTheFileBeforeFinish) {
  ScratchDir dir;
  const auto results = mixed_results();
  ReportWriter w(dir.path());
  w.start(parameters());
  const fs::path jsonl = dir.path() / "results.jsonl";
  ASSERT_TRUE(fs::exists(jsonl)) << "results.jsonl exists under its final name from the start";
  EXPECT_EQ(slurp(jsonl), "");
  for (size_t i = 0; i < results.size(); ++i) {
    w.add(results[i]);
    // A second, independent handle sees exactly the lines added so far: nothing is held back in a buffer.
    const auto lines = lines_of(jsonl);
    ASSERT_EQ(lines.size(), i + 1);
    for (size_t k = 0; k <= i; ++k) EXPECT_EQ(lines[k], result_line(results[k])) << "line " << k + 1;
  }
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"results.jsonl", "run.json"})) << "no temporary results file";
  CampaignSummary s = parameters();
  for (const auto& r : results) s.add(r);
  w.finish(s);
  EXPECT_EQ(lines_of(jsonl).size(), results.size());
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"junit.xml", "report.html", "results.jsonl", "run.json",
                                                     "summary.json", "summary.md"}));
}

// The real thing: a writer process killed by SIGKILL right after its last add(). A user-space buffer
// (fwrite without a flush) would lose those lines; this test then fails on the line count.
TEST(DurableResults, SigkillAfterAddLosesNothing) {
  ScratchDir dir;
  const auto results = mixed_results();
  constexpr int kRounds = 25;
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ReportWriter w(dir.path());
    w.start(parameters());
    for (int i = 0; i < kRounds; ++i)
      for (const auto& r : results) w.add(r);
    ::raise(SIGKILL);
    ::_exit(3);  // not reached
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "status " << status;
  const auto lines = lines_of(dir.path() / "results.jsonl");
  ASSERT_EQ(lines.size(), kRounds * results.size());
  EXPECT_EQ(lines.back(), result_line(results.back()));
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"results.jsonl", "run.json"}));
}

TEST(DurableResults, StaleSummaryFilesOfAnEarlierRunAreRemovedAtStart) {
  ScratchDir dir;
  for (const char* f : {"results.jsonl", "run.json", "summary.json", "summary.md", "junit.xml", "report.html"})
    append(dir.path() / f, "from an earlier run\n");
  append(dir.path() / "audit.json", "{}");
  ReportWriter w(dir.path());
  // A killed run must not leave a new results.jsonl next to an old summary that describes other results.
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"audit.json", "results.jsonl"}));
  EXPECT_EQ(slurp(dir.path() / "results.jsonl"), "");
}

TEST(RunJson, RecordsTheParametersAndTheStartThenTheEnd) {
  ScratchDir dir;
  const double before = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  ReportWriter w(dir.path());
  w.start(parameters());
  const json j = json::parse(slurp(dir.path() / "run.json"));
  EXPECT_EQ(j.at("tool"), "poolcheck");
  EXPECT_EQ(j.at("ops"), (std::vector<std::string>{"maxpool3d_grad", "avgpool2d_grad"}));
  EXPECT_EQ(j.at("seed"), 77);
  EXPECT_EQ(j.at("max_cases"), 5000);
  EXPECT_EQ(j.at("max_seconds"), 30.0);
  EXPECT_EQ(j.at("invalid_fraction"), 0.4);
  EXPECT_EQ(j.at("shard"), json({{"index", 2}, {"count", 3}}));
  EXPECT_EQ(j.at("finished"), false);
  EXPECT_FALSE(j.contains("stop"));
  EXPECT_TRUE(is_utc_timestamp(j.at("started_at").get<std::string>())) << j.at("started_at");
  EXPECT_FALSE(is_utc_timestamp("2026-11-24 08:15:02Z"));  // control: the checker does look
  EXPECT_FALSE(is_utc_timestamp("2026-11-24T08:15:0xZ"));
  EXPECT_GE(j.at("started_unix").get<double>(), before);
  EXPECT_LT(j.at("started_unix").get<double>(), before + 60);

  CampaignSummary s = parameters();
  s.stop = StopReason::TimeBudget;
  s.seconds = 2.5;
  w.finish(s);
  const RunRecord done = run_from_json(json::parse(slurp(dir.path() / "run.json")));
  EXPECT_TRUE(done.finished);
  EXPECT_EQ(done.stop, StopReason::TimeBudget);
  EXPECT_EQ(done.seconds, 2.5);
  EXPECT_EQ(done.started_at, j.at("started_at"));
  EXPECT_EQ(summary_to_json(done.parameters), summary_to_json(parameters()));
}

TEST(RunJson, MalformedRecordIsRejectedByField) {
  json j = run_to_json(run_record_now(parameters()));
  j.erase("seed");
  try {
    run_from_json(j);
    FAIL() << "a record without seed was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'seed'"), std::string::npos) << e.what();
  }
}

// run.json must carry the header run_campaign puts in its summary (no --op = every operator).
TEST(RunJson, ParametersMatchTheCampaignSummaryHeader) {
  CampaignOptions opts;
  opts.seed = 9;
  opts.max_cases = 0;  // nothing runs; only the header matters
  opts.max_seconds = 12;
  opts.invalid_fraction = 0.5;
  opts.shard_index = 1;
  opts.shard_count = 4;
  opts.handle_sigint = false;
  CampaignSummary from_run = run_campaign(opts);
  from_run.coverage.clear();  // the coverage list is a result of the run, not a parameter
  const CampaignSummary p = campaign_parameters(opts);
  EXPECT_EQ(p.ops, gen::operators());
  EXPECT_EQ(counts_only(p), counts_only(from_run));
}

TEST(Rebuild, KilledRunGivesTheWritersSummary) {
  ScratchDir dir;
  const auto results = mixed_results();
  CampaignSummary s = parameters();
  ReportWriter w(dir.path());
  w.start(parameters());
  for (const auto& r : results) {
    w.add(r);
    s.add(r);
  }
  // No finish(): as if the process had been killed here.
  const RebuiltRun back = rebuild_summary(dir.path());
  EXPECT_EQ(back.lines, static_cast<int64_t>(results.size()));
  EXPECT_TRUE(back.have_run_json);
  EXPECT_TRUE(back.warnings.empty());
  EXPECT_EQ(back.summary.stop, StopReason::Killed);
  EXPECT_GE(back.summary.seconds, 0);
  EXPECT_EQ(back.summary.by_outcome, s.by_outcome);
  EXPECT_EQ(back.summary.by_op, s.by_op);
  EXPECT_EQ(back.summary.by_tiling_key, s.by_tiling_key);
  EXPECT_EQ(back.summary.by_tiling_key.count("CutK/151"), 1u);
  EXPECT_EQ(back.summary.failure_count, s.failure_count);
  EXPECT_EQ(back.summary.failure_count, 5) << "fail, wrong-error, crash, unsupported and harness-error";
  ASSERT_EQ(back.summary.failures.size(), s.failures.size());
  for (size_t i = 0; i < s.failures.size(); ++i) {
    EXPECT_EQ(back.summary.failures[i].descriptor, s.failures[i].descriptor);
    EXPECT_EQ(back.summary.failures[i].message, s.failures[i].message);
  }
  EXPECT_EQ(counts_only(back.summary), counts_only(s)) << "every count, accuracy and parameter";
  EXPECT_EQ(summary_to_json(back.summary).at("stop"), "killed");
}

TEST(Rebuild, FinishedRunGivesTheWritersSummaryExactly) {
  ScratchDir dir;
  CampaignSummary s = parameters();
  ReportWriter w(dir.path());
  w.start(parameters());
  for (const auto& r : mixed_results()) {
    w.add(r);
    s.add(r);
  }
  s.stop = StopReason::Interrupted;
  s.seconds = 4;
  s.cases_per_second = static_cast<double>(s.cases) / s.seconds;
  w.finish(s);
  const RebuiltRun back = rebuild_summary(dir.path());
  EXPECT_EQ(summary_to_json(back.summary), summary_to_json(s));
  EXPECT_EQ(back.summary.stop, StopReason::Interrupted) << "run.json says how the run ended";
}

TEST(Rebuild, TornLastLineIsSkippedWithAWarning) {
  ScratchDir dir;
  const auto results = mixed_results();
  {
    ReportWriter w(dir.path());
    w.start(parameters());
    for (size_t i = 0; i < 3; ++i) w.add(results[i]);
  }
  const std::string torn = result_line(results[3]).substr(0, 40);  // a kill in the middle of write(2)
  append(dir.path() / "results.jsonl", torn);
  const RebuiltRun back = rebuild_summary(dir.path());
  EXPECT_EQ(back.lines, 3);
  EXPECT_EQ(back.summary.cases, 3);
  ASSERT_EQ(back.warnings.size(), 1u);
  EXPECT_NE(back.warnings[0].find("results.jsonl:4: torn last line (40 bytes"), std::string::npos) << back.warnings[0];
  EXPECT_NE(back.warnings[0].find("skipped"), std::string::npos) << back.warnings[0];
}

TEST(Rebuild, MalformedLineIsAnErrorNamingFileAndLine) {
  ScratchDir dir;
  const auto results = mixed_results();
  const fs::path jsonl = dir.path() / "results.jsonl";
  append(jsonl, result_line(results[0]) + result_line(results[1]) + "{\"descriptor\": \"op=maxpool3d_grad\"\n" +
                    result_line(results[2]));
  try {
    rebuild_summary(dir.path());
    FAIL() << "a malformed middle line was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(jsonl.string() + ":3: malformed line"), std::string::npos) << e.what();
  }
}

// Only a line without its newline can come from a kill; a complete but broken last line is corruption.
TEST(Rebuild, CompleteButMalformedLastLineIsAnError) {
  ScratchDir dir;
  const fs::path jsonl = dir.path() / "results.jsonl";
  append(jsonl, result_line(mixed_results()[0]) + "{\"outcome\": \"pass\"}\n");
  try {
    rebuild_summary(dir.path());
    FAIL() << "a complete malformed last line was skipped";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("results.jsonl:2: malformed line: missing field 'descriptor'"),
              std::string::npos)
        << e.what();
  }
}

TEST(Rebuild, WithoutRunJsonTheParametersAreUnknownAndSaidSo) {
  ScratchDir dir;
  const auto results = mixed_results();
  for (const auto& r : results) append(dir.path() / "results.jsonl", result_line(r));
  const RebuiltRun back = rebuild_summary(dir.path());
  EXPECT_FALSE(back.have_run_json);
  ASSERT_EQ(back.warnings.size(), 1u);
  EXPECT_NE(back.warnings[0].find("run.json is missing"), std::string::npos) << back.warnings[0];
  EXPECT_EQ(back.summary.ops, std::vector<std::string>{"maxpool3d_grad"}) << "the operators seen";
  EXPECT_EQ(back.summary.stop, StopReason::Killed);
  EXPECT_DOUBLE_EQ(back.summary.seconds, 0.00125 * static_cast<double>(results.size())) << "time spent in cases";
}

TEST(Rebuild, MissingResultsIsAnError) {
  ScratchDir dir;
  EXPECT_THROW(rebuild_summary(dir.path()), std::runtime_error);
  EXPECT_THROW(rebuild_summary(dir.path() / "no-such-dir"), std::runtime_error);
}

// `report diff` on a rebuilt directory: the torn last line is no record (and no parse error).
TEST(Rebuild, ReportDiffReadsTheCompleteLinesOfAKilledRun) {
  ScratchDir dir;
  const auto results = mixed_results();
  const fs::path jsonl = dir.path() / "results.jsonl";
  CaseResult torn_failure = sample_result(Outcome::Fail, 999);
  append(jsonl, result_line(results[3]) + result_line(torn_failure).substr(0, 60));
  write_summary_files(report_paths(dir.path()), rebuild_summary(dir.path()).summary);
  const ReportData d = load_report(dir.path());
  EXPECT_EQ(d.failing, std::set<std::string>{results[3].descriptor});
  EXPECT_EQ(d.summary.stop, StopReason::Killed);
}

TEST(StopReasonKilled, SurvivesSummaryJsonAndDominatesAMerge) {
  CampaignSummary a = testing::sample_summary();
  a.shard_count = 2;
  CampaignSummary b = a;
  b.shard_index = 1;
  a.stop = StopReason::Killed;
  b.stop = StopReason::Interrupted;
  EXPECT_EQ(summary_from_json(summary_to_json(a)).stop, StopReason::Killed);
  EXPECT_EQ(merge_summaries({b, a}).stop, StopReason::Killed) << "a killed shard may have lost cases";
  EXPECT_EQ(merge_summaries({a, b}).stop, StopReason::Killed);
  StopReason r = StopReason::Completed;
  EXPECT_TRUE(parse_stop_reason("killed", &r));
  EXPECT_EQ(r, StopReason::Killed);
  EXPECT_FALSE(parse_stop_reason("exploded", &r));
}

}  // namespace
}  // namespace poolcheck::reports
