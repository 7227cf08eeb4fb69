// The failure database: one file per failing case under a stable id, the first sighting kept, lookup by
// id prefix, and promotion to a regression file whose descriptor reads back.
#include <gtest/gtest.h>

#include <fstream>

#include "reports/failure_db.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using testing::sample_result;
using testing::ScratchDir;
using testing::slurp;

TEST(FailureDb, IdIsAStableHashOfTheDescriptor) {
  EXPECT_EQ(failure_id(""), "cbf29ce484222325") << "FNV-1a offset basis";
  EXPECT_EQ(failure_id("a"), "af63dc4c8601ec8c") << "FNV-1a 64 of 'a'";
  EXPECT_NE(failure_id("op=x seed=1"), failure_id("op=x seed=2"));
}

TEST(FailureDb, SavesEachCaseOnceAndLoadsItBack) {
  ScratchDir dir;
  FailureDb db(dir.path() / "db");
  EXPECT_TRUE(db.load().empty()) << "an absent directory is an empty database";
  CaseResult r = sample_result(Outcome::Fail, 5);
  EXPECT_TRUE(db.save(r, 42));
  r.message = "other message";
  EXPECT_FALSE(db.save(r, 43)) << "the same descriptor again is not a new entry";
  EXPECT_TRUE(db.save(sample_result(Outcome::Crash, 6), 42));
  const auto entries = db.load();
  ASSERT_EQ(entries.size(), 2u);
  const auto& e = entries[0].descriptor == r.descriptor ? entries[0] : entries[1];
  EXPECT_EQ(e.id, failure_id(r.descriptor));
  EXPECT_EQ(e.case_seed, 5u);
  EXPECT_EQ(e.campaign_seed, 42u) << "first sighting kept";
  EXPECT_EQ(e.outcome, "fail");
  EXPECT_EQ(e.message, sample_result(Outcome::Fail, 5).message);
  EXPECT_EQ(e.file.filename(), e.id + ".json");
  EXPECT_EQ(e.first_seen.size(), 20u) << e.first_seen;
}

TEST(FailureDb, FindsByPrefixOrFileAndRefusesAmbiguity) {
  ScratchDir dir;
  FailureDb db(dir.path());
  CaseResult r = sample_result(Outcome::Fail, 5);
  db.save(r, 1);
  const std::string id = failure_id(r.descriptor);
  EXPECT_EQ(db.find(id.substr(0, 6)).id, id);
  EXPECT_EQ(db.find((dir.path() / (id + ".json")).string()).id, id);
  EXPECT_THROW(db.find("zzzz"), std::runtime_error);
  EXPECT_THROW(db.find(""), std::runtime_error);
}

TEST(FailureDb, ACorruptOrTamperedEntryIsAnError) {
  ScratchDir dir;
  FailureDb db(dir.path());
  CaseResult r = sample_result(Outcome::Fail, 5);
  db.save(r, 1);
  const auto file = dir.path() / (failure_id(r.descriptor) + ".json");
  std::string text = slurp(file);
  text.replace(text.find("seed=5"), 6, "seed=6");  // descriptor no longer matches its id
  std::ofstream(file) << text;
  EXPECT_THROW(db.load(), std::runtime_error);
  std::ofstream(file) << "{";
  EXPECT_THROW(db.load(), std::runtime_error);
}

TEST(FailureDb, PromotionWritesARegressionFileWithTheDescriptor) {
  ScratchDir dir;
  FailureDb db(dir.path() / "db");
  CaseResult r = sample_result(Outcome::Fail, 5);
  db.save(r, 7);
  const auto file = promote_to_regression(db.find(failure_id(r.descriptor)), dir.path() / "regressions");
  EXPECT_EQ(file.filename(), failure_id(r.descriptor) + ".case");
  EXPECT_EQ(read_regression_descriptor(file), r.descriptor);
  const std::string text = slurp(file);
  EXPECT_EQ(text.rfind("# poolcheck regression case", 0), 0u);
  EXPECT_NE(text.find("campaign seed 7"), std::string::npos);
  std::ofstream(dir.path() / "empty.case") << "# only comments\n\n";
  EXPECT_THROW(read_regression_descriptor(dir.path() / "empty.case"), std::runtime_error);
}

}  // namespace
}  // namespace poolcheck::reports
