// aclnnMaxPool3dWithArgmaxBackward rules 28-29: output aliasing and the index contract.
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

Rule rule_overlap() {
  Rule r = overlap_rule("MP.OUTPUT.OVERLAP", kGradInput);
  r.chosen = "161002, so no write is ambiguous";
  return r;
}

// Can some index lie inside the plane but outside its window? Not when every window covers every axis.
bool out_of_window_possible(const Case& c) {
  const auto pool = pool_params(c);
  const TensorArg* self = tensor(c, kSelf);
  if (!pool || !self || !rank_ok(*self)) return false;
  const Dims3 in = spatial(*self);
  for (size_t i = 0; i < 3; ++i) {
    const auto out = pooled_size(in[i], pool->k[i], pool->s[i], pool->p[i], 1, pool->ceil);
    if (!out) return false;
    int64_t last_start = 0;
    const bool huge = __builtin_mul_overflow(*out - 1, pool->s[i], &last_start);
    // First window ends (exclusive) at k - p; the last starts at (out-1)*s - p.
    if (pool->k[i] - pool->p[i] < in[i] || huge || last_start - pool->p[i] > 0) return true;
  }
  return false;
}

Rule rule_index_range() {
  Rule r;
  r.id = "MP.INDEX.RANGE";
  r.phase = Phase::Execute;
  r.in_docs = false;
  r.text =
      "every indices value must lie inside its own pooling window of the D*H*W plane (not outside the window, "
      "not outside the plane, not negative)";
  r.chosen =
      "aclnnMaxPool3dWithArgmaxBackward (execute) returns 161002 and leaves gradInput untouched; upstream "
      "Normal drops such indices silently and Scatter writes out of bounds (MP.D.INDEX_VALIDITY)";
  r.violated = [](const Case& c) { return View(c).index_fault() != IndexFault::None; };
  r.variants = 3;
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    switch (choice % 3) {
      case 0:
        Edit(m).set_index_fault(out_of_window_possible(v) ? IndexFault::OutOfWindow : IndexFault::OutOfPlane);
        break;
      case 1:
        Edit(m).set_index_fault(IndexFault::OutOfPlane);
        break;
      default:
        Edit(m).set_index_fault(IndexFault::Negative);
        break;
    }
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> output_rules() { return {rule_overlap(), rule_index_range()}; }

}  // namespace poolcheck::spec::maxpool3d_grad
