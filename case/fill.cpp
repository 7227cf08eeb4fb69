#include "case/fill.h"

#include <charconv>
#include <cmath>
#include <vector>

#include "case/case.h"
#include "case/vocabulary.h"

namespace poolcheck {

namespace {

struct FillRow {
  FillKind value;
  const char* word;
  int parameters;
};

// The one name table of the vocabulary.
constexpr FillRow kFills[] = {
    {FillKind::Normal, "normal", 0},   {FillKind::Ints, "ints", 0},       {FillKind::WideInts, "wideints", 0},
    {FillKind::Ties, "ties", 0},       {FillKind::Special, "special", 0}, {FillKind::Large, "large", 0},
    {FillKind::Zeros, "zeros", 0},     {FillKind::Uniform, "uniform", 2}, {FillKind::Constant, "const", 1},
    {FillKind::NormalRanged, "nd", 4}, {FillKind::NaN, "nan", 0},         {FillKind::PosInf, "inf", 0},
    {FillKind::NegInf, "neginf", 0},
};

const FillRow& row(FillKind kind) {
  for (const FillRow& r : kFills)
    if (r.value == kind) return r;
  return kFills[0];
}

std::string number(double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : "nan";
}

std::vector<std::string> split_colons(const std::string& s) {
  std::vector<std::string> parts(1);
  for (char ch : s) {
    if (ch == ':')
      parts.emplace_back();
    else
      parts.back() += ch;
  }
  return parts;
}

}  // namespace

int64_t wide_ints_limit(DType dt) { return dt == DType::F16 ? 2047 : 255; }

const char* fill_name(FillKind kind) { return vocabulary_word(kFills, kind); }

std::optional<FillKind> parse_fill_kind(std::string_view word) { return vocabulary_value(kFills, word); }

bool is_case_fill(FillKind kind) { return static_cast<int>(kind) <= static_cast<int>(FillKind::Zeros); }

std::string fill_words(bool case_wide_only) {
  std::string out;
  for (const FillRow& r : kFills) {
    if (case_wide_only && !is_case_fill(r.value)) continue;
    if (!out.empty()) out += ", ";
    out += r.word;
    for (int i = 0; i < r.parameters; ++i) out += ":N";
  }
  return out;
}

int fill_parameter_count(FillKind kind) { return row(kind).parameters; }

std::string fill_token(const TensorFill& f) {
  std::string s = fill_name(f.kind);
  for (int i = 0; i < fill_parameter_count(f.kind); ++i) s.append(":").append(number(f.p[static_cast<size_t>(i)]));
  return s;
}

std::optional<TensorFill> parse_fill_token(const std::string& token, std::string* error) {
  const std::vector<std::string> parts = split_colons(token);
  const std::optional<FillKind> kind = parse_fill_kind(parts[0]);
  if (!kind) {
    *error = unknown_word_error("fill", parts[0], fill_words(false));
    return std::nullopt;
  }
  TensorFill f{*kind, {}};
  const int want = fill_parameter_count(*kind);
  if (static_cast<int>(parts.size()) - 1 != want) {
    *error = "fill '" + parts[0] + "' takes " + std::to_string(want) + " number(s) after it, got " +
             std::to_string(parts.size() - 1);
    return std::nullopt;
  }
  for (int i = 0; i < want; ++i) {
    const std::string& text = parts[static_cast<size_t>(i) + 1];
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) {
      *error = "fill '" + parts[0] + "': '" + text + "' is not a finite number (nan/inf/neginf are fills of their own)";
      return std::nullopt;
    }
    f.p[static_cast<size_t>(i)] = v;
  }
  if ((*kind == FillKind::Uniform || *kind == FillKind::NormalRanged) && f.p[0] > f.p[1]) {
    *error = "fill '" + token + "': the range's low end is above its high end";
    return std::nullopt;
  }
  if (*kind == FillKind::NormalRanged && (f.p[2] > f.p[3] || f.p[2] < 0)) {
    *error = "fill '" + token + "': the standard deviation range must be within [0, inf) with low <= high";
    return std::nullopt;
  }
  return f;
}

}  // namespace poolcheck
