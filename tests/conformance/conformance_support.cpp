#include "tests/conformance/conformance_support.h"

#include <cstdio>
#include <memory>
#include <stdexcept>

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "poolcheck_emu/emu.h"
#include "tests/support/device_tensor.h"

namespace poolcheck::conformance {

namespace {

using test_support::DeviceTensor;
using test_support::dtype_bytes;
using test_support::element_count;
using test_support::IntArray;

// Device tensors of at least 32 bytes whose memory starts as the emulator leaves it (no host copy of rows of
// hundreds of MiB; write() copies data in): contiguous over their own allocation, or a zero-stride view of one.
DeviceTensor dense(const std::vector<int64_t>& shape, aclDataType dt) {
  return DeviceTensor({.shape = shape, .dtype = dt, .min_bytes = 32}, test_support::Init::AsAllocated);
}
DeviceTensor broadcast(const std::vector<int64_t>& shape, aclDataType dt) {
  return DeviceTensor({.shape = shape, .dtype = dt, .strides = std::vector<int64_t>(shape.size(), 0), .min_bytes = 32},
                      test_support::Init::AsAllocated);
}

void ensure_device() {
  static const bool ready = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    pcEmuSetChecks(0);  // planning only: no NaN fill of the (large) fresh allocations
    return true;
  }();
  (void)ready;
}

template <typename T>
std::string text(const T& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += 'x';  // appended, not "x" + std::string: GCC 12 -O3 reports a false -Wrestrict there
    s += std::to_string(v[i]);
  }
  return s;
}

}  // namespace

bool parse_summary(const std::string& summary, Observed* o) {
  char strategy[32] = {};
  long long key = 0, v[8] = {}, cnt[4] = {};
  int cut = 0;
  const int n = std::sscanf(summary.c_str(),
                            "%31s key=%lld vl=%lld cut=%d single=%lldx%lldx%lldx%lld cnt=%lldx%lldx%lldx%lld "
                            "base=%lldx%lldx%lld",
                            strategy, &key, &v[0], &cut, &v[1], &v[2], &v[3], &v[4], &cnt[0], &cnt[1], &cnt[2], &cnt[3],
                            &v[5], &v[6], &v[7]);
  if (n != 15) return false;
  o->vl = v[0];
  o->ub_cut = cut;
  o->single = {v[1], v[2], v[3], v[4]};
  o->base = {v[5], v[6], v[7]};
  o->summary_parsed = true;
  return true;
}

std::vector<std::string> mismatches(const TilingRow& row, const Observed& got) {
  std::vector<std::string> out;
  auto differ = [&](const char* field, const std::string& want, const std::string& have) {
    if (want != have)
      out.push_back(row.source + ": " + field + " expected " + want + ", library chose " + have + " [" + got.summary +
                    "]");
  };
  const ExpectedPlan& e = row.plan;
  differ("status", "0", std::to_string(got.status));
  if (got.status != 0) return out;
  differ("strategy", std::string(e.strategy), got.strategy);
  differ("tiling key", std::to_string(e.key), std::to_string(got.key));
  differ("usedCoreNum (blockDim)", std::to_string(e.used_cores), std::to_string(got.block_dim));
  differ("user workspace bytes", std::to_string(e.workspace_bytes), std::to_string(got.workspace_bytes));
  if (!got.summary_parsed) {
    out.push_back(row.source + ": tiling summary not readable [" + got.summary + "]");
    return out;
  }
  differ(e.strategy == "Scatter" ? "baseNc" : "vl", std::to_string(e.vl), std::to_string(got.vl));
  differ("ubCutAxis", std::to_string(e.ub_cut), std::to_string(got.ub_cut));
  differ(e.strategy == "Normal" ? "singleCore NC/Do/Ho/Wo" : "base NC/Do/Ho/Wo", text(e.single), text(got.single));
  differ("base Do/Ho/Wo", text(e.base), text(got.base));
  return out;
}

void select_a2_platform() {
  ensure_device();
  pcEmuSetPlatform("Ascend910B");
  pcEmuSetKnobs(40, 196608);
}

void select_950_platform() {
  ensure_device();
  pcEmuSetPlatform("Ascend950");
  pcEmuSetKnobs(64, 245760);
}

int64_t grad_input_bytes(const TilingRow& row) {
  return element_count({row.x.begin(), row.x.end()}) * dtype_bytes(row.dtype);
}

