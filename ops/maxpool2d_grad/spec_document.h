// The facts one document of the 2-D max-pool backward fixes. aclnnMaxPool2dWithIndicesBackward's document and
// aclnnMaxPool2dWithMaskBackward's describe the same call on the same kernels and share their rules' structure;
// they differ in these facts: the SoCs and dtypes, where NHWC and dilation above 1 are listed, the indices
// tensor's dtype and shape, whether indices hold offsets a rule can judge, and each rule's citation and words.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "case/case.h"
#include "spec/rule_words.h"
#include "spec/spec.h"

namespace poolcheck::spec::maxpool2d_grad {

using Dims2 = std::array<int64_t, 2>;

struct Document {
  std::string op;      // the operator table's token
  std::string aclnn;   // the entry point
  std::string seed;    // its seed document
  std::string prefix;  // rule ids' prefix, e.g. "MP2"
  std::vector<PlatformRow> rows;
  std::vector<std::string> refused_socs;       // the platform rule's mutations
  std::vector<std::string> nhwc_socs;          // where NHWC is listed (none: ND and NCHW only)
  std::vector<std::string> any_dilation_socs;  // where any dilation > 0 is listed (elsewhere only 1)
  // The indices tensor's shape for a case with this gradOutput and kernel (H, W).
  std::function<std::vector<int64_t>(const TensorArg& grad_output, const Dims2& kernel)> indices_shape;
  // Indices hold in-plane offsets the library checks at execute (the index-contract rule exists).
  bool offsets_checked = true;
  RuleWordsById words;  // by rule id without the prefix, e.g. "PADDING.VALUE"
  std::vector<Discrepancy> discrepancies;
  std::vector<StrategyNote> strategies;

  std::string id(const std::string& rule) const { return prefix + "." + rule; }
  const PlatformRow* row(const Case& c) const;  // the row of a supported SoC, else nullptr
  bool nhwc_on(const std::string& soc) const;
  bool any_dilation_on(const std::string& soc) const;
  std::vector<std::string> supported_socs() const;
  // A rule with this document's id and words for it (the words must exist: a missing entry is a logic error).
  Rule dressed(Rule r, const std::string& rule) const;
};

// The words of the rules no document of this call states (null arguments besides self and indices, tensor
// descriptors and extents, equal dtypes and ranks, empty tensors, an overlapping output), each choice naming the
// document's discrepancy by `prefix` (e.g. "MP2.D.NULL_CHECKS").
RuleWordsById unstated_rule_words(const std::string& prefix);

// The spec a document's rules make, in check order.
OperatorSpec spec_of(const Document& d);

}  // namespace poolcheck::spec::maxpool2d_grad
