// The written tolerance model (docs/tolerance.md): how far an implementation result may lie from the
// oracle's correctly rounded value, per output dtype and per accumulation path.
#pragma once

#include <cstdint>

#include "case/case.h"

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
// Infinite when S overflows fp32.
double fp32_sum_bound(DType out, const ElementTerms& e, const TermError& term = {});

struct Verdict {
  bool ok = true;
  double abs_err = 0;
  double bound_ratio = 0;  // abs_err / bound (0 when exact, +inf when bound is 0 and they differ)
};

// Compares impl with the oracle's rounded value: NaN must meet NaN, infinities must match exactly,
// finite values must lie within `bound`.
Verdict compare_element(double impl, double oracle_rounded, double bound);

}  // namespace poolcheck
