// The API-sequence fuzzer: bytes become a sequence of lifecycle actions over up to two planned calls of
// known-good cases (plan, execute, reuse an executor, execute without planning, null or short workspace,
// free memory or destroy a tensor between the phases, destroy twice, a dead or foreign stream, a device
// reset, aclFinalize and use). Each status must be documented and must be success exactly when the
// sequence so far allows it; afterwards nothing leaks, guards hold and a known-good call still passes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace poolcheck::fuzz {

void fuzz_api_sequence(const uint8_t* data, size_t size);

}  // namespace poolcheck::fuzz
