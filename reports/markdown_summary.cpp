#include "reports/markdown_summary.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "reports/repro_command.h"
#include "reports/text_format.h"

namespace poolcheck::reports {

namespace {

std::string share(int64_t n, int64_t total) { return total > 0 ? fixed(100.0 * n / total, 1) + "%" : "-"; }

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

std::string join_ints(const std::vector<int>& v) {
  std::vector<std::string> s;
  for (int x : v) s.push_back(std::to_string(x));
  return join(s, ", ");
}

// A fenced block that no backtick run inside the text can close early.
std::string fence_for(const std::string& text) {
  size_t longest = 0, run = 0;
  for (char ch : text) {
    run = ch == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max<size_t>(3, longest + 1), '`');
}

}  // namespace

std::string markdown_cell(const std::string& text, size_t max_len) {
  std::string out;
  for (char ch : text) {
    if (ch == '|') {
      out += "\\|";
    } else if (ch == '\n' || ch == '\r' || ch == '\t') {
      out.push_back(' ');
    } else {
      out.push_back(ch);
    }
  }
  if (out.size() > max_len) {
    out.resize(max_len);
    // Do not leave a dangling escape or a cut UTF-8 sequence.
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
    if (!out.empty() && out.back() == '\\') out.pop_back();
    out += "...";
  }
  return out;
}

std::string summary_markdown(const CampaignSummary& s, const MarkdownOptions& opt) {
  std::ostringstream md;
  const auto missing = s.missing_shards();
  const bool ok = !s.failed() && missing.empty();
  md << "# poolcheck run: " << (ok ? "PASSED" : "FAILED") << "\n\n";

  md << "- operators: " << (s.ops.empty() ? "-" : join(s.ops, ", ")) << "\n";
  if (!s.backend.empty()) md << "- backend: `" << s.backend << "`\n";
  md << "- seed: " << s.seed << ", cases in stream: " << s.max_cases
     << ", invalid fraction: " << fixed(s.invalid_fraction, 2);
  if (s.max_seconds > 0) md << ", time budget: " << fixed(s.max_seconds, 1) << " s";
  md << "\n";
  if (!s.merged_shards.empty()) {
    md << "- merged shards: " << join_ints(s.merged_shards) << " of " << s.shard_count;
    if (!missing.empty()) md << " (**missing: " << join_ints(missing) << "**)";
    md << "\n";
  } else if (s.shard_count > 1) {
    md << "- shard: " << s.shard_index << "/" << s.shard_count << "\n";
  }
  md << "- ran " << s.cases << " cases in " << fixed(s.seconds, 1) << " s (" << fixed(s.cases_per_second, 1)
     << " cases/s); stopped: " << stop_reason_name(s.stop) << "\n";
  md << "- failures: " << s.failure_count;
  if (s.generator_errors) md << ", generator errors: " << s.generator_errors;
  if (!s.allowed_unsupported.empty()) md << ", unsupported allowed: " << s.allowed_unsupported.size();
  md << "\n\n";

  md << "## Outcomes\n\n| outcome | cases | share | failure |\n|---|---:|---:|:---:|\n";
  for (Outcome o : kAllOutcomes) {
    auto it = s.by_outcome.find(outcome_name(o));
    const int64_t n = it == s.by_outcome.end() ? 0 : it->second;
    md << "| " << outcome_name(o) << " | " << n << " | " << share(n, s.cases) << " | "
       << (outcome_is_failure(o) ? "yes" : "") << " |\n";
  }
  md << "\n";

  if (s.by_op.size() > 1) {
    md << "## Operators\n\n| operator | cases |\n|---|---:|\n";
    for (const auto& [op, n] : s.by_op) md << "| " << markdown_cell(op) << " | " << n << " |\n";
    md << "\n";
  }

  md << "## Tiling keys\n\n";
  if (s.by_tiling_key.empty()) {
    md << "No executed case reported its tiling.\n\n";
  } else {
    int64_t total = 0;
    for (const auto& kv : s.by_tiling_key) total += kv.second;
    md << "| strategy/key | cases | share |\n|---|---:|---:|\n";
    for (const auto& [k, n] : ordered_tiling_keys(s.by_tiling_key))
      md << "| " << markdown_cell(k) << " | " << n << " | " << share(n, total) << " |\n";
    md << "\n";
  }

  if (!s.coverage.empty()) {
    // Per kind: how many targets, how many hit; then every target never hit, by name.
    std::vector<std::string> kinds;
    std::map<std::string, std::pair<int64_t, int64_t>> per_kind;  // kind -> (targets, hit)
    for (const auto& t : s.coverage) {
      if (!per_kind.count(t.kind)) kinds.push_back(t.kind);
      auto& [total, hit] = per_kind[t.kind];
      ++total;
      hit += t.hits > 0;
    }
    md << "## Coverage targets\n\n| kind | targets | hit |\n|---|---:|---:|\n";
    for (const auto& k : kinds) md << "| " << k << " | " << per_kind[k].first << " | " << per_kind[k].second << " |\n";
    const auto missing = s.never_hit();
    md << "\n" << (missing.empty() ? "Every measured target was hit." : "Never hit:") << "\n";
    for (const auto& t : missing) md << "- " << markdown_cell(t.kind + " " + t.op + " " + t.name) << "\n";
    for (const auto& t : s.coverage)
      if (!t.measured)
        md << "- not measured (the backend reports no tiling): " << markdown_cell(t.op + " " + t.name) << "\n";
    md << "\n";
  }

  if (!s.by_error_rule.empty()) {
    md << "## Expected errors by rule\n\n| rule | cases |\n|---|---:|\n";
    for (const auto& [rule, n] : s.by_error_rule) md << "| " << markdown_cell(rule) << " | " << n << " |\n";
    md << "\n";
  }

  if (!s.accuracy.empty()) {
    md << "## Accuracy (compared cases, per operator and output dtype)\n\n"
       << "| operator/dtype | cases | max bound ratio | max ULP | max rel |\n|---|---:|---:|---:|---:|\n";
    for (const auto& [k, a] : s.accuracy) {
      md << "| " << markdown_cell(k) << " | " << a.cases << " | " << general(a.max_bound_ratio) << " | "
         << general(a.max_ulp) << " | " << general(a.max_rel) << " |\n";
    }
    md << "\n" << kAccuracyDefinitions << "\n\n";
  }

  if (!s.replayed.empty()) {
    md << "## Failure database replay (" << s.replay_still_failing() << " of " << s.replayed.size()
       << " still failing)\n\n| id | outcome | status |\n|---|---|---|\n";
    for (const auto& c : s.replayed) {
      md << "| " << markdown_cell(c.id) << " | " << outcome_name(c.outcome) << " | "
         << (c.still_failing() ? "**still failing**" : "now passing") << " |\n";
    }
    md << "\n";
  }

  if (s.failure_count > 0) {
    md << "## Failures (" << s.failure_count << ")\n\n";
    size_t shown = 0;
    for (const auto& r : s.failures) {
      if (shown == opt.max_failures) break;
      ++shown;
      md << shown << ". **" << outcome_name(r.outcome) << "**";
      if (!r.expected_rule.empty()) md << " (expected " << markdown_cell(r.expected_rule, 80) << ")";
      if (!r.message.empty()) md << ": " << markdown_cell(r.message, 300);
      if (!r.source.empty()) md << " — from " << markdown_cell(r.source, 200);
      md << "\n";
      const std::string cmd = repro_command(r.descriptor);
      const std::string fence = fence_for(cmd);
      md << "   " << fence << "sh\n   " << cmd << "\n   " << fence << "\n";
    }
    const int64_t rest = s.failure_count - static_cast<int64_t>(shown);
    if (rest > 0) md << "\n" << rest << " more failure(s) are in results.jsonl (\"failure\": true).\n";
    md << "\n";
  }

  if (!s.allowed_unsupported.empty()) {
    md << "## Unsupported, allowed (" << s.allowed_unsupported.size() << ")\n\n"
       << "Valid cases on platforms the spec supports that the backend refused for want of a kernel; allowed by "
          "`--allow-unsupported`, so not counted as failures.\n\n";
    for (const auto& d : s.allowed_unsupported) md << "- `" << markdown_cell(d, 100000) << "`\n";
    md << "\n";
  }

  if (!s.generator_error_messages.empty()) {
    md << "## Generator errors (" << s.generator_errors << ")\n\n";
    for (const auto& m : s.generator_error_messages) md << "- " << markdown_cell(m, 400) << "\n";
    md << "\n";
  }
  return md.str();
}

}  // namespace poolcheck::reports
