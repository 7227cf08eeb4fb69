// Planning a row through the library's public C API: GetWorkspaceSize under the row's platform, knobs and
// determinism, then pcEmuLastLaunch; and the device tensors and int arrays a call needs for planning only.
#pragma once

#include <functional>
#include <vector>

#include "tests/conformance/conformance_row.h"

namespace poolcheck::conformance {

// GetWorkspaceSize under the row's platform, knobs and determinism; the executor is destroyed unused.
using PlanCall = std::function<aclnnStatus(uint64_t* workspace_size, aclOpExecutor** executor)>;
Observation observe(const Row& row, const PlanCall& plan);

// Device tensors for planning only.
class Tensor {
 public:
  // A contiguous tensor (an output: it must not overlap itself). Fresh memory is not filled (checks off).
  Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt);
  // A broadcast view of one element (every stride 0): an input whose values planning never reads.
  static Tensor broadcast(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt);
  ~Tensor();
  Tensor(Tensor&& other) noexcept;
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  Tensor& operator=(Tensor&&) = delete;
  aclTensor* get() const { return t_; }

 private:
  Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt, bool dense);
  void* dev_ = nullptr;
  aclTensor* t_ = nullptr;
};

class IntArray {
 public:
  explicit IntArray(std::vector<int64_t> v);
  ~IntArray();
  IntArray(const IntArray&) = delete;
  IntArray& operator=(const IntArray&) = delete;
  aclIntArray* get() const { return a_; }

 private:
  aclIntArray* a_ = nullptr;
};

// aclInit and aclrtSetDevice, once per process.
void init_runtime();

}  // namespace poolcheck::conformance
