#include "campaign/scheduler.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/threshold.h"
#include "spec/spec.h"

namespace poolcheck {

namespace {

bool listed(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// The SoCs a rule can be broken on: its own platforms, else every supported one; an Execute-phase check runs
// in kernels, so only on the SoCs whose kernels the generators run.
std::vector<std::string> rule_platforms(const spec::OperatorSpec& s, const spec::Rule& r) {
  const std::vector<std::string> kernels = gen::kernel_platforms(s.op);
  std::vector<std::string> out;
  for (const std::string& soc : gen::supported_socs(s)) {
    if (!r.platforms.empty() && !listed(r.platforms, soc)) continue;
    if (r.phase == spec::Phase::Execute && !listed(kernels, soc)) continue;
    out.push_back(soc);
  }
  return out;
}

template <typename T>
void seeded_shuffle(std::vector<T>* v, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (size_t i = v->size(); i > 1; --i) std::swap((*v)[i - 1], (*v)[static_cast<size_t>(rng() % i)]);
}

}  // namespace

// The SoCs whose kernels report a strategy: its note's platforms among the operator's kernel SoCs (all of them when
// the note names none).
std::vector<std::string> strategy_platforms(const spec::OperatorSpec& s, const spec::StrategyNote& st) {
  std::vector<std::string> socs = gen::kernel_platforms(s.op);
  if (!st.platforms.empty()) std::erase_if(socs, [&](const std::string& soc) { return !listed(st.platforms, soc); });
  return socs;
}

std::vector<DType> operator_dtypes(const spec::OperatorSpec& s) {
  std::vector<DType> out;
  for (const auto& row : s.platforms)
    if (row.supported)
      for (DType d : row.dtypes)
        if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  return out;
}

std::string cell_label(const ScheduleCell& c) {
  if (c.invalid) return "rule " + c.op + " " + c.rule + " " + c.class_name;
  return "cell " + c.op + " " + (c.strategy ? strategy_name(*c.strategy) : "") + " " +
         (c.dtype ? dtype_name(*c.dtype) : "-") + " " + c.feature + (c.threshold.empty() ? "" : " " + c.threshold);
}

CaseScheduler::CaseScheduler(const std::vector<std::string>& ops, uint64_t seed) {
  for (const std::string& op : ops) {
    const spec::OperatorSpec* s = spec::find_operator_spec(op);
    if (!s) {  // a test seam's operator
      ScheduleCell bad, good;
      bad.op = good.op = op;
      bad.invalid = true;
      invalid_.push_back(bad);
      valid_.push_back(good);
      continue;
    }
    for (const spec::Rule& r : s->rules) {
      ScheduleCell cell;
      cell.op = op;
      cell.invalid = true;
      cell.rule = r.id;
      cell.variants = r.classes.size();
      const std::vector<std::string> socs = rule_platforms(*s, r);
      for (cell.variant = 0; cell.variant < r.classes.size(); ++cell.variant) {
        const spec::ViolationClass& k = r.classes[cell.variant];
        cell.class_name = k.name;
        cell.platforms = socs;  // narrowed to the class's own SoCs (INT64 indices where only INT32 is listed)
        if (!k.socs.empty())
          std::erase_if(cell.platforms, [&](const std::string& soc) { return !listed(k.socs, soc); });
        invalid_.push_back(cell);
      }
    }
    const std::vector<std::string> features = gen::features(op);
    for (const spec::StrategyNote& st : s->strategies) {
      const std::vector<std::string> socs = strategy_platforms(*s, st);
      for (DType d : operator_dtypes(*s)) {
        std::vector<std::string> with_dtype = socs;  // the strategy's SoCs that list the dtype
        std::erase_if(with_dtype, [&](const std::string& soc) {
          const std::vector<DType> there = gen::listed_dtypes(*s, soc);
          return std::find(there.begin(), there.end(), d) == there.end();
        });
        if (with_dtype.empty()) continue;
        for (const std::string& f : features) {
          if (!gen::feature_applies(*s, with_dtype, f)) continue;  // e.g. INT64 indices on the A2/A3 kernels
          if (f == gen::kFeatureThreshold && !gen::threshold_applies(op, st.name)) continue;  // no knob decides it
          ScheduleCell cell;
          cell.op = op;
          cell.strategy = st.name;
          cell.dtype = d;
          cell.feature = f;
          cell.platforms = with_dtype;
          if (f != gen::kFeatureThreshold) {
            valid_.push_back(cell);
            continue;
          }
          for (const std::string& pair : gen::threshold_pairs(op, st.name)) {
            cell.threshold = pair;
            valid_.push_back(cell);
          }
        }
      }
    }
  }
  seeded_shuffle(&invalid_, seed ^ 0x6A09E667F3BCC908ull);
  seeded_shuffle(&valid_, seed ^ 0xBB67AE8584CAA73Bull);
}

CaseScheduler::Pick CaseScheduler::pick(const std::vector<ScheduleCell>& cells, int64_t ordinal) {
  Pick p;
  if (cells.empty()) return p;
  const auto n = static_cast<int64_t>(cells.size());
  p.cell = &cells[static_cast<size_t>(ordinal % n)];
  p.visit = static_cast<uint64_t>(ordinal / n);
  // Visits rotate through the platforms, starting at a different one per cell.
  const auto& socs = p.cell->platforms;
  if (!socs.empty()) p.platform = socs[(p.visit + static_cast<uint64_t>(ordinal % n)) % socs.size()];
  return p;
}

CaseScheduler::Pick CaseScheduler::invalid(int64_t ordinal) const { return pick(invalid_, ordinal); }
CaseScheduler::Pick CaseScheduler::valid(int64_t ordinal) const { return pick(valid_, ordinal); }

StreamSlot stream_slot(int64_t index, double invalid_fraction) {
  // Invalid cases before `index`: floor(index * f). The nudge keeps a fraction such as 0.3, stored a hair
  // below its decimal value, from losing a case at every multiple of 10.
  auto invalid_before = [&](int64_t i) {
    const long double exact = static_cast<long double>(i) * static_cast<long double>(invalid_fraction);
    return static_cast<int64_t>(std::floor(exact + exact * 1e-12L));
  };
  const int64_t before = invalid_before(index);
  StreamSlot slot;
  slot.invalid = invalid_before(index + 1) > before;
  slot.ordinal = slot.invalid ? before : index - before;
  return slot;
}

}  // namespace poolcheck
