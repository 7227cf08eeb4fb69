#include "case/descriptor.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string_view>

namespace poolcheck {

namespace {

template <typename Int>
void append_int(Int v, std::string* out) {
  char digits[24];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
  out->append(digits, end);
}

void append_joined(const std::vector<int64_t>& values, char sep, std::string* out) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out->push_back(sep);
    append_int(values[i], out);
  }
}

// The pieces of `s` between `sep` characters (as many as there are separators, plus one), as views into `s`.
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (size_t from = 0;;) {
    const size_t at = s.find(sep, from);
    parts.push_back(s.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
    if (at == std::string_view::npos) return parts;
    from = at + 1;
  }
}

bool parse_int(std::string_view s, int64_t* out) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, *out);
  return ec == std::errc() && ptr == end;
}

bool parse_u64(std::string_view s, uint64_t* out) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, *out);
  return ec == std::errc() && ptr == end;
}

// op, soc and fill are free text: a space, '%' or a control character is written %XX so that the value stays
// one token (an invalid case may name the SoC "Ascend910B " on purpose). Every real name is written as is.
void append_escaped(const std::string& s, std::string* out) {
  static const char* const kHex = "0123456789ABCDEF";
  for (const char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (u <= 0x20 || u == '%' || u == 0x7F) {
      out->push_back('%');
      out->push_back(kHex[u >> 4]);
      out->push_back(kHex[u & 0xF]);
    } else {
      out->push_back(ch);
    }
  }
}

bool unescaped(std::string_view s, std::string* out) {
  out->clear();
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      const size_t run = std::min(s.find('%', i), s.size()) - i;  // up to the next escape, at once
      out->append(s.substr(i, run));
      i += run - 1;
      continue;
    }
    unsigned value = 0;
    if (i + 2 >= s.size()) return false;
    const auto [ptr, ec] = std::from_chars(s.data() + i + 1, s.data() + i + 3, value, 16);
    if (ec != std::errc() || ptr != s.data() + i + 3) return false;
    *out += static_cast<char>(value);
    i += 2;
  }
  return true;
}

bool parse_list(std::string_view s, char sep, std::vector<int64_t>* out) {
  out->clear();
  if (s.empty()) return true;
  for (const std::string_view part : split(s, sep)) {
    int64_t v = 0;
    if (!parse_int(part, &v)) return false;
    out->push_back(v);
  }
  return true;
}

// An option's value: letters, digits and '_' or '-', starting with a letter.
bool is_word(std::string_view s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-'; });
}

void append_tensor_token(const TensorArg& t, std::string* out) {
  if (!t.present) {
    out->append("null");
    return;
  }
  out->append(dtype_name(t.dtype)).push_back(':');
  if (t.shape.empty()) {
    out->append("()");
  } else {
    append_joined(t.shape, 'x', out);
  }
  if (!t.strides.empty() && !is_contiguous(t.shape, t.strides)) {
    out->append(":st=");
    append_joined(t.strides, ',', out);
  }
  if (t.offset != 0) out->append(":off="), append_int(t.offset, out);
  if (t.alloc_elems >= 0) out->append(":alloc="), append_int(t.alloc_elems, out);
  if (t.format != Format::ND) out->append(":fmt=").append(format_name(t.format));
}

void append_array_token(const IntArrayArg& a, std::string* out) {
  if (!a.present) {
    out->append("null[]");
    return;
  }
  out->push_back('[');
  append_joined(a.values, ',', out);
  out->push_back(']');
}

