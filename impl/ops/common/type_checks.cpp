#include "ops/common/type_checks.h"

#include <algorithm>

#include "common/log.h"
#include "runtime/tensor.h"

namespace pcemu {

aclnnStatus check_formats_in(const char* api, const std::vector<NamedTensor>& tensors,
                             std::initializer_list<aclFormat> allowed) {
  for (const auto& [name, t] : tensors) {
    if (std::find(allowed.begin(), allowed.end(), t->format) != allowed.end()) continue;
    std::vector<const char*> labels;
    for (aclFormat f : allowed) labels.push_back(format_label(f));
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} format {} not in [{}]", api, name, format_label(t->format),
                fmt::join(labels, ", "));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus check_formats_in(const char* api, const std::vector<NamedTensor>& tensors, aclFormat a, aclFormat b) {
  return check_formats_in(api, tensors, {a, b});
}

aclnnStatus check_same_formats(const char* api, const aclTensor* grad_output, const aclTensor* self,
                               const NamedTensor& out) {
  if (grad_output->format == self->format && out.t->format == self->format) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: formats of gradOutput ({}), self ({}) and {} ({}) must be equal", api,
              format_label(grad_output->format), format_label(self->format), out.name, format_label(out.t->format));
}

aclnnStatus check_same_dtypes(const char* api, const aclTensor* grad_output, const aclTensor* self,
                              const NamedTensor& out) {
  if (grad_output->dtype == self->dtype && out.t->dtype == self->dtype) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: dtypes of gradOutput ({}), self ({}) and {} ({}) must be equal", api,
              dtype_label(grad_output->dtype), dtype_label(self->dtype), out.name, dtype_label(out.t->dtype));
}

}  // namespace pcemu
