// Which pooling an operator's kernel family computes, as the operator table names it: the parameter that, with the
// spatial rank, says what an entry point is (benchdnn's pool driver keys its reference and its peers the same way).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace poolcheck {

enum class PoolAlgorithm : int8_t { Max, Avg, AdaptiveAvg };

inline constexpr std::array<std::pair<PoolAlgorithm, const char*>, 3> kPoolAlgorithmNames{
    {{PoolAlgorithm::Max, "max"}, {PoolAlgorithm::Avg, "avg"}, {PoolAlgorithm::AdaptiveAvg, "adaptive-avg"}}};

inline const char* pool_algorithm_name(PoolAlgorithm a) {
  for (const auto& [value, word] : kPoolAlgorithmNames)
    if (value == a) return word;
  return "?";
}

inline std::optional<PoolAlgorithm> parse_pool_algorithm(std::string_view word) {
  for (const auto& [value, word_of] : kPoolAlgorithmNames)
    if (word == word_of) return value;
  return std::nullopt;
}

// "max, avg, adaptive-avg", for error messages.
inline std::string pool_algorithm_words() {
  std::string s;
  for (const auto& [value, word] : kPoolAlgorithmNames) s += (s.empty() ? "" : ", ") + std::string(word);
  return s;
}

}  // namespace poolcheck
