#include "audit/case_source.h"

#include <algorithm>
#include <array>
#include <exception>
#include <set>

#include "case/rng.h"
#include "generators/generators.h"

namespace poolcheck::audit {

namespace {
// Draw budget per wanted case: mutators refuse some bases (e.g. a platform-specific rule), so allow retries.
constexpr int kAttemptsPerCase = 12;
constexpr uint64_t kChoices = 8;  // the spec's mutators take `choice` modulo their variant count
}  // namespace

uint64_t stable_hash(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (unsigned char ch : s) h = (h ^ ch) * 0x100000001b3ull;
  return h;
}

CaseSource::CaseSource(const spec::OperatorSpec& spec, std::string platform, bool supported, uint64_t seed)
    : spec_(spec),
      platform_(std::move(platform)),
      supported_(supported),
      seed_(mix_seed(seed, stable_hash(spec.op + "|" + platform_))) {
  for (const auto& row : spec_.platforms)
    if (row.supported && supported_soc_.empty()) supported_soc_ = row.soc;
  if (supported_) return;
  // The gate is whatever a valid-shaped case on this platform violates (the documented "unsupported" rule).
  for (uint64_t n = 0; n < 64 && gate_.empty(); ++n)
    if (auto b = base(n, stable_hash("gate"))) gate_ = spec_.violations(*b);
}

std::optional<Case> CaseSource::base(uint64_t n, uint64_t salt) {
  gen::GenConfig cfg;
  cfg.kernel_platforms = {platform_};
  Case c;
  try {
    c = gen::sample(gen::valid_case(spec_.op, cfg), mix_seed(seed_, mix_seed(salt, n)));
  } catch (const std::exception&) {  // a generator that gives up on a draw: try the next one
    return std::nullopt;
  }
  if (c.platform != platform_) return std::nullopt;
  const auto violated = spec_.violations(c);
  if (supported_) return violated.empty() ? std::optional<Case>(c) : std::nullopt;
  if (violated.empty() || supported_soc_.empty()) return std::nullopt;
  Case elsewhere = c;
  elsewhere.platform = supported_soc_;
  if (!spec_.violations(elsewhere).empty()) return std::nullopt;
  if (!gate_.empty() && violated != gate_) return std::nullopt;
  return c;
}

bool CaseSource::exactly_one(const Case& c, const spec::Rule& rule) const {
  const auto violated = spec_.violations(c);
  if (violated.empty() || violated.front() != &rule) return false;
  std::set<std::string> allowed{rule.id};
  allowed.insert(rule.implies.begin(), rule.implies.end());
  return std::all_of(violated.begin(), violated.end(), [&](const spec::Rule* r) { return allowed.count(r->id) > 0; });
}

std::vector<Case> CaseSource::valid(int k) {
  std::vector<Case> out;
  if (!supported_) return out;
  const uint64_t salt = stable_hash("valid");
  for (uint64_t n = 0; static_cast<int>(out.size()) < k && n < static_cast<uint64_t>(k) * kAttemptsPerCase; ++n)
    if (auto b = base(n, salt)) out.push_back(*b);
  return out;
}

RuleDraw CaseSource::singles(const spec::Rule& rule, int k) {
  RuleDraw d;
  const uint64_t salt = stable_hash("rule|" + rule.id);
  const bool is_gate = std::find(gate_.begin(), gate_.end(), &rule) != gate_.end();
  std::array<int, kChoices> slot_use{};
  if (!supported_ && !is_gate) return d;  // every case here fails the gate first: precedence, not this rule
  for (uint64_t n = 0; static_cast<int>(d.cases.size()) < k && n < static_cast<uint64_t>(k) * kAttemptsPerCase; ++n) {
    auto b = base(n, salt);
    if (!b) continue;
    if (is_gate) {  // a valid-shaped case on an unsupported platform violates the gate alone
      d.mutable_here = true;
      if (exactly_one(*b, rule)) d.cases.push_back(*b);
      continue;
    }
    // Every variant of the mutator on this base; the least-used variant that violates the rule alone wins,
    // so rare ways of breaking a rule (those that usually co-violate another) still get their cases.
    std::optional<Case> pick;
    uint64_t pick_slot = 0;
    for (uint64_t j = 0; j < kChoices; ++j) {
      const uint64_t slot = (j + n) % kChoices;
      auto m = rule.violate ? rule.violate(*b, slot) : std::nullopt;
      if (!m) continue;
      d.mutable_here = true;
      if (m->platform != platform_) {
        d.moved_platform = true;
        continue;
      }
      if (exactly_one(*m, rule) && (!pick || slot_use[slot] < slot_use[pick_slot])) {
        pick = std::move(m);
        pick_slot = slot;
      }
    }
    if (pick) {
      slot_use[pick_slot]++;
      d.cases.push_back(std::move(*pick));
    }
  }
  return d;
}

std::vector<Case> CaseSource::multi(int k) {
  std::vector<Case> out;
  const auto& rules = spec_.rules;
  if (rules.size() < 2) return out;
  const uint64_t salt = stable_hash("multi");
  int plain = 0;  // cases whose violated rules all give the same status in the same phase
  for (uint64_t n = 0; static_cast<int>(out.size()) < k && n < static_cast<uint64_t>(k) * kAttemptsPerCase; ++n) {
    auto b = base(n, salt);
    if (!b) continue;
    SplitMix64 rng(mix_seed(salt, n));
    // On an unsupported platform the base already violates the gate: one more rule makes two.
    std::optional<Case> m = *b;
    for (int step = supported_ ? 0 : 1; step < 2 && m; ++step) {
      const spec::Rule& r = rules[static_cast<size_t>(rng.below(static_cast<int64_t>(rules.size())))];
      m = r.violate ? r.violate(*m, rng.next() % kChoices) : std::nullopt;
    }
    if (!m || m->platform != platform_) continue;
    const auto violated = spec_.violations(*m);
    if (violated.size() < 2) continue;
    // Most pairs share 161002 in GetWorkspaceSize, which cannot show an order: keep half the quota for pairs
    // whose statuses or phases differ, while the draw budget lasts.
    const bool telling = std::any_of(violated.begin(), violated.end(), [&](const spec::Rule* r) {
      return r->code != violated.front()->code || r->phase != violated.front()->phase;
    });
    const bool late = n >= static_cast<uint64_t>(k) * kAttemptsPerCase / 2;
    if (!telling && !late && plain >= k - k / 2) continue;
    plain += !telling;
    out.push_back(*m);
  }
  return out;
}

}  // namespace poolcheck::audit
