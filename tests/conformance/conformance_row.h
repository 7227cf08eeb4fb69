// A tiling-conformance row: one case of ops-nn's own op_host tiling tests, re-expressed as an aclnn call on
// the emulated library, with what upstream's tiling chooses for it (strategy, key, block count and the
// tiling-data fields poolcheck also computes). `compare` names every difference between a row and what the
// library planned, each message starting with the row's source test.
#pragma once

#include <cstdint>
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

}  // namespace poolcheck::conformance
