// A tiling-conformance row: one case of ops-nn's own op_host tiling tests, re-expressed as an aclnn call on
// the emulated library, with what upstream's tiling chooses for it (strategy, key, block count and the
// tiling-data fields poolcheck also computes). `compare` names every difference between a row and what the
// library planned, each message starting with the row's source test.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "poolcheck_emu/emu.h"

namespace poolcheck::conformance {

// One tiling-data field: upstream's name for it, the name poolcheck's tiling summary gives it, its value.
struct Field {
  std::string upstream;
  std::string summary;
  int64_t value = 0;
};

// What upstream's tiling answers. A refused call (status != 0) has no plan; `error` is a substring of the
// library's message then.
struct Expectation {
  aclnnStatus status = ACLNN_SUCCESS;
  std::string error;
  std::string strategy;
  uint64_t key = 0;
  int32_t block_dim = 0;
  std::vector<Field> fields;
};

struct Row {
  std::string source;    // upstream test file and case name
  std::string call;      // the aclnn call, in words: shapes, attributes, dtype
  std::string platform;  // pcEmuSetPlatform
  int32_t cores = 0;     // the test's CORE_NUM and UB_SIZE, through pcEmuSetKnobs
  int64_t ub = 0;
  bool deterministic = false;
  std::string note;         // how the upstream case was re-expressed
  std::string discrepancy;  // where poolcheck follows the documents instead: the spec's discrepancy entry id
  Expectation expect;
};

// A row whose upstream case no aclnn call of the operator can produce, and why.
struct UnreachableRow {
  std::string source;
  uint64_t upstream_key = 0;
  std::string reason;
};

struct Observation {
  aclnnStatus status = ACLNN_SUCCESS;
  std::string error;       // aclGetRecentErrMsg after a refusal
  pcEmuLaunchInfo info{};  // the plan (after a successful GetWorkspaceSize)
};

// "name=value" integer tokens of a tiling summary (true/false as 1/0); other tokens are skipped.
std::map<std::string, int64_t> summary_fields(const std::string& summary);

// Every difference between the row and the observation; empty when they agree.
std::vector<std::string> compare(const Row& row, const Observation& seen);

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
