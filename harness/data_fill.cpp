// Test data distributions (Case::fill), drawn from the case seed and the tensor name, already rounded
// to the tensor's dtype so the oracle sees exactly what the device sees.
#include <cmath>
#include <limits>
#include <string>

#include "case/numeric.h"
#include "case/rng.h"
#include "harness/op_adapter.h"

namespace poolcheck {

namespace {
uint64_t name_salt(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (char ch : s) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
  return h;
}
}  // namespace

std::vector<double> fill_values(const Case& c, const std::string& tensor, int64_t n, DType dt) {
  SplitMix64 rng(mix_seed(c.seed, name_salt(tensor)));
  std::vector<double> v(static_cast<size_t>(n > 0 ? n : 0));
  const double inf = std::numeric_limits<double>::infinity();
  for (auto& x : v) {
    if (c.fill == "ints") {
      x = static_cast<double>(rng.below(17) - 8);  // exact in every dtype and in any fp32 sum order
    } else if (c.fill == "wideints") {
      // Exact in every dtype (bf16 holds integers up to 256) and in fp32 sums, but a sum of a few of them
      // is not a bf16/fp16 value: the final cast must round it to nearest even, as the oracle does.
      x = static_cast<double>(rng.below(511) - 255);
    } else if (c.fill == "ties") {
      x = tensor == "self" ? static_cast<double>(rng.below(3)) : static_cast<double>(rng.below(9) - 4);
    } else if (c.fill == "special" && tensor != "self") {
      const int64_t pick = rng.below(40);
      x = pick == 0 ? std::numeric_limits<double>::quiet_NaN() : pick == 1 ? inf : pick == 2 ? -inf : rng.normal();
    } else if (c.fill == "large") {
      x = rng.normal() * 1000.0;
    } else if (c.fill == "zeros") {
      x = 0;
    } else {
      x = rng.normal();
    }
    x = round_to(dt, x);
  }
  return v;
}

}  // namespace poolcheck
