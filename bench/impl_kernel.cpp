#include "bench/impl_kernel.h"

#include <mutex>

#include "harness/runner.h"
#include "poolcheck_emu/emu.h"

// Optional like in the harness: a real CANN library has no platform or knob controls.
#pragma weak pcEmuSetPlatform
#pragma weak pcEmuSetKnobs
#pragma weak pcEmuSetInt32IndexLimit

namespace poolcheck::bench {

ImplKernel::ImplKernel(const Case& c, const HostValues& inputs) : c_(c), op_(find_adapter(c.op)) {
  ensure_runtime();
  // The case's platform and knobs (a row may run on Ascend950 with its own UB or index limit); a backend without
  // the emulator's controls runs its own SoC.
  if (pcEmuSetPlatform && !c.platform.empty()) pcEmuSetPlatform(c.platform.c_str());
  if (pcEmuSetKnobs) pcEmuSetKnobs(c.cores, c.ub_bytes);
  if (pcEmuSetInt32IndexLimit) pcEmuSetInt32IndexLimit(c.int32_index_limit);
  for (const auto& [name, arg] : c.tensors) {
    const auto it = inputs.find(name);
    dev_[name] = std::make_unique<DeviceTensor>(arg, it == inputs.end() ? nullptr : &it->second, 0);
    h_.tensors[name] = dev_[name]->handle();
  }
  for (const auto& [name, arr] : c.arrays)
    arrays_.push_back(h_.arrays[name] = aclCreateIntArray(arr.values.data(), arr.values.size()));
}

ImplKernel::~ImplKernel() {
  for (auto* a : arrays_) aclDestroyIntArray(a);
}

ApiOutcome ImplKernel::run() { return call_two_phases(*op_, c_, h_, nullptr); }

const HostValues& cached_inputs(const Case& c, const std::string& key) {
  static std::mutex mu;
  static std::map<std::string, HostValues> cache;
  std::lock_guard lock(mu);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, find_adapter(c.op)->make_inputs(c)).first;
  return it->second;
}

}  // namespace poolcheck::bench
