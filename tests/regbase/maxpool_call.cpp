#include "regbase/maxpool_call.h"

#include <cstring>
#include <random>
#include <sstream>
#include <stdexcept>

#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "case/numeric.h"
#include "oracle/maxpool3d_grad.h"

namespace poolcheck::regbase_test {

namespace {

DType dtype_of(aclDataType dt) { return dt == ACL_FLOAT16 ? DType::F16 : dt == ACL_BF16 ? DType::BF16 : DType::F32; }
int64_t bytes_of(aclDataType dt) { return dt == ACL_FLOAT ? 4 : dt == ACL_INT64 ? 8 : dt == ACL_INT32 ? 4 : 2; }

int64_t product(const std::vector<int64_t>& v) {
  int64_t n = 1;
  for (int64_t d : v) n *= d;
  return n;
}

oracle::Pool3dParams params_of(const MpCase& c) { return {c.k, c.s, c.p, {1, 1, 1}, c.ceil_mode}; }

// A device tensor of `shape` holding `bytes` (zeroed when empty).
struct DeviceTensor {
  void* mem = nullptr;
  aclTensor* t = nullptr;
  DeviceTensor(const std::vector<int64_t>& shape, aclDataType dt, const std::vector<uint8_t>& bytes) {
    const int64_t n = product(shape) * bytes_of(dt);
    aclrtMalloc(&mem, static_cast<size_t>(n), ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<uint8_t> host = bytes.empty() ? std::vector<uint8_t>(static_cast<size_t>(n), 0) : bytes;
    aclrtMemcpy(mem, static_cast<size_t>(n), host.data(), static_cast<size_t>(n), ACL_MEMCPY_HOST_TO_DEVICE);
    t = aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, ACL_FORMAT_NCDHW, shape.data(), shape.size(), mem);
  }
  ~DeviceTensor() {
    aclDestroyTensor(t);
    aclrtFree(mem);
  }
  std::vector<uint8_t> read(int64_t n) const {
    std::vector<uint8_t> out(static_cast<size_t>(n));
    aclrtMemcpy(out.data(), out.size(), mem, out.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    return out;
  }
};

std::vector<uint8_t> encode_values(const std::vector<double>& v, aclDataType dt) {
  std::vector<uint8_t> out(v.size() * static_cast<size_t>(bytes_of(dt)));
  for (size_t i = 0; i < v.size(); ++i) encode(dtype_of(dt), v[i], out.data() + i * static_cast<size_t>(bytes_of(dt)));
  return out;
}

std::vector<uint8_t> encode_indices(const std::vector<int64_t>& v, aclDataType dt) {
  std::vector<uint8_t> out(v.size() * static_cast<size_t>(bytes_of(dt)));
  for (size_t i = 0; i < v.size(); ++i) {
    if (dt == ACL_INT64) {
      std::memcpy(out.data() + i * 8, &v[i], 8);
    } else {
      const int32_t w = static_cast<int32_t>(v[i]);
      std::memcpy(out.data() + i * 4, &w, 4);
    }
  }
  return out;
}

struct Call {
  std::vector<int64_t> xs, gs;
  DeviceTensor go, x, idx, gi;
  aclIntArray *k, *s, *p, *d;
  Call(const MpCase& c, const std::array<int64_t, 3>& out, const MpData* data)
      : xs(c.x.begin(), c.x.end()),
        gs{c.x[0], c.x[1], out[0], out[1], out[2]},
        go(gs, c.dtype, data ? encode_values(data->grad, c.dtype) : std::vector<uint8_t>{}),
        x(xs, c.dtype, data ? encode_values(data->x, c.dtype) : std::vector<uint8_t>{}),
        idx(gs, c.index_dtype, data ? encode_indices(data->idx, c.index_dtype) : std::vector<uint8_t>{}),
        gi(xs, c.dtype, {}) {
    const int64_t one[3] = {1, 1, 1};
    k = aclCreateIntArray(c.k.data(), 3);
    s = aclCreateIntArray(c.s.data(), 3);
    p = aclCreateIntArray(c.p.data(), 3);
    d = aclCreateIntArray(one, 3);
  }
  ~Call() {
    for (aclIntArray* a : {k, s, p, d}) aclDestroyIntArray(a);
  }
};

}  // namespace

std::array<int64_t, 3> out_dims(const MpCase& c) {
  const auto o = oracle::pooled_dims({c.x[2], c.x[3], c.x[4]}, params_of(c));
  return o ? *o : std::array<int64_t, 3>{1, 1, 1};
}

std::string MpCase::describe() const {
  std::ostringstream os;
  os << "x=" << x[0] << "x" << x[1] << "x" << x[2] << "x" << x[3] << "x" << x[4] << " k=" << k[0] << "," << k[1] << ","
     << k[2] << " s=" << s[0] << "," << s[1] << "," << s[2] << " p=" << p[0] << "," << p[1] << "," << p[2]
     << " dtype=" << dtype << " index=" << index_dtype << " ceil=" << ceil_mode;
  return os.str();
}

void setup_950(int32_t cores, int64_t ub) {
  static aclrtStream stream = nullptr;
  if (!stream) {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtCreateStream(&stream);
  }
  pcEmuSetPlatform("Ascend950");
  pcEmuSetKnobs(cores, ub);
  pcEmuSetInt32IndexLimit(0);
  pcEmuSetFaults("");
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
}

MpData make_data(const MpCase& c, uint64_t seed) {
  MpData d;
  const int64_t planes = c.x[0] * c.x[1];
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> small(-4, 4);
  d.x.resize(static_cast<size_t>(planes * c.x[2] * c.x[3] * c.x[4]));
  std::uniform_real_distribution<double> u(-8.0, 8.0);
  for (double& v : d.x) v = u(rng);
  // Values the storage dtype holds exactly, so the oracle's forward sees what the device holds.
  for (double& v : d.x) v = round_to(dtype_of(c.dtype), v);
  const auto fwd = oracle::max_pool3d_forward(d.x, planes, {c.x[2], c.x[3], c.x[4]}, params_of(c));
  d.out = fwd.out_dims;
  d.idx = fwd.indices;
  d.grad.resize(d.idx.size());
  for (double& v : d.grad) v = small(rng) * 0.5;
  return d;
}

MpRun run_case(const MpCase& c, const MpData& data) {
  MpRun r;
  Call call(c, data.out, &data);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  r.plan_status = aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(call.go.t, call.x.t, call.idx.t, call.k, call.s,
                                                                   call.p, call.d, c.ceil_mode, call.gi.t, &ws, &ex);
  pcEmuLastLaunch(&r.info);
  if (r.plan_status != 0) {
    r.error = aclGetRecentErrMsg();
    return r;
  }
  void* w = nullptr;
  if (ws > 0) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
  r.run_status = aclnnMaxPool3dWithArgmaxBackward(w, ws, ex, nullptr);
  if (w) aclrtFree(w);
  pcEmuLastLaunch(&r.info);
  if (r.run_status != 0) r.error = aclGetRecentErrMsg();
  const int64_t n = product(call.xs);
  r.raw = call.gi.read(n * bytes_of(c.dtype));
  r.got.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    r.got[static_cast<size_t>(i)] = decode(dtype_of(c.dtype), r.raw.data() + i * bytes_of(c.dtype));
  try {
    const auto ref =
        oracle::max_pool3d_backward(data.grad, data.idx, c.x[0] * c.x[1], {c.x[2], c.x[3], c.x[4]}, data.out);
    r.want.resize(ref.grad_input.size());
    for (size_t i = 0; i < ref.grad_input.size(); ++i) r.want[i] = round_to(dtype_of(c.dtype), ref.grad_input[i]);
  } catch (const std::out_of_range&) {
    r.want.clear();  // an index outside the plane: the oracle has no result (and matches() is false)
  }
  return r;
}

MpRun run_case(const MpCase& c, uint64_t seed) { return run_case(c, make_data(c, seed)); }

MpRun plan_case(const MpCase& c) {
  MpRun r;
  Call call(c, out_dims(c), nullptr);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  r.plan_status = aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(call.go.t, call.x.t, call.idx.t, call.k, call.s,
                                                                   call.p, call.d, c.ceil_mode, call.gi.t, &ws, &ex);
  pcEmuLastLaunch(&r.info);
  if (r.plan_status != 0) r.error = aclGetRecentErrMsg();
  if (ex) aclDestroyAclOpExecutor(ex);
  return r;
}

}  // namespace poolcheck::regbase_test
