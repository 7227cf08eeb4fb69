#include "case/strategy.h"

#include "case/vocabulary.h"

namespace poolcheck {

namespace {

// The one name table of the vocabulary.
constexpr VocabularyRow<Strategy> kStrategies[] = {
    {Strategy::Normal, "Normal"},
    {Strategy::CutK, "CutK"},
    {Strategy::Scatter, "Scatter"},
    {Strategy::SIMD, "SIMD"},
    {Strategy::SIMT, "SIMT"},
    {Strategy::Global, "Global"},
    {Strategy::Cube, "Cube"},
    {Strategy::Vector, "Vector"},
    {Strategy::AllOne, "AllOne"},
    {Strategy::General, "General"},
    {Strategy::V1Plane, "V1Plane"},
    {Strategy::V1Rows, "V1Rows"},
    {Strategy::BigKernel, "BigKernel"},
    {Strategy::NchwSmallKernel, "NchwSmallKernel"},
    {Strategy::AssistMatmul, "AssistMatmul"},
};

}  // namespace

const char* strategy_name(Strategy s) { return vocabulary_word(kStrategies, s); }

std::optional<Strategy> parse_strategy(std::string_view word) { return vocabulary_value(kStrategies, word); }

std::string strategy_words() { return vocabulary_words(kStrategies); }

std::optional<Strategy> parse_strategy_token(std::string_view token, std::string* error) {
  return vocabulary_parse(kStrategies, "strategy", token, error);
}

}  // namespace poolcheck
