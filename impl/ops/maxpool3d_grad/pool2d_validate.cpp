#include "ops/maxpool3d_grad/pool2d_validate.h"

#include <string>
#include <vector>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "ops/common/shape_checks.h"
#include "ops/common/type_checks.h"

namespace pcemu::maxpool {

namespace {

constexpr int64_t kMaskBlock = 16;  // outputs per mask block, and UINT16 -> INT8 doubles the width

struct Entry {
  Pool2dEntry entry;
  const char* api;
};

bool is_a2(const PlatformProfile& p) { return p.soc == "Ascend910B" || p.soc == "Ascend910_93"; }

aclnnStatus check_nulls(const Entry& e, const RawArgs& a) {
  if (auto st = check_out_pointers(e.api, a.workspace_size, a.executor)) return st;
  if (auto st = check_not_null(e.api, {{"self", a.self}, {"indices", a.indices}}, kDocumentedNotNull)) return st;
  return check_not_null(e.api, {{"gradOutput", a.grad_output},
                                {"gradInput", a.grad_input},
                                {"kernelSize", a.kernel},
                                {"stride", a.stride},
                                {"padding", a.padding},
                                {"dilation", a.dilation}});
}

// Indices: Atlas A2, A3 and Ascend 950. Mask: Atlas A2, A3 and the Atlas training series (not 950).
aclnnStatus check_platform(const Entry& e, const PlatformProfile& plat) {
  const bool ok =
      e.entry == Pool2dEntry::Indices ? is_a2(plat) || plat.soc == "Ascend950" : is_a2(plat) || plat.soc == "Ascend910";
  if (ok) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: platform {} ({}) is not supported ({})", e.api, plat.soc, plat.product,
              e.entry == Pool2dEntry::Indices ? "Atlas A2, A3 and Ascend 950 only"
                                              : "Atlas A2, A3 and the Atlas training series only");
}

std::vector<aclDataType> value_dtypes(const Entry& e, const PlatformProfile& plat) {
  if (e.entry == Pool2dEntry::Indices && !plat.regbase) return {ACL_FLOAT};  // A2/A3: FLOAT only
  if (plat.soc == "Ascend910") return {ACL_FLOAT, ACL_FLOAT16};              // the training series has no BF16
  return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
}

std::vector<aclDataType> index_dtypes(const Entry& e, const PlatformProfile& plat) {
  if (e.entry == Pool2dEntry::Mask) return {ACL_INT8};
  return plat.regbase ? std::vector<aclDataType>{ACL_INT32, ACL_INT64} : std::vector<aclDataType>{ACL_INT32};
}

std::string dtype_list(const std::vector<aclDataType>& v) {
  std::string s;
  for (aclDataType d : v) s += (s.empty() ? "" : ", ") + std::string(dtype_label(d));
  return "[" + s + "]";
}

bool contains(const std::vector<aclDataType>& v, aclDataType d) {
  for (aclDataType x : v)
    if (x == d) return true;
  return false;
}

aclnnStatus check_dtypes(const Entry& e, const RawArgs& a, const PlatformProfile& plat) {
  const auto values = value_dtypes(e, plat);
  if (!contains(values, a.self->dtype))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: self dtype {} not in {} on {}", e.api, dtype_label(a.self->dtype),
                dtype_list(values), plat.soc);
  if (auto st = check_same_dtypes(e.api, a.grad_output, a.self, {"gradInput", a.grad_input})) return st;
  const auto indices = index_dtypes(e, plat);
  if (!contains(indices, a.indices->dtype))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: indices dtype {} not in {} on {}", e.api, dtype_label(a.indices->dtype),
                dtype_list(indices), plat.soc);
  return ACLNN_SUCCESS;
}

