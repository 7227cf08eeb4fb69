#include "ops/adaptive_avgpool3d_grad/validate.h"

#include <string>
#include <vector>

#include "common/log.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/tensor_view.h"
#include "ops/common/type_checks.h"

namespace pcemu::adaptive {

namespace {

bool supported_soc(const std::string& soc) {
  return soc == "Ascend910B" || soc == "Ascend910_93" || soc == "Ascend910" || soc == "Ascend310P";
}

aclnnStatus check_shapes(const RawArgs& a) {
  const auto& go = a.grad_output->view_shape;
  const auto& self = a.self->view_shape;
  const size_t r = self.size();
  for (const aclTensor* t : {a.grad_output, a.self, a.out})
    if ((t->view_shape.size() != 4 && t->view_shape.size() != 5) || t->view_shape.size() != r)
      return fail(ACLNN_ERR_PARAM_INVALID,
                  "{}: ranks of gradOutput ({}), self ({}) and out ({}) must be equal and 4 or 5", kApi, go.size(), r,
                  a.out->view_shape.size());
  if (auto st = check_same_shape(kApi, {"out", a.out}, {"self", a.self})) return st;
  for (const auto& [name, shape] : {std::pair{"gradOutput", go}, std::pair{"self", self}})
    for (int64_t d : shape)
      if (d <= 0)
        return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} shape {} has a dim <= 0 (empty tensors are not supported)", kApi,
                    name, shape_str(shape));
  return check_batch_dims(kApi, go, self, 3);
}

aclnnStatus check_dtypes_and_formats(const RawArgs& a, const PlatformProfile& plat) {
  const bool a2 = plat.soc == "Ascend910B" || plat.soc == "Ascend910_93";
  for (const auto& [name, t] : {std::pair{"gradOutput", a.grad_output}, std::pair{"self", a.self}}) {
    const bool ok = t->dtype == ACL_FLOAT || t->dtype == ACL_FLOAT16 || (a2 && t->dtype == ACL_BF16);
    if (!ok)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not supported on {} ({})", kApi, name,
                  dtype_label(t->dtype), plat.soc, a2 ? "FLOAT32, FLOAT16, BFLOAT16" : "FLOAT32, FLOAT16");
  }
  if (auto st = check_same_dtypes(kApi, a.grad_output, a.self, {"out", a.out})) return st;
  if (auto st = check_formats_in(kApi, {{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}}, ACL_FORMAT_ND,
                                 ACL_FORMAT_NCDHW))
    return st;
  return check_same_formats(kApi, a.grad_output, a.self, {"out", a.out});
}

}  // namespace

aclnnStatus validate(const RawArgs& a, Problem* pr) {
  if (auto st = check_out_pointers(kApi, a.workspace_size, a.executor)) return st;
  if (auto st =
          check_not_null(kApi, {{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}}, kDocumentedNotNull))
    return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {"out", a.out}};
  if (auto st = check_live(kApi, ts, {})) return st;
  if (auto st = check_views(kApi, ts)) return st;
  const auto plat = active_platform().profile;
  if (!supported_soc(plat.soc))
    return fail(ACLNN_ERR_PARAM_INVALID,
                "{}: platform {} ({}) is not supported (Atlas A2, A3, training and inference series only)", kApi,
                plat.soc, plat.product);
  if (auto st = check_shapes(a)) return st;
  if (auto st = check_dtypes_and_formats(a, plat)) return st;
  if (auto st = check_no_self_overlap(kApi, {"out", a.out})) return st;
  describe_problem(a, pr);
  return ACLNN_SUCCESS;
}

void describe_problem(const RawArgs& a, Problem* pr) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size();
  pr->n = r == 5 ? self[0] : 1;
  pr->c = self[r - 4];
  for (int i = 0; i < 3; ++i) {
    pr->in[i] = self[r - 3 + i];
    pr->out[i] = go[r - 3 + i];
  }
  pr->dtype = a.self->dtype;
  pr->grad_output = a.grad_output;
  pr->grad_input = a.out;
}

}  // namespace pcemu::adaptive
