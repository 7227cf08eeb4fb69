// Test-data distributions: the case-wide fill word (`fill=normal`) and the per-tensor fills a descriptor may add
// (`fill.gradOutput=uniform:-5:5`), one vocabulary with one name table. A per-tensor fill carries what an ATK
// case list says of a tensor's values: uniform over [lo, hi], a constant, a normal distribution whose mean and
// standard deviation are drawn once per tensor from ranges, or every element NaN, +inf or -inf.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace poolcheck {

enum class FillKind : int8_t {
  Normal,        // standard normal
  Ints,          // integers in [-8, 8]
  WideInts,      // integers in [-wide_ints_limit, wide_ints_limit] (below)
  Ties,          // few distinct values (max pooling's ties)
  Special,       // normal with a few NaN and +-inf (never in `self`)
  Large,         // normal times 1000
  Zeros,         // all zero
  Uniform,       // uniform over [p0, p1]
  Constant,      // every element p0
  NormalRanged,  // normal with mean drawn from [p0, p1] and standard deviation from [p2, p3], once per tensor
  NaN,           // every element NaN
  PosInf,        // every element +inf
  NegInf,        // every element -inf
};

enum class DType : int8_t;  // case/case.h

// The largest |value| fill=wideints draws in a tensor of dtype `dt`: the dtype holds every integer up to it
// (2^11 - 1 for FLOAT16; 255 for the others, BFLOAT16 holding 2^8), so a sum of two or more often is not a
// value of a half dtype and the final cast has to round it.
int64_t wide_ints_limit(DType dt);

// The word of a kind, as descriptors and reports spell it.
const char* fill_name(FillKind kind);
std::optional<FillKind> parse_fill_kind(std::string_view word);
// Kinds without parameters may be the case-wide word; all may be a tensor's own fill.
bool is_case_fill(FillKind kind);
// "normal, ints, ..." (case-wide words) or every word, for error messages.
std::string fill_words(bool case_wide_only);
// Numbers a kind takes after its word (`uniform:LO:HI` takes 2).
int fill_parameter_count(FillKind kind);

struct TensorFill {
  FillKind kind = FillKind::Normal;
  std::array<double, 4> p{};  // the kind's parameters, the rest 0

  bool operator==(const TensorFill&) const = default;
};

// "uniform:-5:5", "const:0", "nd:-100:100:1:25", "nan", ...: numbers in their shortest exact form.
std::string fill_token(const TensorFill& f);
// The inverse of fill_token; nullopt with `error` naming the token, the rule and the known words.
std::optional<TensorFill> parse_fill_token(const std::string& token, std::string* error);

}  // namespace poolcheck
