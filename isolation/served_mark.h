// The mark serve() writes to its stderr after each request's handler returns and before the answer goes out.
// With several requests queued in a worker, the pool may read an answer only after the worker has gone on to the
// next request; the mark tells which lines came before that answer, since two pipes keep no order between them.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace poolcheck::isolation::detail {

// NUL bytes around it: no text a backend prints is taken for it.
inline constexpr char kServedMarkBytes[] = "\0poolcheck-isolation served\0";
inline constexpr std::string_view kServedMark{kServedMarkBytes, sizeof kServedMarkBytes - 1};

// Splits a byte stream into text and marks, in stream order; a mark cut across two reads is still recognised.
class ServedMarkSplitter {
 public:
  void feed(std::string_view bytes, const std::function<void(std::string_view)>& on_text,
            const std::function<void()>& on_mark);
  // The stream ended: a held start of a mark was text after all.
  void finish(const std::function<void(std::string_view)>& on_text);

 private:
  std::string held_;  // the end of the last chunk, a strict prefix of the mark
};

}  // namespace poolcheck::isolation::detail
