// The fp32 GM tensor the kernels accumulate into, chosen the same way by every operator.
#pragma once

#include <type_traits>

#include "npu/launch.h"

namespace pcemu {

// The planned fp32 workspace buffer `workspace` when there is one, else the output itself when it is
// fp32 (sharing its write shadow); an empty tensor for fp16/bf16 outputs without a workspace.
template <typename T>
GmTensor<float> accumulation_target(LaunchSpec& spec, float* workspace, const GmTensor<T>& out) {
  if (workspace) return writable(spec, workspace, out.count, "fp32 workspace");
  if constexpr (std::is_same_v<T, float>)
    return GmTensor<float>{out.base, out.count, out.name, out.shadow};
  else
    return {};
}

}  // namespace pcemu
