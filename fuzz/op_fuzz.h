// One fuzz input of an operator target: a descriptor-mode input goes through the harness (spec expected
// status, oracle comparison), anything else through the raw C API mode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace poolcheck::fuzz {

void fuzz_operator(const std::string& op, const uint8_t* data, size_t size);

}  // namespace poolcheck::fuzz
