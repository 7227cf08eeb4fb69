// The 2-D max-pool backward's platform, dtype, format and rank rules.
#include <algorithm>
#include <array>

#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool2d_grad {

namespace {

bool format_listed(Format f) { return f == Format::ND || f == Format::NCHW || f == Format::NHWC; }
bool format_nd_nchw(Format f) { return f == Format::ND || f == Format::NCHW; }

// The formats the document lists anywhere: NHWC only where some SoC lists it.
FormatTest formats_of(const Document& d) { return d.nhwc_socs.empty() ? format_nd_nchw : format_listed; }

RowOf rows_of(const Document& d) {
  return [&d](const Case& c) { return d.row(c); };
}

Rule rule_format_supported(const Document& d) {
  std::vector<Format> bad{Format::NC1HWC0, Format::FractalZ, Format::NCDHW,    Format::NDHWC,
                          Format::NCL,     Format::NDC1HWC0, Format::Undefined};
  if (d.nhwc_socs.empty()) bad.insert(bad.begin(), Format::NHWC);
  return d.dressed(format_supported_rule("", kTensors, formats_of(d), bad), "FORMAT.SUPPORTED");
}

// NHWC is listed, but not on every supported SoC.
Rule rule_format_platform(const Document& d) {
  Rule r;
  std::vector<std::string> others = d.supported_socs();
  std::erase_if(others, [&d](const std::string& soc) { return d.nhwc_on(soc); });
  r.platforms = others;
  r.violated = [&d](const Case& c) {
    if (d.nhwc_on(c.platform) || !d.row(c)) return false;
    for (const char* name : kTensorNames) {
      const TensorArg* t = tensor(c, name);
      if (t && t->format == Format::NHWC) return true;
    }
    return false;
  };
  // All four tensors NHWC (one alone would break the format-equality rule too).
  r.violate = [&d](const Case& v, uint64_t) -> std::optional<Case> {
    if (d.nhwc_on(v.platform) || !d.row(v)) return std::nullopt;
    Case m = v;
    for (const char* name : kTensorNames) m.tensor_mut(name).format = Format::NHWC;
    return m;
  };
  return d.dressed(r, "FORMAT.NHWC_PLATFORM");
}

}  // namespace

std::vector<Rule> type_rules(const Document& d) {
  std::vector<std::string> narrow_indices;  // the supported SoCs that do not list INT64 indices
  for (const PlatformRow& row : d.rows)
    if (row.supported &&
        std::find(row.index_dtypes.begin(), row.index_dtypes.end(), DType::I64) == row.index_dtypes.end())
      narrow_indices.push_back(row.soc);
  std::vector<Rule> rules{d.dressed(platform_rule("", rows_of(d), d.refused_socs), "PLATFORM"),
                          d.dressed(dtype_supported_rule("", {kSelf}, rows_of(d), kNonFloatDTypes), "DTYPE.SELF"),
                          d.dressed(same_dtype_rule("", kSelf, {kGradOutput, kGradInput}, rows_of(d)), "DTYPE.SAME"),
                          d.dressed(index_dtype_rule("", kIndices, rows_of(d), narrow_indices), "DTYPE.INDICES"),
                          rule_format_supported(d)};
  if (!d.nhwc_socs.empty()) rules.push_back(rule_format_platform(d));
  rules.push_back(d.dressed(format_same_rule("", kTensors, formats_of(d), Format::ND, Format::NCHW), "FORMAT.SAME"));
  rules.push_back(d.dressed(rank_rule("", kTensors, {3, 4}, {2, 5, 1, 0}), "RANK"));
  rules.push_back(d.dressed(same_rank_rule("", kTensors, {3, 4}), "RANK.SAME"));
  return rules;
}

}  // namespace poolcheck::spec::maxpool2d_grad
