#include "ops/avgpool2d_grad/validate.h"

#include <climits>
#include <string>
#include <vector>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/type_checks.h"

namespace pcemu::avgpool {

namespace {

aclnnStatus check_nulls(const RawArgs& a) {
  if (auto st = check_out_pointers(kApi, a.workspace_size, a.executor)) return st;
  return check_not_null(kApi,
                        {{"gradOutput", a.grad_output},
                         {"self", a.self},
                         {"kernelSize", a.kernel},
                         {"padding", a.padding},
                         {"gradInput", a.grad_input}},
                        kDocumentedNotNull);
}

bool float_type(aclDataType dt) {
  return dt == ACL_FLOAT || dt == ACL_FLOAT16 || (dt == ACL_BF16 && !fault_on(Fault::Bf16Refused));
}

aclnnStatus check_types_and_formats(const std::vector<NamedTensor>& ts, const RawArgs& a) {
  const auto plat = active_platform().profile;
  if (plat.soc != "Ascend910B" && plat.soc != "Ascend910_93" && !fault_on(Fault::SkipPlatformCheck))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: platform {} ({}) is not supported (Atlas A2 and A3 only)", kApi, plat.soc,
                plat.product);
  for (const auto& [name, t] : ts)
    if (!float_type(t->dtype))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not in [FLOAT32, FLOAT16, BFLOAT16]", kApi, name,
                  dtype_label(t->dtype));
  if (auto st = check_same_dtypes(kApi, a.grad_output, a.self, {"gradInput", a.grad_input})) return st;
  if (auto st = check_formats_in(kApi, ts, ACL_FORMAT_NCHW, ACL_FORMAT_NCL)) return st;
  if (auto st = check_same_formats(kApi, a.grad_output, a.self, {"gradInput", a.grad_input})) return st;
  for (const auto& [name, t] : ts) {
    const size_t r = t->view_shape.size();
    if ((r != 3 && r != 4) || r != a.self->view_shape.size())
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} (self rank {}); all must be 3 (NCL) or 4 (NCHW)", kApi, name,
                  r, a.self->view_shape.size());
    if ((r == 4) != (t->format == ACL_FORMAT_NCHW))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} is {}-D but labelled {} (4-D needs NCHW, 3-D NCL)", kApi, name, r,
                  format_label(t->format));
  }
  return ACLNN_SUCCESS;
}

std::array<int64_t, 2> expand2(const std::vector<int64_t>& v, const std::array<int64_t, 2>& if_empty) {
  if (v.empty()) return if_empty;
  if (v.size() == 1) return {v[0], v[0]};
  return {v[0], v[1]};
}

aclnnStatus check_params(const RawArgs& a, Problem* pr) {
  const auto& kv = a.kernel->values;
  if (kv.size() != 1 && kv.size() != 2)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize length {} not in [1, 2]", kApi, kv.size());
  for (int64_t v : kv)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize value {} must be > 0", kApi, v);
  static const std::vector<int64_t> kNoStride;
  const auto& sv = a.stride ? a.stride->values : kNoStride;
  if (sv.size() > 2) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride length {} not in [0, 2]", kApi, sv.size());
  for (int64_t v : sv)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride value {} must be > 0", kApi, v);
  pr->k = expand2(kv, {});
  pr->s = expand2(sv, pr->k);
  const auto& pv = a.padding->values;
  if (pv.size() != 1 && pv.size() != 2)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding length {} not in [1, 2]", kApi, pv.size());
  pr->p = expand2(pv, {});
  for (int i = 0; i < 2; ++i)
    if (pr->p[i] < 0 || pr->p[i] > pr->k[i] / 2)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding[{}]={} must be in [0, kernelSize/2={}]", kApi, i, pr->p[i],
                  pr->k[i] / 2);
  const aclDataType dt = a.self->dtype;
  if (a.cube_math < kKeepDtype || a.cube_math > kUseHf32)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: cubeMathType {} not in [0, 3]", kApi, a.cube_math);
  if (a.cube_math == kUseFp16 && dt == ACL_BF16)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: cubeMathType 2 (USE_FP16) is not supported for BFLOAT16", kApi);
  if (a.cube_math == kUseHf32 && dt != ACL_FLOAT)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: cubeMathType 3 (USE_HF32) needs FLOAT32, got {}", kApi, dtype_label(dt));
  if (a.divisor_override < INT32_MIN || a.divisor_override > INT32_MAX)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: divisorOverride {} outside the 32-bit range the kernel takes", kApi,
                a.divisor_override);
  return ACLNN_SUCCESS;
}

aclnnStatus check_shapes(const RawArgs& a, Problem* pr) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size();
  if (auto st = check_same_shape(kApi, {"gradInput", a.grad_input}, {"self", a.self})) return st;
  if (auto st = check_not_empty(kApi, {a.grad_output, a.self, a.grad_input})) return st;
  if (auto st = check_batch_dims(kApi, go, self, 2)) return st;
  if (auto st = check_pooled_dims(kApi, self, go, pr->k, pr->s, pr->p, a.ceil_mode)) return st;
  if (auto st = check_no_self_overlap(kApi, {"gradInput", a.grad_input})) return st;
  pr->n = r == 4 ? self[0] : 1;
  pr->c = self[r - 3];
  pr->in = {self[r - 2], self[r - 1]};
  pr->out = {go[r - 2], go[r - 1]};
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus validate(const RawArgs& a, Problem* pr) {
  if (auto st = check_nulls(a)) return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {"gradInput", a.grad_input}};
  if (auto st = check_live(kApi, ts, {{"kernelSize", a.kernel}, {"stride", a.stride}, {"padding", a.padding}}))
    return st;
  if (auto st = check_views(kApi, ts)) return st;
  if (auto st = check_types_and_formats(ts, a)) return st;
  if (auto st = check_params(a, pr)) return st;
  if (auto st = check_shapes(a, pr)) return st;
  pr->ceil_mode = a.ceil_mode;
  pr->count_include_pad = a.count_include_pad && !fault_on(Fault::IncludePadIgnored);
  pr->divisor = fault_on(Fault::DivisorOverrideIgnored) ? 0 : a.divisor_override;
  pr->cube_math = a.cube_math;
  pr->dtype = a.self->dtype;
  pr->grad_output = a.grad_output;
  pr->grad_input = a.grad_input;
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::avgpool
