#include "tests/conformance/conformance_row.h"

#include <cstdio>

namespace poolcheck::conformance {

namespace {

std::string head(const Row& row) { return "row '" + row.source + "' (" + row.call + "): "; }

// Parses a decimal integer or true/false; false when `text` is anything else.
bool parse_value(const std::string& text, int64_t* out) {
  if (text == "true" || text == "false") {
    *out = text == "true" ? 1 : 0;
    return true;
  }
  long long v = 0;
  int used = 0;
  if (std::sscanf(text.c_str(), "%lld%n", &v, &used) != 1 || used != static_cast<int>(text.size())) return false;
  *out = v;
  return true;
}

}  // namespace

std::map<std::string, int64_t> summary_fields(const std::string& summary) {
  std::map<std::string, int64_t> out;
  size_t at = 0;
  while (at < summary.size()) {
    size_t end = summary.find(' ', at);
    if (end == std::string::npos) end = summary.size();
    const std::string token = summary.substr(at, end - at);
    const size_t eq = token.find('=');
    int64_t v = 0;
    if (eq != std::string::npos && eq > 0 && parse_value(token.substr(eq + 1), &v)) out[token.substr(0, eq)] = v;
    at = end + 1;
  }
  return out;
}

std::vector<std::string> compare(const Row& row, const Observation& seen) {
  std::vector<std::string> out;
  const Expectation& e = row.expect;
  if (seen.status != e.status) {
    out.push_back(head(row) + "status " + std::to_string(seen.status) + ", upstream " + std::to_string(e.status) +
                  (seen.error.empty() ? "" : " (" + seen.error + ")"));
    return out;
  }
  if (e.status != ACLNN_SUCCESS) {
    if (seen.error.find(e.error) == std::string::npos)
      out.push_back(head(row) + "refusal message '" + seen.error + "' does not name '" + e.error + "'");
    return out;
  }
  if (e.strategy != seen.info.strategy)
    out.push_back(head(row) + "strategy " + seen.info.strategy + ", upstream " + e.strategy);
  if (e.key != seen.info.tilingKey)
    out.push_back(head(row) + "key " + std::to_string(seen.info.tilingKey) + ", upstream " + std::to_string(e.key));
  if (e.block_dim != seen.info.blockDim)
    out.push_back(head(row) + "blockDim " + std::to_string(seen.info.blockDim) + ", upstream " +
                  std::to_string(e.block_dim));
  if (row.deterministic != (seen.info.deterministic != 0))
    out.push_back(head(row) + "planned with deterministic=" + std::to_string(seen.info.deterministic));
  const auto fields = summary_fields(seen.info.tilingSummary);
  for (const Field& f : e.fields) {
    const auto it = fields.find(f.summary);
    if (it == fields.end())
      out.push_back(head(row) + "the tiling summary has no '" + f.summary + "' (upstream " + f.upstream +
                    "): " + seen.info.tilingSummary);
    else if (it->second != f.value)
      out.push_back(head(row) + f.upstream + " (" + f.summary + ") " + std::to_string(it->second) + ", upstream " +
                    std::to_string(f.value));
  }
  return out;
}

}  // namespace poolcheck::conformance
