#include "ops/common/arg_checks.h"

#include "common/log.h"
#include "ops/common/tensor_view.h"

namespace pcemu {

aclnnStatus check_not_null(const char* api, std::initializer_list<NamedPtr> ptrs, const char* note) {
  for (const auto& [name, ptr] : ptrs)
    if (!ptr) return fail(ACLNN_ERR_PARAM_NULLPTR, "{}: {} is null{}", api, name, note);
  return ACLNN_SUCCESS;
}

aclnnStatus check_out_pointers(const char* api, const uint64_t* workspace_size, aclOpExecutor* const* executor) {
  return check_not_null(api, {{"workspaceSize", workspace_size}, {"executor", executor}});
}

aclnnStatus check_live(const char* api, const std::vector<NamedTensor>& tensors,
                       const std::vector<std::pair<const char*, const aclIntArray*>>& arrays) {
  for (const auto& [name, t] : tensors)
    if (!is_live_tensor(t)) return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} is not a live aclTensor", api, name);
  for (const auto& [name, arr] : arrays)
    if (arr && !is_live_int_array(arr))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} is not a live aclIntArray", api, name);
  return ACLNN_SUCCESS;
}

aclnnStatus check_views(const char* api, const std::vector<NamedTensor>& tensors) {
  for (const auto& [name, t] : tensors) {
    std::string why;
    if (!view_extent(*t, &why)) return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} has a malformed view: {}", api, name, why);
  }
  for (const auto& [name, t] : tensors) {
    std::string why;
    const int64_t extent = *view_extent(*t, &why);
    const int64_t eb = dtype_bytes(t->dtype);
    if (extent == 0 || eb == 0) continue;  // nothing to read, or a dtype the dtype check refuses next
    const auto avail = device_bytes_from(t->data);
    int64_t need = 0;
    if (!avail || __builtin_mul_overflow(extent, eb, &need) || need > *avail)
      return fail(ACLNN_ERR_PARAM_INVALID,
                  "{}: {} view (shape {}, offset {}, {}) reaches {} bytes from its data pointer but the device "
                  "allocation holds {} bytes there; rule: a tensor view must lie inside its allocation",
                  api, name, shape_str(t->view_shape), t->offset, dtype_label(t->dtype),
                  avail ? std::to_string(need) : std::string("?"), avail ? std::to_string(*avail) : "no device memory");
  }
  return ACLNN_SUCCESS;
}

namespace {
// Floor division that rounds toward negative infinity (128-bit: client values may be near INT64_MAX).
__int128 floor_div(__int128 a, __int128 b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0); }
}  // namespace

int64_t pooled_size(int64_t in, int64_t k, int64_t s, int64_t p, bool ceil_mode) {
  const __int128 span = static_cast<__int128>(in) + 2 * static_cast<__int128>(p) - k + (ceil_mode ? s - 1 : 0);
  __int128 out = floor_div(span, s) + 1;
  if (ceil_mode && (out - 1) * s >= static_cast<__int128>(in) + p) --out;  // last window may not start in right pad
  if (out > INT64_MAX) return INT64_MAX;
  return static_cast<int64_t>(out < 0 ? 0 : out);
}

}  // namespace pcemu
