#include "regbase/maxpool_call.h"

#include <random>
#include <sstream>
#include <stdexcept>

#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "case/numeric.h"
#include "oracle/maxpool3d_grad.h"
#include "tests/support/device_tensor.h"

namespace poolcheck::regbase_test {

namespace {

using test_support::case_dtype;
using test_support::decode_values;
using test_support::DeviceTensor;
using test_support::encode_indices;
using test_support::encode_values;
using test_support::IntArray;

oracle::Pool3dParams params_of(const MpCase& c) { return {c.k, c.s, c.p, {1, 1, 1}, c.ceil_mode}; }

// The call's tensors (zeroed without `data`) and int lists.
struct Call {
  std::vector<int64_t> xs, gs;
  DeviceTensor go, x, idx, gi;
  IntArray k, s, p, d;
  Call(const MpCase& c, const std::array<int64_t, 3>& out, const MpData* data)
      : xs(c.x.begin(), c.x.end()),
        gs{c.x[0], c.x[1], out[0], out[1], out[2]},
        go({.shape = gs, .dtype = c.dtype, .format = ACL_FORMAT_NCDHW},
           data ? encode_values(data->grad, c.dtype) : std::vector<uint8_t>{}),
        x({.shape = xs, .dtype = c.dtype, .format = ACL_FORMAT_NCDHW},
          data ? encode_values(data->x, c.dtype) : std::vector<uint8_t>{}),
        idx({.shape = gs, .dtype = c.index_dtype, .format = ACL_FORMAT_NCDHW},
            data ? encode_indices(data->idx, c.index_dtype) : std::vector<uint8_t>{}),
        gi({.shape = xs, .dtype = c.dtype, .format = ACL_FORMAT_NCDHW}),
        k({c.k.begin(), c.k.end()}),
        s({c.s.begin(), c.s.end()}),
        p({c.p.begin(), c.p.end()}),
        d({1, 1, 1}) {}
  // GetWorkspaceSize on these arguments.
  aclnnStatus plan(bool ceil_mode, uint64_t* ws, aclOpExecutor** ex) const {
    return aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(go.get(), x.get(), idx.get(), k.get(), s.get(), p.get(),
                                                            d.get(), ceil_mode, gi.get(), ws, ex);
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
  for (double& v : d.x) v = round_to(case_dtype(c.dtype), v);
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
  r.plan_status = call.plan(c.ceil_mode, &ws, &ex);
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
  r.raw = call.gi.read_bytes();
  r.got = decode_values(r.raw, c.dtype);
  try {
    const auto ref =
        oracle::max_pool3d_backward(data.grad, data.idx, c.x[0] * c.x[1], {c.x[2], c.x[3], c.x[4]}, data.out);
    r.want.resize(ref.grad_input.size());
    for (size_t i = 0; i < ref.grad_input.size(); ++i) r.want[i] = round_to(case_dtype(c.dtype), ref.grad_input[i]);
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
  r.plan_status = call.plan(c.ceil_mode, &ws, &ex);
  pcEmuLastLaunch(&r.info);
  if (r.plan_status != 0) r.error = aclGetRecentErrMsg();
  if (ex) aclDestroyAclOpExecutor(ex);
  return r;
}

}  // namespace poolcheck::regbase_test
