// A worker's stderr split into lines: the last few kept for reports, every one counted so a caller can ask for
// "the lines written since mark". Memory stays bounded whatever the worker writes: a line is cut at
// kMaxLineBytes and only `capacity` lines are kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace poolcheck::isolation::detail {

class LineLog {
 public:
  static constexpr size_t kMaxLineBytes = 4096;

  // `on_line` (may be empty) sees every completed line, e.g. to forward it.
  LineLog(size_t capacity, std::function<void(std::string_view)> on_line = {});

  void append(std::string_view bytes);
  // The writer is gone: an unterminated last line still counts.
  void finish_partial_line();

  uint64_t total_lines() const { return total_lines_; }
  // The kept lines among those numbered >= mark, oldest first.
  std::vector<std::string> lines_since(uint64_t mark) const { return lines_between(mark, total_lines_); }
  // The kept lines among those numbered >= from and < to, oldest first.
  std::vector<std::string> lines_between(uint64_t from, uint64_t to) const;

 private:
  void complete_line();

  size_t capacity_;
  std::function<void(std::string_view)> on_line_;
  std::deque<std::string> kept_;
  uint64_t total_lines_ = 0;
  std::string partial_;
  size_t partial_dropped_ = 0;  // bytes of the current line beyond kMaxLineBytes
};

}  // namespace poolcheck::isolation::detail
