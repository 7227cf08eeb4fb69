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

}  // namespace poolcheck::reports
