#include "spec/rule_words.h"

#include <stdexcept>

namespace poolcheck::spec {

Rule dressed(Rule r, const std::string& prefix, const std::string& rule, const RuleWordsById& words,
             const std::string& who) {
  const auto w = words.find(rule);
  if (w == words.end()) throw std::logic_error(who + ": the document's words lack rule " + rule);
  r.id = prefix + "." + rule;
  r.cites = w->second.cites;
  if (!w->second.text.empty()) r.text = w->second.text;
  r.chosen = w->second.chosen;
  r.in_docs = w->second.in_docs;
  return r;
}

}  // namespace poolcheck::spec
