#include "ops/common/type_checks.h"

#include "common/log.h"
#include "runtime/tensor.h"

namespace pcemu {

aclnnStatus check_formats_in(const char* api, const std::vector<NamedTensor>& tensors, aclFormat a, aclFormat b) {
  for (const auto& [name, t] : tensors)
    if (t->format != a && t->format != b)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} format {} not in [{}, {}]", api, name, format_label(t->format),
                  format_label(a), format_label(b));
  return ACLNN_SUCCESS;
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
