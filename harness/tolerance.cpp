#include "harness/tolerance.h"

#include <cmath>
#include <limits>

#include "harness/numeric.h"

namespace poolcheck {

double fp32_sum_bound(DType out, const ElementTerms& e) {
  if (e.terms <= 1) return 0;  // one fp16/bf16/fp32 term converts to fp32 and back exactly
  const double u32 = std::ldexp(1.0, -24);
  const double m1 = e.terms - 1;
  const double gamma = m1 * u32 / (1 - m1 * u32);
  const double fp32_max = static_cast<double>(std::numeric_limits<float>::max());
  if (!std::isfinite(e.abs_sum) || e.abs_sum * (1 + gamma) > fp32_max) return std::numeric_limits<double>::infinity();
  // |s - r| for the fp32 sum s: gamma*S, plus tiny absolute terms from fp32 underflow.
  const double accumulate = gamma * e.abs_sum + m1 * std::ldexp(1.0, -150);
  // round_out(s) vs round_out(r): each rounding moves at most u*|value| + half a subnormal.
  const double u = unit_roundoff(out), eta = half_min_subnormal(out);
  if (out == DType::F32) return accumulate + u * std::fabs(e.exact) + eta;
  return accumulate + u * (2 * std::fabs(e.exact) + accumulate) + 2 * eta;
}

Verdict compare_element(double impl, double oracle, double bound) {
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
