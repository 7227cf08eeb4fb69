// Dtype and format checks of op_api validation that the pooling operators word the same way.
#pragma once

#include <initializer_list>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ops/common/arg_checks.h"

namespace pcemu {

// 161002 for the first tensor whose format is not one of `allowed`.
aclnnStatus check_formats_in(const char* api, const std::vector<NamedTensor>& tensors,
                             std::initializer_list<aclFormat> allowed);
// 161002 for the first tensor whose format is neither `a` nor `b`.
aclnnStatus check_formats_in(const char* api, const std::vector<NamedTensor>& tensors, aclFormat a, aclFormat b);
// 161002 unless gradOutput, self and the output share one format / one dtype.
aclnnStatus check_same_formats(const char* api, const aclTensor* grad_output, const aclTensor* self,
                               const NamedTensor& out);
aclnnStatus check_same_dtypes(const char* api, const aclTensor* grad_output, const aclTensor* self,
                              const NamedTensor& out);

}  // namespace pcemu
