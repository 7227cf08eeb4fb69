// Each check cites the discrepancy entry (spec/max_pool3d_grad_tables.cpp) whose "Upstream ..." sentence it
// reproduces; unmarked steps are the same as the documented profile's. The emulator's own safety checks
// (live handles, views inside their allocations, a self-overlapping gradInput) stay in place.
#include "ops/maxpool3d_grad/upstream_validate.h"

#include <array>
#include <string>
#include <vector>

#include "common/log.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/upstream_call.h"

namespace pcemu::maxpool {

namespace {

// Upstream (aclnn_max_pool3d_with_argmax_backward.cpp, CheckNotNullPtr): all 8 pointers, in this order;
// workspaceSize and executor are never checked [MP.D.NULL_CHECKS].
aclnnStatus check_nulls(const RawArgs& a) {
  return check_not_null(kApi, {{"gradOutput", a.grad_output},
                               {"self", a.self},
                               {"indices", a.indices},
                               {"kernelSize", a.kernel},
                               {"stride", a.stride},
                               {"padding", a.padding},
                               {"dilation", a.dilation},
                               {"gradInput", a.grad_input}});
}

// Upstream (same file, GetDtypeSupportListBySocVersion / CheckDtypeValid): the self dtype list is empty on
// every arch but DAV_2201 (A2/A3) and DAV_3510 (950), so another SoC fails here [MP.D.PLATFORMS]; INT64
// indices only on regbase [MP.D.INDICES_INT64]; gradOutput and gradInput equal self [MP.D.DTYPE_SAME].
aclnnStatus check_dtypes(const RawArgs& a, const PlatformProfile& plat) {
  const bool has_list = plat.arch == "DAV_2201" || plat.arch == "DAV_3510";
  const aclDataType dt = a.self->dtype;
  if (!has_list || (dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: self dtype {} not in the support list of {} ({}): [{}]", kApi,
                dtype_label(dt), plat.soc, plat.arch, has_list ? "BFLOAT16, FLOAT16, FLOAT32" : "");
  const aclDataType idx = a.indices->dtype;
  if (idx != ACL_INT32 && !(plat.regbase && idx == ACL_INT64))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: indices dtype {} not in [{}]", kApi, dtype_label(idx),
                plat.regbase ? "INT32, INT64" : "INT32");
  for (const auto& [name, t] : {std::pair{"gradOutput", a.grad_output}, std::pair{"gradInput", a.grad_input}})
    if (t->dtype != dt)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} must equal self dtype {}", kApi, name,
                  dtype_label(t->dtype), dtype_label(dt));
  return ACLNN_SUCCESS;
}

// Upstream (same file, CheckFormat): self, gradOutput and gradInput formats equal, indices not compared;
// any non-private format [MP.D.FORMATS]; each rank 4 or 5 on its own, no equal-rank rule [MP.D.RANK].
aclnnStatus check_formats_and_ranks(const RawArgs& a) {
  if (a.self->format != a.grad_output->format || a.self->format != a.grad_input->format)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: formats of self ({}), gradOutput ({}) and gradInput ({}) must be equal",
                kApi, format_label(a.self->format), format_label(a.grad_output->format),
                format_label(a.grad_input->format));
  for (const aclTensor* t : {a.self, a.grad_input, a.grad_output, a.indices})
    if (is_private_format(t->format))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: private format {} is not supported", kApi, format_label(t->format));
  for (const auto& [name, t] : {std::pair{"gradOutput", a.grad_output}, std::pair{"gradInput", a.grad_input},
                                std::pair{"indices", a.indices}, std::pair{"self", a.self}})
    if (t->view_shape.size() != 4 && t->view_shape.size() != 5)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} not in [4, 5]", kApi, name, t->view_shape.size());
  return ACLNN_SUCCESS;
}

std::array<int64_t, 3> expand3(const std::vector<int64_t>& v, const std::array<int64_t, 3>& if_empty) {
  if (v.empty()) return if_empty;
  if (v.size() == 1) return {v[0], v[0], v[0]};
  return {v[0], v[1], v[2]};
}

aclnnStatus check_length(const char* name, const aclIntArray* arr, std::initializer_list<size_t> lengths) {
  for (size_t l : lengths)
    if (arr->values.size() == l) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} length {} not allowed", kApi, name, arr->values.size());
}

// Upstream (same file, CheckParamsValid): as documented, except that dilation needs only > 0; a
// dilation other than 1 goes on to the Scatter tiling [MP.D.DILATION].
aclnnStatus check_params(const RawArgs& a, Problem* pr) {
  if (auto st = check_length("kernelSize", a.kernel, {1, 3})) return st;
  pr->k = expand3(a.kernel->values, {});
  for (int64_t v : pr->k)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize value {} must be > 0", kApi, v);
  if (auto st = check_length("stride", a.stride, {0, 1, 3})) return st;
  pr->s = expand3(a.stride->values, pr->k);
  for (int64_t v : pr->s)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride value {} must be > 0", kApi, v);
  if (auto st = check_length("padding", a.padding, {1, 3})) return st;
  pr->p = expand3(a.padding->values, {});
  for (int i = 0; i < 3; ++i)
    if (pr->p[i] < 0 || pr->p[i] > pr->k[i] / 2)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding[{}]={} must be in [0, kernelSize/2={}]", kApi, i, pr->p[i],
                  pr->k[i] / 2);
  if (auto st = check_length("dilation", a.dilation, {1, 3})) return st;
  pr->d = expand3(a.dilation->values, {});
  for (int64_t v : pr->d)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: dilation value {} must be > 0", kApi, v);
  return ACLNN_SUCCESS;
}