bool parse_tensor(std::string_view v, TensorArg* t, std::string* err) {
  *t = TensorArg{};
  if (v == "null") {
    t->present = false;
    return true;
  }
  const auto parts = split(v, ':');
  if (parts.size() < 2) {
    *err = "tensor needs DT:DIMS";
    return false;
  }
  const auto dt = parse_dtype(std::string(parts[0]));
  if (!dt) {
    *err = "unknown dtype '" + std::string(parts[0]) + "'";
    return false;
  }
  t->dtype = *dt;
  if (parts[1] != "()" && !parse_list(parts[1], 'x', &t->shape)) {
    *err = "bad dims '" + std::string(parts[1]) + "'";
    return false;
  }
  for (size_t i = 2; i < parts.size(); ++i) {
    const std::string_view p = parts[i];
    const auto eq = p.find('=');
    const std::string_view key = p.substr(0, eq), val = eq == std::string_view::npos ? "" : p.substr(eq + 1);
    bool ok = false;
    if (key == "st") {
      ok = parse_list(val, ',', &t->strides) && !t->strides.empty();
    } else if (key == "off") {
      ok = parse_int(val, &t->offset);
    } else if (key == "alloc") {
      ok = parse_int(val, &t->alloc_elems) && t->alloc_elems >= 0;
    } else if (key == "fmt") {
      const auto f = parse_format(std::string(val));
      ok = f.has_value();
      if (ok) t->format = *f;
    }
    if (!ok) {
      *err = "bad tensor attribute '" + std::string(p) + "'";
      return false;
    }
  }
  // Normalise: contiguous strides are stored as "empty" so that round trips compare equal.
  if (is_contiguous(t->shape, t->strides)) t->strides.clear();
  // A view without strides is contiguous: refused here if those strides cannot be represented.
  if (t->strides.empty() && !checked_contiguous_strides(t->shape)) {
    *err = contiguous_strides_overflow(t->shape);
    return false;
  }
  return true;
}

}  // namespace

// Appended to one string rather than streamed: the campaign writes a descriptor for every case it sends.
std::string to_descriptor(const Case& c) {
  std::string s;
  s.reserve(256);
  auto field = [&s](const std::string& name) -> std::string& { return s.append(" ").append(name).append("="); };
  s.append("op=");
  append_escaped(c.op, &s);
  s.append(" soc=");
  append_escaped(c.platform, &s);
  for (const auto& [name, t] : c.tensors) append_tensor_token(t, &field(name));
  for (const auto& [name, a] : c.arrays) append_array_token(a, &field(name));
  for (const auto& [name, v] : c.scalars) append_int(v, &field(name));
  if (c.null_workspace_size) s.append(" nullws=1");
  if (c.null_executor) s.append(" nullexec=1");
  if (c.deterministic) s.append(" det=1");
  if (c.cores) s.append(" cores="), append_int(c.cores, &s);
  if (c.ub_bytes) s.append(" ub="), append_int(c.ub_bytes, &s);
  if (c.int32_index_limit) s.append(" i32limit="), append_int(c.int32_index_limit, &s);
  s.append(" seed="), append_int(c.seed, &s);
  s.append(" fill=").append(fill_name(c.fill));
  for (const auto& [name, f] : c.tensor_fills) s.append(" fill.").append(name).append("=").append(fill_token(f));
  for (const auto& [key, word] : c.options) s.append(" ").append(key).append("=").append(word);
  return s;
}

