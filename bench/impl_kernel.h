// The implementation under test as a benchmark sees it: the case's tensors placed in device memory once
// (guard zones and all), then both aclnn phases per iteration through the public C API.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"

namespace poolcheck::bench {

class ImplKernel {
 public:
  ImplKernel(const Case& c, const HostValues& inputs);
  ~ImplKernel();
  ImplKernel(const ImplKernel&) = delete;
  ImplKernel& operator=(const ImplKernel&) = delete;
  ApiOutcome run();  // the aclnn status and the workspace the call asked for

 private:
  const Case& c_;
  const OpAdapter* op_;
  std::map<std::string, std::unique_ptr<DeviceTensor>> dev_;
  ApiHandles h_;
  std::vector<aclIntArray*> arrays_;
};

// Input values of a case, generated once per process (the max-pool indices need an oracle forward).
const HostValues& cached_inputs(const Case& c, const std::string& key);

}  // namespace poolcheck::bench
