// summary.md: verdict, tables and repro commands, with table cells that cannot break the table.
#include <gtest/gtest.h>

#include "reports/markdown_summary.h"
#include "reports/repro_command.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using testing::sample_result;
using testing::sample_summary;

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(ReportsMarkdown, FailedRunShowsTablesAndReproCommands) {
  const CampaignSummary s = sample_summary();
  const std::string md = summary_markdown(s);
  EXPECT_TRUE(has(md, "# poolcheck run: FAILED")) << md;
  EXPECT_TRUE(has(md, "- seed: 42")) << md;
  EXPECT_TRUE(has(md, "| pass | 6 | 60.0% |  |")) << md;
  EXPECT_TRUE(has(md, "| expected-error | 2 | 20.0% |  |")) << md;
  EXPECT_TRUE(has(md, "| fail | 1 | 10.0% | yes |")) << md;
  EXPECT_TRUE(has(md, "| crash | 1 | 10.0% | yes |")) << md;
  EXPECT_TRUE(has(md, "| wrong-error | 0 | 0.0% | yes |")) << md;
  EXPECT_TRUE(has(md, "| Normal/100 | 7 | 100.0% |")) << md;
  EXPECT_TRUE(has(md, "| MP.PARAM.PADDING_RANGE | 2 |")) << md;
  EXPECT_TRUE(has(md, "## Failures (2)")) << md;
  for (const auto& f : s.failures) EXPECT_TRUE(has(md, repro_command(f.descriptor))) << md;
  // The message's '|' is escaped so it cannot end the list item's table cell early.
  EXPECT_TRUE(has(md, "gradInput[7] = 1.25 \\| oracle 1")) << md;
}

TEST(ReportsMarkdown, PassingRunSaysPassed) {
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  for (int i = 0; i < 3; ++i) s.add(sample_result(Outcome::Pass, 10 + i));
  const std::string md = summary_markdown(s);
  EXPECT_TRUE(has(md, "PASSED")) << md;
  EXPECT_FALSE(has(md, "## Failures")) << md;
  EXPECT_FALSE(has(md, "poolcheck repro")) << md;
}

TEST(ReportsMarkdown, LongFailureListsAreCut) {
  CampaignSummary s;
  for (int i = 0; i < 8; ++i) s.add(sample_result(Outcome::Fail, 50 + i));
  MarkdownOptions opt;
  opt.max_failures = 3;
  const std::string md = summary_markdown(s, opt);
  size_t count = 0;
  for (size_t pos = 0; (pos = md.find("poolcheck repro", pos)) != std::string::npos; ++pos) ++count;
  EXPECT_EQ(count, 3u);
  EXPECT_TRUE(has(md, "5 more failure(s)")) << md;
}

TEST(ReportsMarkdown, UnknownTilingAndMergedShardsAreStated) {
  CampaignSummary s;
  s.add(sample_result(Outcome::ExpectedError));
  s.shard_count = 3;
  s.merged_shards = {0, 2};
  const std::string md = summary_markdown(s);
  EXPECT_TRUE(has(md, "No executed case reported its tiling.")) << md;
  EXPECT_TRUE(has(md, "merged shards: 0, 2 of 3 (**missing: 1**)")) << md;
  EXPECT_TRUE(has(md, "FAILED")) << "a merge with missing shards is not a pass";
}

TEST(ReportsMarkdown, CellEscaping) {
  EXPECT_EQ(markdown_cell("a|b\nc"), "a\\|b c");
  EXPECT_EQ(markdown_cell("abcdef", 3), "abc...");
  EXPECT_EQ(markdown_cell("ab|cd", 3), "ab...") << "never a dangling backslash";
  // A cut inside a multi-byte character drops the partial character.
  EXPECT_EQ(markdown_cell("a\xE5\x8F\x82", 3), "a...");
}

TEST(ReproCommand, QuotesForTheShell) {
  EXPECT_EQ(repro_command("op=x soc=Y"), "poolcheck repro 'op=x soc=Y'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
}

}  // namespace
}  // namespace poolcheck::reports
