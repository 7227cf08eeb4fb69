#include "generators/threshold.h"

#include <algorithm>
#include <stdexcept>

#include "generators/fixed_draws.h"

namespace poolcheck::gen::threshold {

namespace {

using tiling_oracle::Knob;
using tiling_oracle::Threshold;
using tiling_oracle::ThresholdRule;

constexpr int64_t kMaxKnobCores = 64;  // the emulator's largest core count (impl/npu/platform.h)
constexpr int kTries = 64;
constexpr int kDrawSize = 60;  // the campaign's largest sizes

struct Entry {
  const char* op;
  rc::Gen<Case> (*threshold)(const GenConfig&);
  std::vector<Strategy> (*strategies)();
  std::vector<ShapeBoundary> (*boundaries)();
  std::vector<std::string> (*pairs)(Strategy strategy);
};
const Entry kEntries[] = {
#define POOLCHECK_OPERATOR(token, aclnn) \
  {#token, token::threshold, token::threshold_strategies, token::shape_boundaries, token::threshold_pairs},
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
};

const Entry* entry(const std::string& op) {
  for (const auto& e : kEntries)
    if (op == e.op) return &e;
  return nullptr;
}

}  // namespace

const char* side_name(Side s) {
  switch (s) {
    case Side::Below:
      return "below";
    case Side::At:
      return "at";
    case Side::Above:
      return "above";
  }
  return "?";
}

int64_t knob_at(const Threshold& t, Side side) {
  const int64_t step = tiling_oracle::knob_step(t.knob);
  return side == Side::Below ? t.value - step : side == Side::Above ? t.value + step : t.value;
}

bool knob_allows(Knob k, int64_t value) {
  if (value < 1) return false;
  if (k == Knob::Cores) return value <= kMaxKnobCores;
  if (k == Knob::Int32Limit) return value <= kMaxInt32IndexLimit;
  return true;
}

std::optional<Placement> placement(const Case& c) {
  for (const Threshold& t : tiling_oracle::tiling_thresholds(c))
    for (Side side : {Side::At, Side::Below, Side::Above})
      if (tiling_oracle::knob_value(c, t.knob) == knob_at(t, side))
        return Placement{tiling_oracle::rule_name(t.rule), side};
  if (const Entry* e = entry(c.op))
    for (const ShapeBoundary& b : e->boundaries())
      if (const std::optional<Side> side = b.side_of(c)) return Placement{b.name, *side};
  return std::nullopt;
}

std::string label(const Placement& p) { return p.rule + "/" + side_name(p.side); }

std::vector<std::string> targets(const std::string& op) {
  std::vector<std::string> names;
  for (ThresholdRule r : tiling_oracle::threshold_rules(op)) names.push_back(tiling_oracle::rule_name(r));
  if (const Entry* e = entry(op))
    for (const ShapeBoundary& b : e->boundaries()) names.push_back(b.name);
  return pairs(names);
}

std::vector<std::string> pairs(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& n : names)
    for (Side s : kSides) out.push_back(label({n, s}));
  return out;
}

size_t pick(const GenConfig& cfg, const std::vector<std::string>& pairs) {
  if (pairs.empty()) throw std::invalid_argument("no threshold pairs to pick from");
  if (cfg.target.threshold.empty()) {
    std::vector<size_t> all(pairs.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    return fixed::element_of(all);  // not inRange: its range shrinks with RapidCheck's size
  }
  const auto at = std::find(pairs.begin(), pairs.end(), cfg.target.threshold);
  if (at == pairs.end()) throw std::invalid_argument("no threshold pair '" + cfg.target.threshold + "' here");
  return static_cast<size_t>(at - pairs.begin());
}

Case place_on(const rc::Gen<Case>& draw, ThresholdRule rule, Side side) {
  // The rule asked for first; a shape that states none of it after many draws takes any rule on that side. A case
  // whose other knobs sit at an earlier threshold (a limit drawn at the element count, a UB one block above
  // another threshold) would be counted there, so it is drawn again.
  // The ordinary generators' shapes grow with RapidCheck's size (all 1 at the smallest); the thresholds need shapes
  // of some extent whatever size the campaign samples at.
  const rc::Gen<Case> sized = rc::gen::resize(kDrawSize, draw);  // built once, drawn up to 2 x kTries times
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < kTries; ++i) {
      const Case drawn = value_of(sized);
      for (const Threshold& t : tiling_oracle::tiling_thresholds(drawn)) {
        if (pass == 0 && t.rule != rule) continue;
        const int64_t value = knob_at(t, side);
        if (!knob_allows(t.knob, value)) continue;
        Case c = drawn;
        tiling_oracle::set_knob(&c, t.knob, value);
        const std::optional<Placement> p = placement(c);
        if (p && p->rule == tiling_oracle::rule_name(t.rule) && p->side == side) return c;
      }
    }
  }
  throw std::runtime_error(std::string("no drawn case states a threshold ") + tiling_oracle::rule_name(rule) +
                           " (or any other) that its knobs can be placed " + side_name(side));
}

}  // namespace poolcheck::gen::threshold

namespace poolcheck::gen {

rc::Gen<Case> threshold_case(const std::string& op, const GenConfig& cfg) {
  const threshold::Entry* e = threshold::entry(op);
  if (!e) throw std::invalid_argument("no threshold generator for operator '" + op + "'");
  return e->threshold(cfg);
}

bool threshold_applies(const std::string& op, Strategy strategy) {
  const threshold::Entry* e = threshold::entry(op);
  if (!e) return false;
  const std::vector<Strategy> s = e->strategies();
  return std::find(s.begin(), s.end(), strategy) != s.end();
}

std::vector<std::string> threshold_pairs(const std::string& op, Strategy strategy) {
  const threshold::Entry* e = threshold::entry(op);
  if (!e || !threshold_applies(op, strategy)) return {};
  return e->pairs(strategy);
}

}  // namespace poolcheck::gen
