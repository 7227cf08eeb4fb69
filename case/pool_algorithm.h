// Which pooling an operator's kernel family computes, as the operator table names it: the parameter that, with the
// spatial rank, says what an entry point is (benchdnn's pool driver keys its reference and its peers the same way).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "case/vocabulary.h"

namespace poolcheck {

enum class PoolAlgorithm : int8_t { Max, Avg, AdaptiveAvg };

// The one name table (the words ops/operators.txt uses).
inline constexpr VocabularyRow<PoolAlgorithm> kPoolAlgorithms[] = {
    {PoolAlgorithm::Max, "max"}, {PoolAlgorithm::Avg, "avg"}, {PoolAlgorithm::AdaptiveAvg, "adaptive-avg"}};

inline const char* pool_algorithm_name(PoolAlgorithm a) { return vocabulary_word(kPoolAlgorithms, a); }
inline std::optional<PoolAlgorithm> parse_pool_algorithm(std::string_view word) {
  return vocabulary_value(kPoolAlgorithms, word);
}

}  // namespace poolcheck
