// results.jsonl read back with its lines parsed on several threads: every result arrives, in file order, across
// several batches; a malformed line is named by its line number after every earlier line arrived (the control);
// a torn last line is reported, not read.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "reports/jsonl_writer.h"
#include "reports/results_reader.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

constexpr int kLines = 10'000;  // more than two batches

std::filesystem::path write_results(const testing::ScratchDir& dir, int bad_line, const std::string& torn_tail) {
  const auto path = dir.path() / "results.jsonl";
  std::ofstream out(path);
  for (int i = 1; i <= kLines; ++i)
    out << (i == bad_line ? std::string("{\"descriptor\": 3}\n")
                          : result_line(testing::sample_result(Outcome::Pass, i)));
  out << torn_tail;
  return path;
}

TEST(ResultsReader, EveryLineArrivesInFileOrder) {
  testing::ScratchDir dir;
  const auto path = write_results(dir, 0, "{\"descriptor\":");
  std::vector<int64_t> lines;
  std::vector<uint64_t> seeds;
  const auto torn = read_results(path, [&](const CaseResult& r, int64_t n) {
    lines.push_back(n);
    seeds.push_back(r.c.seed);
  });
  ASSERT_EQ(lines.size(), static_cast<size_t>(kLines));
  for (int i = 0; i < kLines; ++i) {
    EXPECT_EQ(lines[i], i + 1);
    EXPECT_EQ(seeds[i], static_cast<uint64_t>(i + 1));
    if (::testing::Test::HasFailure()) break;
  }
  ASSERT_TRUE(torn.has_value());
  EXPECT_EQ(torn->line, kLines + 1);
}

TEST(ResultsReader, ControlAMalformedLineIsNamedAfterEveryEarlierLineArrived) {
  testing::ScratchDir dir;
  const auto path = write_results(dir, 6001, "");
  int64_t arrived = 0;
  try {
    read_results(path, [&](const CaseResult&, int64_t) { ++arrived; });
    ADD_FAILURE() << "the malformed line was read";
  } catch (const MalformedResultLine& e) {
    EXPECT_NE(std::string(e.what()).find("results.jsonl:6001: malformed line: field 'descriptor'"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(arrived, 6000);
}

}  // namespace
}  // namespace poolcheck::reports