// ND and NCHW everywhere; NHWC too where the document lists it (Indices on Ascend 950).
aclnnStatus check_formats_and_ranks(const Entry& e, const RawArgs& a, const PlatformProfile& plat) {
  const std::vector<NamedTensor> tensors{
      {"gradOutput", a.grad_output}, {"self", a.self}, {"indices", a.indices}, {"gradInput", a.grad_input}};
  const bool nhwc_ok = e.entry == Pool2dEntry::Indices && plat.regbase;
  for (const auto& [name, t] : tensors) {
    const bool ok =
        t->format == ACL_FORMAT_ND || t->format == ACL_FORMAT_NCHW || (nhwc_ok && t->format == ACL_FORMAT_NHWC);
    if (!ok)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} format {} not in [ND, NCHW{}] on {}", e.api, name,
                  format_label(t->format), nhwc_ok ? ", NHWC" : "", plat.soc);
  }
  if (auto st = check_same_formats(e.api, a.grad_output, a.self, {"gradInput", a.grad_input})) return st;
  if (auto st = check_same_formats(e.api, a.grad_output, a.self, {"indices", a.indices})) return st;
  for (const auto& [name, t] : tensors)
    if (t->view_shape.size() != 3 && t->view_shape.size() != 4)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} not in [3, 4] (CHW or NCHW)", e.api, name,
                  t->view_shape.size());
  for (const auto& [name, t] : tensors)
    if (t->view_shape.size() != a.self->view_shape.size())
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} rank {} differs from self rank {}", e.api, name,
                  t->view_shape.size(), a.self->view_shape.size());
  return ACLNN_SUCCESS;
}

aclnnStatus check_length(const Entry& e, const char* name, const aclIntArray* arr, std::initializer_list<size_t> ok) {
  for (size_t l : ok)
    if (arr->values.size() == l) return ACLNN_SUCCESS;
  std::string allowed;
  for (size_t l : ok) allowed += (allowed.empty() ? "" : ", ") + std::to_string(l);
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} length {} not in [{}]", e.api, name, arr->values.size(), allowed);
}

// (H, W) of a list of length 1 or 2; `if_empty` for an empty one (stride).
std::array<int64_t, 2> expand2(const aclIntArray* arr, const std::array<int64_t, 2>& if_empty) {
  if (arr->values.empty()) return if_empty;
  if (arr->values.size() == 1) return {arr->values[0], arr->values[0]};
  return {arr->values[0], arr->values[1]};
}

struct Window2d {
  std::array<int64_t, 2> k{}, s{}, p{}, d{};
};

aclnnStatus check_params(const Entry& e, const RawArgs& a, const PlatformProfile& plat, Window2d* w) {
  if (auto st = check_length(e, "kernelSize", a.kernel, {1, 2})) return st;
  for (int64_t v : a.kernel->values)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: kernelSize value {} must be > 0", e.api, v);
  if (auto st = check_length(e, "stride", a.stride, {0, 1, 2})) return st;
  for (int64_t v : a.stride->values)
    if (v <= 0) return fail(ACLNN_ERR_PARAM_INVALID, "{}: stride value {} must be > 0", e.api, v);
  w->k = expand2(a.kernel, {});
  w->s = expand2(a.stride, w->k);
  if (auto st = check_length(e, "padding", a.padding, {1, 2})) return st;
  w->p = expand2(a.padding, {});
  // The documents' rule: no padding value below 0 or above kernelSize (ops-nn's op_api: above kernelSize / 2).
  for (int i = 0; i < 2; ++i)
    if (w->p[i] < 0 || (w->p[i] > w->k[i] && !fault_on(Fault::SkipPadCheck)))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding[{}]={} must be in [0, kernelSize[{}]={}]", e.api, i, w->p[i], i,
                  w->k[i]);
  if (auto st = check_length(e, "dilation", a.dilation, {1, 2})) return st;
  // Dilation: any value > 0 where the Indices document allows it (Ascend 950), else only 1.
  const bool any_dilation = e.entry == Pool2dEntry::Indices && plat.regbase;
  for (int64_t v : a.dilation->values)
    if (any_dilation ? v <= 0 : v != 1)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: dilation value {} not supported (only {} on {})", e.api, v,
                  any_dilation ? "values > 0" : "1", plat.soc);
  w->d = expand2(a.dilation, {});
  return ACLNN_SUCCESS;
}

// A view's dims as (N, C, H, W): NHWC puts C last; a 3-D view has N = 1.
std::vector<int64_t> nchw_of(const aclTensor* t) {
  const auto& v = t->view_shape;
  const bool three = v.size() == 3;
  const int64_t n = three ? 1 : v[0];
  const size_t b = three ? 0 : 1;
  if (t->format == ACL_FORMAT_NHWC) return {n, v[b + 2], v[b], v[b + 1]};
  return {n, v[b], v[b + 1], v[b + 2]};
}

