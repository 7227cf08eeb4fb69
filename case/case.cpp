#include "case/case.h"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "case/int_math.h"

namespace poolcheck {

namespace {

template <typename Entry>
auto* find_entry(std::vector<std::pair<std::string, Entry>>& entries, const std::string& name) {
  for (auto& e : entries)
    if (e.first == name) return &e.second;
  return static_cast<Entry*>(nullptr);
}

template <typename Entry>
const Entry* find_entry(const std::vector<std::pair<std::string, Entry>>& entries, const std::string& name) {
  for (const auto& e : entries)
    if (e.first == name) return &e.second;
  return nullptr;
}

template <typename Entry>
Entry& find_or_add(std::vector<std::pair<std::string, Entry>>& entries, const std::string& name) {
  if (auto* e = find_entry(entries, name)) return *e;
  entries.emplace_back(name, Entry{});
  return entries.back().second;
}

struct DTypeInfo {
  DType dt;
  const char* name;
  int64_t size;
};
constexpr std::array<DTypeInfo, 11> kDTypes{{{DType::F32, "f32", 4},
                                             {DType::F16, "f16", 2},
                                             {DType::BF16, "bf16", 2},
                                             {DType::F64, "f64", 8},
                                             {DType::I8, "i8", 1},
                                             {DType::U8, "u8", 1},
                                             {DType::I16, "i16", 2},
                                             {DType::I32, "i32", 4},
                                             {DType::I64, "i64", 8},
                                             {DType::Bool, "bool", 1},
                                             {DType::Undefined, "undef", 0}}};

struct FormatInfo {
  Format f;
  const char* name;
};
constexpr std::array<FormatInfo, 10> kFormats{{{Format::ND, "ND"},
                                               {Format::NCHW, "NCHW"},
                                               {Format::NHWC, "NHWC"},
                                               {Format::NCDHW, "NCDHW"},
                                               {Format::NDHWC, "NDHWC"},
                                               {Format::NCL, "NCL"},
                                               {Format::NC1HWC0, "NC1HWC0"},
                                               {Format::FractalZ, "FRACTAL_Z"},
                                               {Format::NDC1HWC0, "NDC1HWC0"},
                                               {Format::Undefined, "UNDEFINED"}}};

}  // namespace

const TensorArg* Case::tensor(const std::string& name) const { return find_entry(tensors, name); }
const IntArrayArg* Case::array(const std::string& name) const { return find_entry(arrays, name); }
std::optional<int64_t> Case::scalar(const std::string& name) const {
  if (const int64_t* v = find_entry(scalars, name)) return *v;
  return std::nullopt;
}
const TensorFill* Case::tensor_fill(const std::string& name) const { return find_entry(tensor_fills, name); }
TensorArg& Case::tensor_mut(const std::string& name) {
  if (auto* t = const_cast<TensorArg*>(tensor(name))) return *t;
  throw std::logic_error(op + " case has no tensor '" + name + "'");
}

IntArrayArg& Case::array_mut(const std::string& name) {
  if (auto* a = const_cast<IntArrayArg*>(array(name))) return *a;
  throw std::logic_error(op + " case has no int array '" + name + "'");
}

void Case::set_scalar(const std::string& name, int64_t value) { find_or_add(scalars, name) = value; }

int64_t dtype_size(DType dt) {
  for (const auto& d : kDTypes)
    if (d.dt == dt) return d.size;
  return 0;
}

const char* dtype_name(DType dt) {
  for (const auto& d : kDTypes)
    if (d.dt == dt) return d.name;
  return "undef";
}

std::optional<DType> parse_dtype(const std::string& name) {
  for (const auto& d : kDTypes)
    if (name == d.name) return d.dt;
  return std::nullopt;
}

const char* format_name(Format f) {
  for (const auto& e : kFormats)
    if (e.f == f) return e.name;
  return "UNDEFINED";
}

std::optional<Format> parse_format(const std::string& name) {
  for (const auto& e : kFormats)
    if (name == e.name) return e.f;
  return std::nullopt;
}

Case normalized(Case c) {
  for (auto& [name, t] : c.tensors) {
    if (!t.present) {  // a null pointer carries no descriptor
      t = TensorArg{};
      t.present = false;
    }
    if (is_contiguous(t.shape, t.strides)) t.strides.clear();
  }
  for (auto& [name, a] : c.arrays)
    if (!a.present) a.values.clear();
  return c;
}

std::optional<std::vector<int64_t>> checked_contiguous_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) {
    const auto s = checked_mul(strides[i], std::max<int64_t>(shape[i], 1));
    if (!s) return std::nullopt;
    strides[i - 1] = *s;
  }
  return strides;
}

std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape) {
  auto strides = checked_contiguous_strides(shape);
  if (!strides) throw std::invalid_argument(contiguous_strides_overflow(shape));
  return *strides;
}

std::string contiguous_strides_overflow(const std::vector<int64_t>& shape) {
  std::string dims;
  for (size_t i = 0; i < shape.size(); ++i) dims += (i ? "x" : "") + std::to_string(shape[i]);
  return "shape " + dims +
         " has a contiguous stride past INT64_MAX (a stride is the product of the dims after it); give the tensor "
         "explicit strides (:st=...)";
}

