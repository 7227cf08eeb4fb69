// JSON has no NaN or infinities: finite doubles stay numbers, the others become the strings "NaN",
// "Infinity" and "-Infinity" (as Python's json module spells them), and are read back from them.
#pragma once

#include <nlohmann/json.hpp>

namespace poolcheck::reports {

nlohmann::json json_number(double v);
// Number, or one of the three strings; throws nlohmann::json::exception / std::invalid_argument otherwise.
double number_from_json(const nlohmann::json& j);

}  // namespace poolcheck::reports
