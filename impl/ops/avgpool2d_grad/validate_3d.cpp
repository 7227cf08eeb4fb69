#include "ops/avgpool2d_grad/validate_3d.h"

#include <array>
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

constexpr const char* kOut = "output";

// The SoCs the document lists as supported: Atlas A2, Atlas A3 and Ascend 950.
bool documented_soc(const std::string& soc) {
  return soc == "Ascend910B" || soc == "Ascend910_93" || soc == "Ascend950";
}

bool float_type(aclDataType dt) { return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16; }

aclnnStatus check_types_and_formats(const std::vector<NamedTensor>& ts, const RawArgs3d& a) {
  const auto plat = active_platform().profile;
  if (!documented_soc(plat.soc) && !fault_on(Fault::SkipPlatformCheck))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: platform {} ({}) is not supported (Atlas A2, A3 and Ascend 950 only)",
                kApi3d, plat.soc, plat.product);
  for (const auto& [name, t] : ts)
    if (!float_type(t->dtype))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} not in [FLOAT32, FLOAT16, BFLOAT16]", kApi3d, name,
                  dtype_label(t->dtype));
  // self only lends its shape; the result is written in gradOutput's dtype, which the output must have.
  if (a.grad_output->dtype != a.output->dtype)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} dtype {} must equal gradOutput dtype {}", kApi3d, kOut,
                dtype_label(a.output->dtype), dtype_label(a.grad_output->dtype));
  const size_t r = a.grad_output->view_shape.size();
  for (const auto& [name, t] : ts)
    if ((r != 4 && r != 5) || t->view_shape.size() != r)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} (gradOutput rank {}); all must be 4 (CDHW) or 5 (NCDHW)",
                  kApi3d, name, t->view_shape.size(), r);
  if (auto st = check_formats_in(kApi3d, ts, ACL_FORMAT_ND, ACL_FORMAT_NCDHW)) return st;
  return check_same_formats(kApi3d, a.grad_output, a.self, {kOut, a.output});
}

// One value per axis from a documented length (1: all axes; 3: D, H, W; `empty` when the array is empty).
std::array<int64_t, 3> expand3(const std::vector<int64_t>& v, const std::array<int64_t, 3>& empty) {
  if (v.empty()) return empty;
  if (v.size() == 1) return {v[0], v[0], v[0]};
  return {v[0], v[1], v[2]};
}

struct Params3d {
  std::array<int64_t, 3> k{}, s{}, p{};
};

aclnnStatus check_params(const RawArgs3d& a, Params3d* out) {
  static const std::vector<int64_t> kNoStride;
  const auto& kv = a.kernel->values;
  const auto& sv = a.stride ? a.stride->values : kNoStride;
  const auto& pv = a.padding->values;
  if (kv.size() != 1 && kv.size() != 3)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize length {} not in [1, 3]", kApi3d, kv.size());
  if (sv.size() != 0 && sv.size() != 1 && sv.size() != 3)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride length {} not in [0, 1, 3]", kApi3d, sv.size());
  if (pv.size() != 1 && pv.size() != 3)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding length {} not in [1, 3]", kApi3d, pv.size());
  for (int64_t v : kv)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize value {} must be > 0", kApi3d, v);
  for (int64_t v : sv)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride value {} must be > 0", kApi3d, v);
  for (int64_t v : pv)
    if (v < 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding value {} must be >= 0", kApi3d, v);
  out->k = expand3(kv, {});
  out->s = expand3(sv, out->k);
  out->p = expand3(pv, {});
  for (int i = 0; i < 3; ++i)
    if (out->p[i] > out->k[i] / 2)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding[{}]={} must be in [0, kernelSize/2={}]", kApi3d, i, out->p[i],
                  out->k[i] / 2);
  return ACLNN_SUCCESS;
}

aclnnStatus check_shapes(const RawArgs3d& a, const Params3d& q) {
  if (auto st = check_same_shape(kApi3d, {kOut, a.output}, {"self", a.self})) return st;
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  if (auto st = check_batch_dims(kApi3d, go, self, 3)) return st;
  // A window needs an input to pool: D, H, W of 0 have no pooled size (even where k = 2p would count one window).
  for (size_t i = self.size() - 3; i < self.size(); ++i)
    if (self[i] < 1)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: self spatial dim {} is {}; D, H and W must be >= 1", kApi3d,
                  i + 3 - self.size(), self[i]);
  if (auto st = check_pooled_dims(kApi3d, self, go, q.k, q.s, q.p, a.ceil_mode)) return st;
  return check_no_self_overlap(kApi3d, {kOut, a.output});
}

void describe_problem(const RawArgs3d& a, const Params3d& q, Problem* pr) {
  describe_problem_3d(a, q.k, q.s, q.p, pr);
  pr->count_include_pad = a.count_include_pad && !fault_on(Fault::IncludePadIgnored);
  pr->divisor = fault_on(Fault::DivisorOverrideIgnored) ? 0 : a.divisor_override;
}

}  // namespace

void describe_problem_3d(const RawArgs3d& a, const std::array<int64_t, 3>& k, const std::array<int64_t, 3>& s,
                         const std::array<int64_t, 3>& p, Problem* pr) {
  const auto& self = a.self->view_shape;
  const auto& go = a.grad_output->view_shape;
  const size_t r = self.size();
  pr->n = r == 5 ? self[0] : 1;
  pr->c = self[r - 4];
  pr->in_d = self[r - 3];
  pr->in = {self[r - 2], self[r - 1]};
  pr->out_d = go[r - 3];
  pr->out = {go[r - 2], go[r - 1]};
  pr->k_d = k[0];
  pr->s_d = s[0];
  pr->p_d = p[0];
  pr->k = {k[1], k[2]};
  pr->s = {s[1], s[2]};
  pr->p = {p[1], p[2]};
  pr->ceil_mode = a.ceil_mode;
  pr->count_include_pad = a.count_include_pad;
  pr->divisor = a.divisor_override;
  pr->groups_in_deterministic = true;  // upstream's TransGrad2CDHW
  pr->api = kApi3d;
  pr->out_name = kOut;
  pr->dtype = a.grad_output->dtype;  // the l0 op's result has gradOutput's dtype
  pr->grad_output = a.grad_output;
  pr->grad_input = a.output;
}

aclnnStatus validate_3d(const RawArgs3d& a, Problem* pr) {
  if (auto st = check_out_pointers(kApi3d, a.workspace_size, a.executor)) return st;
  if (auto st = check_not_null(kApi3d,
                               {{"gradOutput", a.grad_output},
                                {"self", a.self},
                                {"kernelSize", a.kernel},
                                {"padding", a.padding},
                                {kOut, a.output}},
                               kDocumentedNotNull))
    return st;
  const std::vector<NamedTensor> ts{{"gradOutput", a.grad_output}, {"self", a.self}, {kOut, a.output}};
  if (auto st = check_live(kApi3d, ts, {{"kernelSize", a.kernel}, {"stride", a.stride}, {"padding", a.padding}}))
    return st;
  if (auto st = check_views(kApi3d, ts)) return st;
  if (auto st = check_types_and_formats(ts, a)) return st;
  Params3d q;
  if (auto st = check_params(a, &q)) return st;
  if (auto st = check_shapes(a, q)) return st;
  describe_problem(a, q, pr);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::avgpool
