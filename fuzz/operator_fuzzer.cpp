// libFuzzer target of one operator, chosen at build time (POOLCHECK_FUZZ_OP, e.g. "maxpool3d_grad"):
// descriptor-mode or raw C API-mode calls, see op_fuzz.h.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_checks.h"
#include "fuzz/op_fuzz.h"

#ifndef POOLCHECK_FUZZ_OP
#error "define POOLCHECK_FUZZ_OP to the operator's registry name"
#endif

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  poolcheck::fuzz::init_process();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  poolcheck::fuzz::fuzz_operator(POOLCHECK_FUZZ_OP, data, size);
  return 0;
}
