#include "tests/conformance_avg/conformance_row.h"

#include <cstdio>
#include <cstring>
#include <utility>

#include "acl/acl.h"

namespace poolcheck::conformance {

namespace {

size_t elem_bytes(aclDataType dt) { return dt == ACL_FLOAT16 || dt == ACL_BF16 ? 2 : dt == ACL_DOUBLE ? 8 : 4; }

std::string head(const Row& row) { return "row '" + row.source + "' (" + row.call + "): "; }

// Parses a decimal integer or true/false; false when `text` is anything else.
bool parse_value(const std::string& text, int64_t* out) {
  if (text == "true" || text == "false") {
    *out = text == "true" ? 1 : 0;
    return true;
  }
  long long v = 0;
  int used = 0;
  if (std::sscanf(text.c_str(), "%lld%n", &v, &used) != 1 || used != static_cast<int>(text.size())) return false;
  *out = v;
  return true;
}

}  // namespace

std::map<std::string, int64_t> summary_fields(const std::string& summary) {
  std::map<std::string, int64_t> out;
  size_t at = 0;
  while (at < summary.size()) {
    size_t end = summary.find(' ', at);
    if (end == std::string::npos) end = summary.size();
    const std::string token = summary.substr(at, end - at);
    const size_t eq = token.find('=');
    int64_t v = 0;
    if (eq != std::string::npos && eq > 0 && parse_value(token.substr(eq + 1), &v)) out[token.substr(0, eq)] = v;
    at = end + 1;
  }
  return out;
}

std::vector<std::string> compare(const Row& row, const Observation& seen) {
  std::vector<std::string> out;
  const Expectation& e = row.expect;
  if (seen.status != e.status) {
    out.push_back(head(row) + "status " + std::to_string(seen.status) + ", upstream " + std::to_string(e.status) +
                  (seen.error.empty() ? "" : " (" + seen.error + ")"));
    return out;
  }
  if (e.status != ACLNN_SUCCESS) {
    if (seen.error.find(e.error) == std::string::npos)
      out.push_back(head(row) + "refusal message '" + seen.error + "' does not name '" + e.error + "'");
    return out;
  }
  if (e.strategy != seen.info.strategy)
    out.push_back(head(row) + "strategy " + seen.info.strategy + ", upstream " + e.strategy);
  if (e.key != seen.info.tilingKey)
    out.push_back(head(row) + "key " + std::to_string(seen.info.tilingKey) + ", upstream " + std::to_string(e.key));
  if (e.block_dim != seen.info.blockDim)
    out.push_back(head(row) + "blockDim " + std::to_string(seen.info.blockDim) + ", upstream " +
                  std::to_string(e.block_dim));
  if (row.deterministic != (seen.info.deterministic != 0))
    out.push_back(head(row) + "planned with deterministic=" + std::to_string(seen.info.deterministic));
  const auto fields = summary_fields(seen.info.tilingSummary);
  for (const Field& f : e.fields) {
    const auto it = fields.find(f.summary);
    if (it == fields.end())
      out.push_back(head(row) + "the tiling summary has no '" + f.summary + "' (upstream " + f.upstream +
                    "): " + seen.info.tilingSummary);
    else if (it->second != f.value)
      out.push_back(head(row) + f.upstream + " (" + f.summary + ") " + std::to_string(it->second) + ", upstream " +
                    std::to_string(f.value));
  }
  return out;
}

Observation observe(const Row& row, const PlanCall& plan) {
  init_runtime();
  pcEmuSetPlatform(row.platform.c_str());
  pcEmuSetKnobs(row.cores, row.ub);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, row.deterministic ? 1 : 0);
  Observation o;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  o.status = plan(&ws, &ex);
  if (o.status == ACLNN_SUCCESS) {
    pcEmuLastLaunch(&o.info);
    aclDestroyAclOpExecutor(ex);
  } else {
    const char* msg = aclGetRecentErrMsg();
    o.error = msg ? msg : "";
  }
  pcEmuSetKnobs(0, 0);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  return o;
}

Tensor::Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt) : Tensor(std::move(shape), dt, fmt, true) {}

Tensor Tensor::broadcast(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt) {
  return Tensor(std::move(shape), dt, fmt, false);
}

Tensor::Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt, bool dense) {
  init_runtime();
  std::vector<int64_t> strides(shape.size(), 0);
  int64_t count = 1;
  if (dense)
    for (size_t i = shape.size(); i-- > 0;) {
      strides[i] = count;
      count *= shape[i];
    }
  pcEmuSetChecks(0);  // no NaN fill: planning never reads or writes the data
  aclrtMalloc(&dev_, static_cast<size_t>(count) * elem_bytes(dt), ACL_MEM_MALLOC_HUGE_FIRST);
  pcEmuSetChecks(1);
  const std::vector<int64_t> storage{count};
  t_ = aclCreateTensor(shape.data(), shape.size(), dt, strides.data(), 0, fmt, storage.data(), 1, dev_);
}

Tensor::Tensor(Tensor&& other) noexcept
    : dev_(std::exchange(other.dev_, nullptr)), t_(std::exchange(other.t_, nullptr)) {}

Tensor::~Tensor() {
  if (t_) aclDestroyTensor(t_);
  if (dev_) aclrtFree(dev_);
}

IntArray::IntArray(std::vector<int64_t> v) : a_(aclCreateIntArray(v.data(), v.size())) {}
IntArray::~IntArray() { aclDestroyIntArray(a_); }

void init_runtime() {
  static const bool done = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
  }();
  (void)done;
}

}  // namespace poolcheck::conformance
