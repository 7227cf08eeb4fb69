// The shared platform, dtype and format rule builders (see rule_builders.h).
#include <utility>

#include "spec/rule_builders.h"

namespace poolcheck::spec {

std::vector<std::string> one_or_all(const std::vector<std::string>& names, uint64_t choice) {
  const uint64_t target = choice % (names.size() + 1);
  if (target == names.size()) return names;
  return {names[target]};
}

Rule platform_rule(std::string id, RowOf row_of, std::vector<std::string> socs) {
  Rule r;
  r.id = std::move(id);
  r.violated = [row_of](const Case& c) { return !row_of(c); };
  r.classes = numbered_classes(socs.size());
  r.violate = [socs](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    m.platform = socs[choice % socs.size()];
    return m;
  };
  return r;
}

bool dtype_unlisted(const Case& c, const PlatformRow* row, const std::vector<std::string>& names) {
  if (!row) return false;
  for (const std::string& name : names) {
    const TensorArg* t = tensor(c, name);
    if (t && !dtype_listed(*row, t->dtype)) return true;
  }
  return false;
}

Rule dtype_supported_rule(std::string id, std::vector<std::string> names, RowOf row_of, std::vector<DType> bad) {
  Rule r;
  r.id = std::move(id);
  r.violated = [names, row_of](const Case& c) { return dtype_unlisted(c, row_of(c), names); };
  r.classes = numbered_classes(names.size() + 1);
  r.violate = [names, bad](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    for (const std::string& name : one_or_all(names, choice)) m.tensor_mut(name).dtype = bad[choice % bad.size()];
    return m;
  };
  return r;
}

Rule format_supported_rule(std::string id, std::vector<std::string> names, FormatTest supported,
                           std::vector<Format> bad) {
  Rule r;
  r.id = std::move(id);
  r.violated = [names, supported](const Case& c) {
    for (const std::string& name : names) {
      const TensorArg* t = tensor(c, name);
      if (t && !supported(t->format)) return true;
    }
    return false;
  };
  r.classes = numbered_classes(names.size() + 1);
  r.violate = [names, bad](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    for (const std::string& name : one_or_all(names, choice)) m.tensor_mut(name).format = bad[choice % bad.size()];
    return m;
  };
  return r;
}

Rule format_same_rule(std::string id, std::vector<std::string> names, FormatTest supported, Format a, Format b) {
  Rule r;
  r.id = std::move(id);
  r.violated = [names, supported](const Case& c) {
    return present_differ(
        c, names, [](const TensorArg& t) { return t.format; },
        [supported](const TensorArg& t) { return supported(t.format); });
  };
  r.classes = numbered_classes(names.size());
  r.violate = [names, a, b](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    TensorArg& t = m.tensor_mut(names[choice % names.size()]);
    t.format = t.format == a ? b : a;
    return m;
  };
  return r;
}

}  // namespace poolcheck::spec
