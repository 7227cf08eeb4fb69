#include "isolation/line_log.h"

#include <algorithm>
#include <utility>

namespace poolcheck::isolation::detail {

LineLog::LineLog(size_t capacity, std::function<void(std::string_view)> on_line)
    : capacity_(capacity), on_line_(std::move(on_line)) {}

void LineLog::append(std::string_view bytes) {
  while (!bytes.empty()) {
    size_t newline = bytes.find('\n');
    std::string_view piece = bytes.substr(0, newline);
    size_t room = kMaxLineBytes - std::min(kMaxLineBytes, partial_.size());
    partial_.append(piece.substr(0, room));
    partial_dropped_ += piece.size() - std::min(room, piece.size());
    if (newline == std::string_view::npos) return;
    complete_line();
    bytes.remove_prefix(newline + 1);
  }
}

void LineLog::finish_partial_line() {
  if (!partial_.empty() || partial_dropped_ > 0) complete_line();
}

void LineLog::complete_line() {
  std::string line = std::move(partial_);
  partial_.clear();
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (partial_dropped_ > 0) line += " [" + std::to_string(partial_dropped_) + " more bytes cut]";
  partial_dropped_ = 0;
  ++total_lines_;
  if (on_line_) on_line_(line);
  if (capacity_ == 0) return;
  if (kept_.size() == capacity_) kept_.pop_front();
  kept_.push_back(std::move(line));
}

std::vector<std::string> LineLog::lines_between(uint64_t from, uint64_t to) const {
  to = std::min(to, total_lines_);
  // kept_ holds the lines numbered total_lines_ - kept_.size() .. total_lines_ - 1.
  uint64_t first_kept = total_lines_ - kept_.size();
  from = std::max(from, first_kept);
  if (from >= to) return {};
  auto begin = kept_.begin() + static_cast<std::ptrdiff_t>(from - first_kept);
  return {begin, begin + static_cast<std::ptrdiff_t>(to - from)};
}

}  // namespace poolcheck::isolation::detail
