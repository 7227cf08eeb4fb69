// Python literals as TTK case files write them in their cells ("((1, 64, 5, 16), (1, 64, 9, 30))",
// "{'kernelSize': [2, 2], 'ceilMode': False}"): numbers, quoted strings, True/False/None, tuples, lists and
// dicts, read into JSON values (tuples become arrays).
#pragma once

#include <string>

#include "nlohmann/json.hpp"

namespace poolcheck::interop {

// Throws std::invalid_argument naming the offset and what was expected.
nlohmann::json parse_python_literal(const std::string& text);

}  // namespace poolcheck::interop
