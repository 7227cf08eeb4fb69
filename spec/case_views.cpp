// Shared read-only views of a Case (see case_views.h).
#include "spec/case_views.h"

#include <algorithm>
#include <utility>

namespace poolcheck::spec {

const TensorArg* tensor(const Case& c, const std::string& name) {
  const TensorArg* t = c.tensor(name);
  return t && t->present ? t : nullptr;
}

const IntArrayArg* array(const Case& c, const std::string& name) {
  const IntArrayArg* a = c.array(name);
  return a && a->present ? a : nullptr;
}

bool descriptor_ok(const TensorArg& t) {
  if (t.offset < 0) return false;
  if (!t.strides.empty() && t.strides.size() != t.shape.size()) return false;
  for (int64_t d : t.shape)
    if (d < 0) return false;
  for (int64_t s : t.strides)
    if (s < 0) return false;
  // An empty view has extent 0 without looking at strides, so the checks above must come first.
  return view_extent_elems(t).has_value();
}

bool has_zero_dim(const TensorArg& t) { return std::find(t.shape.begin(), t.shape.end(), 0) != t.shape.end(); }

bool may_overlap(const TensorArg& t) {
  if (has_zero_dim(t)) return false;
  const auto strides = effective_strides(t);
  std::vector<std::pair<int64_t, int64_t>> dims;  // (stride, size) of dims that move
  for (size_t i = 0; i < t.shape.size(); ++i)
    if (t.shape[i] > 1) dims.emplace_back(strides[i], t.shape[i]);
  std::sort(dims.begin(), dims.end());
  int64_t span = 1;  // elements spanned by the smaller-stride dims; cannot overflow on a valid descriptor
  for (const auto& [stride, size] : dims) {
    if (stride < span) return true;
    span += (size - 1) * stride;
  }
  return false;
}

bool tensors_well_formed(const Case& c, const std::vector<std::string>& names, std::initializer_list<size_t> ranks) {
  std::optional<size_t> rank;
  for (const std::string& name : names) {
    const TensorArg* t = tensor(c, name);
    if (!t || !descriptor_ok(*t) || std::find(ranks.begin(), ranks.end(), t->shape.size()) == ranks.end()) return false;
    if (rank && t->shape.size() != *rank) return false;
    rank = t->shape.size();
  }
  return true;
}

bool any_zero_dim(const Case& c, const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    const TensorArg* t = tensor(c, name);
    if (t && has_zero_dim(*t)) return true;
  }
  return false;
}

bool len_in(const IntArrayArg* a, std::initializer_list<size_t> lens) {
  return a && std::find(lens.begin(), lens.end(), a->values.size()) != lens.end();
}

bool all_positive(const IntArrayArg& a) {
  return std::all_of(a.values.begin(), a.values.end(), [](int64_t v) { return v > 0; });
}

void reshape(TensorArg& t, std::vector<int64_t> shape) {
  t.shape = std::move(shape);
  t.strides.clear();
  t.alloc_elems = -1;
}

std::vector<int64_t> to_rank(const std::vector<int64_t>& shape, size_t rank) {
  if (rank <= shape.size()) return {shape.end() - static_cast<std::ptrdiff_t>(rank), shape.end()};
  std::vector<int64_t> out(rank - shape.size(), 1);
  out.insert(out.end(), shape.begin(), shape.end());
  return out;
}

const PlatformRow* supported_platform(const std::vector<PlatformRow>& rows, const std::string& soc) {
  for (const PlatformRow& r : rows)
    if (r.soc == soc) return r.supported ? &r : nullptr;
  return nullptr;
}

bool dtype_listed(const PlatformRow& row, DType d) {
  return std::find(row.dtypes.begin(), row.dtypes.end(), d) != row.dtypes.end();
}

}  // namespace poolcheck::spec
