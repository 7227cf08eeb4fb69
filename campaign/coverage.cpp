#include "campaign/coverage.h"

#include <array>
#include <cctype>
#include <initializer_list>
#include <map>
#include <set>
#include <string_view>

#include "campaign/scheduler.h"
#include "generators/generators.h"
#include "generators/threshold.h"
#include "spec/spec.h"

namespace poolcheck {

namespace {

// The first whitespace-separated words of a label (what `istream >> std::string` reads), as views into it (every
// result is labelled, so without a vector of copies), and how many words it has up to kMaxLabelWords + 1 (more than
// any label the campaign makes).
constexpr size_t kMaxLabelWords = 6;
struct LabelWords {
  std::array<std::string_view, kMaxLabelWords> w;
  size_t count = 0;
};
LabelWords label_words(std::string_view s) {
  LabelWords out;
  auto space = [](char ch) { return std::isspace(static_cast<unsigned char>(ch)) != 0; };
  for (size_t i = 0; i < s.size() && out.count <= kMaxLabelWords;) {
    if (space(s[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < s.size() && !space(s[end])) ++end;
    if (out.count < kMaxLabelWords) out.w[out.count] = s.substr(i, end - i);
    ++out.count;
    i = end;
  }
  return out;
}

std::string joined(std::initializer_list<std::string_view> words) {
  size_t length = 0;
  for (std::string_view w : words) length += w.size() + 1;
  std::string out;
  out.reserve(length);
  bool first = true;
  for (std::string_view w : words) {
    if (!first) out.push_back(' ');
    out.append(w);
    first = false;
  }
  return out;
}

}  // namespace

std::string result_label(const std::string& planned, bool invalid, const std::string& planned_rule,
                         const CaseResult& r) {
  const LabelWords lw = label_words(planned);
  const auto& w = lw.w;
  // A threshold cell's label carries its requested pair as a sixth word; the result's sixth word is where the case
  // really sits (with_threshold_placement).
  if (invalid ? lw.count != 4u : lw.count != 5u && lw.count != 6u) return planned;  // a test seam's cell
  if (!invalid) {
    if (r.c.op.find('/') != std::string::npos) {  // not an operator of the table: the key's text as it is
      const std::string key = accuracy_key(r);    // "<op>/<output dtype>"
      return joined({w[0], w[1], w[2], std::string_view(key).substr(key.find('/') + 1), w[4]});
    }
    return joined({w[0], w[1], w[2], output_dtype_name(r), w[4]});
  }
  if (r.expected_rule.empty()) return "";
  if (r.expected_rule == planned_rule) return planned;
  return joined({"rule", w[1], r.expected_rule, "-"});
}

std::string with_threshold_placement(std::string label, const Case& c) {
  const LabelWords lw = label_words(label);
  const auto& w = lw.w;
  if ((lw.count != 5 && lw.count != 6) || w[0] != "cell" || w[4] != gen::kFeatureThreshold) return label;
  const std::optional<gen::threshold::Placement> p = gen::threshold::placement(c);
  return joined({w[0], w[1], w[2], w[3], w[4], p ? gen::threshold::label(*p) : std::string("none")});
}

std::vector<CoverageTarget> coverage_targets(const CampaignSummary& s) {
  // Hits by (kind, op, name) from the labels.
  std::map<std::string, int64_t> hits;
  auto add = [&](std::initializer_list<std::string_view> key, int64_t n) { hits[joined(key)] += n; };
  for (const auto& [label, n] : s.by_target) {
    const LabelWords lw = label_words(label);
    const auto& w = lw.w;
    if (lw.count == 4 && w[0] == "rule") {
      add({"rule", w[1], w[2]}, n);
      if (w[3] != "-") add({"variant", w[1], w[2], w[3]}, n);
    } else if ((lw.count == 5 || lw.count == 6) && w[0] == "cell") {
      add({"dtype", w[1], w[3]}, n);
      add({"feature", w[1], w[4]}, n);
      if (lw.count == 6) {
        add({"threshold", w[1], w[5]}, n);
        add({"threshold", w[1], w[5], w[3]}, n);  // the pair in that dtype
      }
    }
  }
  int64_t tiled = 0;
  for (const auto& [k, n] : s.by_strategy) tiled += n;

  std::vector<CoverageTarget> out;
  auto target = [&](const std::string& kind, const std::string& op, const std::string& name) {
    const auto it = hits.find(kind + " " + op + " " + name);
    out.push_back(CoverageTarget{kind, op, name, it == hits.end() ? 0 : it->second, true});
  };
  for (const std::string& op : s.ops) {
    const spec::OperatorSpec* spec = spec::find_operator_spec(op);
    if (!spec) continue;
    for (const spec::Rule& r : spec->rules) target("rule", op, r.id);
    for (const spec::Rule& r : spec->rules)
      for (const spec::ViolationClass& k : r.classes) target("variant", op, r.id + " " + k.name);
    for (DType d : operator_dtypes(*spec)) target("dtype", op, dtype_name(d));
    for (const std::string& f : gen::features(op)) target("feature", op, f);
    for (const std::string& t : gen::threshold::targets(op)) target("threshold", op, t);
    // Each pair in each dtype the schedule draws it in (one threshold cell each).
    std::set<std::string> pair_dtypes;
    const CaseScheduler cells({op}, 0);
    for (const ScheduleCell& cell : cells.valid_cells())
      if (!cell.threshold.empty() && cell.dtype) pair_dtypes.insert(cell.threshold + " " + dtype_name(*cell.dtype));
    for (const std::string& t : pair_dtypes) target("threshold", op, t);
    for (const spec::StrategyNote& st : spec->strategies) {
      for (uint64_t key : spec::targeted_keys(st)) {
        const std::string label = strategy_name(st.name) + ("/" + std::to_string(key));
        const auto it = s.by_tiling_key.find(label);
        out.push_back(CoverageTarget{"key", op, label, it == s.by_tiling_key.end() ? 0 : it->second, tiled > 0});
      }
    }
  }
  return out;
}

bool covered(const std::vector<CoverageTarget>& targets, int64_t k) {
  for (const auto& t : targets)
    if (t.measured && t.hits < k) return false;
  return true;
}

}  // namespace poolcheck
