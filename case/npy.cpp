#include "case/npy.h"

#include <unistd.h>

#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "case/numeric.h"

namespace poolcheck::npy {

static_assert(std::endian::native == std::endian::little, "the .npy codec assumes a little-endian host");

namespace {

constexpr std::string_view kMagic{"\x93NUMPY", 6};
constexpr int64_t kMaxDims = 64;
constexpr std::string_view kSupported = "'<f4', '<f2', '<f8', '<i4', '<i8', '<u2'";

// --- The header: a Python dict literal such as {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } ---

class HeaderParser {
 public:
  explicit HeaderParser(std::string_view text) : s_(text) {}

  struct Fields {
    std::string descr;
    bool fortran_order = false;
    std::vector<int64_t> shape;
  };

  Fields parse() {
    Fields f;
    bool have_descr = false, have_order = false, have_shape = false;
    skip_ws();
    expect('{');
    while (true) {
      skip_ws();
      if (peek() == '}') break;
      std::string key = parse_string("dictionary key");
      skip_ws();
      expect(':');
      skip_ws();
      if (key == "descr") {
        if (have_descr) fail("duplicate key 'descr'");
        if (peek() != '\'' && peek() != '"')
          fail("'descr' is not a plain dtype string (structured dtypes are not supported)");
        f.descr = parse_string("'descr' value");
        have_descr = true;
      } else if (key == "fortran_order") {
        if (have_order) fail("duplicate key 'fortran_order'");
        f.fortran_order = parse_bool();
        have_order = true;
      } else if (key == "shape") {
        if (have_shape) fail("duplicate key 'shape'");
        f.shape = parse_shape();
        have_shape = true;
      } else {
        fail("unexpected key '" + key + "'");
      }
      skip_ws();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') break;
      fail("expected ',' or '}'");
    }
    expect('}');
    skip_ws();
    if (pos_ != s_.size()) fail("unexpected text after the dictionary");
    if (!have_descr) fail("missing key 'descr'");
    if (!have_order) fail("missing key 'fortran_order'");
    if (!have_shape) fail("missing key 'shape'");
    return f;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw NpyError("malformed .npy header: " + what + " at header offset " + std::to_string(pos_));
  }
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skip_ws() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  void expect(char c) {
    if (peek() != c || pos_ >= s_.size()) fail(std::string("expected '") + c + "'");
    ++pos_;
  }
  std::string parse_string(const char* what) {
    char q = peek();
    if (q != '\'' && q != '"') fail(std::string("expected a quoted string for the ") + what);
    ++pos_;
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != q) {
      if (s_[pos_] == '\\' || s_[pos_] == '\n') fail("unsupported character in a string");
      out.push_back(s_[pos_++]);
    }
    if (pos_ >= s_.size()) fail("unterminated string");
    ++pos_;
    return out;
  }
  bool parse_bool() {
    if (s_.substr(pos_, 4) == "True") {
      pos_ += 4;
      return true;
    }
    if (s_.substr(pos_, 5) == "False") {
      pos_ += 5;
      return false;
    }
    fail("'fortran_order' must be True or False");
  }
  std::vector<int64_t> parse_shape() {
    expect('(');
    std::vector<int64_t> dims;
    bool need_comma_for_single = true;
    while (true) {
      skip_ws();
      if (peek() == ')') break;
      if (peek() < '0' || peek() > '9') fail("expected a non-negative integer dimension");
      int64_t v = 0;
      while (peek() >= '0' && peek() <= '9') {
        int digit = peek() - '0';
        if (v > (std::numeric_limits<int64_t>::max() - digit) / 10) fail("dimension too large");
        v = v * 10 + digit;
        ++pos_;
      }
      if (peek() == 'L') ++pos_;  // Python 2 long suffix
      dims.push_back(v);
      if (static_cast<int64_t>(dims.size()) > kMaxDims) fail("more than 64 dimensions");
      skip_ws();
      if (peek() == ',') {
        ++pos_;
        need_comma_for_single = false;
        continue;
      }
      if (peek() == ')') break;
      fail("expected ',' or ')' in the shape");
    }
    // Python writes a one-element tuple as (n,); "(n)" is just a parenthesised int, not a tuple.
    if (dims.size() == 1 && need_comma_for_single) fail("a one-dimensional shape must be written (n,)");
    expect(')');
    return dims;
  }

  std::string_view s_;
  size_t pos_ = 0;
};

std::optional<int64_t> checked_elements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return std::nullopt;
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) return std::nullopt;
    n *= d;
  }
  return n;
}

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

uint32_t read_le(std::string_view b, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<uint32_t>(static_cast<uint8_t>(b[at + i])) << (8 * i);
  return v;
}

