// The shared shape rule builders (see rule_builders.h).
#include <utility>

#include "spec/rule_builders.h"

namespace poolcheck::spec {

Rule same_shape_rule(std::string id, std::string subject, std::string reference, CaseTest well_formed) {
  Rule r;
  r.id = std::move(id);
  r.violated = [subject, reference, well_formed](const Case& c) {
    return well_formed(c) && tensor(c, subject)->shape != tensor(c, reference)->shape;
  };
  r.classes = numbered_classes(4);
  r.violate = [subject, well_formed](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!well_formed(v)) return std::nullopt;
    Case m = v;
    TensorArg& t = m.tensor_mut(subject);
    std::vector<int64_t> shape = t.shape;
    const size_t dim = choice % shape.size();
    shape[dim] += 1 + static_cast<int64_t>((choice / shape.size()) % 2);
    reshape(t, shape);
    return m;
  };
  return r;
}

Rule zero_dim_rule(std::string id, std::vector<std::string> names, std::vector<std::string> checked,
                   CaseTest well_formed, std::vector<ZeroDim> variants) {
  Rule r;
  r.id = std::move(id);
  r.violated = [checked, well_formed](const Case& c) { return well_formed(c) && any_zero_dim(c, checked); };
  r.classes = numbered_classes(variants.size());
  r.violate = [names, well_formed, variants](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!well_formed(v)) return std::nullopt;
    const ZeroDim z = variants[choice % variants.size()];
    Case m = v;
    for (size_t i = 0; i < names.size(); ++i) {
      if ((z.targets == ZeroTargets::kFirst && i != 0) || (z.targets == ZeroTargets::kRest && i == 0)) continue;
      TensorArg& t = m.tensor_mut(names[i]);
      std::vector<int64_t> shape = t.shape;  // well_formed: every rank is the same
      shape[z.dim >= 0 ? static_cast<size_t>(z.dim) : shape.size() - static_cast<size_t>(-z.dim)] = 0;
      reshape(t, shape);
    }
    return m;
  };
  return r;
}

Rule lead_dims_rule(std::string id, std::vector<std::string> changed, std::string reference,
                    std::vector<std::string> checked, CaseTest well_formed, size_t spatial) {
  Rule r;
  r.id = std::move(id);
  r.violated = [changed, reference, checked, well_formed, spatial](const Case& c) {
    if (!well_formed(c) || any_zero_dim(c, checked)) return false;
    const TensorArg& subject = *tensor(c, changed.front());
    const TensorArg& ref = *tensor(c, reference);
    for (size_t i = 0; i < ref.shape.size() - spatial; ++i)
      if (subject.shape[i] != ref.shape[i]) return true;
    return false;
  };
  r.classes = numbered_classes(2);
  r.violate = [changed, reference, well_formed, spatial](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!well_formed(v)) return std::nullopt;
    const TensorArg& ref = *tensor(v, reference);
    const size_t i = choice % (ref.shape.size() - spatial);
    const int64_t value = ref.shape[i] + 1 + static_cast<int64_t>((choice / 2) % 2);
    Case m = v;
    for (const std::string& name : changed) {
      TensorArg& t = m.tensor_mut(name);
      std::vector<int64_t> shape = t.shape;
      shape[i] = value;
      reshape(t, shape);
    }
    return m;
  };
  return r;
}

}  // namespace poolcheck::spec
