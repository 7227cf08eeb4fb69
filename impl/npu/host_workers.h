// Persistent helper threads for host-side work outside a launch (the layout copies, the NaN fill of
// fresh device memory). Starting a thread per call cost about 30 us on the 2-vCPU VM, as much as the
// whole transpose of a small tensor.
#pragma once

#include <cstdint>
#include <functional>

namespace pcemu {

// Runs share(i) for every i in [0, shares): the calling thread takes shares too, helper threads (started
// once, up to shares - 1 of them) take the rest, and all have finished when this returns. While another
// thread's call is in progress, this one runs every share itself instead of waiting for the helpers.
void run_host_shares(int32_t shares, const std::function<void(int32_t)>& share);

}  // namespace pcemu
