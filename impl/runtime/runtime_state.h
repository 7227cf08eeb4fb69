// Process-wide state of the emulated AscendCL runtime: init, current device, streams, context options.
#pragma once

#include <atomic>
#include <cstdint>

namespace pcemu {

struct EmuStream {
  static constexpr uint64_t kMagic = 0x53545245414d2121ull;  // "STREAM!!"
  uint64_t magic = kMagic;
};

struct RuntimeState {
  std::atomic<bool> initialized{false};
  std::atomic<int32_t> device{-1};
  std::atomic<bool> deterministic{false};
};

RuntimeState& runtime();
bool is_live_stream(const void* stream);

}  // namespace pcemu
