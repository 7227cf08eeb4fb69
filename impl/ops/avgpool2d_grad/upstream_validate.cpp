// Each check cites the discrepancy entry (spec/avg_pool2d_grad_tables.cpp) whose "Upstream ..." sentence it
// reproduces; unmarked steps are the same as the documented profile's. The emulator's own safety checks
// (live handles, views inside their allocations, a self-overlapping gradInput) stay in place.
#include "ops/avgpool2d_grad/upstream_validate.h"

#include <array>
#include <string>
#include <vector>

#include "common/log.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/upstream_call.h"

namespace pcemu::avgpool {

namespace {

// Upstream (GetDtypeSupportList): BFLOAT16 only on Ascend910B/Ascend910_93 and regbase SoCs; FLOAT32 and
// FLOAT16 on every other SoC, which the op_api accepts [AP.D.PLATFORMS].
bool dtype_supported(aclDataType dt, const PlatformProfile& plat) {
  const bool with_bf16 = plat.soc == "Ascend910B" || plat.soc == "Ascend910_93" || plat.regbase;
  return dt == ACL_FLOAT || dt == ACL_FLOAT16 || (with_bf16 && dt == ACL_BF16);
}

// Upstream (CheckDtypeVaild): each of gradOutput, self and gradInput in the list [AP.D.SELF_CHECKS], and only
// gradOutput == gradInput: self's dtype may differ [AP.D.DTYPE_SAME].
aclnnStatus check_dtypes(const std::vector<NamedTensor>& ts, const RawArgs& a, const PlatformProfile& plat) {
  for (const auto& [name, t] : ts)
    if (!dtype_supported(t->dtype, plat))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not supported on {}", kApi, name, dtype_label(t->dtype),
                  plat.soc);
  if (a.grad_output->dtype != a.grad_input->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID,
                "{}: Dtype of gradOutput and gradInput should be equal, gradOutput [{}], "
                "gradInput [{}]",
                kApi, dtype_label(a.grad_output->dtype), dtype_label(a.grad_input->dtype));
  return ACLNN_SUCCESS;
}

// Upstream (CheckFormatVaild): every format NCHW or NCL, ND refused [AP.D.ND_FORMAT] (self too,
// [AP.D.SELF_CHECKS]); only a 4-D gradOutput ties a format to a rank: gradOutput and gradInput NCHW
// [AP.D.RANK_FORMAT].
aclnnStatus check_formats(const std::vector<NamedTensor>& ts, const RawArgs& a) {
  for (const auto& [name, t] : ts)
    if (t->format != ACL_FORMAT_NCHW && t->format != ACL_FORMAT_NCL)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} format should be NCHW or NCL, got {}", kApi, name,
                  format_label(t->format));
  if (a.grad_output->view_shape.size() == 4 &&
      (a.grad_output->format != ACL_FORMAT_NCHW || a.grad_input->format != ACL_FORMAT_NCHW))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput and gradInput should all be NCHW when 4D, got {} and {}", kApi,
                format_label(a.grad_output->format), format_label(a.grad_input->format));
  return ACLNN_SUCCESS;
}

// Upstream (CheckDimsVaild): gradOutput and gradInput both 3-D or both 4-D, self's rank unchecked
// [AP.D.RANK_FORMAT]; kernelSize length 1 or 2 and values > 0, a non-null stride of length <= 2 with
// values > 0 (0 refused, [AP.D.ZERO_VALUES]); padding length <= 2.
aclnnStatus check_dims(const RawArgs& a) {
  const size_t rg = a.grad_output->view_shape.size(), ri = a.grad_input->view_shape.size();
  if (!((rg == 3 && ri == 3) || (rg == 4 && ri == 4)))
    return fail(ACLNN_ERR_PARAM_INVALID,
                "{}: gradOutput (rank {}) and gradInput (rank {}) must be 3D or 4D at the "
                "same time",
                kApi, rg, ri);
  const auto& kv = a.kernel->values;
  if (kv.empty() || kv.size() > 2)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize length {} not in [1, 2]", kApi, kv.size());
  for (int64_t v : kv)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize value {} must be > 0", kApi, v);
  if (a.stride) {
    if (a.stride->values.size() > 2)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride length {} not in [0, 2]", kApi, a.stride->values.size());
    for (int64_t v : a.stride->values)
      if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride value {} must be > 0", kApi, v);
  }
  if (a.padding->values.size() > 2)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding length {} not in [0, 2]", kApi, a.padding->values.size());
  return ACLNN_SUCCESS;
}

