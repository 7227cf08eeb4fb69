// Many SplitMix64::normal() draws at once, bit-identical to drawing them one by one once rounded to a dtype. The
// scalar draw costs a libm log and cos (about 25 ns); glibc's vector log and cos (libmvec, four lanes on AVX2) cost
// about 4 ns a draw but may differ from the scalar functions in the last bits. A batched value is therefore used
// only where every value within its error bound rounds to the same dtype value; elsewhere the scalar formula
// decides. Both paths consume the generator identically (two uniforms per draw), so the stream is unchanged.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstring>
#include <optional>
#include <type_traits>

#include "case/numeric.h"
#include "case/rng.h"

namespace poolcheck {

inline constexpr size_t kNormalChunk = 256;
// Bound on |batched - scalar| / |batched|. glibc documents at most 4 ulp for its vector log and cos; the product
// seen here differs by at most 5 ulp (2^-50). The bound leaves a factor of 1000 over that.
inline constexpr double kNormalDrawsRelError = 0x1p-40;

// n <= kNormalChunk draws: approx[i] within the bound of normal(), and the two uniforms of each draw.
struct NormalChunk {
  size_t n = 0;
  double approx[kNormalChunk];
  double u1[kNormalChunk];
  double u2[kNormalChunk];
};
// The lane widths the batched draws can take (glibc's AVX2 and AVX-512 vector log and cos); the draws use the
// widest the CPU has. Each width's values differ in the last bits, within the same bound.
enum class NormalLanes { Scalar, Four, Eight };
bool normal_lanes_supported(NormalLanes lanes);
// approx[i] from the chunk's uniforms u1[i], u2[i] (i < n), at the given or the widest supported width.
void approximate_normals(NormalChunk* chunk, NormalLanes lanes);
void approximate_normals(NormalChunk* chunk);
// n <= kNormalChunk draws from rng: their uniforms, in the order normal() draws them, and their approx.
void draw_normal_chunk(SplitMix64& rng, size_t n, NormalChunk* out, NormalLanes lanes);
void draw_normal_chunk(SplitMix64& rng, size_t n, NormalChunk* out);

// The monotone maps the fill puts its normal draws through, as data rather than a lambda, so that the check below
// can run eight draws at once: y, y * scale, or shift + scale * y (each in that order of operations).
struct NormalMap {
  enum class Form : int8_t { Identity, Scale, Affine };
  Form form = Form::Identity;
  double shift = 0, scale = 1;
  double operator()(double y) const {
    return form == Form::Identity ? y : form == Form::Scale ? y * scale : shift + scale * y;
  }
};

// rounded_draw's first branch for chunk draws [from, from + 8), the dtype's rounding (f32, f16 or bf16) written as
// eight-lane AVX-512 arithmetic: each lane whose batched value decides (every value within its bound rounds to the
// same value on the fast path) gets that value in out[k] and its bit in the result; the lanes left clear go through
// rounded_draw. 0 where the CPU or the dtype has no such path.
uint8_t decided_eight(const NormalChunk& chunk, size_t from, DType dt, const NormalMap& map, double rel_error,
                      double* out);

// The value of chunk draw i rounded by `round` after `transform`: the batched value where every value within its
// bound rounds alike, else the scalar formula's.
template <class Round, class Transform>
double rounded_draw(const NormalChunk& chunk, size_t i, Round round, Transform transform, double rel_error) {
  const auto same_bits = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  const double y = chunk.approx[i], margin = std::fabs(y) * rel_error;
  const double lo = round(transform(y - margin)), hi = round(transform(y + margin));
  return y != 0 && std::isfinite(y) && same_bits(lo, hi)
             ? lo
             : round(transform(SplitMix64::normal_of(chunk.u1[i], chunk.u2[i])));
}

// out[i] = round_to(dt, transform(rng.normal())) for i < n, exactly as the scalar loop gives it. `transform` must be
// monotone (an affine map is), so a value between two ends rounds to what both ends round to. The draw function
// and its bound are parameters for the tests' negative control.
template <class Transform, class Draw = void (*)(SplitMix64&, size_t, NormalChunk*)>
void rounded_normals(SplitMix64& rng, DType dt, double* out, size_t n, Transform transform,
                     Draw draw = &draw_normal_chunk, double rel_error = kNormalDrawsRelError) {
  with_rounding(dt, [&](auto round) {
    NormalChunk chunk;
    for (size_t done = 0; done < n; done += chunk.n) {
      draw(rng, n - done < kNormalChunk ? n - done : kNormalChunk, &chunk);
      size_t i = 0;
      if constexpr (std::is_same_v<Transform, NormalMap>)
        for (; i + 8 <= chunk.n; i += 8) {
          const uint8_t decided = decided_eight(chunk, i, dt, transform, rel_error, out + done + i);
          for (size_t k = 0; k < 8; ++k)
            if (!(decided >> k & 1)) out[done + i + k] = rounded_draw(chunk, i + k, round, transform, rel_error);
        }
      for (; i < chunk.n; ++i) out[done + i] = rounded_draw(chunk, i, round, transform, rel_error);
    }
  });
}

// out[i] = round_to(dt, other(rng) or else rng.normal()) for i < n, exactly as the scalar loop gives it: `other`
// draws first for each element and gives a value that is not a normal draw (the special fill's NaN and infinities)
// or nullopt, and then the element is a normal draw. The approximation and its bound are parameters for the tests'
// negative control.
template <class Other, class Approximate = void (*)(NormalChunk*)>
void rounded_normals_or(SplitMix64& rng, DType dt, double* out, size_t n, Other other,
                        Approximate approximate = &approximate_normals, double rel_error = kNormalDrawsRelError) {
  with_rounding(dt, [&](auto round) {
    NormalChunk chunk;
    size_t where[kNormalChunk];
    const auto as_drawn = [](double y) { return y; };
    for (size_t i = 0; i < n;) {
      chunk.n = 0;
      for (; i < n && chunk.n < kNormalChunk; ++i) {
        if (const std::optional<double> v = other(rng)) {
          out[i] = round(*v);
          continue;
        }
        where[chunk.n] = i;
        chunk.u1[chunk.n] = 1.0 - rng.uniform();  // the order normal() draws them in
        chunk.u2[chunk.n++] = rng.uniform();
      }
      approximate(&chunk);
      for (size_t k = 0; k < chunk.n; ++k) out[where[k]] = rounded_draw(chunk, k, round, as_drawn, rel_error);
    }
  });
}

}  // namespace poolcheck
