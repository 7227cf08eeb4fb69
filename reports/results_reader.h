// results.jsonl read back as results, in file order (`report rebuild`, `run --resume`). Parsing a line (its JSON and
// its descriptor) costs about 17 us, most of the time of reading a run of 10^6 cases, so batches of lines are
// parsed on the machine's cores and handed over in order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>

#include "case/result.h"
#include "reports/jsonl_reader.h"

namespace poolcheck::reports {

// A line that is no result: "FILE:LINE: malformed line: why".
struct MalformedResultLine : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Calls on_result(result, line number) for every complete line of `path`, in file order, and returns the torn
// last line, if any. A malformed line throws MalformedResultLine once every earlier line was handed over; a file
// that cannot be read throws std::runtime_error.
std::optional<TornLine> read_results(const std::filesystem::path& path,
                                     const std::function<void(const CaseResult&, int64_t)>& on_result);

}  // namespace poolcheck::reports