template <typename T>
void put(std::vector<uint8_t>& out, size_t i, T v) {
  std::memcpy(out.data() + i * sizeof(T), &v, sizeof(T));
}
template <typename T>
T get(const std::vector<uint8_t>& in, size_t i) {
  T v;
  std::memcpy(&v, in.data() + i * sizeof(T), sizeof(T));
  return v;
}

template <typename I>
I to_integer(double v, size_t i) {
  // Both limits as doubles are exact powers of two (or their negation), so the comparison is exact.
  const double lo = static_cast<double>(std::numeric_limits<I>::min());
  const double hi = -lo;
  if (!std::isfinite(v) || v != std::trunc(v) || v < lo || v >= hi) {
    std::ostringstream os;
    os << "value " << v << " at flat index " << i << " is not representable as a " << sizeof(I) * 8 << "-bit integer";
    throw NpyError(os.str());
  }
  return static_cast<I>(v);
}

}  // namespace

int64_t Array::elements() const {
  auto n = checked_elements(shape);
  return n ? *n : -1;
}

int64_t descr_item_size(std::string_view descr) {
  if (descr == "<f4" || descr == "<i4") return 4;
  if (descr == "<f8" || descr == "<i8") return 8;
  if (descr == "<f2" || descr == "<u2") return 2;
  return 0;
}

std::string descr_for(DType dt) {
  switch (dt) {
    case DType::F32:
      return "<f4";
    case DType::F16:
      return "<f2";
    case DType::BF16:
      return "<u2";
    case DType::F64:
      return "<f8";
    case DType::I32:
      return "<i4";
    case DType::I64:
      return "<i8";
    default:
      return "";
  }
}

Array parse(std::string_view bytes) {
  if (bytes.size() < 10) throw NpyError("not an .npy file: " + std::to_string(bytes.size()) + " bytes is too short");
  if (bytes.substr(0, 6) != kMagic) throw NpyError("not an .npy file: bad magic (expected \\x93NUMPY)");
  const int major = static_cast<uint8_t>(bytes[6]);
  const int minor = static_cast<uint8_t>(bytes[7]);
  if ((major != 1 && major != 2) || minor != 0) {
    throw NpyError("unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                   " (supported: 1.0, 2.0)");
  }
  size_t len_bytes = major == 1 ? 2 : 4;
  if (bytes.size() < 8 + len_bytes) throw NpyError("truncated .npy file: header length field is incomplete");
  const size_t header_len = read_le(bytes, 8, static_cast<int>(len_bytes));
  const size_t header_start = 8 + len_bytes;
  if (bytes.size() - header_start < header_len) {
    throw NpyError("truncated .npy file: header claims " + std::to_string(header_len) + " bytes, only " +
                   std::to_string(bytes.size() - header_start) + " present");
  }
  auto fields = HeaderParser(bytes.substr(header_start, header_len)).parse();

  Array a;
  const std::string& d = fields.descr;
  if (descr_item_size(d) == 0) {
    if (d.size() >= 2 && d[0] == '>') {
      throw NpyError("big-endian dtype '" + d + "' is not supported; save little-endian (arr.astype('<" + d.substr(1) +
                     "'))");
    }
    throw NpyError("unsupported dtype '" + d + "'; supported: " + std::string(kSupported));
  }
  if (fields.fortran_order) {
    throw NpyError("fortran_order arrays are not supported; save a C-order array (np.ascontiguousarray)");
  }
  auto n = checked_elements(fields.shape);
  const int64_t item = descr_item_size(d);
  if (!n || *n > std::numeric_limits<int64_t>::max() / item) {
    throw NpyError("shape " + shape_text(fields.shape) + " is too large");
  }
  const size_t want = static_cast<size_t>(*n * item);
  const size_t data_start = header_start + header_len;
  const size_t have = bytes.size() - data_start;
  if (have < want) {
    throw NpyError("truncated .npy file: shape " + shape_text(fields.shape) + " of " + d + " needs " +
                   std::to_string(want) + " data bytes, file has " + std::to_string(have));
  }
  if (have > want) {
    throw NpyError(".npy file has " + std::to_string(have - want) + " unexpected bytes after the data of shape " +
                   shape_text(fields.shape));
  }
  a.descr = d;
  a.shape = fields.shape;
  a.data.assign(reinterpret_cast<const uint8_t*>(bytes.data() + data_start),
                reinterpret_cast<const uint8_t*>(bytes.data() + data_start + want));
  return a;
}

std::string serialize(const Array& a) {
  const int64_t item = descr_item_size(a.descr);
  if (item == 0) throw NpyError("cannot write dtype '" + a.descr + "'; supported: " + std::string(kSupported));
  auto n = checked_elements(a.shape);
  if (!n || *n > std::numeric_limits<int64_t>::max() / item) throw NpyError("shape is invalid or too large");
  if (a.data.size() != static_cast<size_t>(*n * item)) {
    throw NpyError("data holds " + std::to_string(a.data.size()) + " bytes, shape " + shape_text(a.shape) + " of " +
                   a.descr + " needs " + std::to_string(*n * item));
  }
  std::string dict = "{'descr': '" + a.descr + "', 'fortran_order': False, 'shape': " + shape_text(a.shape) + ", }";
  int major = 1;
  size_t preamble = 10;
  auto padded_len = [&](size_t pre) {
    size_t total = pre + dict.size() + 1;  // + '\n'
    return dict.size() + 1 + (64 - total % 64) % 64;
  };
  size_t header_len = padded_len(preamble);
  if (header_len > 0xFFFF) {
    major = 2;
    preamble = 12;
    header_len = padded_len(preamble);
  }
  std::string out(kMagic);
  out.push_back(static_cast<char>(major));
  out.push_back(0);
  for (size_t i = 0; i < preamble - 8; ++i) out.push_back(static_cast<char>((header_len >> (8 * i)) & 0xFF));
  out += dict;
  out.append(header_len - dict.size() - 1, ' ');
  out.push_back('\n');
  out.append(reinterpret_cast<const char*>(a.data.data()), a.data.size());
  return out;
}

Array read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NpyError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw NpyError(path + ": read error");
  try {
    return parse(buf.str());
  } catch (const NpyError& e) {
    throw NpyError(path + ": " + e.what());
  }
}