aclnnStatus check_mask_shape(const Entry& e, const RawArgs& a, const std::vector<int64_t>& go, const Window2d& w) {
  std::vector<int64_t> want{go[1], w.k[0] * w.k[1], mask_width(go[2], go[3])};
  if (a.self->view_shape.size() == 4) want.insert(want.begin(), go[0]);
  if (a.indices->view_shape == want) return ACLNN_SUCCESS;
  std::string ws;
  for (int64_t v : want) ws += (ws.empty() ? "" : ", ") + std::to_string(v);
  return fail(ACLNN_ERR_PARAM_INVALID,
              "{}: indices (mask) shape must be [{}] (N, C, kH*kW, (ceil(Ho*Wo/16)+1)*32 of the forward's mask)", e.api,
              ws);
}

aclnnStatus check_shapes(const Entry& e, const RawArgs& a, const Window2d& w) {
  if (e.entry == Pool2dEntry::Indices)
    if (auto st = check_same_shape(e.api, {"indices", a.indices}, {"gradOutput", a.grad_output})) return st;
  if (auto st = check_same_shape(e.api, {"gradInput", a.grad_input}, {"self", a.self})) return st;
  if (auto st = check_not_empty(e.api, {a.grad_output, a.self, a.indices, a.grad_input})) return st;
  const auto self = nchw_of(a.self), go = nchw_of(a.grad_output);
  if (auto st = check_batch_dims(e.api, go, self, 2)) return st;
  // The dilated window spans (k-1)*d+1 inputs: the pooled size with that extent is the dilated formula.
  const std::array<int64_t, 2> extent{(w.k[0] - 1) * w.d[0] + 1, (w.k[1] - 1) * w.d[1] + 1};
  if (auto st = check_pooled_dims(e.api, self, go, extent, w.s, w.p, a.ceil_mode)) return st;
  if (e.entry == Pool2dEntry::Mask)
    if (auto st = check_mask_shape(e, a, go, w)) return st;
  return check_no_self_overlap(e.api, {"gradInput", a.grad_input});
}

void describe(const Entry& e, const RawArgs& a, const Window2d& w, Problem* pr) {
  const auto self = nchw_of(a.self), go = nchw_of(a.grad_output);
  pr->api = e.api;
  pr->n = self[0];
  pr->c = self[1];
  pr->in = {1, self[2], self[3]};
  pr->out = {1, go[2], go[3]};
  pr->k = {1, w.k[0], w.k[1]};
  pr->s = {1, w.s[0], w.s[1]};
  pr->p = {0, w.p[0], w.p[1]};
  pr->d = {1, w.d[0], w.d[1]};
  pr->ceil_mode = a.ceil_mode;
  pr->dtype = a.self->dtype;
  // The mask's bytes are read as INT32 argmax values (what the A2/A3 forward writes there).
  pr->index_dtype = e.entry == Pool2dEntry::Mask ? ACL_INT32 : a.indices->dtype;
  pr->grad_output = a.grad_output;
  pr->indices = a.indices;
  pr->grad_input = a.grad_input;
}

}  // namespace

const char* pool2d_api(Pool2dEntry entry) {
  return entry == Pool2dEntry::Indices ? "aclnnMaxPool2dWithIndicesBackward" : "aclnnMaxPool2dWithMaskBackward";
}

int64_t mask_width(int64_t out_h, int64_t out_w) {
  return ((out_h * out_w + kMaskBlock - 1) / kMaskBlock + 1) * 2 * kMaskBlock;
}

aclnnStatus validate_pool2d(Pool2dEntry entry, const RawArgs& a, Problem* pr) {
  const Entry e{entry, pool2d_api(entry)};
  if (auto st = check_nulls(e, a)) return st;
  if (auto st = check_handles(a, e.api)) return st;
  const auto plat = active_platform().profile;
  if (auto st = check_platform(e, plat)) return st;
  if (auto st = check_dtypes(e, a, plat)) return st;
  if (auto st = check_formats_and_ranks(e, a, plat)) return st;
  Window2d w;
  if (auto st = check_params(e, a, plat, &w)) return st;
  if (auto st = check_shapes(e, a, w)) return st;
  describe(e, a, w, pr);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::maxpool
