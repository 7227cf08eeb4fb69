// oneDNN's CPU pooling backward (public dnnl.hpp API). oneDNN's max-pool backward takes the opaque
// workspace its own forward produced, not an argmax tensor, so the setup runs the forward once on the
// same self and only the backward is timed. Adaptive pooling maps only when every window is uniform
// (input divisible by output): then it is an average pool with kernel = stride = in / out.
#include <omp.h>

#include <memory>
#include <oneapi/dnnl/dnnl.hpp>

#include "bench/peer.h"

namespace poolcheck::bench {

namespace {

using dnnl::memory;

memory::data_type data_type(DType dt) {
  return dt == DType::F16    ? memory::data_type::f16
         : dt == DType::BF16 ? memory::data_type::bf16
                             : memory::data_type::f32;
}

memory::dims full(const BenchShape& s, const std::vector<int64_t>& spatial) {
  memory::dims d{s.n, s.c};
  d.insert(d.end(), spatial.begin(), spatial.end());
  return d;
}

// A memory of `dt` holding `v` (rounded through fp32 by a reorder).
memory filled(const dnnl::engine& eng, dnnl::stream& strm, const memory::desc& md, const std::vector<double>& v) {
  memory::desc f32_md(md.dims(), memory::data_type::f32,
                      md.dims().size() == 5 ? memory::format_tag::ncdhw : memory::format_tag::nchw);
  memory f32(f32_md, eng);
  auto* p = static_cast<float*>(f32.get_data_handle());
  for (size_t i = 0; i < v.size(); ++i) p[i] = static_cast<float>(v[i]);
  memory m(md, eng);
  dnnl::reorder(f32, m).execute(strm, f32, m);
  strm.wait();
  return m;
}

struct Pooling {
  dnnl::algorithm alg;
  memory::dims k, s, pl, pr;
};

// The window parameters, or a reason why this case has no oneDNN equivalent.
std::string pooling_of(const BenchShape& sh, Pooling* p) {
  const OperatorRow* row = find_operator_row(sh.op);
  if (row == nullptr) return "'" + sh.op + "' is no row of the operator table";
  const bool adaptive = row->algorithm == PoolAlgorithm::AdaptiveAvg;
  p->alg = row->algorithm == PoolAlgorithm::Max ? dnnl::algorithm::pooling_max
           : !sh.count_include_pad              ? dnnl::algorithm::pooling_avg_exclude_padding
                                                : dnnl::algorithm::pooling_avg_include_padding;
  for (size_t a = 0; a < sh.in.size(); ++a) {
    if (adaptive) {
      if (sh.in[a] % sh.out[a] != 0) return "oneDNN has no adaptive pooling and these windows are not uniform";
      p->k.push_back(sh.in[a] / sh.out[a]);
      p->s.push_back(sh.in[a] / sh.out[a]);
      p->pl.push_back(0);
    } else {
      p->k.push_back(sh.k[a]);
      p->s.push_back(sh.s[a]);
      p->pl.push_back(sh.p[a]);
    }
    // Right padding that makes oneDNN's output size the case's (floor mode).
    p->pr.push_back((sh.out[a] - 1) * p->s[a] + p->k[a] - sh.in[a] - p->pl[a]);
    if (p->pr[a] < 0) return "negative right padding";
  }
  return "";
}

PeerKernel prepare(const BenchCase& b, const HostValues& in) {
  const BenchShape& sh = b.shape;
  Pooling pool;
  if (auto why = pooling_of(sh, &pool); !why.empty()) return {{}, why};
  try {
    auto eng = std::make_shared<dnnl::engine>(dnnl::engine::kind::cpu, 0);
    auto strm = std::make_shared<dnnl::stream>(*eng);
    const auto tag = sh.in.size() == 3 ? memory::format_tag::ncdhw : memory::format_tag::nchw;
    const memory::desc src_md(full(sh, sh.in), data_type(b.dtype), tag);
    const memory::desc dst_md(full(sh, sh.out), data_type(b.dtype), tag);
    const dnnl::pooling_forward::primitive_desc fwd_pd(
        {dnnl::prop_kind::forward_training, pool.alg, src_md, dst_md, pool.s, pool.k, pool.pl, pool.pr}, *eng);
    const dnnl::pooling_backward::primitive_desc bwd_pd({pool.alg, src_md, dst_md, pool.s, pool.k, pool.pl, pool.pr},
                                                        *eng, fwd_pd);
    auto self = filled(*eng, *strm, src_md, in.at(find_adapter(b.shape.op)->arguments.forward_input));
    auto dst = std::make_shared<memory>(dst_md, *eng);
    auto ws = std::make_shared<memory>(fwd_pd.workspace_desc(), *eng);
    dnnl::pooling_forward(fwd_pd).execute(*strm,
                                          {{DNNL_ARG_SRC, self}, {DNNL_ARG_DST, *dst}, {DNNL_ARG_WORKSPACE, *ws}});
    strm->wait();
    auto grad =
        std::make_shared<memory>(filled(*eng, *strm, dst_md, in.at(find_adapter(b.shape.op)->arguments.gradient)));
    auto out = std::make_shared<memory>(src_md, *eng);
    auto bwd = std::make_shared<dnnl::pooling_backward>(bwd_pd);
    return {[=] {
              bwd->execute(*strm, {{DNNL_ARG_DIFF_DST, *grad}, {DNNL_ARG_DIFF_SRC, *out}, {DNNL_ARG_WORKSPACE, *ws}});
              strm->wait();
            },
            ""};
  } catch (const dnnl::error& e) {
    return {{}, std::string("oneDNN refused: ") + e.what()};
  }
}

std::string version() {
  const dnnl_version_t* v = dnnl_version();
  return std::to_string(v->major) + "." + std::to_string(v->minor) + "." + std::to_string(v->patch);
}

}  // namespace

const Peer& onednn_peer() {
  static const Peer p{"onednn", "", version(), [](int n) { omp_set_num_threads(n); }, prepare};
  return p;
}

}  // namespace poolcheck::bench