// Upstream (same file, CheckSelfShapeSupport): D*H*W <= 2147483647 on non-regbase SoCs only; the log
// line says 2^32 - 1 although the constant is 2^31 - 1 [MP.D.DHW_LIMIT].
aclnnStatus check_self_size(const RawArgs& a, const PlatformProfile& plat) {
  if (plat.regbase) return ACLNN_SUCCESS;
  const auto& s = a.self->view_shape;
  const size_t r = s.size();
  const __int128 dhw = static_cast<__int128>(s[r - 3]) * s[r - 2] * s[r - 1];
  if (dhw <= INT32_MAX) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: The size of self should be less than or equal to 2^32 - 1, but got {}",
              kApi, static_cast<int64_t>(dhw > INT64_MAX ? INT64_MAX : dhw));
}

}  // namespace

aclnnStatus validate_upstream(const RawArgs& a, Problem* pr, bool* empty) {
  if (auto st = check_nulls(a)) return st;
  if (auto st = check_handles(a)) return st;
  const auto plat = active_platform().profile;
  if (auto st = check_dtypes(a, plat)) return st;
  if (auto st = check_formats_and_ranks(a)) return st;
  if (auto st = check_params(a, pr)) return st;
  if (auto st = check_self_size(a, plat)) return st;
  // Upstream (same file, CheckInputShape): only indices == gradOutput and gradInput == self; gradOutput's
  // N, C and D/H/W are compared with self only by the tiling [MP.D.GRADOUTPUT_SHAPE].
  if (auto st = check_same_shape(kApi, {"indices", a.indices}, {"gradOutput", a.grad_output})) return st;
  if (auto st = check_same_shape(kApi, {"gradInput", a.grad_input}, {"self", a.self})) return st;
  // Upstream (same file, GetWorkspaceSize): an empty gradOutput, self or indices succeeds with workspace 0
  // and no kernel, gradInput left as it was [MP.D.EMPTY].
  *empty = is_empty_tensor(a.grad_output) || is_empty_tensor(a.self) || is_empty_tensor(a.indices);
  if (*empty) return ACLNN_SUCCESS;
  if (auto st = check_no_self_overlap(kApi, {"gradInput", a.grad_input})) return st;
  describe_problem(a, pr);
  return ACLNN_SUCCESS;
}

namespace {

// The A2 tiling's output size (CheckInputValid): dilation-aware, floor or ceil, then PyTorch's rule that
// the last window starts inside input + left padding. Exact arithmetic; 0 or less means no window.
__int128 tiling_out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  const __int128 num =
      static_cast<__int128>(in) + 2 * static_cast<__int128>(p) + s - static_cast<__int128>(d) * (k - 1) - 1;
  __int128 out = ceil_mode ? (num + s - 1) / s : num / s;
  if ((out - 1) * s >= static_cast<__int128>(in) + p) --out;
  return out;
}

}  // namespace

aclnnStatus check_tiling_inputs_upstream(const RawArgs& a, const Problem& pr) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  // Upstream (aclnn_max_pool3d_with_argmax_backward.cpp): the 4-D (unbatched) view is chosen from self's
  // rank alone, so a gradOutput of the other rank reaches the tiling as 4-D or 6-D; the tiling wants 5-D
  // (max_pool3d_grad_with_argmax_tiling_base.cpp, CheckInputShape) [MP.D.RANK].
  if (go.size() != self.size())
    return fail(kUpstreamTilingFailed,
                "{}: tiling failed (GRAPH_FAILED): gradOutput rank {} viewed by self's rank {} is not 5-D", kApi,
                go.size(), self.size());
  // Upstream (same tiling file, CheckInputShape / CheckInputValid): N and C, then the dilated output
  // size, are compared only here [MP.D.GRADOUTPUT_SHAPE].
  for (size_t i = 0; i + 3 < self.size(); ++i)
    if (go[i] != self[i])
      return fail(kUpstreamTilingFailed, "{}: tiling failed (GRAPH_FAILED): gradOutput dim {} is {} but self has {}",
                  kApi, i, go[i], self[i]);
  for (int i = 0; i < 3; ++i) {
    const __int128 want = tiling_out_size(pr.in[i], pr.k[i], pr.s[i], pr.p[i], pr.d[i], pr.ceil_mode);
    if (want <= 0 || want != pr.out[i])
      return fail(kUpstreamTilingFailed,
                  "{}: tiling failed (GRAPH_FAILED): gradOutput spatial dim {} is {} but the output size is {} "
                  "(kernel {}, stride {}, padding {}, dilation {}, ceilMode {})",
                  kApi, i, pr.out[i], static_cast<int64_t>(want < 0 ? -1 : want), pr.k[i], pr.s[i], pr.p[i], pr.d[i],
                  pr.ceil_mode);
  }
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::maxpool
