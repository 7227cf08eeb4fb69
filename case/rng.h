// Portable deterministic randomness for test data (the same bits on every platform and library).
#pragma once

#include <cmath>
#include <cstdint>

namespace poolcheck {

// One SplitMix64 step (Steele, Lea and Flood): the output for state x, the finaliser of x + the golden gamma. The
// harness's one copy: the stream class below, the campaign's case seeds and the rerun's knobs all use it.
inline constexpr uint64_t kSplitMixGamma = 0x9e3779b97f4a7c15ull;
inline uint64_t splitmix64(uint64_t x) {
  uint64_t z = x + kSplitMixGamma;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    const uint64_t out = splitmix64(state_);
    state_ += kSplitMixGamma;
    return out;
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  // Draw k from now is splitmix64(state() + k * gamma): the batched draws (normal_draws.cpp) compute many at once
  // from the state, then skip over them.
  uint64_t state() const { return state_; }
  void skip(uint64_t draws) { state_ += draws * kSplitMixGamma; }
  int64_t below(int64_t n) { return n <= 0 ? 0 : static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }
  double normal() {  // Box-Muller
    const double u1 = 1.0 - uniform(), u2 = uniform();
    return normal_of(u1, u2);
  }
  // The normal value of one draw's two uniforms (u1 in (0, 1], u2 in [0, 1)): the one formula, which the batched
  // draws (normal_draws.h) fall back to.
  static double normal_of(double u1, double u2) {
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

 private:
  uint64_t state_;
};

inline uint64_t mix_seed(uint64_t a, uint64_t b) { return SplitMix64(a * 0x100000001b3ull ^ b).next(); }

}  // namespace poolcheck
