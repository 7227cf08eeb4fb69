#include "fuzz/raw_ops.h"

#include <map>

namespace poolcheck::fuzz {

const RawOp& raw_op(const std::string& op) {
  static const std::map<std::string, const RawOp*> ops{
#define POOLCHECK_OPERATOR(token, aclnn) {#token, &token::raw_op()},
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
  return *ops.at(op);
}

}  // namespace poolcheck::fuzz
