#include "ops/maxpool3d_grad/workspace_layout.h"

#include "ops/common/op_plan.h"
#include "ops/common/tensor_view.h"

namespace pcemu::maxpool {

WorkspaceLayout workspace_layout(const Problem& pr, bool fp32_accumulator) {
  WorkspaceLayout w;
  WorkspaceCarver carver;
  const int64_t grad_elems = pr.nc() * pr.out_plane(), in_elems = pr.nc() * pr.in_plane();
  if (!is_contiguous(*pr.grad_output)) w.grad = carver.take(grad_elems * pr.dtype_bytes());
  if (!is_contiguous(*pr.indices)) w.idx = carver.take(grad_elems * pr.index_bytes());
  if (fp32_accumulator) w.acc = carver.take(in_elems * 4);
  if (!is_contiguous(*pr.grad_input)) w.out = carver.take(in_elems * pr.dtype_bytes());
  w.total = carver.total();
  return w;
}

}  // namespace pcemu::maxpool
