// Each check cites the discrepancy entry (docs/upstream-profile.md, aclnnAvgPool3dBackward) whose "Upstream ..."
// sentence it reproduces; unmarked steps are the same as the documented profile's (validate_3d.cpp). The
// emulator's own safety checks (live handles, views inside their allocations, a self-overlapping output) stay.
#include "ops/avgpool2d_grad/upstream_validate_3d.h"

#include <array>
#include <cstdint>
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

constexpr const char* kOut = "output";

// Upstream (CheckDtypeValid): FLOAT32, FLOAT16 and BFLOAT16 on ASCEND910B, ASCEND910_93 and regbase SoCs; every
// other SoC gets an empty list, so its first tensor fails the dtype check: there is no platform check of its own
// [AP3.D.PLATFORMS].
aclnnStatus check_dtypes(const std::vector<NamedTensor>& ts, const PlatformProfile& plat) {
  const bool listed = plat.soc == "Ascend910B" || plat.soc == "Ascend910_93" || plat.regbase;
  for (const auto& [name, t] : ts) {
    const aclDataType dt = t->dtype;
    if (!listed || (dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not supported on {} (supported: {})", kApi3d, name,
                  dtype_label(dt), plat.soc, listed ? "FLOAT32, FLOAT16, BFLOAT16" : "none");
  }
  // Upstream: no dtype is compared with another; output's is the ViewCopy's concern [AP3.D.OUT_DTYPE].
  return ACLNN_SUCCESS;
}

// Upstream (CheckDimVlid): gradOutput 4-D or 5-D, self and output of its rank, output = self in every dim,
// kernelSize and padding of length 1 or 3, stride of length 0, 1 or 3 (as documented).
aclnnStatus check_dims(const RawArgs3d& a) {
  const auto& go = a.grad_output->view_shape;
  const auto& self = a.self->view_shape;
  const auto& out = a.output->view_shape;
  if (go.size() != 4 && go.size() != 5)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput rank {} should be 4 or 5", kApi3d, go.size());
  if (self.size() != go.size() || out.size() != go.size())
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: self rank {} should equal gradOutput rank {} and output rank {}", kApi3d,
                self.size(), go.size(), out.size());
  if (auto st = check_same_shape(kApi3d, {kOut, a.output}, {"self", a.self})) return st;
  const size_t k = a.kernel->values.size(), s = a.stride->values.size(), p = a.padding->values.size();
  if (k != 1 && k != 3) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize length {} must be 1 or 3", kApi3d, k);
  if (p != 1 && p != 3) return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding length {} must be 1 or 3", kApi3d, p);
  if (s != 0 && s != 1 && s != 3)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride length {} must be 0, 1 or 3", kApi3d, s);
  return ACLNN_SUCCESS;
}

// Upstream (CheckFormat): gradOutput's format equals output's and is not private; self's format is never looked
// at, and no label is required (NDHWC, NCHW, ... pass) [AP3.D.FORMATS].
aclnnStatus check_formats(const RawArgs3d& a) {
  if (a.grad_output->format != a.output->format)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: format of gradOutput {} and output {} should be equal", kApi3d,
                format_label(a.grad_output->format), format_label(a.output->format));
  if (is_private_format(a.grad_output->format))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: private format {} not supported", kApi3d,
                format_label(a.grad_output->format));
  return ACLNN_SUCCESS;
}

// FillIntArray: three values per list, an empty stride being the kernel.
std::array<int64_t, 3> fill3(const std::vector<int64_t>& v, const std::array<int64_t, 3>& if_empty) {
  if (v.empty()) return if_empty;
  if (v.size() == 1) return {v[0], v[0], v[0]};
  return {v[0], v[1], v[2]};
}

struct Filled {
  std::array<int64_t, 3> k{}, s{}, p{};
};

// Upstream (CheckArrayDataAvgPoolBackWard on the filled lists): kernel and stride > 0, padding in
// [0, kernel / 2] (as documented).
aclnnStatus check_values(const Filled& f) {
  for (size_t i = 0; i < 3; ++i) {
    if (f.k[i] <= 0)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize [{}] data [{}] is less than or equal to 0", kApi3d, i,
                  f.k[i]);
    if (f.s[i] <= 0)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride [{}] data [{}] is less than or equal to 0", kApi3d, i, f.s[i]);
  }
  for (size_t i = 0; i < 3; ++i)
    if (f.p[i] > f.k[i] / 2 || f.p[i] < 0)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding [{}] data [{}] must be in [0, kernelSize / 2 = {}]", kApi3d, i,
                  f.p[i], f.k[i] / 2);
  return ACLNN_SUCCESS;
}

