#include "case/depth_axis.h"

#include <stdexcept>

namespace poolcheck {

namespace {

// The depth axis sits before H: index 1 of (C,D,H,W), index 2 of (N,C,D,H,W).
Format lifted_format(Format f) {
  if (f == Format::NCHW) return Format::NCDHW;
  if (f == Format::NHWC) return Format::NDHWC;
  return f;
}

Format lowered_format(Format f) {
  if (f == Format::NCDHW) return Format::NCHW;
  if (f == Format::NDHWC) return Format::NHWC;
  return f;
}

TensorArg lift_tensor(const std::string& name, const TensorArg& t) {
  TensorArg out = t;
  if (!t.present) return out;
  const size_t r = t.shape.size();
  if (r != 3 && r != 4)
    throw std::invalid_argument("depth axis: " + name + " has rank " + std::to_string(r) +
                                "; a 2-D pooling tensor has rank 3 (C,H,W) or 4 (N,C,H,W)");
  const size_t at = r - 2;
  out.shape.insert(out.shape.begin() + static_cast<std::ptrdiff_t>(at), 1);
  if (!t.strides.empty())  // any stride addresses a length-one axis; this one keeps a dense view dense
    out.strides.insert(out.strides.begin() + static_cast<std::ptrdiff_t>(at), t.strides[at] * t.shape[at]);
  out.format = lifted_format(t.format);
  return out;
}

std::optional<TensorArg> lower_tensor(const TensorArg& t) {
  TensorArg out = t;
  if (!t.present) return out;
  const size_t r = t.shape.size();
  if ((r != 4 && r != 5) || t.shape[r - 3] != 1) return std::nullopt;
  const auto at = static_cast<std::ptrdiff_t>(r - 3);
  out.shape.erase(out.shape.begin() + at);
  if (!t.strides.empty()) out.strides.erase(out.strides.begin() + at);
  out.format = lowered_format(t.format);
  return out;
}

std::vector<int64_t> lift_values(const std::string& name, const std::vector<int64_t>& v, int64_t depth) {
  if (v.empty()) return v;
  if (v.size() == 1) return {depth, v[0], v[0]};
  if (v.size() == 2) return {depth, v[0], v[1]};
  throw std::invalid_argument("depth axis: " + name + " has " + std::to_string(v.size()) +
                              " values; a 2-D pooling list has 0, 1 or 2");
}

std::optional<std::vector<int64_t>> lower_values(const std::vector<int64_t>& v, int64_t depth) {
  if (v.empty()) return v;
  if (v.size() == 1 && v[0] == depth) return v;
  if (v.size() == 3 && v[0] == depth) return std::vector<int64_t>{v[1], v[2]};
  return std::nullopt;
}

template <typename Pairs, typename Fn>
bool rename_all(const Pairs& from, Pairs* to, const std::vector<DepthAxisMapping::Renamed>& names, bool lift,
                Fn convert) {
  to->clear();
  for (const auto& n : names) {
    const std::string& src = lift ? n.entry : n.family;
    for (const auto& [name, value] : from)
      if (name == src) {
        auto converted = convert(name, value);
        if (!converted) return false;
        to->emplace_back(lift ? n.family : n.entry, *converted);
      }
  }
  return true;
}

template <typename Fills>
void rename_fills(Fills* fills, const std::vector<DepthAxisMapping::Renamed>& names, bool lift) {
  for (auto& [name, fill] : *fills)
    for (const auto& n : names)
      if (name == (lift ? n.entry : n.family)) {
        name = lift ? n.family : n.entry;
        break;
      }
}

}  // namespace

Case with_depth_axis(const Case& entry, const DepthAxisMapping& m) {
  Case c = entry;
  c.op = m.family_op;
  rename_all(entry.tensors, &c.tensors, m.tensors, true,
             [](const std::string& name, const TensorArg& t) { return std::optional(lift_tensor(name, t)); });
  c.arrays.clear();
  for (const auto& a : m.arrays)
    for (const auto& [name, value] : entry.arrays)
      if (name == a.entry)
        c.arrays.emplace_back(a.family, IntArrayArg{value.present, lift_values(name, value.values, a.depth)});
  rename_all(entry.scalars, &c.scalars, m.scalars, true,
             [](const std::string&, int64_t v) { return std::optional(v); });
  rename_fills(&c.tensor_fills, m.tensors, true);
  return c;
}

std::optional<Case> without_depth_axis(const Case& family, const DepthAxisMapping& m) {
  Case c = family;
  c.op = m.entry_op;
  if (!rename_all(family.tensors, &c.tensors, m.tensors, false,
                  [](const std::string&, const TensorArg& t) { return lower_tensor(t); }))
    return std::nullopt;
  c.arrays.clear();
  for (const auto& a : m.arrays)
    for (const auto& [name, value] : family.arrays)
      if (name == a.family) {
        const auto lowered = lower_values(value.values, a.depth);
        if (!lowered) return std::nullopt;
        c.arrays.emplace_back(a.entry, IntArrayArg{value.present, *lowered});
      }
  rename_all(family.scalars, &c.scalars, m.scalars, false,
             [](const std::string&, int64_t v) { return std::optional(v); });
  rename_fills(&c.tensor_fills, m.tensors, false);
  return c;
}

}  // namespace poolcheck
