#include "ops/maxpool3d_grad/validate.h"

#include <climits>
#include <string>
#include <vector>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/op_plan.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/type_checks.h"

namespace pcemu::maxpool {

namespace {

aclnnStatus check_nulls(const RawArgs& a) {
  if (auto st = check_out_pointers(kApi, a.workspace_size, a.executor)) return st;
  if (auto st = check_not_null(kApi, {{"self", a.self}}, " (documented: self must not be nullptr)")) return st;
  if (auto st = check_not_null(kApi, {{"indices", a.indices}}, " (documented: indices must not be nullptr)")) return st;
  return check_not_null(kApi, {{"gradOutput", a.grad_output},
                               {"gradInput", a.grad_input},
                               {"kernelSize", a.kernel},
                               {"stride", a.stride},
                               {"padding", a.padding},
                               {"dilation", a.dilation}});
}

bool float_type(aclDataType dt) { return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16; }

aclnnStatus check_platform_and_dtypes(const RawArgs& a, const PlatformProfile& plat) {
  const bool supported = plat.soc == "Ascend910B" || plat.soc == "Ascend910_93" || plat.soc == "Ascend950";
  if (!supported)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: platform {} ({}) is not supported (Atlas A2, A3 and Ascend 950 only)",
                kApi, plat.soc, plat.product);
  if (!float_type(a.self->dtype))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: self dtype {} not in [FLOAT32, FLOAT16, BFLOAT16]", kApi,
                dtype_label(a.self->dtype));
  const bool idx_ok = a.indices->dtype == ACL_INT32 || (plat.regbase && a.indices->dtype == ACL_INT64);
  if (!idx_ok)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: indices dtype {} not supported on {} ({})", kApi,
                dtype_label(a.indices->dtype), plat.soc, plat.regbase ? "INT32 or INT64" : "INT32 only");
  if (a.grad_output->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dtype {} must equal self dtype {}", kApi,
                dtype_label(a.grad_output->dtype), dtype_label(a.self->dtype));
  if (a.grad_input->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradInput dtype {} must equal self dtype {}", kApi,
                dtype_label(a.grad_input->dtype), dtype_label(a.self->dtype));
  return ACLNN_SUCCESS;
}

aclnnStatus check_formats_and_ranks(const std::vector<NamedTensor>& tensors, const RawArgs& a) {
  if (auto st = check_formats_in(kApi, tensors, ACL_FORMAT_ND, ACL_FORMAT_NCDHW)) return st;
  if (auto st = check_same_formats(kApi, a.grad_output, a.self, {"gradInput", a.grad_input})) return st;
  for (const auto& [name, t] : tensors)
    if (t->view_shape.size() != 4 && t->view_shape.size() != 5)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} not in [4, 5]", kApi, name, t->view_shape.size());
  for (const auto& [name, t] : tensors)
    if (t->view_shape.size() != a.self->view_shape.size())
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} differs from self rank {}", kApi, name, t->view_shape.size(),
                  a.self->view_shape.size());
  return ACLNN_SUCCESS;
}

// Length and value checks of one int list; `lengths` are the allowed sizes.
aclnnStatus check_list(const char* name, const aclIntArray* arr, std::initializer_list<size_t> lengths) {
  bool len_ok = false;
  for (size_t l : lengths) len_ok |= arr->values.size() == l;
  if (!len_ok) return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} length {} not allowed", kApi, name, arr->values.size());
  return ACLNN_SUCCESS;
}

std::array<int64_t, 3> expand3(const aclIntArray* arr, const std::array<int64_t, 3>& if_empty) {
  if (arr->values.empty()) return if_empty;
  if (arr->values.size() == 1) return {arr->values[0], arr->values[0], arr->values[0]};
  return {arr->values[0], arr->values[1], arr->values[2]};
}

