#include "reports/results_reader.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "reports/case_result_json.h"

namespace poolcheck::reports {

namespace {

constexpr size_t kBatchLines = 4096;  // about 4 MiB of results.jsonl: parsed in tens of milliseconds

struct Parsed {
  CaseResult result;
  std::optional<std::string> error;  // set: the line is no result, and why
};

// Parses lines [begin, end) of the batch into `out` (the same positions).
void parse_slice(const std::vector<std::pair<std::string, int64_t>>& lines, size_t begin, size_t end,
                 std::vector<Parsed>* out) {
  for (size_t i = begin; i < end; ++i) {
    try {
      (*out)[i].result = result_from_json(nlohmann::json::parse(lines[i].first));
    } catch (const std::exception& e) {
      (*out)[i].error = e.what();
    }
  }
}

}  // namespace

std::optional<TornLine> read_results(const std::filesystem::path& path,
                                     const std::function<void(const CaseResult&, int64_t)>& on_result) {
  const auto threads = static_cast<size_t>(std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, 8));
  std::vector<std::pair<std::string, int64_t>> batch;
  std::vector<Parsed> parsed;
  const auto flush = [&] {
    parsed.assign(batch.size(), Parsed{});
    const size_t share = (batch.size() + threads - 1) / threads;
    std::vector<std::thread> helpers;
    for (size_t begin = share; begin < batch.size(); begin += share)
      helpers.emplace_back(parse_slice, std::cref(batch), begin, std::min(batch.size(), begin + share), &parsed);
    parse_slice(batch, 0, std::min(batch.size(), share), &parsed);  // this thread takes the first share
    for (auto& t : helpers) t.join();
    for (size_t i = 0; i < batch.size(); ++i) {
      if (parsed[i].error)
        throw MalformedResultLine(path.string() + ":" + std::to_string(batch[i].second) +
                                  ": malformed line: " + *parsed[i].error);
      on_result(parsed[i].result, batch[i].second);
    }
    batch.clear();
  };
  const auto torn = read_complete_lines(path, [&](const std::string& line, int64_t n) {
    batch.emplace_back(line, n);
    if (batch.size() == kBatchLines) flush();
  });
  flush();
  return torn;
}

}  // namespace poolcheck::reports
