// Staging: a case's tensors and int arrays made on the device through the public C API, once per case.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "case/case.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"

namespace poolcheck {

// The case's tensors and int arrays on the device, made once: a later run of the case reuses the inputs (the
// first run left them untouched, or there is no later run) and starts from a fresh copy of the output's fill.
struct DeviceCase {
  std::map<std::string, std::unique_ptr<DeviceTensor>> dev;
  ApiHandles h;
  std::vector<std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray*)>> arrays;
};

// Makes every present tensor of `c` on the device (the inputs from `inputs`, the output from its fill byte) and
// every present int array. An overlapping input view keeps the last value written to a shared element, so
// `inputs` is updated to what the device holds, which the oracle must see.
void upload(const Case& c, const OpAdapter& op, HostValues* inputs, DeviceCase* d);

}  // namespace poolcheck
