// Test data distributions (Case::fill), drawn from the case seed and the tensor name, already rounded
// to the tensor's dtype so the oracle sees exactly what the device sees.
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "case/normal_draws.h"
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
  const TensorFill* own = c.tensor_fill(tensor);
  const FillKind kind = own ? own->kind : c.fill;
  const std::array<double, 4> p = own ? own->p : std::array<double, 4>{};
  const OpAdapter* op = find_adapter(c.op);
  const bool forward_input = op && tensor == op->arguments.forward_input;
  // NormalRanged: the tensor's mean and standard deviation, drawn once before its elements.
  double mean = 0, stddev = 1;
  if (kind == FillKind::NormalRanged) {
    mean = p[0] + (p[1] - p[0]) * rng.uniform();
    stddev = p[2] + (p[3] - p[2]) * rng.uniform();
  }
  // One loop per kind (the kind and dtype are chosen once per tensor, not once per element).
  const auto each = [&](auto draw) {
    with_rounding(dt, [&](auto round) {
      for (auto& x : v) x = round(draw());
    });
  };
  // Small integers: every dtype holds them exactly (fp16 to 2048, bf16 to 256, the integer dtypes truncate nothing),
  // so the rounding would give each back unchanged and is not done.
  const auto integers = [&](auto draw) {
    for (auto& x : v) x = draw();
  };
  // Normal values through a monotone map, batched (normal_draws.h: the same values as drawing one at a time).
  const auto normals = [&](const NormalMap& map) { rounded_normals(rng, dt, v.data(), v.size(), map); };
  const NormalMap as_drawn;
  switch (kind) {
    case FillKind::Ints:
      integers([&] { return static_cast<double>(rng.below(17) - 8); });  // exact in every dtype and sum order
      break;
    case FillKind::WideInts: {
      // Exact in the dtype and in fp32 sums, but a sum of two or more often is not a bf16/fp16 value: the final
      // cast must round it to nearest even, as the oracle does.
      const int64_t top = wide_ints_limit(dt);
      integers([&] { return static_cast<double>(rng.below(2 * top + 1) - top); });
      break;
    }
    case FillKind::Ties:
      if (forward_input)
        integers([&] { return static_cast<double>(rng.below(3)); });
      else
        integers([&] { return static_cast<double>(rng.below(9) - 4); });
      break;
    case FillKind::Special:
      if (forward_input)
        normals(as_drawn);
      else  // one in 40 each NaN, inf and -inf; the others normal draws (batched as the normal fill's)
        rounded_normals_or(rng, dt, v.data(), v.size(), [inf](SplitMix64& r) -> std::optional<double> {
          const int64_t pick = r.below(40);
          if (pick == 0) return std::numeric_limits<double>::quiet_NaN();
          if (pick == 1) return inf;
          if (pick == 2) return -inf;
          return std::nullopt;
        });
      break;
    case FillKind::Large:
      normals(NormalMap{NormalMap::Form::Scale, 0.0, 1000.0});
      break;
    case FillKind::Zeros:
      each([] { return 0.0; });
      break;
    case FillKind::Uniform:
      each([&] { return p[0] + (p[1] - p[0]) * rng.uniform(); });
      break;
    case FillKind::Constant:
      each([&] { return p[0]; });
      break;
    case FillKind::NormalRanged:
      normals(NormalMap{NormalMap::Form::Affine, mean, stddev});
      break;
    case FillKind::NaN:
      each([] { return std::numeric_limits<double>::quiet_NaN(); });
      break;
    case FillKind::PosInf:
      each([&] { return inf; });
      break;
    case FillKind::NegInf:
      each([&] { return -inf; });
      break;
    case FillKind::Normal:
      normals(as_drawn);
      break;
  }
  return v;
}

}  // namespace poolcheck