Observed plan_through_api(const TilingRow& row) {
  select_a2_platform();
  const std::vector<int64_t> x(row.x.begin(), row.x.end()), g(row.grad.begin(), row.grad.end());
  DeviceTensor grad = dense(g, row.dtype), self = broadcast(x, row.dtype), indices = dense(g, ACL_INT32);
  DeviceTensor grad_input = dense(x, row.dtype);
  IntArray k({row.k.begin(), row.k.end()}), s({row.s.begin(), row.s.end()}), p({row.p.begin(), row.p.end()}),
      d({row.d.begin(), row.d.end()});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  Observed o;
  o.status = aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(grad.get(), self.get(), indices.get(), k.get(), s.get(),
                                                              p.get(), d.get(), false, grad_input.get(), &ws, &exec);
  if (o.status != 0) return o;
  pcEmuLaunchInfo info{};
  const int have = pcEmuLastLaunch(&info);
  aclDestroyAclOpExecutor(exec);  // planned only, never launched
  if (have != 0) throw std::runtime_error("pcEmuLastLaunch has nothing after a planned call");
  o.strategy = info.strategy;
  o.key = info.tilingKey;
  o.block_dim = info.blockDim;
  o.workspace_bytes = info.workspaceBytes;
  o.summary = info.tilingSummary;
  parse_summary(o.summary, &o);
  return o;
}

int32_t status_through_api(const InvalidRow& row) {
  select_950_platform();
  DeviceTensor grad = dense(row.grad, row.grad_dtype), self = dense(row.x, row.x_dtype);
  DeviceTensor indices = dense(row.argmax, row.argmax_dtype), grad_input = dense(row.y, row.y_dtype);
  IntArray k(row.k), s(row.s), p(row.p), d(row.d);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  const int32_t st = aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(
      grad.get(), self.get(), indices.get(), k.get(), s.get(), p.get(), d.get(), false, grad_input.get(), &ws, &exec);
  if (st == 0) aclDestroyAclOpExecutor(exec);
  return st;
}

namespace {

// Both phases of the row's call on the given tensors, and the launch that ran.
int32_t run_call(const TilingRow& row, DeviceTensor& grad, DeviceTensor& self, DeviceTensor& indices,
                 DeviceTensor& grad_input, pcEmuLaunchInfo* launch) {
  IntArray k({row.k.begin(), row.k.end()}), s({row.s.begin(), row.s.end()}), p({row.p.begin(), row.p.end()}),
      d({row.d.begin(), row.d.end()});
  uint64_t ws_bytes = 0;
  aclOpExecutor* exec = nullptr;
  int32_t st =
      aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(grad.get(), self.get(), indices.get(), k.get(), s.get(), p.get(),
                                                       d.get(), false, grad_input.get(), &ws_bytes, &exec);
  if (st != 0) return st;
  void* ws = nullptr;
  if (ws_bytes > 0) aclrtMalloc(&ws, ws_bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  st = aclnnMaxPool3dWithArgmaxBackward(ws, ws_bytes, exec, stream);
  aclrtSynchronizeStream(stream);
  aclrtDestroyStream(stream);
  if (ws) aclrtFree(ws);
  pcEmuLastLaunch(launch);
  return st;
}

}  // namespace

int32_t execute_fp32(const TilingRow& row, const std::vector<float>& grad_values,
                     const std::vector<int32_t>& index_values, std::vector<float>* grad_input_values,
                     pcEmuLaunchInfo* launch) {
  select_a2_platform();
  const std::vector<int64_t> x(row.x.begin(), row.x.end()), g(row.grad.begin(), row.grad.end());
  DeviceTensor grad = dense(g, ACL_FLOAT), self = broadcast(x, ACL_FLOAT), indices = dense(g, ACL_INT32);
  DeviceTensor grad_input = dense(x, ACL_FLOAT);
  grad.write(grad_values);
  indices.write(index_values);
  const int32_t st = run_call(row, grad, self, indices, grad_input, launch);
  *grad_input_values = grad_input.read<float>();
  return st;
}

int32_t execute_zero_grads(const TilingRow& row, int64_t ub_bytes, pcEmuLaunchInfo* launch) {
  const std::vector<int64_t> x(row.x.begin(), row.x.end()), g(row.grad.begin(), row.grad.end());
  std::vector<int32_t> idx(static_cast<size_t>(element_count(g)));
  size_t at = 0;
  for (int64_t nc = 0; nc < g[0] * g[1]; ++nc)
    for (int64_t od = 0; od < g[2]; ++od)
      for (int64_t oh = 0; oh < g[3]; ++oh)
        for (int64_t ow = 0; ow < g[4]; ++ow) {
          const int64_t d = std::max<int64_t>(0, od * row.s[0] - row.p[0]);
          const int64_t h = std::max<int64_t>(0, oh * row.s[1] - row.p[1]);
          const int64_t w = std::max<int64_t>(0, ow * row.s[2] - row.p[2]);
          idx[at++] = static_cast<int32_t>((d * x[3] + h) * x[4] + w);
        }
  select_a2_platform();
  pcEmuSetKnobs(40, ub_bytes);
  DeviceTensor grad = dense(g, row.dtype), self = broadcast(x, row.dtype), indices = dense(g, ACL_INT32);
  DeviceTensor grad_input = dense(x, row.dtype);
  grad.write(std::vector<uint8_t>(static_cast<size_t>(element_count(g) * dtype_bytes(row.dtype)), 0));
  indices.write(idx);
  return run_call(row, grad, self, indices, grad_input, launch);
}

}  // namespace poolcheck::conformance
