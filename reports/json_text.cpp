#include "reports/json_text.h"

#include <nlohmann/json.hpp>

namespace poolcheck::reports {

namespace {

// Bytes copied as they are: printable ASCII other than the quote and the backslash.
bool plain_byte(unsigned char u) { return u >= 0x20 && u < 0x7F && u != '"' && u != '\\'; }

}  // namespace

bool plain_json_text(std::string_view s) {
  for (const char ch : s)
    if (!plain_byte(static_cast<unsigned char>(ch))) return false;
  return true;
}

void append_json_string(std::string_view s, std::string* out) {
  if (plain_json_text(s)) {
    out->push_back('"');
    out->append(s);
    out->push_back('"');
    return;
  }
  // Escapes, control characters and non-ASCII (valid or not) are rare: nlohmann's own serializer writes them, so
  // its escaping and its replacement of invalid UTF-8 hold byte for byte.
  out->append(nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace poolcheck::reports