ParseResult parse_descriptor(const std::string& line) {
  ParseResult r;
  Case& c = r.value;
  c.tensors.clear();
  std::string_view tok;
  auto fail = [&](const std::string& why) {
    r.ok = false;
    r.error = "token '" + std::string(tok) + "': " + why;
    return r;
  };
  // Tokens are separated by white space, as a stream's >> reads them (the C locale's six characters).
  const auto space = [](char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); };
  for (size_t from = 0, end = 0; from < line.size(); from = end) {
    while (from < line.size() && space(line[from])) ++from;
    if (from == line.size()) break;
    for (end = from; end < line.size() && !space(line[end]);) ++end;
    tok = std::string_view(line).substr(from, end - from);
    const auto eq = tok.find('=');
    if (eq == std::string_view::npos || eq == 0) return fail("expected name=value");
    const std::string_view key = tok.substr(0, eq), val = tok.substr(eq + 1);
    int64_t iv = 0;
    uint64_t uv = 0;
    if (key == "op") {
      if (!unescaped(val, &c.op)) return fail("bad %XX escape");
    } else if (key == "soc") {
      if (!unescaped(val, &c.platform)) return fail("bad %XX escape");
    } else if (key == "nullws" || key == "nullexec" || key == "det") {
      if (!parse_int(val, &iv) || (iv != 0 && iv != 1)) return fail("expected 0 or 1");
      (key == "nullws" ? c.null_workspace_size : key == "nullexec" ? c.null_executor : c.deterministic) = iv == 1;
    } else if (key == "cores") {
      if (!parse_int(val, &iv) || iv < 0 || iv > 4096) return fail("expected a core count in [0, 4096]");
      c.cores = static_cast<int32_t>(iv);
    } else if (key == "ub") {
      if (!parse_int(val, &c.ub_bytes) || c.ub_bytes < 0) return fail("expected non-negative bytes");
    } else if (key == "i32limit") {
      if (!parse_int(val, &c.int32_index_limit) || c.int32_index_limit < 0 || c.int32_index_limit > kMaxInt32IndexLimit)
        return fail(
            "i32limit (the largest element count indexed with int32) must be in [0, 2147483647]; 0 is the "
            "platform's, and a larger one would let an int32 index overflow");
    } else if (key == "seed") {
      if (!parse_u64(val, &uv)) return fail("expected an unsigned seed");
      c.seed = uv;
    } else if (key == "fill") {
      std::string word;
      if (!unescaped(val, &word)) return fail("bad %XX escape");
      const std::optional<FillKind> kind = parse_fill_kind(word);
      if (!kind || !is_case_fill(*kind))
        return fail("unknown case-wide fill (known: " + fill_words(true) + "; a tensor's own fill is fill.NAME=...)");
      c.fill = *kind;
    } else if (key.substr(0, 5) == "fill.") {
      const std::string tensor(key.substr(5));
      if (tensor.empty()) return fail("fill.NAME needs a tensor name");
      std::string err;
      const std::optional<TensorFill> f = parse_fill_token(std::string(val), &err);
      if (!f) return fail(err);
      for (const auto& [name, given] : c.tensor_fills)
        if (name == tensor) return fail("a second fill for tensor '" + tensor + "'");
      c.tensor_fills.emplace_back(tensor, *f);
    } else if (val == "null[]") {
      c.arrays.emplace_back(std::string(key), IntArrayArg{false, {}});
    } else if (!val.empty() && val.front() == '[') {
      if (val.back() != ']') return fail("unterminated int array");
      IntArrayArg a;
      if (!parse_list(val.substr(1, val.size() - 2), ',', &a.values)) return fail("bad int array");
      c.arrays.emplace_back(std::string(key), a);
    } else if (val == "null" || val.find(':') != std::string_view::npos) {
      TensorArg t;
      std::string err;
      if (!parse_tensor(val, &t, &err)) return fail(err);
      c.tensors.emplace_back(std::string(key), std::move(t));
    } else if (parse_int(val, &iv)) {
      c.scalars.emplace_back(std::string(key), iv);
    } else if (is_word(val)) {
      c.options.emplace_back(std::string(key),
                             std::string(val));  // which options an operator accepts is its ArgumentNames' business
    } else {
      return fail("not a tensor, int array, integer scalar or option word");
    }
  }
  if (c.op.empty()) {
    tok = {};
    return fail("missing op=");
  }
  r.ok = true;
  return r;
}

CaseLine split_case_line(const std::string& line) {
  auto trimmed = [](const std::string& t) {
    const auto b = t.find_first_not_of(" \t\r");
    return b == std::string::npos ? std::string() : t.substr(b, t.find_last_not_of(" \t\r") - b + 1);
  };
  size_t hash = std::string::npos;
  for (size_t i = 0; i < line.size() && hash == std::string::npos; ++i)
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) hash = i;
  if (hash == std::string::npos) return {trimmed(line), ""};
  return {trimmed(line.substr(0, hash)), trimmed(line.substr(hash + 1))};
}

}  // namespace poolcheck
