#include "isolation/served_mark.h"

#include <cstring>

namespace poolcheck::isolation::detail {

void ServedMarkSplitter::feed(std::string_view bytes, const std::function<void(std::string_view)>& on_text,
                              const std::function<void()>& on_mark) {
  std::string joined;
  if (!held_.empty()) {
    joined = std::move(held_);
    held_.clear();
    joined.append(bytes);
    bytes = joined;
  }
  while (!bytes.empty()) {
    const void* nul = std::memchr(bytes.data(), '\0', bytes.size());
    if (!nul) {
      on_text(bytes);
      return;
    }
    size_t at = static_cast<size_t>(static_cast<const char*>(nul) - bytes.data());
    if (at > 0) on_text(bytes.substr(0, at));
    bytes.remove_prefix(at);
    if (bytes.size() < kServedMark.size() && kServedMark.starts_with(bytes)) {
      held_.assign(bytes);
      return;
    }
    if (bytes.starts_with(kServedMark)) {
      on_mark();
      bytes.remove_prefix(kServedMark.size());
    } else {
      on_text(bytes.substr(0, 1));
      bytes.remove_prefix(1);
    }
  }
}

void ServedMarkSplitter::finish(const std::function<void(std::string_view)>& on_text) {
  if (!held_.empty()) on_text(held_);
  held_.clear();
}

}  // namespace poolcheck::isolation::detail
