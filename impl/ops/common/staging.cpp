#include "ops/common/staging.h"

#include <vector>

#include "ops/common/tensor_view.h"

namespace pcemu {

StagingPlan plan_staging(const aclTensor& grad, const aclTensor& out, int64_t elem_bytes, bool channels_last) {
  if (channels_last) return {};
  StagingPlan p;
  p.stage_out = !is_contiguous(out);
  p.stage_grad = !is_contiguous(grad) || (!p.stage_out && views_share_bytes(grad, out, elem_bytes));
  return p;
}

unsigned char* staged_or_in_place(unsigned char* ws, int64_t at, const aclTensor& view, int64_t elem_bytes) {
  return at >= 0 ? ws + at : view_data(view, elem_bytes);
}

unsigned char* contiguous_input(unsigned char* ws, int64_t at, const aclTensor& view, int64_t elem_bytes) {
  unsigned char* data = staged_or_in_place(ws, at, view, elem_bytes);
  if (at >= 0) gather_view(view, elem_bytes, data);
  return data;
}

void stage_view(const aclTensor& t, int64_t elem_bytes, int64_t planes, int64_t spatial, bool channels_last,
                unsigned char* dst) {
  if (!channels_last) {
    gather_view(t, elem_bytes, dst);
    return;
  }
  if (is_contiguous(t)) {  // transpose straight from the client's memory
    transpose_planes(view_data(t, elem_bytes), dst, planes, spatial, elem_bytes, true);
    return;
  }
  std::vector<unsigned char> dense(static_cast<size_t>(planes * spatial * elem_bytes));
  gather_view(t, elem_bytes, dense.data());
  transpose_planes(dense.data(), dst, planes, spatial, elem_bytes, true);
}

void unstage_view(const unsigned char* src, int64_t elem_bytes, int64_t planes, int64_t spatial, bool channels_last,
                  const aclTensor& t) {
  if (!channels_last) {
    scatter_view(src, elem_bytes, t);
    return;
  }
  if (is_contiguous(t)) {
    transpose_planes(src, view_data(t, elem_bytes), planes, spatial, elem_bytes, false);
    return;
  }
  std::vector<unsigned char> dense(static_cast<size_t>(planes * spatial * elem_bytes));
  transpose_planes(src, dense.data(), planes, spatial, elem_bytes, false);
  scatter_view(dense.data(), elem_bytes, t);
}

}  // namespace pcemu
