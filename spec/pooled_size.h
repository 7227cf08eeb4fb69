// The documented output-size rule of the fixed-window pools (PyTorch's pooling_output_shape), the spec's one
// copy of it (never shared with oracle/ or impl/).
#pragma once

#include <cstdint>
#include <optional>

namespace poolcheck::spec {

// floor((in + 2p - (d(k-1)+1) [+ s-1 in ceil mode]) / s) + 1, rounding toward -inf; ceil mode drops a last
// window that would start at or beyond in + p. nullopt when an argument is invalid (in < 1, k < 1, s < 1, p < 0,
// d < 1) or the size would be < 1 or past INT64_MAX. The "pad <= k/2" rule is a separate spec rule.
std::optional<int64_t> pooled_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode);

}  // namespace poolcheck::spec
