// aclnnAdaptiveAvgPool3dBackward rules 6-9: ranks, out's shape, zero dims, gradOutput's N,C.
#include <optional>
#include <string>
#include <vector>

#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

namespace {

bool ranks_ok(const Case& c) {
  std::optional<size_t> rank;
  for (const char* name : kTensorNames) {
    const TensorArg* t = tensor(c, name);
    if (!t) continue;
    if (!rank_ok(*t) || (rank && *rank != t->shape.size())) return false;
    rank = t->shape.size();
  }
  return true;
}

Rule rule_rank() {
  Rule r;
  r.id = "AA.RANK";
  r.cites = {cite(kSeed, "返回值 161002 #3 (gradOutput、self和out的维数不等于4或5)", kSeed),
             cite(kSeed, "参数说明: gradOutput, self, out (维度(shape) 4-5)", kSeed)};
  r.text = "gradOutput, self and out must each have 4 (C,D,H,W) or 5 (N,C,D,H,W) dims, all three the same";
  r.chosen = "equal ranks as upstream requires; 002 bounds each rank only (AA.D.RANK_EQUAL)";
  r.violated = [](const Case& c) { return !ranks_ok(c); };
  r.classes = numbered_classes(4);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const size_t target = (choice / 4 + choice) % 3;
    auto set_rank = [&m](const char* name, size_t rank) {
      TensorArg& t = m.tensor_mut(name);
      reshape(t, to_rank(t.shape, rank));
    };
    auto other_valid = [&m](const char* name) { return m.tensor_mut(name).shape.size() == 5 ? size_t{4} : 5; };
    switch (choice % 4) {
      case 0:  // one tensor to the other valid rank
        set_rank(kTensorNames[target], other_valid(kTensorNames[target]));
        break;
      case 1:  // one tensor to an unsupported rank
        set_rank(kTensorNames[target], (choice / 4) % 2 == 0 ? 3 : 6);
        break;
      case 2:  // all three to an unsupported rank (3-D (C,H,W) as for a 2-D pool, or 2-D)
        for (const char* name : kTensorNames) set_rank(name, (choice / 4) % 2 == 0 ? 3 : 2);
        break;
      default:  // all but one to the other valid rank
        for (size_t i = 0; i < kTensorNames.size(); ++i)
          if (i != target) set_rank(kTensorNames[i], other_valid(kTensorNames[i]));
        break;
    }
    return m;
  };
  return r;
}

Rule rule_out_shape() {
  Rule r = same_shape_rule("AA.SHAPE.OUT", kOut, kSelf, structure_ok);
  r.cites = {cite(kSeed, "返回值 161002 #4 (gradOutput、self和out的shape不匹配)", kSeed),
             cite(kSeed, "参数说明: out (对应了输入反向节点的梯度)", kSeed)};
  r.text = "out's shape must equal self's in every dim";
  r.chosen =
      "row 4 read as out == self; gradOutput's D,H,W is the adaptive output size and is tied to self only through "
      "N,C (AA.D.SHAPE_MATCH); N is compared too (AA.D.OUT_N_950)";
  r.classes = numbered_classes(4);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
    const TensorArg& go = *tensor(v, kGradOutput);
    const TensorArg& self = *tensor(v, kSelf);
    Case m = v;
    TensorArg& out = m.tensor_mut(kOut);
    if (choice % 4 == 3 && go.shape != self.shape) {  // out shaped like gradOutput, a natural slip
      reshape(out, go.shape);
      return m;
    }
    std::vector<int64_t> shape = self.shape;
    const size_t dim = choice % shape.size();
    shape[dim] += 1 + static_cast<int64_t>((choice / shape.size()) % 2);
    reshape(out, shape);
    return m;
  };
  return r;
}

Rule rule_zero() {
  // Choice 0 is the canonical mutation: the first dim (N of 5-D, C of 4-D) = 0 in all three tensors. The others
  // vary the dim and the tensors (all three, gradOutput only, self + out so that out keeps self's shape).
  using enum ZeroTargets;
  Rule r = zero_dim_rule(
      "AA.SHAPE.ZERO", kTensors, kInputs, structure_ok,
      {{0, kAll}, {-3, kFirst}, {-2, kRest}, {-1, kAll}, {-4, kFirst}, {0, kRest}, {-3, kAll}, {-1, kFirst}});
  r.cites = {cite(kSeed, "返回值 161002 #5 (gradOutput或self的shape的某一维不大于0)", kSeed)};
  r.text = "no dim of gradOutput or self may be 0 (N included): empty tensors are not supported";
  r.chosen =
      "161002 for a zero dim in gradOutput or self, as 002 and upstream A2/A3 say; PyTorch accepts N = 0; negative "
      "dims are AA.TENSOR.DESCRIPTOR; a zero dim in out alone is AA.SHAPE.OUT (AA.D.EMPTY)";
  return r;
}

Rule rule_nc() {
  Rule r = lead_dims_rule("AA.SHAPE.NC", {kGradOutput}, kSelf, kInputs, structure_ok, 3);
  r.cites = {cite(kSeed, "返回值 161002 #7 (NC维度不一致)", kSeed),
             cite(kSeed, "参数说明: gradOutput (NC维度和self保持一致)", kSeed)};
  r.text = "gradOutput's leading dims (N,C for 5-D, C for 4-D) must equal self's";
  r.classes = numbered_classes(4);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
    const size_t lead = lead_count(*tensor(v, kSelf));
    const size_t i = choice % lead;
    const bool change_inputs = (choice / lead) % 2 == 1;  // else change gradOutput
    const int64_t bump = 1 + static_cast<int64_t>((choice / (2 * lead)) % 2);
    Case m = v;
    if (!change_inputs) {
      TensorArg& go = m.tensor_mut(kGradOutput);
      std::vector<int64_t> shape = go.shape;
      shape[i] = tensor(v, kSelf)->shape[i] + bump;
      reshape(go, shape);
      return m;
    }
    for (const char* name : {kSelf, kOut}) {  // self and out together, so out still matches self
      TensorArg& t = m.tensor_mut(name);
      std::vector<int64_t> shape = t.shape;
      shape[i] = tensor(v, kGradOutput)->shape[i] + bump;
      reshape(t, shape);
    }
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> shape_rules() { return {rule_rank(), rule_out_shape(), rule_zero(), rule_nc()}; }

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