aclnnStatus check_params(const RawArgs& a, Problem* pr) {
  if (auto st = check_list("kernelSize", a.kernel, {1, 3})) return st;
  if (a.kernel->values.size() == 1 && fault_on(Fault::KernelListStrict))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize length 1 not allowed (3 values needed)", kApi);
  for (int64_t v : a.kernel->values)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize value {} must be > 0", kApi, v);
  if (auto st = check_list("stride", a.stride, {0, 1, 3})) return st;
  for (int64_t v : a.stride->values)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride value {} must be > 0", kApi, v);
  pr->k = expand3(a.kernel, {});
  pr->s = expand3(a.stride, pr->k);
  if (auto st = check_list("padding", a.padding, {1, 3})) return st;
  pr->p = expand3(a.padding, {});
  for (int i = 0; i < 3; ++i)
    if (pr->p[i] < 0 || (pr->p[i] > pr->k[i] / 2 && !fault_on(Fault::SkipPadCheck)))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding[{}]={} must be in [0, kernelSize/2={}]", kApi, i, pr->p[i],
                  pr->k[i] / 2);
  if (auto st = check_list("dilation", a.dilation, {1, 3})) return st;
  for (int64_t v : a.dilation->values)
    if (v != 1 && !fault_on(Fault::SkipDilationCheck))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: dilation value {} not supported (only 1)", kApi, v);
  return ACLNN_SUCCESS;
}

aclnnStatus check_shapes(const RawArgs& a, const PlatformProfile& plat, Problem* pr) {
  const auto& self = a.self->view_shape;
  const size_t r = self.size();
  if (!plat.regbase) {
    const double dhw =
        static_cast<double>(self[r - 3]) * static_cast<double>(self[r - 2]) * static_cast<double>(self[r - 1]);
    if (dhw > static_cast<double>(INT32_MAX))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: self D*H*W = {} exceeds INT32_MAX on {} (indices are INT32)", kApi,
                  static_cast<int64_t>(dhw), plat.soc);
  }
  if (auto st = check_same_shape(kApi, {"indices", a.indices}, {"gradOutput", a.grad_output})) return st;
  if (auto st = check_same_shape(kApi, {"gradInput", a.grad_input}, {"self", a.self})) return st;
  if (auto st = check_not_empty(kApi, {a.grad_output, a.self, a.indices, a.grad_input})) return st;
  const auto& go = a.grad_output->view_shape;
  if (auto st = check_batch_dims(kApi, go, self, 3)) return st;
  if (auto st = check_pooled_dims(kApi, self, go, pr->k, pr->s, pr->p, a.ceil_mode)) return st;
  return check_no_self_overlap(kApi, {"gradInput", a.grad_input});
}

}  // namespace

aclnnStatus check_handles(const RawArgs& a, const char* api) {
  const std::vector<NamedTensor> tensors{
      {"gradOutput", a.grad_output}, {"self", a.self}, {"indices", a.indices}, {"gradInput", a.grad_input}};
  if (auto st = check_live(
          api, tensors,
          {{"kernelSize", a.kernel}, {"stride", a.stride}, {"padding", a.padding}, {"dilation", a.dilation}}))
    return st;
  return check_views(api, tensors);
}

aclnnStatus validate(const RawArgs& a, Problem* pr) {
  if (auto st = check_nulls(a)) return st;
  if (auto st = check_handles(a)) return st;
  const std::vector<NamedTensor> tensors{
      {"gradOutput", a.grad_output}, {"self", a.self}, {"indices", a.indices}, {"gradInput", a.grad_input}};
  const auto plat = active_platform().profile;
  if (auto st = check_platform_and_dtypes(a, plat)) return st;
  if (auto st = check_formats_and_ranks(tensors, a)) return st;
  if (auto st = check_params(a, pr)) return st;
  if (auto st = check_shapes(a, plat, pr)) return st;
  describe_problem(a, pr);
  return ACLNN_SUCCESS;
}

void describe_problem(const RawArgs& a, Problem* pr) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size(), rg = go.size();
  pr->n = r == 5 ? self[0] : 1;
  pr->c = self[r - 4];
  for (int i = 0; i < 3; ++i) {
    pr->in[i] = self[r - 3 + i];
    pr->out[i] = go[rg - 3 + i];
  }
  pr->ceil_mode = a.ceil_mode;
  pr->dtype = a.self->dtype;
  pr->index_dtype = a.indices->dtype;
  pr->grad_output = a.grad_output;
  pr->indices = a.indices;
  pr->grad_input = a.grad_input;
}

aclnnStatus recheck_call_tensors(const Problem& pr) {
  return recheck_tensors(pr.api,
                         {{"gradOutput", pr.grad_output}, {"indices", pr.indices}, {"gradInput", pr.grad_input}});
}

}  // namespace pcemu::maxpool
