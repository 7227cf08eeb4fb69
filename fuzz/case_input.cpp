#include "fuzz/case_input.h"

#include <cmath>
#include <cstring>
#include <optional>

#include "case/descriptor.h"
#include "case/numeric.h"
#include "fuzz/fuzz_checks.h"

namespace poolcheck::fuzz {

namespace {

constexpr int64_t kMaxAllocElems = int64_t{1} << 16;  // per tensor: keeps every exec in milliseconds
constexpr int64_t kMaxViewElems = int64_t{1} << 16;
constexpr size_t kMaxRank = 8;
constexpr size_t kMaxLine = 4096;

template <typename Named>
bool same_names(const Named& a, const Named& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].first != b[i].first) return false;
  return true;
}

bool tensor_passable(const TensorArg& t) {
  if (!t.present) return true;
  if (t.shape.size() > kMaxRank) return false;
  if (!t.strides.empty() && t.strides.size() != t.shape.size()) return false;  // the API reads rank strides
  return allocation_elems(t) <= kMaxAllocElems && dtype_size(t.dtype) > 0;
}

}  // namespace

bool looks_like_descriptor(const uint8_t* data, size_t size) { return size >= 3 && std::memcmp(data, "op=", 3) == 0; }

std::optional<DecodedCase> decode_case(const std::string& op, const uint8_t* data, size_t size) {
  const auto* end = static_cast<const uint8_t*>(std::memchr(data, '\n', size));
  const size_t line_len = end ? static_cast<size_t>(end - data) : size;
  // Names reach the C API as C strings: an embedded NUL would name another platform than the spec sees.
  if (line_len > kMaxLine || std::memchr(data, '\0', line_len)) return std::nullopt;
  const ParseResult p = parse_descriptor(std::string(reinterpret_cast<const char*>(data), line_len));
  if (!p.ok || p.value.op != op) return std::nullopt;
  const Case& c = p.value;
  const Case& shape_of_op = known_good_case(op);
  if (!same_names(c.tensors, shape_of_op.tensors) || !same_names(c.arrays, shape_of_op.arrays) ||
      !same_names(c.scalars, shape_of_op.scalars))
    return std::nullopt;
  for (const auto& [name, t] : c.tensors)
    if (!tensor_passable(t)) return std::nullopt;
  // Knobs are emulator controls, not client input: keep them where the generators call a case valid.
  if (c.cores < 0 || c.cores > 64 || (c.ub_bytes != 0 && (c.ub_bytes < 512 || c.ub_bytes > (1 << 20))) ||
      !is_case_fill(c.fill))
    return std::nullopt;
  DecodedCase d{c, {}};
  if (end) d.data_tail.assign(end + 1, data + size);
  return d;
}

bool data_within_caps(const Case& c) {
  for (const auto& [name, t] : c.tensors) {
    if (!t.present) continue;
    const auto n = element_count(t.shape);
    if (!n || *n > kMaxViewElems) return false;
  }
  return true;
}

std::vector<double> values_from_bytes(const std::vector<uint8_t>& tail, int64_t n, DType dt, float max_finite) {
  std::vector<double> v(static_cast<size_t>(n));
  for (size_t i = 0; i < v.size(); ++i) {
    uint32_t bits = 0;
    for (size_t b = 0; b < 4; ++b) bits |= uint32_t{tail[(4 * i + b) % tail.size()]} << (8 * b);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    // Finite values are clamped (see the header); NaN and +-Inf pass unchanged.
    if (std::isfinite(f) && std::fabs(f) > max_finite) f = std::copysign(max_finite, f);
    v[i] = round_to(dt, static_cast<double>(f));
  }
  return v;
}

std::string encode_case(const Case& c, const std::vector<uint8_t>& data_tail) {
  std::string s = to_descriptor(c);
  if (!data_tail.empty()) {
    s += '\n';
    s.append(data_tail.begin(), data_tail.end());
  }
  return s;
}

}  // namespace poolcheck::fuzz
