#include "harness/compare.h"

#include <algorithm>
#include <cmath>

#include "case/numeric.h"
#include "fmt/format.h"
#include "harness/tolerance.h"

namespace poolcheck {

std::string coords(const std::vector<int64_t>& shape, int64_t flat) {
  std::string s;
  for (size_t d = shape.size(); d-- > 0;) {
    s = std::to_string(flat % shape[d]) + (s.empty() ? "" : ",") + s;
    flat /= shape[d];
  }
  return "[" + s + "]";
}

void compare_with_oracle(const Case& c, const OpAdapter& op, const OracleResult& o, const std::vector<double>& impl,
                         CaseResult* r, CaseTensors* tensors) {
  const TensorArg& out = *c.tensor(op.output);
  // A result rounded through a narrower dtype is judged as that dtype's, then widened exactly.
  const bool through = o.rounded_through != DType::Undefined && o.rounded_through != out.dtype;
  const DType bound_dtype = through ? o.rounded_through : out.dtype;
  bool all_zero = true;
  int32_t gamma_terms = -1;  // the term count whose summation gamma is held (neighbours mostly share one)
  double gamma = 0;
  for (size_t i = 0; i < impl.size(); ++i) {
    const double ref =
        through ? round_to(out.dtype, round_to(bound_dtype, o.exact[i])) : round_to(out.dtype, o.exact[i]);
    if (o.terms[i].terms != gamma_terms) gamma = fp32_sum_gamma(gamma_terms = o.terms[i].terms);
    const double bound = fp32_sum_bound(bound_dtype, o.terms[i], o.term_error, gamma);
    const Verdict v = compare_element(impl[i], ref, bound);
    all_zero = all_zero && ref == 0 && impl[i] == 0;
    r->err.elements++;
    // An exact element leaves every maximum where it is (they start at 0), so its ULP is not looked up.
    if (v.abs_err > 0 && std::isfinite(v.abs_err)) {
      r->err.max_abs_err = std::max(r->err.max_abs_err, v.abs_err);
      // ULP and relative error only where the tolerance model itself works at ULP scale (the element's bound at
      // most 16 ULP of its value): where a sum cancels, the model allows an error as large as the value, and a ratio
      // to it says nothing (the bound ratio covers every element).
      constexpr double kUlpScale = 16;
      if (const double ulp = ref != 0 ? ulp_at(bound_dtype, ref) : 0; ref != 0 && bound <= kUlpScale * ulp) {
        r->err.max_ulp_err = std::max(r->err.max_ulp_err, v.abs_err / ulp);
        r->err.max_rel_err = std::max(r->err.max_rel_err, v.abs_err / std::fabs(ref));
      }
    }
    if (v.bound_ratio > r->err.max_bound_ratio || (r->err.worst_index < 0 && v.bound_ratio > 0)) {
      r->err.max_bound_ratio = v.bound_ratio;
      r->err.worst_index = static_cast<int64_t>(i);
    }
    if (!v.ok && r->err.mismatches++ == 0)
      r->message = fmt::format("{}{} = {} but the oracle says {} (bound {}, {} terms)", op.output,
                               coords(out.shape, static_cast<int64_t>(i)), impl[i], ref, bound, o.terms[i].terms);
    if (tensors) {
      tensors->oracle.push_back(ref);
      tensors->bound.push_back(bound);
    }
  }
  if (r->err.mismatches > 0)
    r->outcome = Outcome::Fail;
  else
    r->outcome = all_zero && !impl.empty() ? Outcome::Mistrusted : Outcome::Pass;
}

}  // namespace poolcheck
