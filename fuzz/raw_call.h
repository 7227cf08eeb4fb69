// Raw mode of the operator fuzzers: every argument built straight through the C API from bytes, reaching
// what the Case model cannot say: null dims with a rank, rank > 8, storage shapes unlike the view, data
// pointers that are null, inside, beside or aliasing an allocation, undefined dtype and format numbers,
// int arrays created from null, out-pointers null. The contract checked: a documented status, success
// only with an executor, no write into any input or host memory, guards intact, no leak, and the library
// still usable afterwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace poolcheck::fuzz {

void fuzz_raw_call(const std::string& op, const uint8_t* data, size_t size);

}  // namespace poolcheck::fuzz