std::array<int64_t, 2> expand2(const std::vector<int64_t>& v, const std::array<int64_t, 2>& if_empty) {
  if (v.empty()) return if_empty;
  if (v.size() == 1) return {v[0], v[0]};
  return {v[0], v[1]};
}

// Upstream (CheckPaddingValidAvgPool2D): padding not empty and kernel >= 2 * padding per axis; a negative
// padding passes here [AP.D.NEGATIVE_PADDING]. Then CheckCubeMathTypeValid: only the range 0..3, whatever
// the dtype [AP.D.CUBE_MATH_DTYPE].
aclnnStatus check_padding_and_cube_math(const RawArgs& a, Problem* pr) {
  if (a.padding->values.empty()) return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding is empty", kApi);
  pr->k = expand2(a.kernel->values, {});
  pr->p = expand2(a.padding->values, {});
  for (int i = 0; i < 2; ++i)
    if (static_cast<__int128>(pr->k[i]) < 2 * static_cast<__int128>(pr->p[i]))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding[{}]={} should be at most half of kernelSize {}", kApi, i,
                  pr->p[i], pr->k[i]);
  if (a.cube_math < kKeepDtype || a.cube_math > kUseHf32)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: cubeMathType {} not in [0, 3]", kApi, a.cube_math);
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus validate_upstream(const RawArgs& a, Problem* pr, bool* empty) {
  // Upstream (CheckNotNull): stride may be null; workspaceSize and executor are never checked.
  if (auto st = check_not_null(kApi, {{"gradOutput", a.grad_output},
                                      {"self", a.self},
                                      {"kernelSize", a.kernel},
                                      {"padding", a.padding},
                                      {"gradInput", a.grad_input}}))
    return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {"gradInput", a.grad_input}};
  if (auto st = check_live(kApi, ts, {{"kernelSize", a.kernel}, {"stride", a.stride}, {"padding", a.padding}}))
    return st;
  if (auto st = check_views(kApi, ts)) return st;
  const auto plat = active_platform().profile;
  if (auto st = check_dtypes(ts, a, plat)) return st;
  if (auto st = check_formats(ts, a)) return st;
  if (auto st = check_dims(a)) return st;
  if (auto st = check_padding_and_cube_math(a, pr)) return st;
  // Upstream (CheckOutputShape): self's shape equals gradInput's; gradOutput's shape is compared with
  // neither, N/C nor H/W [AP.D.GRADOUTPUT_SHAPE].
  if (auto st = check_same_shape(kApi, {"gradInput", a.grad_input}, {"self", a.self})) return st;
  // Upstream (GetWorkspaceSize): an empty gradOutput, self or gradInput succeeds with workspace 0 and no
  // launch, gradInput left as it was [AP.D.EMPTY].
  *empty = is_empty_tensor(a.grad_output) || is_empty_tensor(a.self) || is_empty_tensor(a.grad_input);
  if (*empty) return ACLNN_SUCCESS;
  if (auto st = check_no_self_overlap(kApi, {"gradInput", a.grad_input})) return st;
  static const std::vector<int64_t> kNoStride;
  pr->s = expand2(a.stride ? a.stride->values : kNoStride, pr->k);
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size();
  pr->n = r == 4 ? self[0] : 1;
  pr->c = self[r - 3];
  pr->in = {self[r - 2], self[r - 1]};
  pr->out = {go[go.size() - 2], go[go.size() - 1]};
  pr->ceil_mode = a.ceil_mode;
  pr->count_include_pad = a.count_include_pad;
  pr->divisor = a.divisor_override;
  pr->cube_math = a.cube_math;
  pr->dtype = a.grad_output->dtype;  // self's dtype may differ; gradOutput's is computed and written
  pr->grad_output = a.grad_output;
  pr->grad_input = a.grad_input;
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::avgpool