// Upstream (PoolingOutShape): C++ division, which truncates toward zero, so a window larger than the padded
// input still gives one output where PyTorch's floor gives none [AP3.D.POOLED_SIZE]. Computed exactly here
// (ops-nn's int64 sum can wrap for absurd values).
__int128 pooled_size_truncating(int64_t in, int64_t k, int64_t s, int64_t p, bool ceil_mode) {
  const __int128 span = static_cast<__int128>(in) + 2 * static_cast<__int128>(p) - k + (ceil_mode ? s - 1 : 0);
  __int128 out = span / s + 1;
  if (ceil_mode && (out - 1) * s >= static_cast<__int128>(in) + p) --out;
  return out;
}

// Upstream (CheckOutputShape): gradOutput must be (N, C, Do, Ho, Wo) of self (as documented but for the
// division above), each size at least 0.
aclnnStatus check_grad_output_shape(const RawArgs3d& a, const Filled& f) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size();
  std::array<__int128, 3> pooled{};
  for (size_t i = 0; i < 3; ++i) {
    pooled[i] = pooled_size_truncating(self[r - 3 + i], f.k[i], f.s[i], f.p[i], a.ceil_mode);
    if (pooled[i] < 0)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: the pooled size of self {} is negative on spatial axis {}", kApi3d,
                  shape_str(self), i);
  }
  bool same = true;
  for (size_t i = 0; i + 3 < r; ++i) same = same && go[i] == self[i];
  for (size_t i = 0; i < 3; ++i) same = same && go[r - 3 + i] == pooled[i];
  if (same) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput {} does not have the pooled size of self {}", kApi3d,
              shape_str(go), shape_str(self));
}

void describe_problem(const RawArgs3d& a, const Filled& f, Problem* pr) {
  describe_problem_3d(a, f.k, f.s, f.p, pr);
  // Upstream (l0op::AvgPool3DGrad takes `int divisorOverride`): the int64 is truncated, so 2^32 becomes 0 (no
  // override) and 2^32 + 2 becomes 2 [AP3.D.DIVISOR_INT32].
  pr->divisor = static_cast<int32_t>(a.divisor_override);
}

}  // namespace

aclnnStatus validate_3d_upstream(const RawArgs3d& a, Problem* pr, bool* empty) {
  // Upstream (OP_CHECK_COMM_INPUT): workspaceSize and executor first, as documented.
  if (auto st = check_out_pointers(kApi3d, a.workspace_size, a.executor)) return st;
  // Upstream (CheckNotNull): stride is one of the six pointers, so a null stride is 161001 [AP3.D.NULL_STRIDE].
  if (auto st = check_not_null(kApi3d, {{"gradOutput", a.grad_output},
                                        {"self", a.self},
                                        {"kernelSize", a.kernel},
                                        {"stride", a.stride},
                                        {"padding", a.padding},
                                        {kOut, a.output}}))
    return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {kOut, a.output}};
  if (auto st = check_live(kApi3d, ts, {{"kernelSize", a.kernel}, {"stride", a.stride}, {"padding", a.padding}}))
    return st;
  if (auto st = check_views(kApi3d, ts)) return st;
  if (auto st = check_dtypes(ts, active_platform().profile)) return st;
  if (auto st = check_dims(a)) return st;
  if (auto st = check_formats(a)) return st;
  // Upstream (GetWorkspaceSize, gradOutput->IsEmpty()): an empty gradOutput succeeds with workspace 0 and no
  // launch before the list values and gradOutput's shape are checked; output is left as it was [AP3.D.EMPTY].
  *empty = is_empty_tensor(a.grad_output);
  if (*empty) return ACLNN_SUCCESS;
  if (auto st = check_no_self_overlap(kApi3d, {kOut, a.output})) return st;
  Filled f;
  f.k = fill3(a.kernel->values, {});
  f.s = fill3(a.stride->values, f.k);
  f.p = fill3(a.padding->values, {});
  if (auto st = check_values(f)) return st;
  if (auto st = check_grad_output_shape(a, f)) return st;
  describe_problem(a, f, pr);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::avgpool
