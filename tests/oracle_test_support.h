// Helpers of the oracle golden tests: reproducible "random-ish" data and a dot product for adjoint checks.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace poolcheck::oracle_test {

// Deterministic values in [-1, 1) from a small linear congruential generator.
inline std::vector<double> pseudo_random(size_t count, uint32_t seed) {
  std::vector<double> values(count);
  uint32_t state = seed;
  for (double& v : values) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<double>(state >> 8) / static_cast<double>(1u << 23) - 1.0;
  }
  return values;
}

inline double dot(const std::vector<double>& a, const std::vector<double>& b) {
  EXPECT_EQ(a.size(), b.size());
  double sum = 0.0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) sum += a[i] * b[i];
  return sum;
}

}  // namespace poolcheck::oracle_test
