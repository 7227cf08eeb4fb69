#include "audit/log_attribution.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace poolcheck::audit {

namespace {

// Identifier-like words in order ("padding[0]=-1" gives "padding").
std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::string w;
  for (char ch : s + " ") {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') {
      w += ch;
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  return out;
}

bool is_argument(const Case& c, const std::string& name) {
  auto named = [&](const auto& list) {
    return std::any_of(list.begin(), list.end(), [&](const auto& entry) { return entry.first == name; });
  };
  return named(c.tensors) || named(c.arrays) || named(c.scalars);
}

// The subjects of a rule's text: what precedes each " must " / " may " ("every padding value must satisfy
// ..."; "self and gradInput formats must be equal, and gradOutput's must ..."), so arguments named only in a
// condition do not count. Without a verb, what precedes a colon ("every tensor: ...").
std::string subjects(const std::string& text) {
  std::string out;
  size_t from = 0;
  for (;;) {
    size_t verb = std::string::npos;
    for (const char* v : {" must ", " may "}) verb = std::min(verb, text.find(v, from));
    if (verb == std::string::npos) break;
    std::string clause = text.substr(from, verb - from);
    if (from > 0) clause = clause.substr(std::min(clause.size(), clause.find_last_of(",;") + 1));
    out += clause + " ";
    from = verb + 1;
  }
  return from > 0 ? out : text.substr(0, text.find(':'));
}

}  // namespace

std::string logged_argument(const Case& c, const std::string& message) {
  for (const auto& w : words(message))
    if (is_argument(c, w)) return w;
  return "";
}

int rule_names_argument(const Case& c, const spec::Rule& rule, const std::string& argument) {
  if (argument.empty()) return -1;
  bool names_any = false;
  for (const auto& w : words(subjects(rule.text))) {
    if (!is_argument(c, w)) continue;
    if (w == argument) return 1;
    names_any = true;
  }
  return names_any ? 0 : -1;
}

}  // namespace poolcheck::audit
