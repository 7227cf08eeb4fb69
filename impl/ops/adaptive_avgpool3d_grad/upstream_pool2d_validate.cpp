// Each check cites the discrepancy entry whose "Upstream ..." sentence it reproduces (AA2.D.*,
// docs/upstream-profile.md); unmarked steps are the same as the documented profile's. The emulator's own
// safety checks (live handles, views inside their allocations, a self-overlapping out) stay in place.
#include "ops/adaptive_avgpool3d_grad/upstream_pool2d_validate.h"

#include <string>
#include <vector>

#include "common/log.h"
#include "npu/platform.h"
#include "ops/adaptive_avgpool3d_grad/pool2d_validate.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/upstream_call.h"

namespace pcemu::adaptive {

namespace {

// Upstream (CheckInputDims, CheckInputOutputShape): gradOutput's rank equals self's; out's rank is 3 or 4
// and equals self's; out's and gradOutput's leading dims (all but H, W) equal self's. Out's H and W are
// never compared [AA2.D.OUT_CHECKS]. Negative dims are refused by the emulator's view check before this.
aclnnStatus check_shapes(const RawArgs& a) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const auto& out = a.out->view_shape;
  if (go.size() != self.size())
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: ranks of gradOutput ({}) and self ({}) must be equal", kApi2d, go.size(),
                self.size());
  if (out.size() != 3 && out.size() != 4)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: out has rank {}; it must be 3 or 4", kApi2d, out.size());
  if (out.size() != self.size())
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: ranks of out ({}) and self ({}) must be equal", kApi2d, out.size(),
                self.size());
  for (size_t i = 0; i + 2 < self.size(); ++i) {
    if (out[i] != self[i])
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: out dim {} is {} but self has {}", kApi2d, i, out[i], self[i]);
    if (go[i] != self[i])
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dim {} is {} but self has {}", kApi2d, i, go[i], self[i]);
  }
  return ACLNN_SUCCESS;
}

// Upstream (GetDtypeSupportList, CheckDtypeValid): FLOAT32, FLOAT16 and BFLOAT16 for a SoC version from
// ASCEND910B to ASCEND910E, FLOAT32 and FLOAT16 for every other SoC, listed or not [AA2.D.PLATFORMS];
// gradOutput and self against the list, gradOutput == self; out's dtype is not checked [AA2.D.OUT_CHECKS].
// Where Ascend 950 lies in CANN's SocVersion enum is not visible in ops-nn: it keeps the document's BFLOAT16.
aclnnStatus check_dtypes(const RawArgs& a, const PlatformProfile& plat) {
  const bool bf16 = plat.soc == "Ascend910B" || plat.soc == "Ascend910_93" || plat.soc == "Ascend950";
  for (const auto& [name, t] : {std::pair{"gradOutput", a.grad_output}, std::pair{"self", a.self}})
    if (t->dtype != ACL_FLOAT && t->dtype != ACL_FLOAT16 && !(bf16 && t->dtype == ACL_BF16))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not supported on {}", kApi2d, name, dtype_label(t->dtype),
                  plat.soc);
  if (a.grad_output->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dtype {} must equal self dtype {}", kApi2d,
                dtype_label(a.grad_output->dtype), dtype_label(a.self->dtype));
  return ACLNN_SUCCESS;
}

// Upstream (CheckFormat): gradOutput's format equals self's and is not private; any other label passes
// (NHWC, NCDHW, ...) and out's is not checked [AA2.D.FORMATS].
aclnnStatus check_formats(const RawArgs& a) {
  if (a.grad_output->format != a.self->format)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: formats of gradOutput ({}) and self ({}) must be equal", kApi2d,
                format_label(a.grad_output->format), format_label(a.self->format));
  if (is_private_format(a.grad_output->format))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: private format {} is not supported", kApi2d,
                format_label(a.grad_output->format));
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus validate_2d_upstream(const RawArgs& a, Problem* pr, bool* empty) {
  // Upstream (CheckNotNull): gradOutput, self, out in that order, 161001; workspaceSize and executor are never
  // checked (GetWorkspaceSize writes them) [AA2.D.NULL_CHECKS].
  if (auto st = check_not_null(kApi2d, {{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}})) return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}};
  if (auto st = check_live(kApi2d, ts, {})) return st;
  if (auto st = check_views(kApi2d, ts)) return st;
  // Upstream (CheckParams): no SoC check at all [AA2.D.PLATFORMS].
  const auto plat = active_platform().profile;
  if (auto st = check_shapes(a)) return st;
  if (auto st = check_dtypes(a, plat)) return st;
  if (auto st = check_formats(a)) return st;
  // Upstream (GetWorkspaceSize): an empty self or gradOutput succeeds with workspace 0 and no kernel
  // [AA2.D.EMPTY].
  *empty = is_empty_tensor(a.self) || is_empty_tensor(a.grad_output);
  if (*empty) return ACLNN_SUCCESS;
  if (auto st = check_no_self_overlap(kApi2d, {"out", a.out})) return st;
  describe_2d(a, pr);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::adaptive
