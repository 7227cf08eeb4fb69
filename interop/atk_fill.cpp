#include "interop/atk_fill.h"

#include <cmath>

namespace poolcheck::interop {

namespace {

bool finite_number(const nlohmann::json& v) { return v.is_number() && std::isfinite(v.get<double>()); }

bool range_pair(const nlohmann::json& v) {
  return v.is_array() && v.size() == 2 && finite_number(v[0]) && finite_number(v[1]) &&
         v[0].get<double>() <= v[1].get<double>();
}

}  // namespace

std::optional<TensorFill> fill_from_range_values(const nlohmann::json& rv, std::string* why) {
  TensorFill f;
  if (finite_number(rv) || (rv.is_array() && rv.size() == 1 && finite_number(rv[0]))) {
    f.kind = FillKind::Constant;
    f.p[0] = (rv.is_array() ? rv[0] : rv).get<double>();
    return f;
  }
  if (rv.is_array() && rv.size() == 1 && rv[0].is_string()) {
    const std::string w = rv[0].get<std::string>();
    if (w == "nan") return TensorFill{FillKind::NaN, {}};
    if (w == "inf") return TensorFill{FillKind::PosInf, {}};
    if (w == "-inf") return TensorFill{FillKind::NegInf, {}};
    *why = "[\"" + w + "\"] is none of [\"nan\"], [\"inf\"], [\"-inf\"]";
    return std::nullopt;
  }
  if (rv.is_array() && rv.size() == 2) {
    if (!range_pair(rv)) {
      *why = rv.dump() + " is not [lo, hi] with finite lo <= hi";
      return std::nullopt;
    }
    f.kind = FillKind::Uniform;
    f.p[0] = rv[0].get<double>();
    f.p[1] = rv[1].get<double>();
    return f;
  }
  if (rv.is_object()) {
    if (!rv.contains("name") || rv["name"] != "nd" || !rv.contains("mean") || !rv.contains("std") ||
        !range_pair(rv["mean"]) || !range_pair(rv["std"]) || rv["std"][0].get<double>() < 0) {
      *why = rv.dump() + " is not {\"name\": \"nd\", \"mean\": [a, b], \"std\": [c, d]} with a <= b, 0 <= c <= d";
      return std::nullopt;
    }
    f.kind = FillKind::NormalRanged;
    f.p = {rv["mean"][0].get<double>(), rv["mean"][1].get<double>(), rv["std"][0].get<double>(),
           rv["std"][1].get<double>()};
    return f;
  }
  *why = rv.dump() +
         " is none of ATK's range_values forms ([lo, hi], a number, an nd object, [\"nan\"], [\"inf\"], "
         "[\"-inf\"])";
  return std::nullopt;
}

nlohmann::json range_values_of(const TensorFill& f, DType dt, bool* exact) {
  *exact = true;
  auto nd = [](double mean, double sd) {
    return nlohmann::json{{"name", "nd"}, {"mean", {mean, mean}}, {"std", {sd, sd}}};
  };
  switch (f.kind) {
    case FillKind::Uniform:
      return nlohmann::json::array({f.p[0], f.p[1]});
    case FillKind::Constant:
      return f.p[0];
    case FillKind::NormalRanged:
      return nlohmann::json{{"name", "nd"}, {"mean", {f.p[0], f.p[1]}}, {"std", {f.p[2], f.p[3]}}};
    case FillKind::NaN:
      return nlohmann::json::array({"nan"});
    case FillKind::PosInf:
      return nlohmann::json::array({"inf"});
    case FillKind::NegInf:
      return nlohmann::json::array({"-inf"});
    case FillKind::Zeros:
      return 0;
    case FillKind::Normal:
      return nd(0, 1);
    case FillKind::Large:
      return nd(0, 1000);
    case FillKind::Ints:
      *exact = false;
      return nlohmann::json::array({-8, 8});
    case FillKind::WideInts:
      *exact = false;
      return nlohmann::json::array({-wide_ints_limit(dt), wide_ints_limit(dt)});
    case FillKind::Ties:
    case FillKind::Special:
      *exact = false;
      return nd(0, 1);
  }
  *exact = false;
  return nd(0, 1);
}

}  // namespace poolcheck::interop
