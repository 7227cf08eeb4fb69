// Device-memory traffic of one operator call, tallied while it runs: what its kernels copy between GM and UB,
// what they add atomically (each such byte is read and written in GM), and what the layout copies around the
// kernels (Contiguous, Transpose, ViewCopy; the bit-mask route's Cast and TransData) read plus write. It is the
// emulated tiling's own data movement, so the bench can tell the tiling's cost from the emulator's speed.
#pragma once

#include <cstdint>

namespace pcemu {

struct Traffic {
  int64_t gm_read = 0;    // DataCopy GM -> UB
  int64_t gm_write = 0;   // plain DataCopy UB -> GM
  int64_t gm_atomic = 0;  // atomically added bytes
  int64_t staged = 0;     // layout copies (and casts), read + write
  int32_t launches = 0;   // kernel launches that ran

  Traffic& operator+=(const Traffic& o) {
    gm_read += o.gm_read;
    gm_write += o.gm_write;
    gm_atomic += o.gm_atomic;
    staged += o.staged;
    launches += o.launches;
    return *this;
  }
};

// The tally of the call running on this thread (execute resets it; launches and layout copies add).
Traffic& call_traffic();

}  // namespace pcemu