void write(const std::string& path, const Array& a) {
  const std::string bytes = serialize(a);
  namespace fs = std::filesystem;
  fs::path target(path);
  fs::path tmp = target;
  tmp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw NpyError(tmp.string() + ": cannot create: " + std::strerror(errno));
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw NpyError(tmp.string() + ": write failed");
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignore;
    fs::remove(tmp, ignore);
    throw NpyError(path + ": cannot rename into place: " + ec.message());
  }
}

Array from_doubles(DType dt, const std::vector<int64_t>& shape, const std::vector<double>& values) {
  Array a;
  a.descr = descr_for(dt);
  if (a.descr.empty()) throw NpyError(std::string("dtype ") + dtype_name(dt) + " has no .npy mapping");
  auto n = checked_elements(shape);
  if (!n || static_cast<size_t>(*n) != values.size()) {
    throw NpyError("shape " + shape_text(shape) + " does not match " + std::to_string(values.size()) + " values");
  }
  a.shape = shape;
  const size_t item = static_cast<size_t>(descr_item_size(a.descr));
  a.data.resize(values.size() * item);
  for (size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    switch (dt) {
      case DType::F32:
        put<float>(a.data, i, static_cast<float>(v));
        break;
      case DType::F64:
        put<double>(a.data, i, v);
        break;
      case DType::F16:
        put<uint16_t>(a.data, i, f16_bits(v));
        break;
      case DType::BF16:
        put<uint16_t>(a.data, i, bf16_bits(v));
        break;
      case DType::I32:
        put<int32_t>(a.data, i, to_integer<int32_t>(v, i));
        break;
      case DType::I64:
        put<int64_t>(a.data, i, to_integer<int64_t>(v, i));
        break;
      default:
        break;
    }
  }
  return a;
}

std::vector<double> to_doubles(const Array& a, DType as) {
  const std::string want = descr_for(as);
  if (want.empty()) throw NpyError(std::string("dtype ") + dtype_name(as) + " has no .npy mapping");
  if (a.descr != want) {
    throw NpyError("array has dtype '" + a.descr + "', expected '" + want + "' for " + dtype_name(as) +
                   (as == DType::BF16 ? " (bf16 is stored as its raw uint16 bits)" : ""));
  }
  const int64_t n = a.elements();
  const int64_t item = descr_item_size(a.descr);
  if (n < 0 || a.data.size() != static_cast<size_t>(n * item)) throw NpyError("array data does not match its shape");
  std::vector<double> out(static_cast<size_t>(n));
  for (size_t i = 0; i < out.size(); ++i) {
    switch (as) {
      case DType::F32:
        out[i] = get<float>(a.data, i);
        break;
      case DType::F64:
        out[i] = get<double>(a.data, i);
        break;
      case DType::F16:
        out[i] = f16_value(get<uint16_t>(a.data, i));
        break;
      case DType::BF16:
        out[i] = bf16_value(get<uint16_t>(a.data, i));
        break;
      case DType::I32:
        out[i] = get<int32_t>(a.data, i);
        break;
      case DType::I64:
        out[i] = static_cast<double>(get<int64_t>(a.data, i));
        break;
      default:
        break;
    }
  }
  return out;
}

}  // namespace poolcheck::npy
