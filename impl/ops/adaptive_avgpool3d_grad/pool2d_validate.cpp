#include "ops/adaptive_avgpool3d_grad/pool2d_validate.h"

#include <string>
#include <vector>

#include "common/log.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/type_checks.h"
#include "ops/common/upstream_call.h"

namespace pcemu::adaptive {

namespace {

// The document: the Atlas inference and training series take no BFLOAT16.
bool takes_bf16(const std::string& soc) { return soc != "Ascend910" && soc != "Ascend310P"; }

aclnnStatus check_dtypes_and_formats(const RawArgs& a, const PlatformProfile& plat) {
  const bool bf16 = takes_bf16(plat.soc);
  const std::vector<NamedTensor> inputs{{"gradOutput", a.grad_output}, {"self", a.self}};
  for (const auto& [name, t] : inputs)
    if (t->dtype != ACL_FLOAT && t->dtype != ACL_FLOAT16 && !(bf16 && t->dtype == ACL_BF16))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not supported on {} ({})", kApi2d, name,
                  dtype_label(t->dtype), plat.soc, bf16 ? "FLOAT32, FLOAT16, BFLOAT16" : "FLOAT32, FLOAT16");
  return check_formats_in(kApi2d, inputs, {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NCL});
}

aclnnStatus check_ranks_and_planes(const RawArgs& a) {
  const auto& go = a.grad_output->view_shape;
  const auto& self = a.self->view_shape;
  if (go.size() != self.size())
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: ranks of gradOutput ({}) and self ({}) must be equal", kApi2d, go.size(),
                self.size());
  if (self.size() != 3 && self.size() != 4)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput and self have rank {}; it must be 3 (CHW) or 4 (NCHW)", kApi2d,
                self.size());
  return check_batch_dims(kApi2d, go, self, 2);
}

// `out` receives self's gradient: the emulator writes self's shape and dtype into it (the document lists out's
// dtypes and formats but states no rule for it).
aclnnStatus check_out(const RawArgs& a) {
  if (auto st = check_same_shape(kApi2d, {"out", a.out}, {"self", a.self})) return st;
  if (a.out->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: out dtype {} must be self's ({})", kApi2d, dtype_label(a.out->dtype),
                dtype_label(a.self->dtype));
  return check_no_self_overlap(kApi2d, {"out", a.out});
}

}  // namespace

// The document: Ascend 950, Atlas A2 and A3, the Atlas inference (310P) and training (910) series; not the
// Atlas 200I/500 A2 (310B).
bool documented_soc_2d(const std::string& soc) {
  return soc == "Ascend910B" || soc == "Ascend910_93" || soc == "Ascend950" || soc == "Ascend910" ||
         soc == "Ascend310P";
}

void describe_2d(const RawArgs& a, Problem* pr) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size();
  pr->n = r == 4 ? self[0] : 1;
  pr->c = self[r - 3];
  pr->in = {1, self[r - 2], self[r - 1]};
  pr->out = {1, go[r - 2], go[r - 1]};
  pr->dtype = a.self->dtype;
  pr->grad_output = a.grad_output;
  pr->grad_input = a.out;
  pr->api = kApi2d;
}

aclnnStatus validate_2d(const RawArgs& a, Problem* pr, bool* empty) {
  if (auto st = check_out_pointers(kApi2d, a.workspace_size, a.executor)) return st;
  if (auto st = check_not_null(kApi2d, {{"gradOutput", a.grad_output}, {"self", a.self}}, kDocumentedNotNull))
    return st;
  if (auto st = check_not_null(kApi2d, {{"out", a.out}})) return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}};
  if (auto st = check_live(kApi2d, ts, {})) return st;
  if (auto st = check_views(kApi2d, ts)) return st;
  const auto plat = active_platform().profile;
  if (!documented_soc_2d(plat.soc))
    return fail(ACLNN_ERR_PARAM_INVALID,
                "{}: platform {} ({}) is not supported (Ascend 950, Atlas A2, A3, training and inference series only)",
                kApi2d, plat.soc, plat.product);
  if (auto st = check_dtypes_and_formats(a, plat)) return st;
  if (a.grad_output->dtype != a.self->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dtype {} must equal self dtype {}", kApi2d,
                dtype_label(a.grad_output->dtype), dtype_label(a.self->dtype));
  if (auto st = check_ranks_and_planes(a)) return st;
  if (auto st = check_out(a)) return st;
  // The document allows empty tensors; ops-nn's op_api then succeeds with no kernel (nothing is written).
  *empty = is_empty_tensor(a.self) || is_empty_tensor(a.grad_output);
  describe_2d(a, pr);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::adaptive
