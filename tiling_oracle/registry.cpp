// The operator table's statements, by operator name.
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle {

TilingVerdict expected_tiling(const Case& c) {
  const std::optional<PlatformNumbers> platform = platform_numbers(c);
  if (!platform) return {std::nullopt, "no platform numbers for SoC '" + c.platform + "'"};
#define POOLCHECK_OPERATOR(token, aclnn) \
  if (c.op == #token) return token::expected_tiling(c, *platform);
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  return {std::nullopt, "no tiling statement for operator '" + c.op + "'"};
}

}  // namespace poolcheck::tiling_oracle
