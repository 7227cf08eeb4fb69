#include "generators/draws.h"

#include <algorithm>

#include "case/core_counts.h"
#include "generators/layout.h"

namespace poolcheck::gen {

void gen_layouts(const GenConfig& cfg, Case* c) {
  const LayoutDemand demand = wants(cfg, kFeatureViews)     ? LayoutDemand::kView
                              : wants(cfg, kFeatureOffsets) ? LayoutDemand::kOffset
                                                            : LayoutDemand::kAny;
  if (cfg.vary_layout || demand != LayoutDemand::kAny)
    for (auto& [name, t] : c->tensors) t = value_of(with_layout(t, demand));
}

bool wants(const GenConfig& cfg, const char* feature) { return cfg.target.feature == feature; }
bool steers_to(const GenConfig& cfg, Strategy strategy) { return cfg.target.strategy == strategy; }

std::string pick_soc(const GenConfig& cfg, const std::string& op) {
  if (!cfg.target.platform.empty()) return cfg.target.platform;
  return fixed::element_of(kernel_socs(cfg, op));
}

DType pick_dtype(const GenConfig& cfg, const std::vector<DType>& listed) {
  if (cfg.target.dtype && std::find(listed.begin(), listed.end(), *cfg.target.dtype) != listed.end())
    return *cfg.target.dtype;
  return fixed::element_of(listed);
}

void gen_environment(const GenConfig& cfg, const std::vector<int64_t>& ub_sizes, Case* c, WeightedFills fills) {
  if (cfg.vary_knobs) {
    static const rc::Gen<int32_t> kCores =
        rc::gen::elementOf(std::vector<int32_t>(kDrawnCoreCounts.begin(), kDrawnCoreCounts.end()));
    c->deterministic = fixed::boolean();
    c->cores = value_of(kCores);
    c->ub_bytes = fixed::element_of(ub_sizes);
  }
  static const rc::Gen<uint64_t> kSeed = rc::gen::arbitrary<uint64_t>();
  c->seed = value_of(kSeed);
  c->fill = cfg.vary_data ? value_of(rc::gen::weightedElement<FillKind>(fills)) : FillKind::Normal;
  if (wants(cfg, kFeatureDet)) c->deterministic = true;
  if (wants(cfg, kFeatureTies)) c->fill = FillKind::Ties;
  if (wants(cfg, kFeatureSpecial)) c->fill = FillKind::Special;
  // A fill of its own would hide the feature: the other features keep the data plain or integer.
  if (!cfg.target.feature.empty() && !wants(cfg, kFeatureTies) && !wants(cfg, kFeatureSpecial) &&
      (c->fill == FillKind::Ties || c->fill == FillKind::Special))
    c->fill = FillKind::Normal;
}

bool feature_applies(const spec::OperatorSpec& s, const std::vector<std::string>& socs, const std::string& feature) {
  if (feature != kFeatureInt64Indices) return true;
  for (const std::string& soc : socs) {
    const spec::PlatformRow* row = s.platform(soc);
    if (row && row->supported &&
        std::find(row->index_dtypes.begin(), row->index_dtypes.end(), DType::I64) != row->index_dtypes.end())
      return true;
  }
  return false;
}

std::vector<std::string> supported_socs(const spec::OperatorSpec& s) {
  std::vector<std::string> socs;
  for (const auto& row : s.platforms)
    if (row.supported) socs.push_back(row.soc);
  return socs;
}

std::vector<DType> listed_dtypes(const spec::OperatorSpec& s, const std::string& soc) {
  const spec::PlatformRow* row = s.platform(soc);
  if (row && row->supported) return row->dtypes;
  // Another SoC: the dtypes every supported row lists, so only the platform rule can be broken.
  std::vector<DType> common;
  bool first = true;
  for (const auto& r : s.platforms) {
    if (!r.supported) continue;
    if (first) {
      common = r.dtypes;
      first = false;
      continue;
    }
    std::erase_if(common, [&](DType d) { return std::find(r.dtypes.begin(), r.dtypes.end(), d) == r.dtypes.end(); });
  }
  return common;
}

}  // namespace poolcheck::gen
