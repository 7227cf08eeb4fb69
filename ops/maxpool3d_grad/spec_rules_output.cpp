// aclnnMaxPool3dWithArgmaxBackward rules 28-29: output aliasing and the index contract.
#include <array>

#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool3d_grad {

std::vector<ViolationClass> index_range_classes() {
  return {{"out-of-window", {}, {}, ""},
          {"out-of-plane", {}, {}, ""},
          {"negative", {}, {}, ""},
          {"int64-high-word-low-word-valid",
           {},
           {"Ascend950"},
           "int64-indices",
           [](const Case& c) { return carries_wide_index_fault(c, IndexFault::HighWord); }},
          {"int64-negative-low-word-valid", {}, {"Ascend950"}, "int64-indices", [](const Case& c) {
             return carries_wide_index_fault(c, IndexFault::NegativeWrap);
           }}};
}

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
      "not outside the plane, not negative; an INT64 index is judged by all 64 bits, so one whose low 32 bits "
      "name a valid position is still out of range)";
  r.chosen =
      "aclnnMaxPool3dWithArgmaxBackward (execute) returns 161002 and leaves gradInput untouched; upstream "
      "Normal drops such indices silently and Scatter writes out of bounds (MP.D.INDEX_VALIDITY)";
  r.violated = [](const Case& c) { return View(c).index_fault() != IndexFault::None; };
  // The INT64 classes keep the true index in the low word (a library reading 32 bits accepts them); they need
  // INT64 indices, which only Ascend950 lists (the generator's "int64-indices" feature draws them).
  r.classes = index_range_classes();
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<IndexFault, 5> kByClass{IndexFault::OutOfWindow, IndexFault::OutOfPlane,
                                                    IndexFault::Negative, IndexFault::HighWord,
                                                    IndexFault::NegativeWrap};
    const IndexFault f = kByClass[choice % kByClass.size()];
    if (f == IndexFault::OutOfWindow && !out_of_window_possible(v)) return std::nullopt;
    const TensorArg* idx = tensor(v, kIndices);
    const bool wide = f == IndexFault::HighWord || f == IndexFault::NegativeWrap;
    if (wide && (!idx || idx->dtype != DType::I64)) return std::nullopt;
    Case m = v;
    Edit(m).set_index_fault(f);
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> output_rules() { return {rule_overlap(), rule_index_range()}; }

}  // namespace poolcheck::spec::maxpool3d_grad
