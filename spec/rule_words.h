// What one document says of a rule: where, in words, and what was chosen where it is silent. Entry points whose
// documents state the same rules about the same call share the rules' code and differ in these words
// (ops/maxpool2d_grad/spec_document.h, ops/adaptive_avgpool3d_grad/spec_document.h).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "spec/spec.h"

namespace poolcheck::spec {

struct RuleWords {
  std::vector<Citation> cites;
  std::string text;  // empty: the rule builder's own (the tensor-view rules no document states)
  std::string chosen;
  bool in_docs = true;
};

// Rule ids without the document's prefix ("NULL.TENSORS") to their words.
using RuleWordsById = std::map<std::string, RuleWords>;

// `r` with the id `prefix.rule` and the document's words for `rule`. A rule the words lack is a logic error
// (std::logic_error naming `who` and the rule), raised when the spec is built at start-up.
Rule dressed(Rule r, const std::string& prefix, const std::string& rule, const RuleWordsById& words,
             const std::string& who);

}  // namespace poolcheck::spec
