#include "case/result.h"

#include "case/vocabulary.h"

namespace poolcheck {

namespace {

// The one name table of the vocabulary.
constexpr VocabularyRow<Outcome> kOutcomes[] = {
    {Outcome::Pass, "pass"},
    {Outcome::Fail, "fail"},
    {Outcome::Mistrusted, "mistrusted"},
    {Outcome::ExpectedError, "expected-error"},
    {Outcome::WrongError, "wrong-error"},
    {Outcome::UnexpectedSuccess, "unexpected-success"},
    {Outcome::Unsupported, "unsupported"},
    {Outcome::Crash, "crash"},
    {Outcome::Timeout, "timeout"},
    {Outcome::UnsupportedAllowed, "unsupported-allowed"},
    {Outcome::WrongTiling, "wrong-tiling"},
    {Outcome::HarnessError, "harness-error"},
};

}  // namespace

const char* outcome_name(Outcome o) { return vocabulary_word(kOutcomes, o); }

std::optional<Outcome> parse_outcome_token(std::string_view token, std::string* error) {
  return vocabulary_parse(kOutcomes, "outcome", token, error);
}

bool outcome_is_failure(Outcome o) {
  return o == Outcome::Fail || o == Outcome::WrongError || o == Outcome::UnexpectedSuccess ||
         o == Outcome::Unsupported || o == Outcome::Crash || o == Outcome::Timeout || o == Outcome::HarnessError ||
         o == Outcome::WrongTiling;
}

}  // namespace poolcheck
