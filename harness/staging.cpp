#include "harness/staging.h"

#include "backend/backend.h"

namespace poolcheck {

void upload(const Case& c, const OpAdapter& op, HostValues* inputs, DeviceCase* d) {
  for (const auto& [name, arg] : c.tensors) {
    d->h.tensors[name] = nullptr;
    if (!arg.present) continue;
    const bool is_out = name == op.output;
    const auto it = inputs->find(name);
    const std::vector<double>* values = !is_out && it != inputs->end() ? &it->second : nullptr;
    d->dev[name] = std::make_unique<DeviceTensor>(arg, values, is_out ? kOutputFillByte : kInputFillByte);
    d->h.tensors[name] = d->dev[name]->handle();
    // An overlapping input view (legal) keeps the last value written to a shared element: the oracle
    // must see what the device holds.
    if (values && !d->dev[name]->holds_values()) {
      const Uninitialised<double> held = d->dev[name]->view_values(d->dev[name]->initial());
      it->second.assign(held.begin(), held.end());
    }
  }
  const auto& a = backend::api();
  for (const auto& [name, arr] : c.arrays) {
    d->h.arrays[name] = arr.present ? a.aclCreateIntArray(arr.values.data(), arr.values.size()) : nullptr;
    if (d->h.arrays[name]) d->arrays.emplace_back(d->h.arrays[name], a.aclDestroyIntArray);
  }
}

}  // namespace poolcheck
