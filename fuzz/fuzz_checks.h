// What every fuzz target checks after a call, and how it reports a finding: the input's descriptor and
// the broken invariant on stderr, then a trap that libFuzzer (and the replay driver) record as a crash.
#pragma once

#include <cstdint>
#include <string>

#include "case/case.h"

namespace poolcheck::fuzz {

// Once per process: quiet library logs (unless the caller set a level), the runtime up, and the emulator
// faults named by POOLCHECK_FUZZ_EMU_FAULTS switched on (negative controls).
void init_process();

[[noreturn]] void finding(const std::string& what, const std::string& context);

// aclnn statuses the headers document (acl_meta.h).
bool documented_aclnn_status(int32_t status);
// acl runtime statuses the headers document (acl.h).
bool documented_acl_status(int32_t status);

// A small valid case of `op` that must pass on a clean library.
const Case& known_good_case(const std::string& op);

// After any call: guard zones intact, device allocations back to `live_before`, and a known-good call of
// `op` still matches the oracle, so a bad call cannot leave the library unusable.
void check_library_usable(const std::string& op, int64_t live_before, const std::string& context);

}  // namespace poolcheck::fuzz