// Walked from the last axis without building the contiguous strides: this runs for every tensor of every case.
bool is_contiguous(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
  if (strides.size() != shape.size()) return false;
  int64_t expected = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    if (strides[i] != expected) return false;
    if (i == 0) break;
    const auto next = checked_mul(expected, std::max<int64_t>(shape[i], 1));
    if (!next) return false;
    expected = *next;
  }
  return true;
}

namespace {

// Whether every contiguous stride of `shape` fits int64 (what contiguous_strides would build), without building them.
bool contiguous_strides_fit(const std::vector<int64_t>& shape) {
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 1;) {
    const auto next = checked_mul(stride, std::max<int64_t>(shape[i], 1));
    if (!next) return false;
    stride = *next;
  }
  return true;
}

// A tensor without explicit strides is contiguous; its strides must fit as contiguous_strides requires.
void require_contiguous_strides_fit(const TensorArg& t) {
  if (!contiguous_strides_fit(t.shape)) throw std::invalid_argument(contiguous_strides_overflow(t.shape));
}

}  // namespace

std::vector<int64_t> effective_strides(const TensorArg& t) {
  return t.strides.empty() ? contiguous_strides(t.shape) : t.strides;
}

ElementOffsets view_element_offsets(const TensorArg& t) {
  const auto count = element_count(t.shape).value_or(0);
  if (t.strides.empty()) require_contiguous_strides_fit(t);
  const std::vector<int64_t>& strides = t.strides;
  ElementOffsets offs(static_cast<size_t>(count));
  if (strides.empty() || is_contiguous(t.shape, strides)) {  // dense: no odometer walk
    std::iota(offs.begin(), offs.end(), t.offset);
    return offs;
  }
  // Row by row along the last dimension (a tight loop), the outer dimensions stepped as an odometer between rows.
  const size_t rank = t.shape.size();
  if (rank == 0) {  // one element, whatever strides it was given
    offs[0] = t.offset;
    return offs;
  }
  const int64_t row = t.shape[rank - 1], step = strides[rank - 1];
  std::vector<int64_t> idx(rank, 0);
  int64_t at = t.offset;
  for (int64_t i = 0; i < count; i += row) {
    int64_t* out = offs.data() + i;
    for (int64_t j = 0; j < row; ++j) out[j] = at + j * step;
    for (size_t d = rank - 1; d-- > 0;) {
      if (++idx[d] < t.shape[d]) {
        at += strides[d];
        break;
      }
      at -= strides[d] * (t.shape[d] - 1);
      idx[d] = 0;
    }
  }
  return offs;
}

// Whether a view's element offsets, in dense order, strictly rise: they do exactly when every axis longer than one
// steps further than all the axes inside it reach together (then each carry of the odometer moves forward). Decided
// from the strides, not the offsets; a view whose reach does not fit int64 is walked instead.
bool view_offsets_rise(const TensorArg& t) {
  if (t.strides.empty()) {  // contiguous: each axis steps past everything inside it
    require_contiguous_strides_fit(t);
    return true;
  }
  const std::vector<int64_t>& strides = t.strides;
  if (strides.size() != t.shape.size()) return false;  // not a view to walk: never taken as rising
  if (element_count(t.shape).value_or(1) == 0) return true;
  int64_t inner_reach = 0;  // how far the axes inside the current one move, together
  for (size_t d = t.shape.size(); d-- > 0;) {
    if (t.shape[d] == 1) continue;
    if (strides[d] <= inner_reach) return false;
    const auto reach = checked_mul(strides[d], t.shape[d] - 1);
    const auto total = reach ? checked_add(inner_reach, *reach) : std::nullopt;
    if (!total) {
      const ElementOffsets offs = view_element_offsets(t);
      return std::adjacent_find(offs.begin(), offs.end(), std::greater_equal<>()) == offs.end();
    }
    inner_reach = *total;
  }
  return true;
}

std::optional<int64_t> element_count(const std::vector<int64_t>& shape) {
  std::optional<int64_t> n = 1;
  for (int64_t d : shape) {
    if (d < 0 || !(n = checked_mul(*n, d))) return std::nullopt;
  }
  return n;
}

std::optional<int64_t> view_extent_elems(const TensorArg& t) {
  const auto count = element_count(t.shape);
  if (!count || t.offset < 0) return std::nullopt;
  if (*count == 0) return 0;
  // Contiguous: the last element is count - 1 past the offset (the strides fit, every axis being at least 1 long).
  if (t.strides.empty()) return checked_add(t.offset, *count);
  const std::vector<int64_t>& strides = t.strides;
  if (strides.size() != t.shape.size()) return std::nullopt;
  std::optional<int64_t> reach = t.offset;
  for (size_t i = 0; i < t.shape.size(); ++i) {
    if (strides[i] < 0) return std::nullopt;
    const auto step = checked_mul(t.shape[i] - 1, strides[i]);
    if (!step || !(reach = checked_add(*reach, *step))) return std::nullopt;
  }
  return checked_add(*reach, 1);
}

int64_t allocation_elems(const TensorArg& t) {
  if (t.alloc_elems >= 0) return t.alloc_elems;
  const auto extent = view_extent_elems(t);
  return extent && *extent > 0 ? *extent : 1;
}

}  // namespace poolcheck
