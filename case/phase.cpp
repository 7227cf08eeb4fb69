#include "case/phase.h"

#include "case/vocabulary.h"

namespace poolcheck {

namespace {

// The one name table of the vocabulary.
constexpr VocabularyRow<Phase> kPhases[] = {
    {Phase::None, ""}, {Phase::GetWorkspaceSize, "GetWorkspaceSize"}, {Phase::Execute, "Execute"}};

}  // namespace

const char* phase_name(Phase p) { return vocabulary_word(kPhases, p); }

std::optional<Phase> parse_phase_token(std::string_view token, std::string* error) {
  return vocabulary_parse(kPhases, "call phase", token, error);
}

}  // namespace poolcheck
