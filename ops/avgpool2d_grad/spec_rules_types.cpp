// The average-pool rules on the platform, dtypes, formats and ranks.
#include <array>

#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

Rule rule_platform(const Document& d) {
  return d.dressed(platform_rule(
                       "", [&d](const Case& c) { return d.row(c); }, d.refused_socs),
                   "PLATFORM");
}

Rule rule_dtype_supported(const Document& d) {
  return d.dressed(dtype_supported_rule(
                       "", d.tensors(), [&d](const Case& c) { return d.row(c); }, kNonFloatDTypes),
                   "DTYPE.SUPPORTED");
}

Rule rule_dtype_same(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) {
    const PlatformRow* row = d.row(c);
    return row && present_differ(
                      c, d.dtype_tied, [](const TensorArg& t) { return t.dtype; },
                      [row](const TensorArg& t) { return dtype_listed(*row, t.dtype); });
  };
  r.classes = numbered_classes(d.dtype_tied.size());
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const size_t tied = d.dtype_tied.size();
    Case m = v;
    TensorArg& t = m.tensor_mut(d.dtype_tied[choice % tied]);
    std::vector<DType> other;
    for (DType dt : {DType::F32, DType::F16, DType::BF16})
      if (dt != t.dtype) other.push_back(dt);
    t.dtype = other[(choice / tied) % other.size()];
    return m;
  };
  return d.dressed(r, "DTYPE.SAME");
}

Rule rule_format_supported(const Document& d) {
  return d.dressed(format_supported_rule(
                       "", d.tensors(), [&d](Format f) { return d.format_listed(f); }, d.unlisted_formats),
                   "FORMAT.SUPPORTED");
}

Rule rule_format_same(const Document& d) {
  return d.dressed(format_same_rule(
                       "", d.tensors(), [&d](Format f) { return d.format_listed(f); }, d.formats[0], d.formats[1]),
                   "FORMAT.SAME");
}

// Ranks listed and all equal, and - where the document's format names the rank, once the formats are listed and
// equal - the format the rank implies (formats[0] batched, formats[1] unbatched).
bool ranks_and_label_ok(const Document& d, const Case& c) {
  std::optional<size_t> rank;
  std::optional<Format> format;
  bool same_format = true;
  for (const std::string& name : d.tensors()) {
    const TensorArg* t = tensor(c, name);
    if (!t) continue;
    if (!d.rank_ok(*t) || (rank && *rank != t->shape.size())) return false;
    if (format && *format != t->format) same_format = false;
    rank = t->shape.size();
    format = t->format;
  }
  if (!d.format_names_rank || !rank || !same_format || !d.format_listed(*format)) return true;
  return *format == (*rank == d.spatial_rank + 2 ? d.formats[0] : d.formats[1]);
}

Rule rule_rank(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) { return !ranks_and_label_ok(d, c); };
  const size_t kinds = d.format_names_rank ? 4 : 3;
  r.classes = numbered_classes(kinds);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const size_t batched = d.spatial_rank + 2, unbatched = d.spatial_rank + 1;
    const std::array<size_t, 4> bad_ranks{d.spatial_rank, d.spatial_rank + 3, 1, 0};
    const std::vector<std::string> names = d.tensors();
    Case m = v;
    const size_t target = (choice / 4 + choice) % 3;
    switch (choice % (d.format_names_rank ? 4 : 3)) {
      case 0: {  // one tensor to the other listed rank (its format label left as it was)
        TensorArg& t = m.tensor_mut(names[target]);
        reshape(t, to_rank(t.shape, t.shape.size() == batched ? unbatched : batched));
        break;
      }
      case 1: {  // one tensor to an unlisted rank
        TensorArg& t = m.tensor_mut(names[target]);
        reshape(t, to_rank(t.shape, bad_ranks[(choice / 4) % 2]));
        break;
      }
      case 2:  // all three to an unlisted rank
        for (const std::string& name : names) {
          TensorArg& t = m.tensor_mut(name);
          reshape(t, to_rank(t.shape, bad_ranks[2 + (choice / 4) % 2]));
        }
        break;
      default:  // the shapes stay, all three get the other rank's format
        for (const std::string& name : names) {
          TensorArg& t = m.tensor_mut(name);
          t.format = t.format == d.formats[0] ? d.formats[1] : d.formats[0];
        }
        break;
    }
    return m;
  };
  return d.dressed(r, "RANK");
}

}  // namespace

std::vector<Rule> type_rules(const Document& d) {
  return {rule_platform(d),         rule_dtype_supported(d), rule_dtype_same(d),
          rule_format_supported(d), rule_format_same(d),     rule_rank(d)};
}

}  // namespace poolcheck::spec::avgpool2d_grad
