// Runner adapter of aclnnMaxPool2dWithIndicesBackward: the family's data (indices from a forward max pooling over
// self, the index faults) and reference through the depth-one lift, and this entry point's own two-phase call.
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "backend/backend.h"
#include "harness/family_adapter.h"
#include "harness/op_adapter.h"
#include "ops/maxpool2d_grad/family.h"
#include "ops/maxpool2d_grad/spec.h"

namespace poolcheck::maxpool2d_grad {

namespace {

HostValues make_inputs(const Case& c) { return family_inputs(maxpool3d_grad::adapter(), family(), c); }

OracleResult oracle_of(const Case& c, const HostValues& v) {
  return family_oracle(maxpool3d_grad::adapter(), family(), c, v);
}

aclnnStatus get_workspace_size(const Case& c, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  return backend::api().aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(
      h.tensors.at(kGradOutput), h.tensors.at(kSelf), h.tensors.at(kIndices), h.arrays.at(kKernelSize),
      h.arrays.at(kStride), h.arrays.at(kPadding), h.arrays.at(kDilation), View(c).ceil_mode(),
      h.tensors.at(kGradInput), ws, exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnMaxPool2dWithIndicesBackward(workspace, bytes, exec, stream);
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    const OpAdapter& fam = maxpool3d_grad::adapter();
    OpAdapter x{"maxpool2d_grad", kGradInput,         &spec::maxpool2d_grad::operator_spec,
                make_inputs,      get_workspace_size, execute,
                oracle_of,        argument_names(),   fam.ub_sizes};
    x.platform_ub_sizes = fam.platform_ub_sizes;  // the family's tiling takes the same UB sizes
    x.signature = {
        {kGradOutput, CallParam::Tensor},   {kSelf, CallParam::Tensor},      {kIndices, CallParam::Tensor},
        {kKernelSize, CallParam::IntArray}, {kStride, CallParam::IntArray},  {kPadding, CallParam::IntArray},
        {kDilation, CallParam::IntArray},   {kCeilMode, CallParam::Bool, 0}, {kGradInput, CallParam::Tensor}};
    x.filled = {kGradOutput, kSelf};
    x.formats_by_rank = {{4, Format::NCHW}, {3, Format::ND}};
    return x;
  }();
  return a;
}

}  // namespace poolcheck::maxpool2d_grad
