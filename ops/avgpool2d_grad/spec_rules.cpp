// The average-pool rules on null pointers, tensor descriptors and output aliasing, and the spec a document's rules
// make.
#include <stdexcept>

#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace avgpool2d_grad {

namespace {

Rule rule_null_tensors(const Document& d) {
  Rule r;
  r.code = kParamNullptr;
  const std::string result = d.result();
  r.violated = [result](const Case& c) {
    return !tensor(c, kGradOutput) || !tensor(c, kSelf) || !tensor(c, result) || !array(c, kKernelSize) ||
           !array(c, kPadding);
  };
  r.classes = numbered_classes(6);
  r.violate = [result](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    switch (choice % 6) {
      case 0:
        m.tensor_mut(kGradOutput).present = false;
        break;
      case 1:
        m.tensor_mut(kSelf).present = false;
        break;
      case 2:
        m.array_mut(kKernelSize).present = false;
        break;
      case 3:
        m.array_mut(kPadding).present = false;
        break;
      case 4:
        m.tensor_mut(result).present = false;
        break;
      default:  // several at once, together with the (legal) null stride
        m.tensor_mut(kSelf).present = false;
        m.array_mut(kPadding).present = false;
        m.array_mut(kStride).present = false;
        break;
    }
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> null_and_tensor_rules(const Document& d) {
  return {d.dressed(out_params_rule(""), "NULL.OUT_PARAMS"), d.dressed(rule_null_tensors(d), "NULL.TENSORS"),
          d.dressed(descriptor_rule("", d.tensors()), "TENSOR.DESCRIPTOR"),
          d.dressed(extent_rule("", d.tensors()), "TENSOR.EXTENT")};
}

std::vector<Rule> output_rules(const Document& d) {
  return {d.dressed(overlap_rule("", d.result()), "OUTPUT.OVERLAP")};
}

OperatorSpec spec_of(const Document& d) {
  if (d.tensor_names.size() != 3 || d.tensor_names[0] != kGradOutput || d.tensor_names[1] != kSelf)
    throw std::logic_error(d.op + ": a document's tensors are gradOutput, self and its result");
  OperatorSpec s;
  s.op = d.op;
  s.aclnn_name = d.aclnn;
  s.seeds = {d.seed};
  for (auto group : {null_and_tensor_rules, type_rules, param_rules, shape_rules, output_rules})
    for (Rule& r : group(d)) s.rules.push_back(std::move(r));
  s.discrepancies = d.discrepancies;
  s.platforms = d.rows;
  s.strategies = d.strategies;
  return s;
}

const Document& document_001() {
  static const Document d = [] {
    Document x;
    x.op = "avgpool2d_grad";
    x.aclnn = "aclnnAvgPool2dBackward";
    x.seed = "001";
    x.prefix = "AP";
    x.spatial_rank = 2;
    x.tensor_names = {kGradOutput, kSelf, ::poolcheck::avgpool2d_grad::kGradInput};
    x.rows = platform_rows_001();
    x.refused_socs = {"Ascend950", "Ascend310P", "Ascend910",  "Ascend310B",
                      "Ascend999", "",           "ascend910b", "Ascend910_9391"};
    x.formats = {Format::NCHW, Format::NCL};
    x.unlisted_formats = {Format::ND,      Format::NHWC,     Format::NCDHW,    Format::NDHWC,
                          Format::NC1HWC0, Format::FractalZ, Format::NDC1HWC0, Format::Undefined};
    x.format_names_rank = true;
    x.dtype_tied = x.tensors();
    x.words = words_001();
    x.discrepancies = discrepancies_001();
    x.strategies = strategies();
    return x;
  }();
  return d;
}

}  // namespace avgpool2d_grad

const OperatorSpec& avgpool2d_grad::operator_spec() {
  static const OperatorSpec spec = avgpool2d_grad::spec_of(avgpool2d_grad::document_001());
  return spec;
}

}  // namespace poolcheck::spec
