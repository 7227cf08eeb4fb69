// The written tolerance model (docs/tolerance.md): how far an implementation result may lie from the
// oracle's correctly rounded value, per output dtype and per accumulation path.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "case/case.h"
#include "case/numeric.h"

namespace poolcheck {

// Accumulation path of one output element.
struct ElementTerms {
  int32_t terms = 0;   // contributions summed into the element
  double abs_sum = 0;  // sum of |contribution|
  double exact = 0;    // the exact (double) sum, before rounding to the output dtype
};

// How each contribution is computed before the fp32 accumulation: its relative error bound (operand
// roundings, the reciprocal of the divisor, the product) and an absolute floor for underflow.
struct TermError {
  double rel = 0;
  double abs = 0;
  // Every contribution is an integer, taken as it is (max pooling's gradients with integer data): while
  // the sum of their magnitudes stays within 2^24, every fp32 partial sum is exact in any order.
  bool integral = false;
};

// Bound for an element the implementation computes as a sum of `terms` contributions, each computed with
// `term` error, accumulated in fp32 (any order) and rounded once to `out`: exact for 0 or 1 exact terms and
// for integral terms with S <= 2^24 (the fp32 sum is r itself, so both round alike), else term errors + the
// recursive-summation bound gamma_(m-1) * S plus the two roundings to `out`.
// Infinite when S overflows fp32. Inline, as compare_element: the comparison calls both for every element.
// gamma_(m-1) of recursive summation in fp32 for m terms: the one division of the bound, which a caller comparing
// many elements computes once per distinct term count (fp32_sum_bound below takes it).
inline double fp32_sum_gamma(int32_t terms) {
  const double u32 = 0x1p-24;
  const double m1 = terms - 1;
  return m1 * u32 / (1 - m1 * u32);
}
inline double fp32_sum_bound(DType out, const ElementTerms& e, const TermError& term, double gamma) {
  const bool exact_terms = term.rel == 0 && term.abs == 0;
  if (e.terms == 0 || (e.terms == 1 && exact_terms)) return 0;  // one exact term converts back exactly
  // Integers whose magnitudes sum to at most 2^24: every partial sum is an integer fp32 holds exactly, so the
  // implementation's sum is r and a correct cast rounds it as the oracle does (a truncating cast does not).
  if (exact_terms && term.integral && e.abs_sum <= 0x1p24) return 0;
  const double m1 = e.terms - 1;
  const double fp32_max = static_cast<double>(std::numeric_limits<float>::max());
  if (!std::isfinite(e.abs_sum) || e.abs_sum * (1 + term.rel) * (1 + gamma) > fp32_max)
    return std::numeric_limits<double>::infinity();
  // |s - r| for the fp32 sum s of the computed terms: term errors, then gamma*S, plus fp32 underflow.
  const double terms_err = term.rel * e.abs_sum + e.terms * term.abs;
  const double accumulate = terms_err + gamma * (e.abs_sum + terms_err) + m1 * 0x1p-150;
  // round_out(s) vs round_out(r): each rounding moves at most u*|value| + half a subnormal.
  const double u = unit_roundoff(out), eta = half_min_subnormal(out);
  if (out == DType::F32) return accumulate + u * std::fabs(e.exact) + eta;
  return accumulate + u * (2 * std::fabs(e.exact) + accumulate) + 2 * eta;
}
inline double fp32_sum_bound(DType out, const ElementTerms& e, const TermError& term = {}) {
  return fp32_sum_bound(out, e, term, fp32_sum_gamma(e.terms));
}

struct Verdict {
  bool ok = true;
  double abs_err = 0;
  double bound_ratio = 0;  // abs_err / bound (0 when exact, +inf when bound is 0 and they differ)
};

// Compares impl with the oracle's rounded value: NaN must meet NaN, infinities must match exactly,
// finite values must lie within `bound`.
inline Verdict compare_element(double impl, double oracle, double bound) {
  Verdict v;
  if (std::isnan(oracle) || std::isnan(impl)) {
    v.ok = std::isnan(oracle) && std::isnan(impl);
    v.abs_err = v.ok ? 0 : std::numeric_limits<double>::infinity();
  } else if (std::isinf(oracle) || std::isinf(impl)) {
    v.ok = impl == oracle || std::isinf(bound);
    v.abs_err = impl == oracle ? 0 : std::numeric_limits<double>::infinity();
  } else {
    v.abs_err = std::fabs(impl - oracle);
    v.ok = v.abs_err <= bound;
  }
  if (v.abs_err == 0)
    v.bound_ratio = 0;
  else
    v.bound_ratio = bound > 0 ? v.abs_err / bound : std::numeric_limits<double>::infinity();
  return v;
}

}  // namespace poolcheck
