// The facts one document of the adaptive average-pooling backward fixes. aclnnAdaptiveAvgPool3dBackward's document
// and aclnnAdaptiveAvgPool2dBackward's describe the same call (gradOutput, self, out) on one kernel family and
// share their rules' structure; they differ in these facts: the spatial rank, the SoCs and dtypes, the listed
// formats and which tensors the format rules judge, whether empty tensors are refused, and each rule's citation
// and words.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "spec/rule_words.h"
#include "spec/spec.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

struct Document {
  std::string op;           // the operator table's token
  std::string aclnn;        // the entry point
  std::string seed;         // its seed document
  std::string prefix;       // rule ids' prefix, e.g. "AA"
  size_t spatial_rank = 3;  // 3 (D, H, W) or 2 (H, W); a tensor has one or two leading dims (C or N, C)
  std::vector<PlatformRow> rows;
  std::vector<std::string> refused_socs;   // the platform rule's mutations
  std::vector<Format> formats;             // the listed formats, the first two alternating in the same-format rule
  std::vector<Format> unlisted_formats;    // the format rule's mutations
  std::vector<std::string> format_judged;  // the tensors whose format the document checks
  bool formats_must_match = true;          // a rule ties the tensors' formats together
  bool empty_refused = true;               // a zero dim in gradOutput or self is refused
  RuleWordsById words;                     // by rule id without the prefix, e.g. "SHAPE.NC"
  std::vector<Discrepancy> discrepancies;
  std::vector<StrategyNote> strategies;

  const PlatformRow* row(const Case& c) const;  // the row of a supported SoC, else nullptr
  bool rank_ok(const TensorArg& t) const;       // spatial_rank + 1 or + 2 dims
  bool format_listed(Format f) const;
  size_t lead_count(const TensorArg& t) const;  // N,C or C
  // All three tensors present with valid descriptors, ranks listed and equal.
  bool structure_ok(const Case& c) const;
  // A rule with this document's id and words for it (the words must exist: a missing entry is a logic error).
  Rule dressed(Rule r, const std::string& rule) const;
};

// The spec a document's rules make, in check order.
OperatorSpec spec_of(const Document& d);

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
