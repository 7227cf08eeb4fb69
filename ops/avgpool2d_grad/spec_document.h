// The facts one document of the fixed-window average-pooling backward fixes. aclnnAvgPool2dBackward's document and
// aclnnAvgPool3dBackward's describe the same call (gradOutput, self, kernelSize, stride, padding, ceilMode,
// countIncludePad, divisorOverride, then cubeMathType for 2-D, then the result) on one kernel family and state the
// same rules; they differ in these facts: the spatial rank, the result's name, the SoCs and dtypes, the listed
// formats and whether a format names the rank, which dtypes are tied together, the 2-D call's cubeMathType and
// divisor range, whether empty tensors are refused, and each rule's citation and words.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "spec/rule_words.h"
#include "spec/spec.h"

namespace poolcheck::spec::avgpool2d_grad {

struct Document {
  std::string op;           // the operator table's token
  std::string aclnn;        // the entry point
  std::string seed;         // its seed document
  std::string prefix;       // rule ids' prefix, e.g. "AP"
  size_t spatial_rank = 2;  // 2 (H, W) or 3 (D, H, W); a tensor has one or two leading dims (C or N, C)
  std::vector<PlatformRow> rows;
  std::vector<std::string> refused_socs;  // the platform rule's mutations
  std::vector<Format> formats;            // the listed formats, the first two alternating in the same-format rule
  std::vector<Format> unlisted_formats;   // the format rule's mutations
  bool format_names_rank = true;          // a batched tensor carries formats[0], an unbatched one formats[1]
  std::vector<std::string> dtype_tied;    // the tensors whose dtypes must agree
  bool cube_math = true;                  // the call takes cubeMathType (and its rule)
  bool divisor_in_int32 = true;           // divisorOverride is held to int32
  bool empty_refused = true;              // a zero dim in any tensor is refused
  RuleWordsById words;                    // by rule id without the prefix, e.g. "SHAPE.POOLED"
  std::vector<Discrepancy> discrepancies;
  std::vector<StrategyNote> strategies;

  // gradOutput, self, then the result (gradInput, output): the call's tensors, named once.
  std::vector<std::string> tensor_names;

  const std::vector<std::string>& tensors() const { return tensor_names; }
  const std::string& result() const { return tensor_names.back(); }
  const PlatformRow* row(const Case& c) const;  // the row of a supported SoC, else nullptr
  bool rank_ok(const TensorArg& t) const;       // spatial_rank + 1 or + 2 dims
  bool format_listed(Format f) const;
  // All three tensors present with valid descriptors, ranks listed and equal.
  bool structure_ok(const Case& c) const;
  // A rule with this document's id and words for it (the words must exist: a missing entry is a logic error).
  Rule dressed(Rule r, const std::string& rule) const;
};

// The spec a document's rules make, in check order.
OperatorSpec spec_of(const Document& d);

// aclnnAvgPool2dBackward's document (seed 001).
const Document& document_001();

}  // namespace poolcheck::spec::avgpool2d_grad
