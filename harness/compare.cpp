#include "harness/compare.h"

#include <algorithm>
#include <cmath>

#include "case/exact_chunks.h"
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

namespace {

// The comparison's per-case inputs and its running figures.
struct ComparePass {
  const Case& c;
  const OpAdapter& op;
  const OracleResult& o;
  std::span<const double> impl;
  DType bound_dtype;
  CaseResult* r;
  CaseTensors* tensors;
};

// An element the oracle does not match exactly: its bound, the figures it may move, the first mismatch's message.
void judge_inexact(const ComparePass& p, size_t i, double ref, double bound) {
  CaseResult* r = p.r;
  const Verdict v = compare_element(p.impl[i], ref, bound);
  if (v.abs_err > 0 && std::isfinite(v.abs_err)) {
    r->err.max_abs_err = std::max(r->err.max_abs_err, v.abs_err);
    // ULP and relative error only where the tolerance model itself works at ULP scale (the element's bound at
    // most 16 ULP of its value): where a sum cancels, the model allows an error as large as the value, and a ratio
    // to it says nothing (the bound ratio covers every element).
    constexpr double kUlpScale = 16;
    if (const double ulp = ref != 0 ? ulp_at(p.bound_dtype, ref) : 0; ref != 0 && bound <= kUlpScale * ulp) {
      r->err.max_ulp_err = std::max(r->err.max_ulp_err, v.abs_err / ulp);
      r->err.max_rel_err = std::max(r->err.max_rel_err, v.abs_err / std::fabs(ref));
    }
  }
  if (v.bound_ratio > r->err.max_bound_ratio || (r->err.worst_index < 0 && v.bound_ratio > 0)) {
    r->err.max_bound_ratio = v.bound_ratio;
    r->err.worst_index = static_cast<int64_t>(i);
  }
  if (!v.ok && r->err.mismatches++ == 0) {
    const TensorArg& out = *p.c.tensor(p.op.output);
    r->message = fmt::format("{}{} = {} but the oracle says {} (bound {}, {} terms)", p.op.output,
                             coords(out.shape, static_cast<int64_t>(i)), p.impl[i], ref, bound, p.o.contributors[i]);
  }
}

// Every element, with the rounding to the output dtype chosen once per case (`round` is inlined in the loop).
// An element equal to its rounded reference (the same value, or the same infinity) is exact: its error and bound
// ratio are 0, which moves no figure, so neither its bound nor a verdict is computed unless the bounds are kept.
template <typename Round>
bool compare_all(const ComparePass& p, Round round, CompareEight eight = nullptr) {
  const std::span<const double> impl = p.impl;
  const std::vector<int32_t>& contributors = p.o.contributors;
  bool all_zero = true;
  int32_t gamma_terms = -1;  // the term count whose summation gamma is held (neighbours mostly share one)
  double gamma = 0;
  const auto bound_of = [&](size_t i) {
    if (contributors[i] != gamma_terms) gamma = fp32_sum_gamma(gamma_terms = contributors[i]);
    return fp32_sum_bound(p.bound_dtype, p.o.terms_at(i), p.o.term_error, gamma);
  };
  const auto one = [&](size_t i) {
    const double ref = round(p.o.exact[i]);
    all_zero = all_zero && ref == 0 && impl[i] == 0;
    const bool exact = impl[i] == ref;
    if (exact && !p.tensors) return;
    const double bound = bound_of(i);
    if (!exact) judge_inexact(p, i, ref, bound);
    if (p.tensors) {
      p.tensors->oracle.push_back(ref);
      p.tensors->bound.push_back(bound);
    }
  };
  size_t i = 0;
  // Eight at a time where nothing is kept per element: the exact ones (most) move no figure and are passed over
  // without a branch each; the others are judged one by one, in order.
  if (eight && !p.tensors)
    for (; i + 8 <= impl.size(); i += 8) {
      const EightCompared seen = eight(p.o.exact.data() + i, impl.data() + i);
      if (seen.equal == 0xFF) {
        all_zero = all_zero && seen.zero == 0xFF;
        continue;
      }
      for (size_t k = 0; k < 8; ++k) {
        if (seen.equal >> k & 1)
          all_zero = all_zero && (seen.zero >> k & 1);
        else
          one(i + k);
      }
    }
  for (; i < impl.size(); ++i) one(i);
  return all_zero;
}

}  // namespace

void compare_with_oracle(const Case& c, const OpAdapter& op, const OracleResult& o, std::span<const double> impl,
                         CaseResult* r, CaseTensors* tensors) {
  const DType out = c.tensor(op.output)->dtype;
  // A result rounded through a narrower dtype is judged as that dtype's, then widened exactly.
  const bool through = o.rounded_through != DType::Undefined && o.rounded_through != out;
  const ComparePass pass{c, op, o, impl, through ? o.rounded_through : out, r, tensors};
  bool all_zero = true;
  if (through)
    all_zero =
        compare_all(pass, [out, narrow = o.rounded_through](double x) { return round_to(out, round_to(narrow, x)); });
  else
    all_zero = with_rounding(out, [&](auto round) { return compare_all(pass, round, compare_eight_for(out)); });
  r->err.elements += static_cast<int64_t>(impl.size());
  if (r->err.mismatches > 0)
    r->outcome = Outcome::Fail;
  else
    r->outcome = all_zero && !impl.empty() ? Outcome::Mistrusted : Outcome::Pass;
}

}  // namespace poolcheck
