// Report files on disk: atomic writes (nothing half-written, no temporary left behind) and a report
// directory whose files parse back to what was recorded.
#include <gtest/gtest.h>

#include <stdexcept>

#include "reports/atomic_file.h"
#include "reports/case_result_json.h"
#include "reports/report_writer.h"
#include "reports/summary_json.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::ScratchDir;
using testing::slurp;

TEST(AtomicFile, TargetAppearsOnlyOnCommit) {
  ScratchDir dir;
  const fs::path target = dir.path() / "out.txt";
  {
    AtomicFile f(target);
    f.write("hello ");
    f.write("world\n");
    EXPECT_FALSE(fs::exists(target)) << "nothing visible before commit";
    EXPECT_TRUE(fs::exists(f.temp_path()));
    EXPECT_EQ(f.temp_path().parent_path(), dir.path()) << "temporary file in the same directory (rename is atomic)";
    f.commit();
  }
  EXPECT_EQ(slurp(target), "hello world\n");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"out.txt"}) << "no temporary file remains";
}

TEST(AtomicFile, ReplacesAnExistingFileWholly) {
  ScratchDir dir;
  const fs::path target = dir.path() / "summary.json";
  write_file_atomic(target, std::string(10000, 'a'));
  write_file_atomic(target, "short");
  EXPECT_EQ(slurp(target), "short");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"summary.json"});
}

TEST(AtomicFile, AbandonedWriteLeavesTheOldFileAndNoTemporary) {
  ScratchDir dir;
  const fs::path target = dir.path() / "results.jsonl";
  write_file_atomic(target, "old\n");
  {
    AtomicFile f(target);
    f.write("new but unfinished");
  }  // destroyed without commit, e.g. by an exception
  EXPECT_EQ(slurp(target), "old\n");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"results.jsonl"});
}

TEST(AtomicFile, UnwritableDirectoryIsAClearError) {
  ScratchDir dir;
  EXPECT_THROW(write_file_atomic(dir.path() / "no" / "such" / "dir.txt", "x"), std::runtime_error);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{});
}

TEST(ReportWriter, WritesFilesThatParseBackToTheRun) {
  ScratchDir dir;
  const fs::path out = dir.path() / "nested" / "poolcheck-report";
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  s.seed = 5;
  std::vector<CaseResult> results;
  for (int i = 0; i < 7; ++i) results.push_back(testing::sample_result(Outcome::Pass, 10 + i));
  results.push_back(testing::sample_result(Outcome::ExpectedError, 30));
  results.push_back(testing::sample_result(Outcome::Fail, 31));
  {
    ReportWriter w(out);
    for (const auto& r : results) {
      w.add(r);
      s.add(r);
    }
    EXPECT_TRUE(fs::exists(out / "results.jsonl")) << "results.jsonl is written through as cases end";
    const ReportPaths& p = w.finish(s);
    EXPECT_EQ(p.results_jsonl, out / "results.jsonl");
    EXPECT_THROW(w.add(results[0]), std::logic_error);
  }
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(out)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names,
            (std::vector<std::string>{"junit.xml", "report.html", "results.jsonl", "summary.json", "summary.md"}));

  // results.jsonl: one parseable record per result, in order.
  std::istringstream lines(slurp(out / "results.jsonl"));
  std::string line;
  size_t n = 0;
  while (std::getline(lines, line)) {
    ASSERT_LT(n, results.size());
    const CaseResult back = result_from_json(json::parse(line));
    EXPECT_EQ(back.descriptor, results[n].descriptor);
    EXPECT_EQ(back.outcome, results[n].outcome);
    EXPECT_EQ(back.message, results[n].message);
    ++n;
  }
  EXPECT_EQ(n, results.size());

  const json summary = json::parse(slurp(out / "summary.json"));
  EXPECT_EQ(summary.at("cases"), 9);
  EXPECT_EQ(summary.at("outcomes").at("pass"), 7);
  EXPECT_EQ(summary.at("failures"), 1);
  EXPECT_EQ(summary.at("seed"), 5);
  EXPECT_EQ(summary_from_json(summary).by_outcome, s.by_outcome);
  EXPECT_NE(slurp(out / "summary.md").find("FAILED"), std::string::npos);
  EXPECT_NE(slurp(out / "junit.xml").find("<testsuites"), std::string::npos);
}

TEST(ReportWriter, AnEmptyRunStillWritesEverything) {
  ScratchDir dir;
  ReportWriter w(dir.path());
  CampaignSummary s;
  s.stop = StopReason::Interrupted;
  w.finish(s);
  EXPECT_EQ(slurp(dir.path() / "results.jsonl"), "");
  const json summary = json::parse(slurp(dir.path() / "summary.json"));
  EXPECT_EQ(summary.at("stop"), "interrupted");
  EXPECT_EQ(summary.at("ok"), true);
  EXPECT_EQ(dir.entries(),
            (std::vector<std::string>{"junit.xml", "report.html", "results.jsonl", "summary.json", "summary.md"}));
}

}  // namespace
}  // namespace poolcheck::reports
