// Each check cites the discrepancy entry (spec/adaptive_avg_pool3d_grad_tables.cpp) whose "Upstream ..."
// sentence it reproduces; unmarked steps are the same as the documented profile's. The emulator's own safety
// checks (live handles, views inside their allocations, a self-overlapping out) stay in place.
#include "ops/adaptive_avgpool3d_grad/upstream_validate.h"

#include <string>
#include <vector>

#include "common/log.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/upstream_call.h"

namespace pcemu::adaptive {

namespace {

bool all_one(const std::vector<int64_t>& go) {
  const size_t r = go.size();
  return go[r - 3] == 1 && go[r - 2] == 1 && go[r - 1] == 1;
}

// Upstream (CheckInputOutDims): self rank 4 or 5 and all three ranks equal [AA.D.RANK_EQUAL]; every self dim
// > 0 and equal to out's, from dim 1 on regbase SoCs (Ascend 950: N may be 0 and out's N is never compared)
// [AA.D.SHAPE_MATCH, AA.D.OUT_N_950, AA.D.EMPTY]; gradOutput's leading dims equal self's, its D, H, W > 0
// and otherwise free, upsampling included [AA.D.UPSAMPLING].
aclnnStatus check_dims(const RawArgs& a, const PlatformProfile& plat) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const auto& out = a.out->view_shape;
  const size_t r = self.size();
  if (r != 4 && r != 5) return fail(ACLNN_ERR_PARAM_INVALID, "{}: self rank {} not in [4, 5]", kApi, r);
  if (go.size() != r || out.size() != r)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: ranks of gradOutput ({}), self ({}) and out ({}) must be equal", kApi,
                go.size(), r, out.size());
  for (size_t i = plat.regbase ? 1 : 0; i < r; ++i) {
    if (self[i] <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: self dim {} is {}, not > 0", kApi, i, self[i]);
    if (self[i] != out[i])
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: out dim {} is {} but self has {}", kApi, i, out[i], self[i]);
  }
  for (size_t i = 0; i + 3 < r; ++i)
    if (go[i] != self[i])
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dim {} is {} but self has {}", kApi, i, go[i], self[i]);
  for (size_t i = r - 3; i < r; ++i)
    if (go[i] <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dim {} is {}, not > 0", kApi, i, go[i]);
  return ACLNN_SUCCESS;
}

// Upstream (GetDtypeSupportList / CheckDtypeValid): Ascend910B, Ascend910_93 and regbase SoCs take FLOAT32,
// FLOAT16, BFLOAT16 and, for a 1x1x1 gradOutput, DOUBLE [AA.D.DOUBLE_ALL_ONE, AA.D.ASCEND950]; every other SoC
// FLOAT32, DOUBLE, FLOAT16 for every shape, no BFLOAT16 [AA.D.BF16_ATLAS]. gradOutput and self are checked
// against the list, out only through self == out [AA.D.OUT_CHECKS].
aclnnStatus check_dtypes(const RawArgs& a, const PlatformProfile& plat) {
  const bool newer = plat.soc == "Ascend910B" || plat.soc == "Ascend910_93" || plat.regbase;
  const bool one = all_one(a.grad_output->view_shape);
  auto listed = [&](aclDataType dt) {
    if (dt == ACL_FLOAT || dt == ACL_FLOAT16) return true;
    if (dt == ACL_BF16) return newer;
    return dt == ACL_DOUBLE && (!newer || one);
  };
  for (const auto& [name, t] : {std::pair{"gradOutput", a.grad_output}, std::pair{"self", a.self}})
    if (!listed(t->dtype))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not supported on {}{}", kApi, name, dtype_label(t->dtype),
                  plat.soc, one ? " (1x1x1 gradOutput)" : "");
  if (a.grad_output->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dtype {} must equal self dtype {}", kApi,
                dtype_label(a.grad_output->dtype), dtype_label(a.self->dtype));
  if (a.out->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: out dtype {} must equal self dtype {}", kApi, dtype_label(a.out->dtype),
                dtype_label(a.self->dtype));
  return ACLNN_SUCCESS;
}

// Upstream (CheckFormat): gradOutput == self == out, and no private format; any other label passes (NCHW,
// NDHWC, ...) and the A2/A3 path reshapes by rank, ignoring it [AA.D.FORMATS, AA.D.OUT_CHECKS].
aclnnStatus check_formats(const RawArgs& a) {
  if (a.grad_output->format != a.self->format || a.out->format != a.self->format)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: formats of gradOutput ({}), self ({}) and out ({}) must be equal", kApi,
                format_label(a.grad_output->format), format_label(a.self->format), format_label(a.out->format));
  if (is_private_format(a.grad_output->format))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: private format {} is not supported", kApi,
                format_label(a.grad_output->format));
  return ACLNN_SUCCESS;
}

// Upstream (CheckParamsLogic): on ASCEND910 (Atlas training) only a 1x1x1 gradOutput (the Fill+Mul path);
// Atlas inference has no such limit [AA.D.PLATFORMS].
aclnnStatus check_atlas_training(const RawArgs& a, const PlatformProfile& plat) {
  if (plat.soc != "Ascend910" || all_one(a.grad_output->view_shape)) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: only D=1 && H=1 && W=1 gradOutput is supported on Ascend910", kApi);
}

}  // namespace

aclnnStatus validate_upstream(const RawArgs& a, Problem* pr, bool* empty) {
  // Upstream (OP_CHECK_COMM_INPUT): workspaceSize and executor first, 161001 [AA.D.NULL_OUT_PARAMS].
  if (auto st = check_out_pointers(kApi, a.workspace_size, a.executor)) return st;
  if (auto st = check_not_null(kApi, {{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}})) return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}};
  if (auto st = check_live(kApi, ts, {})) return st;
  if (auto st = check_views(kApi, ts)) return st;
  const auto plat = active_platform().profile;
  if (auto st = check_dims(a, plat)) return st;
  if (auto st = check_dtypes(a, plat)) return st;
  if (auto st = check_formats(a)) return st;
  if (auto st = check_atlas_training(a, plat)) return st;
  // Upstream (GetWorkspaceSize): an empty self or gradOutput succeeds with workspace 0 and no kernel; only a
  // regbase SoC gets here with one (self's N = 0) [AA.D.EMPTY].
  *empty = is_empty_tensor(a.self) || is_empty_tensor(a.grad_output);
  if (*empty) return ACLNN_SUCCESS;
  if (auto st = check_no_self_overlap(kApi, {"out", a.out})) return st;
  describe_problem(a, pr);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::adaptive
