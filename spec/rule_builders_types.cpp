// The shared platform, dtype and format rule builders (see rule_builders.h).
#include <algorithm>
#include <array>
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

namespace poolcheck::spec {

Rule index_dtype_rule(std::string id, std::string indices, RowOf row_of, std::vector<std::string> int32_only) {
  Rule r;
  r.id = std::move(id);
  const auto listed = [](const PlatformRow& row, DType d) {
    return std::find(row.index_dtypes.begin(), row.index_dtypes.end(), d) != row.index_dtypes.end();
  };
  r.violated = [indices, row_of, listed](const Case& c) {
    const TensorArg* idx = tensor(c, indices);
    const PlatformRow* row = row_of(c);
    return idx && row && !listed(*row, idx->dtype);
  };
  // INT64 is refused only where the row lists INT32 alone: that class is drawn there.
  const auto int64_where_int32_only = [indices, int32_only](const Case& c) {
    const TensorArg* idx = tensor(c, indices);
    return idx && idx->dtype == DType::I64 &&
           std::find(int32_only.begin(), int32_only.end(), c.platform) != int32_only.end();
  };
  r.classes = {{"int64-where-int32-only", {}, std::move(int32_only), "", int64_where_int32_only},
               {"narrow-int", {}, {}, ""},
               {"floating", {}, {}, ""},
               {"bool-or-undefined", {}, {}, ""}};
  r.violate = [indices, row_of, listed](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<std::vector<DType>, 4> kByClass{
        std::vector<DType>{DType::I64}, std::vector<DType>{DType::I16, DType::I8, DType::U8},
        std::vector<DType>{DType::F32, DType::F16, DType::F64}, std::vector<DType>{DType::Bool, DType::Undefined}};
    const PlatformRow* row = row_of(v);
    if (!row) return std::nullopt;
    // The class's dtypes the row does not list (INT8 is an index dtype of a mask); INT64 where listed is valid.
    std::vector<DType> bad = kByClass[choice % 4];
    std::erase_if(bad, [&](DType d) { return listed(*row, d); });
    if (bad.empty()) return std::nullopt;
    const DType d = bad[(choice / 4) % bad.size()];
    Case m = v;
    m.tensor_mut(indices).dtype = d;
    return m;
  };
  return r;
}

Rule same_dtype_rule(std::string id, std::string reference, std::vector<std::string> others, RowOf row_of) {
  Rule r;
  r.id = std::move(id);
  r.violated = [reference, others, row_of](const Case& c) {
    const TensorArg* ref = tensor(c, reference);
    const PlatformRow* row = row_of(c);
    if (!ref || !row || !dtype_listed(*row, ref->dtype)) return false;
    return std::any_of(others.begin(), others.end(), [&](const std::string& n) {
      const TensorArg* t = tensor(c, n);
      return t && t->dtype != ref->dtype;
    });
  };
  r.classes = numbered_classes(others.size());
  r.violate = [reference, others](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const DType ref_dt = m.tensor_mut(reference).dtype;
    std::vector<DType> other;
    for (DType d : {DType::F32, DType::F16, DType::BF16, DType::F64, DType::I32})
      if (d != ref_dt) other.push_back(d);
    m.tensor_mut(others[choice % others.size()]).dtype = other[(choice / others.size()) % other.size()];
    return m;
  };
  return r;
}

}  // namespace poolcheck::spec
