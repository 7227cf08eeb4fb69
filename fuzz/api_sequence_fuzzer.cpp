// libFuzzer target: sequences of aclnn/acl lifecycle calls (see api_sequence.h).
#include <cstddef>
#include <cstdint>

#include "fuzz/api_sequence.h"
#include "fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  poolcheck::fuzz::init_process();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  poolcheck::fuzz::fuzz_api_sequence(data, size);
  return 0;
}
