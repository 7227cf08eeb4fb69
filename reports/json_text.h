// JSON text written without building a JSON object, for the lines and messages written once per case.
#pragma once

#include <string>
#include <string_view>

namespace poolcheck::reports {

// Whether every byte of `s` is printable ASCII other than '"' and '\\': JSON holds such text as it is.
bool plain_json_text(std::string_view s);

// Appends `s` as a JSON string, exactly as nlohmann::json's dump() writes it with invalid UTF-8 replaced
// (error_handler_t::replace, no ASCII escaping of other characters).
void append_json_string(std::string_view s, std::string* out);

}  // namespace poolcheck::reports
