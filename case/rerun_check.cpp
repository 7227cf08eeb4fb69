#include "case/rerun_check.h"

#include "case/vocabulary.h"

namespace poolcheck {

namespace {

// The one name table of the vocabulary.
constexpr VocabularyRow<RerunCheck> kRerunChecks[] = {
    {RerunCheck::None, ""}, {RerunCheck::Bitwise, "bitwise"}, {RerunCheck::Tolerance, "tolerance"}};

}  // namespace

const char* rerun_check_name(RerunCheck check) { return vocabulary_word(kRerunChecks, check); }

std::optional<RerunCheck> parse_rerun_check_token(std::string_view token, std::string* error) {
  return vocabulary_parse(kRerunChecks, "rerun check", token, error);
}

}  // namespace poolcheck
