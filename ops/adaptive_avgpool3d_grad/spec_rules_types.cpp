// The adaptive-avg-pool rules on the platform, dtypes and formats.
#include <algorithm>
#include <optional>
#include <vector>

#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

namespace {

RowOf row_of(const Document& d) {
  return [&d](const Case& c) { return d.row(c); };
}

// The supported SoCs whose row lists no BFLOAT16 (the Atlas training/inference series).
std::vector<std::string> socs_without_bf16(const Document& d) {
  std::vector<std::string> socs;
  for (const PlatformRow& r : d.rows)
    if (r.supported && !dtype_listed(r, DType::BF16)) socs.push_back(r.soc);
  return socs;
}

Rule rule_dtype_supported(const Document& d) {
  Rule r = dtype_supported_rule("", kInputs, row_of(d), kNonFloatDTypes);
  // BFLOAT16 is refused only where the row lacks it: that class is drawn there. The others put a dtype no row
  // lists on gradOutput, self, both, or all three tensors (a consistent call).
  const std::vector<std::string> no_bf16 = socs_without_bf16(d);
  const auto bf16_where_unlisted = [no_bf16](const Case& c) {
    const TensorArg* g = tensor(c, kGradOutput);
    const TensorArg* s = tensor(c, kSelf);
    return std::find(no_bf16.begin(), no_bf16.end(), c.platform) != no_bf16.end() &&
           ((g && g->dtype == DType::BF16) || (s && s->dtype == DType::BF16));
  };
  r.classes = {{"bf16-where-unlisted", {}, no_bf16, "", bf16_where_unlisted},
               {"grad-output", {}, {}, ""},
               {"self", {}, {}, ""},
               {"grad-output-and-self", {}, {}, ""},
               {"all", {}, {}, ""}};
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const PlatformRow* row = d.row(v);
    if (!row) return std::nullopt;
    const uint64_t k = choice % 5, detail = choice / 5;
    if (k == 0 && dtype_listed(*row, DType::BF16)) return std::nullopt;
    const DType dt = k == 0 ? DType::BF16 : kNonFloatDTypes[detail % kNonFloatDTypes.size()];
    // The BFLOAT16 class changes gradOutput, self, both or all three, by the detail.
    const uint64_t targets = k == 0 ? detail % 4 : k - 1;
    Case m = v;
    switch (targets) {
      case 0:
        m.tensor_mut(kGradOutput).dtype = dt;
        break;
      case 1:
        m.tensor_mut(kSelf).dtype = dt;
        break;
      case 2:
        m.tensor_mut(kGradOutput).dtype = m.tensor_mut(kSelf).dtype = dt;
        break;
      default:
        for (const char* name : kTensorNames) m.tensor_mut(name).dtype = dt;
        break;
    }
    return m;
  };
  return d.dressed(r, "DTYPE.SUPPORTED");
}

Rule rule_dtype_same(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) {
    const PlatformRow* row = d.row(c);
    const TensorArg* go = tensor(c, kGradOutput);
    const TensorArg* self = tensor(c, kSelf);
    const TensorArg* out = tensor(c, kOut);
    if (!row || !go || !self || !out || !dtype_listed(*row, go->dtype) || !dtype_listed(*row, self->dtype))
      return false;
    return go->dtype != self->dtype || out->dtype != self->dtype;
  };
  r.classes = numbered_classes(3);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const PlatformRow* row = d.row(v);
    if (!row) return std::nullopt;
    Case m = v;
    const size_t target = choice % 3;
    TensorArg& t = m.tensor_mut(kTensorNames[target]);
    std::vector<DType> other;
    for (DType dt : row->dtypes)
      if (dt != t.dtype) other.push_back(dt);
    if (kTensorNames[target] == kOut)  // out is not held to the list, so any other dtype differs
      for (DType dt : {DType::F64, DType::I32, DType::BF16})
        if (dt != t.dtype && !dtype_listed(*row, dt)) other.push_back(dt);
    t.dtype = other[(choice / 3) % other.size()];
    return m;
  };
  return d.dressed(r, "DTYPE.SAME");
}

Rule rule_format_supported(const Document& d) {
  Rule r = format_supported_rule(
      "", d.format_judged, [&d](Format f) { return d.format_listed(f); }, d.unlisted_formats);
  return d.dressed(r, "FORMAT.SUPPORTED");
}

Rule rule_format_same(const Document& d) {
  Rule r = format_same_rule(
      "", kTensors, [&d](Format f) { return d.format_listed(f); }, d.formats[0], d.formats[1]);
  r.classes = numbered_classes(3);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const size_t target = choice % 3;
    const bool all_but = (choice / 3) % 2 == 1;  // flip every tensor except the target
    for (size_t i = 0; i < kTensorNames.size(); ++i) {
      if ((i == target) == all_but) continue;
      TensorArg& t = m.tensor_mut(kTensorNames[i]);
      t.format = t.format == d.formats[0] ? d.formats[1] : d.formats[0];
    }
    return m;
  };
  return d.dressed(r, "FORMAT.SAME");
}

}  // namespace

std::vector<Rule> platform_rules(const Document& d) {
  return {d.dressed(platform_rule("", row_of(d), d.refused_socs), "PLATFORM")};
}

std::vector<Rule> type_rules(const Document& d) {
  std::vector<Rule> rules{rule_dtype_supported(d), rule_dtype_same(d), rule_format_supported(d)};
  if (d.formats_must_match) rules.push_back(rule_format_same(d));
  return rules;
}

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
