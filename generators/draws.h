// Random draws the operator generators share. Each helper draws in a fixed order, so a generator that
// calls them draws exactly the sequence it did when it spelled them out (seeds keep their cases).
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "case/case.h"
#include "generators/fixed_draws.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::gen {

// A list argument in one of its documented forms: empty (when `allow_empty`), one value broadcast (when
// all are equal), or one value per axis.
template <class Axes>
std::vector<int64_t> list_form(const Axes& v, bool allow_empty) {
  const bool same = std::all_of(v.begin(), v.end(), [&](int64_t x) { return x == v[0]; });
  const int form = fixed::in_range(0, 3);
  if (allow_empty && form == 0) return {};
  if (same && form == 1) return {v[0]};
  return std::vector<int64_t>(v.begin(), v.end());
}

// Batched or not, then N*C from cfg.min_nc up to cfg.max_nc split into N (from `ns` when batched) and C.
template <typename Params>
void gen_batch(const GenConfig& cfg, std::initializer_list<int64_t> ns, Params* p) {
  static const rc::Gen<bool> kBatched = rc::gen::weightedElement<bool>({{3, true}, {1, false}});
  p->batched = value_of(kBatched);
  const int64_t nc = fixed::in_range<int64_t>(cfg.min_nc, std::max(cfg.min_nc, cfg.max_nc) + 1);
  p->n = p->batched ? fixed::element_of(std::vector<int64_t>(ns)) : 1;
  p->c = std::max<int64_t>(1, nc / p->n);
}

// Non-contiguous views for every tensor when cfg varies layouts; every tensor a strided view, or every tensor
// offset, when the target asks for the views or offsets feature.
void gen_layouts(const GenConfig& cfg, Case* c);

// Does the scheduler ask this case for `feature` / for tiling strategy `strategy`?
bool wants(const GenConfig& cfg, const char* feature);
bool steers_to(const GenConfig& cfg, Strategy strategy);
// The target's SoC when it names one, else one of the SoCs whose kernels run `op` (kernel_socs).
std::string pick_soc(const GenConfig& cfg, const std::string& op);
// The target's dtype when it names a listed one, else one of `listed`.
DType pick_dtype(const GenConfig& cfg, const std::vector<DType>& listed);

// The spec's platform table is the one list of platforms and dtypes: the SoCs it marks supported, in table
// order, and the tensor dtypes it lists for one of them (for any other SoC, the dtypes every supported row lists).
std::vector<std::string> supported_socs(const spec::OperatorSpec& s);
std::vector<DType> listed_dtypes(const spec::OperatorSpec& s, const std::string& soc);

// Whether a valid case on one of `socs` can show `feature`: INT64 indices only where a platform row of them lists
// INT64 among its index dtypes; every other feature everywhere.
bool feature_applies(const spec::OperatorSpec& s, const std::vector<std::string>& socs, const std::string& feature);

using WeightedFills = std::initializer_list<std::pair<std::size_t, FillKind>>;

// Deterministic mode, core count and UB size (from `ub_sizes`) when cfg varies knobs; then the data seed,
// and the fill drawn from `fills` when cfg varies data ("normal" otherwise). The default fills are the
// average-pooling ones; max pooling adds ties. The det, ties and special features force their knob or fill.
void gen_environment(const GenConfig& cfg, const std::vector<int64_t>& ub_sizes, Case* c,
                     WeightedFills fills = {
                         {6, FillKind::Normal}, {2, FillKind::Ints}, {1, FillKind::Special}, {1, FillKind::Large}});

}  // namespace poolcheck::gen
