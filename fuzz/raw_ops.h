// Every operator's two-phase C call over positional arguments, shared by the raw mode and the API
// sequence fuzzer: tensors in API order (the output last), int arrays in API order, then the scalars.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace poolcheck::fuzz {

struct RawArgs {
  std::vector<aclTensor*> t;
  std::vector<aclIntArray*> a;
  bool b0 = false, b1 = false;  // ceilMode, countIncludePad
  int64_t i0 = 0;               // divisorOverride
  int8_t i1 = 0;                // cubeMathType
};

struct RawOp {
  std::vector<size_t> ranks;  // usual rank of each tensor argument
  size_t arrays;
  std::function<aclnnStatus(const RawArgs&, uint64_t*, aclOpExecutor**)> plan;
  aclnnStatus (*execute)(void*, uint64_t, aclOpExecutor*, aclrtStream);
};

// By Case::op name; throws std::out_of_range for another name.
const RawOp& raw_op(const std::string& op);

}  // namespace poolcheck::fuzz

// Each operator's binding (ops/<token>/fuzz_binding.cpp), declared for every row of the operator table.
#define POOLCHECK_OPERATOR(token, aclnn) \
  namespace poolcheck::fuzz::token {     \
  const RawOp& raw_op();                 \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
