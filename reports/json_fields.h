// Reading required fields of a report JSON object, with errors that name the field.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace poolcheck::reports {

inline const nlohmann::json& field(const nlohmann::json& j, const char* name) {
  if (!j.is_object() || !j.contains(name)) throw std::invalid_argument(std::string("missing field '") + name + "'");
  return j.at(name);
}

template <typename T>
T get(const nlohmann::json& j, const char* name) {
  try {
    return field(j, name).get<T>();
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("field '") + name + "': " + e.what());
  }
}

// Requires "tool": "poolcheck" and this "format_version"; `what` names the document ("summary") in errors.
inline void require_format(const nlohmann::json& j, const std::string& what, int version) {
  if (get<std::string>(j, "tool") != "poolcheck") throw std::invalid_argument("not a poolcheck " + what);
  const int found = get<int>(j, "format_version");
  if (found != version) {
    throw std::invalid_argument(what + " format version " + std::to_string(found) + " is not supported");
  }
}

}  // namespace poolcheck::reports
