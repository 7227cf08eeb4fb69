// The harness's vocabularies: each word of a table names its value and back, and a word outside a vocabulary is a
// parse error that names the token and lists the known words. Expected words are spelled here, not taken from
// the tables under test.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "case/rerun_check.h"
#include "case/result.h"
#include "case/strategy.h"
#include "case/summary.h"

namespace poolcheck {
namespace {

// Each (value, word) pair: the value's name is the word and the word parses to the value without an error.
template <typename E, size_t N, typename Name, typename Parse>
void expect_round_trips(const std::pair<E, const char*> (&words)[N], Name name, Parse parse) {
  for (const auto& [value, word] : words) {
    EXPECT_STREQ(name(value), word);
    std::string error;
    EXPECT_EQ(parse(word, &error), value) << word;
    EXPECT_EQ(error, "") << word;
  }
}

// The error of a token the parser must refuse ("(accepted)" when it parses).
template <typename Parse>
std::string refusal(Parse parse, const char* token) {
  std::string error;
  return parse(token, &error).has_value() ? "(accepted)" : error;
}

TEST(StrategyVocabulary, EveryWordRoundTrips) {
  const std::pair<Strategy, const char*> words[] = {
      {Strategy::Normal, "Normal"},   {Strategy::CutK, "CutK"},       {Strategy::Scatter, "Scatter"},
      {Strategy::SIMD, "SIMD"},       {Strategy::SIMT, "SIMT"},       {Strategy::Global, "Global"},
      {Strategy::Cube, "Cube"},       {Strategy::Vector, "Vector"},   {Strategy::AllOne, "AllOne"},
      {Strategy::General, "General"}, {Strategy::V1Plane, "V1Plane"}, {Strategy::V1Rows, "V1Rows"},
  };
  expect_round_trips(words, strategy_name, parse_strategy_token);
}

// Control of the round trip: a near miss (case, a typo, the empty word) parses to nothing and says why.
TEST(StrategyVocabulary, AnUnknownWordIsAnErrorNamingItAndTheKnownWords) {
  for (const char* token : {"normal", "Normall", ""})
    EXPECT_EQ(refusal(parse_strategy_token, token),
              std::string("unknown strategy '") + token +
                  "' (known: Normal, CutK, Scatter, SIMD, SIMT, Global, Cube, Vector, AllOne, General, V1Plane, "
                  "V1Rows, BigKernel, NchwSmallKernel, AssistMatmul)");
}

TEST(RerunCheckVocabulary, EveryWordRoundTrips) {
  const std::pair<RerunCheck, const char*> words[] = {
      {RerunCheck::None, ""}, {RerunCheck::Bitwise, "bitwise"}, {RerunCheck::Tolerance, "tolerance"}};
  expect_round_trips(words, rerun_check_name, parse_rerun_check_token);
}

// Control: the known words listed leave out None's empty word, which is no word to offer.
TEST(RerunCheckVocabulary, AnUnknownWordIsAnErrorNamingItAndTheKnownWords) {
  EXPECT_EQ(refusal(parse_rerun_check_token, "bitwize"), "unknown rerun check 'bitwize' (known: bitwise, tolerance)");
}

// Every outcome parses back from its word; a few words spelled out pin the spelling (the rest are pinned by the
// known-word list below).
TEST(OutcomeVocabulary, EveryWordRoundTrips) {
  for (Outcome o : kAllOutcomes) {
    std::string error;
    EXPECT_EQ(parse_outcome_token(outcome_name(o), &error), o) << outcome_name(o);
  }
  const std::pair<Outcome, const char*> words[] = {
      {Outcome::Pass, "pass"}, {Outcome::WrongTiling, "wrong-tiling"}, {Outcome::HarnessError, "harness-error"}};
  expect_round_trips(words, outcome_name, parse_outcome_token);
}

// Control: an outcome spelled with an underscore is no outcome.
TEST(OutcomeVocabulary, AnUnknownWordIsAnErrorNamingItAndTheKnownWords) {
  EXPECT_EQ(refusal(parse_outcome_token, "wrong_tiling"),
            "unknown outcome 'wrong_tiling' (known: pass, fail, mistrusted, expected-error, wrong-error, "
            "unexpected-success, unsupported, crash, timeout, unsupported-allowed, wrong-tiling, harness-error)");
}

// A value no row names reads "?" (a defect to report, never a crash or another value's word).
TEST(Vocabulary, AValueOutsideTheTableReadsAsAQuestionMark) {
  EXPECT_STREQ(strategy_name(static_cast<Strategy>(99)), "?");
  EXPECT_STREQ(rerun_check_name(static_cast<RerunCheck>(7)), "?");
  EXPECT_STREQ(outcome_name(static_cast<Outcome>(99)), "?");
}

}  // namespace
}  // namespace poolcheck
