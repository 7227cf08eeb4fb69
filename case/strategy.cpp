#include "case/strategy.h"

#include "case/vocabulary.h"

namespace poolcheck {

namespace {

struct StrategyRow {
  Strategy value;
  const char* word;
};

// The one name table of the vocabulary.
constexpr StrategyRow kStrategies[] = {
    {Strategy::Normal, "Normal"}, {Strategy::CutK, "CutK"},     {Strategy::Scatter, "Scatter"},
    {Strategy::SIMD, "SIMD"},     {Strategy::SIMT, "SIMT"},     {Strategy::Global, "Global"},
    {Strategy::Cube, "Cube"},     {Strategy::Vector, "Vector"}, {Strategy::AllOne, "AllOne"},
    {Strategy::General, "General"},
};

}  // namespace

const char* strategy_name(Strategy s) { return vocabulary_word(kStrategies, s); }

std::optional<Strategy> parse_strategy(std::string_view word) { return vocabulary_value(kStrategies, word); }

std::string strategy_words() { return vocabulary_words(kStrategies); }

std::optional<Strategy> parse_strategy_token(std::string_view token, std::string* error) {
  const std::optional<Strategy> s = parse_strategy(token);
  if (!s) *error = unknown_word_error("strategy", token, strategy_words());
  return s;
}

}  // namespace poolcheck
