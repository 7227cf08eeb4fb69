// Builders for the null-pointer, list-length and rank rules: the same shapes in every pooling spec, with the
// names, lengths and ranks of the operator's own document.
#include <algorithm>
#include <array>

#include "spec/rule_builders.h"

namespace poolcheck::spec {

Rule null_inputs_rule(std::string id, std::vector<std::string> names) {
  Rule r;
  r.id = std::move(id);
  r.code = kParamNullptr;
  r.violated = [names](const Case& c) {
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return !tensor(c, n); });
  };
  // Each tensor alone, then all of them.
  r.classes = numbered_classes(names.size() + 1);
  r.violate = [names](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    for (const std::string& n : one_or_all(names, choice)) m.tensor_mut(n).present = false;
    return m;
  };
  return r;
}

Rule null_arguments_rule(std::string id, std::vector<std::string> tensors, std::vector<std::string> arrays) {
  Rule r;
  r.id = std::move(id);
  r.code = kParamNullptr;
  r.violated = [tensors, arrays](const Case& c) {
    return std::any_of(tensors.begin(), tensors.end(), [&](const std::string& n) { return !tensor(c, n); }) ||
           std::any_of(arrays.begin(), arrays.end(), [&](const std::string& n) { return !array(c, n); });
  };
  r.classes = numbered_classes(tensors.size() + arrays.size());
  r.violate = [tensors, arrays](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const size_t pick = choice % (tensors.size() + arrays.size());
    if (pick < tensors.size())
      m.tensor_mut(tensors[pick]).present = false;
    else
      m.array_mut(arrays[pick - tensors.size()]).present = false;
    return m;
  };
  return r;
}

Rule list_length_rule(std::string id, std::string list, std::vector<size_t> lens, std::vector<size_t> bad_lens,
                      int64_t fill) {
  Rule r;
  r.id = std::move(id);
  r.violated = [list, lens](const Case& c) {
    const IntArrayArg* a = array(c, list);
    return a && std::find(lens.begin(), lens.end(), a->values.size()) == lens.end();
  };
  r.classes = numbered_classes(bad_lens.size());
  r.violate = [list, bad_lens, fill](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    IntArrayArg& a = m.array_mut(list);
    const int64_t value = a.values.empty() ? fill : a.values.front();  // the values themselves stay valid
    a.values.assign(bad_lens[choice % bad_lens.size()], value);
    return m;
  };
  return r;
}

Rule rank_rule(std::string id, std::vector<std::string> names, std::vector<size_t> ranks,
               std::vector<size_t> bad_ranks) {
  Rule r;
  r.id = std::move(id);
  const auto rank_ok = [ranks](const TensorArg& t) {
    return std::find(ranks.begin(), ranks.end(), t.shape.size()) != ranks.end();
  };
  r.violated = [names, rank_ok](const Case& c) {
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) {
      const TensorArg* t = tensor(c, n);
      return t && !rank_ok(*t);
    });
  };
  // Each tensor alone, then all of them; the bad rank moves with the visit.
  const size_t targets = names.size() + 1;
  r.classes = numbered_classes(targets);
  r.violate = [names, bad_ranks, targets](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const size_t rank = bad_ranks[(choice / targets + choice) % bad_ranks.size()];
    for (const std::string& n : one_or_all(names, choice)) {
      TensorArg& t = m.tensor_mut(n);
      reshape(t, to_rank(t.shape, rank));
    }
    return m;
  };
  return r;
}

Rule same_rank_rule(std::string id, std::vector<std::string> names, std::array<size_t, 2> ranks) {
  Rule r;
  r.id = std::move(id);
  r.violated = [names, ranks](const Case& c) {
    std::optional<size_t> first;
    bool differ = false;
    for (const std::string& n : names) {
      const TensorArg* t = tensor(c, n);
      if (!t || (t->shape.size() != ranks[0] && t->shape.size() != ranks[1])) return false;
      if (first && *first != t->shape.size()) differ = true;
      first = t->shape.size();
    }
    return differ;
  };
  r.classes = numbered_classes(names.size());
  r.violate = [names, ranks](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    TensorArg& t = m.tensor_mut(names[choice % names.size()]);
    reshape(t, to_rank(t.shape, t.shape.size() == ranks[1] ? ranks[0] : ranks[1]));
    return m;
  };
  return r;
}

}  // namespace poolcheck::spec
