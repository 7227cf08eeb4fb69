// The expected decision against the reported one: strategy, key and the stated fields of the summary.
#include <string_view>

#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::tiling_oracle {

namespace {

// The value of `name=` in a summary of space-separated name=value words; nullopt when the word is missing.
std::optional<std::string_view> summary_value(std::string_view summary, std::string_view name) {
  size_t at = 0;
  while (at < summary.size()) {
    size_t end = summary.find(' ', at);
    if (end == std::string_view::npos) end = summary.size();
    const std::string_view word = summary.substr(at, end - at);
    if (word.size() > name.size() && word.substr(0, name.size()) == name && word[name.size()] == '=')
      return word.substr(name.size() + 1);
    at = end + 1;
  }
  return std::nullopt;
}

void add(std::string& out, const std::string& item) {
  if (!out.empty()) out += "; ";
  out += item;
}

}  // namespace

std::string tiling_disagreement(const ExpectedTiling& expected, const std::string& strategy, uint64_t key,
                                const std::string& summary) {
  std::string out;
  std::string unknown;
  const std::optional<Strategy> reported = strategy.empty() ? std::nullopt : parse_strategy_token(strategy, &unknown);
  if (reported != expected.strategy)
    add(out, std::string("strategy: expected ") + strategy_name(expected.strategy) + ", reported " +
                 (strategy.empty() ? "none"
                  : reported       ? strategy
                                   : unknown));
  if (key != expected.key)
    add(out, "key: expected " + std::to_string(expected.key) + ", reported " + std::to_string(key));
  for (const TilingField& f : expected.fields) {
    const std::optional<std::string_view> got = summary_value(summary, f.name);
    if (!got)
      add(out, f.name + ": expected " + f.value + ", not in the summary");
    else if (*got != f.value)
      add(out, f.name + ": expected " + f.value + ", reported " + std::string(*got));
  }
  return out;
}

std::string describe(const ExpectedTiling& expected) {
  std::string out = strategy_name(expected.strategy) + ("/" + std::to_string(expected.key));
  for (const TilingField& f : expected.fields) out += " " + f.name + "=" + f.value;
  if (!expected.why.empty()) out += " (" + expected.why + ")";
  return out;
}

}  // namespace poolcheck::tiling_oracle
