// Steering max pooling's Ascend950 cases to each key of the regbase tiling (ops/maxpool3d_grad/spec_strategies.cpp):
// the shape decides between the aligned and the range-checked split, the UB knob between whole planes, split
// tiles and SIMT, and the int32 index limit between SIMT's int32 and int64 kernels.
#include "ops/maxpool3d_grad/generator_regbase.h"

#include <algorithm>
#include <array>
#include <initializer_list>

#include "case/int_math.h"
#include "case/per_axis.h"
#include "generators/draws.h"
#include "ops/maxpool3d_grad/regbase_knobs.h"

namespace poolcheck::gen::maxpool_regbase {

namespace {

using Dims = std::array<int64_t, 3>;
using spec::maxpool3d_grad::CaseParams;
namespace mp = ::poolcheck::maxpool3d_grad;

constexpr int64_t kProfileUb = 245760;  // Ascend950's UB per core
constexpr int64_t kUbReserve = 2048;    // what the SIMD tiling keeps back
constexpr int64_t kUbBlock = 32;        // UB block bytes
constexpr int64_t kVectorBytes = 256;   // one vector register

// One of `values`, drawn size-independently.
int64_t one_of(std::initializer_list<int64_t> values) { return fixed::element_of(std::vector<int64_t>(values)); }

// What the 950 tiling looks at, from the parameters a case is made of (dilation is always 1 in valid cases).
struct Geometry {
  int64_t nc = 1;
  Dims in{}, out{}, k{}, s{}, pad{};
  int64_t data_bytes = 4, index_bytes = 4;

  int64_t elements() const { return nc * in[0] * in[1] * in[2]; }
  bool padded() const { return pad[0] || pad[1] || pad[2]; }
  bool overlapping() const { return k[0] > s[0] || k[1] > s[1] || k[2] > s[2]; }
};

Geometry geometry_of(const CaseParams& p) {
  Geometry g;
  g.nc = p.batched ? p.n * p.c : p.c;
  g.in = p.in_dims;
  g.k = per_axis<3>(p.kernel, Dims{1, 1, 1}).value();
  g.s = per_axis<3>(p.stride, g.k).value();
  g.pad = per_axis<3>(p.padding, Dims{0, 0, 0}).value();
  for (size_t a = 0; a < 3; ++a)
    g.out[a] = spec::pooled_size(g.in[a], g.k[a], g.s[a], g.pad[a], 1, p.ceil_mode).value_or(1);
  g.data_bytes = p.dtype == DType::F32 ? 4 : 2;
  g.index_bytes = p.index_dtype == DType::I64 ? 8 : 4;
  return g;
}

// The SIMD tiling's UB model, for steering only (the coverage targets check that the keys are reached): a
// gradInput tile of d x h x w elements in fp32 plus the gradOutput and index windows that can reach it, each
// row aligned to a UB block of the wider element, all double-buffered.
struct UbModel {
  const Geometry& g;

  int64_t block_elems() const { return std::max(kUbBlock / g.data_bytes, kUbBlock / g.index_bytes); }
  int64_t window(int64_t tile, size_t a) const { return std::min(ceil_div(tile + g.k[a] - 1, g.s[a]), g.out[a]); }
  int64_t window_bytes(const Dims& t) const {
    return window(t[0], 0) * window(t[1], 1) * align_up(window(t[2], 2), block_elems()) *
           (g.data_bytes + g.index_bytes);
  }
  // A split tile: each row of the gradInput tile aligned.
  int64_t tile_bytes(const Dims& t) const {
    return 2 * (t[0] * t[1] * align_up(t[2], block_elems()) * 4 + window_bytes(t));
  }
  // One whole D/H/W plane (full load): the plane aligned as one run.
  int64_t plane_bytes() const {
    return 2 * (align_up(g.in[0] * g.in[1] * g.in[2], block_elems()) * 4 + window_bytes(g.in));
  }
  // The tile SIMD needs at least: one row of as many elements as a vector holds indices.
  int64_t smallest_tile_bytes() const { return tile_bytes({1, 1, std::min(g.in[2], kVectorBytes / g.index_bytes)}); }
  // The first tile of the W split on stride multiples, and how many such tiles the gradInput has.
  Dims aligned_tile() const {
    return {std::min(g.s[0], g.in[0]), std::min(g.s[1], g.in[1]), std::min(g.s[2], g.in[2])};
  }
  int64_t tiles(const Dims& t) const {
    return g.nc * ceil_div(g.in[0], t[0]) * ceil_div(g.in[1], t[1]) * ceil_div(g.in[2], t[2]);
  }
};

// The UB knob whose usable part holds `bytes` (multiples of a UB block).
int64_t ub_holding(int64_t bytes) { return kUbReserve + align_up(bytes, kUbBlock); }

void set_lists(const Dims& k, const Dims& s, const Dims& pad, CaseParams* p) {
  p->kernel = list_form(k, false);
  const bool stride_is_kernel = s == k;
  p->stride = list_form(s, stride_is_kernel);
  if (p->stride.empty() && !stride_is_kernel) p->stride = {s[0], s[1], s[2]};
  p->padding = list_form(pad, false);
}

// No padding and no overlap, a W axis long enough that a tile of stride multiples is smaller than a plane, two rows
// or more, and few planes (the W axis makes each plane larger than the ordinary draws).
void aligned_shape(size_t first, CaseParams* p) {
  Dims k{1, 1, 1}, s{1, 1, 1};
  for (size_t a = first; a < 3; ++a) {
    k[a] = one_of({1, 2, 3});
    s[a] = one_of({k[a], k[a] + 1});
  }
  const int64_t d = first == 0 ? std::max(k[0], value_of(rc::gen::inRange<int64_t>(1, 5))) : 1;
  p->in_dims = {d, std::max(k[1], value_of(rc::gen::inRange<int64_t>(1, 5))),
                value_of(rc::gen::inRange<int64_t>(17, 41))};
  // Two rows at least: SIMD is capable only when one row fits, and a plane must not.
  if (p->in_dims[0] * p->in_dims[1] < 2) p->in_dims[1] = std::max<int64_t>(2, k[1]);
  set_lists(k, s, {0, 0, 0}, p);
  p->c = std::max<int64_t>(1, std::min<int64_t>(p->c, 8 / p->n));
}

// Padding or overlap (an overlapping axis is made when the draw has neither), and planes of more than one row so
// that the smallest tile is smaller than a plane.
void check_range_shape(size_t first, CaseParams* p) {
  const Geometry g = geometry_of(*p);
  Dims k = g.k, s = g.s;
  if (!g.padded() && !g.overlapping()) {
    const size_t a = static_cast<size_t>(first == 0 ? one_of({0, 1, 2}) : one_of({1, 2}));
    k[a] = std::max<int64_t>(k[a], 2);
    s[a] = value_of(rc::gen::inRange<int64_t>(1, k[a]));
    p->in_dims[a] = std::max(p->in_dims[a], k[a]);
    set_lists(k, s, g.pad, p);
  }
  // The UB model aligns a whole plane as one run: a few rows of a short W may still need no more than one row.
  while (p->in_dims[1] < 16) {
    const Geometry grown = geometry_of(*p);
    const UbModel ub{grown};
    if (p->in_dims[0] * p->in_dims[1] >= 2 && ub.plane_bytes() > align_up(ub.smallest_tile_bytes(), kUbBlock)) break;
    ++p->in_dims[1];
  }
}

}  // namespace

std::string pick_soc(const GenConfig& cfg) {
  if (!cfg.target.platform.empty()) return cfg.target.platform;
  std::vector<std::string> socs = kernel_socs(cfg, "maxpool3d_grad");
  if (wants(cfg, kFeatureInt64Indices)) {
    const spec::OperatorSpec& s = spec::maxpool3d_grad::operator_spec();
    std::erase_if(socs, [&](const std::string& soc) { return !feature_applies(s, {soc}, kFeatureInt64Indices); });
    if (socs.empty()) socs = kernel_socs(cfg, "maxpool3d_grad");  // none lists INT64: the feature cannot show
  }
  return fixed::element_of(socs);
}

Key steer_shape(const GenConfig& cfg, bool fixed_shape, CaseParams* p) {
  if (p->soc != mp::kRegbaseSoc) return Key::Free;
  p->index_dtype = wants(cfg, kFeatureInt64Indices) ? DType::I64 : value_of(rc::gen::element(DType::I32, DType::I64));
  const Geometry g = geometry_of(*p);
  // A fixed shape allows the aligned split only without padding and overlap, and the range check only with one.
  const bool plain = !g.padded() && !g.overlapping();
  const bool may_align = fixed_shape ? plain : !wants(cfg, kFeatureOverlap) && !wants(cfg, kFeaturePadLimit);
  const bool may_check = !fixed_shape || !plain;
  std::vector<Key> simd{Key::FullLoad};
  if (may_align) simd.push_back(Key::Aligned);
  if (may_check) simd.push_back(Key::CheckRange);
  Key key = Key::Free;
  if (steers_to(cfg, Strategy::SIMD)) {
    key = fixed::element_of(simd);
  } else if (steers_to(cfg, Strategy::SIMT)) {
    key = value_of(rc::gen::element(Key::Simt32, Key::Simt64));
  } else if (cfg.vary_knobs && value_of(rc::gen::arbitrary<bool>())) {  // half the free draws steered too, to any key
    std::vector<Key> any = simd;
    any.push_back(Key::Simt32);
    any.push_back(Key::Simt64);
    key = fixed::element_of(any);
  }
  if (fixed_shape) return key;
  // N*C up to 32: the 950 tiling has no 64-lane blocks to cross, and its cases then cost what an A2 case does.
  p->c = std::max<int64_t>(1, std::min<int64_t>(p->c, 32 / p->n));
  const auto first = static_cast<size_t>(first_free_axis(cfg));
  if (key == Key::Aligned) aligned_shape(first, p);
  if (key == Key::CheckRange) check_range_shape(first, p);
  // An int32 limit below the element count needs two elements at least.
  if (key == Key::Simt64 && geometry_of(*p).elements() < 2) p->in_dims[2] = std::max<int64_t>(2, p->in_dims[2]);
  return key;
}

std::vector<int64_t> ub_sizes(const std::string& soc, const std::vector<int64_t>& a2_sizes) {
  if (soc != mp::kRegbaseSoc) return a2_sizes;
  return {mp::kRegbaseUbSizes.begin(), mp::kRegbaseUbSizes.end()};
}

void steer_knobs(const GenConfig& cfg, Key key, const CaseParams& p, Case* c) {
  if (c->platform != mp::kRegbaseSoc) return;
  const Geometry g = geometry_of(p);
  const UbModel ub{g};
  const int64_t count = g.elements();
  // SIMD runs at or below the limit: the limit at the count itself is the edge it must still take.
  const auto simd_limit = [&] { return one_of({0, 0, count, kMaxInt32IndexLimit}); };
  switch (key) {
    case Key::Free:
      if (!cfg.vary_knobs) return;
      c->int32_index_limit =
          value_of(rc::gen::weightedElement<int64_t>({{6, 0}, {1, count}, {1, std::max<int64_t>(1, count - 1)}}));
      return;
    case Key::FullLoad: {
      std::vector<int64_t> fitting;
      for (int64_t size : {int64_t{0}, int64_t{65536}, int64_t{16384}})
        if (ub.plane_bytes() <= (size ? size : kProfileUb) - kUbReserve) fitting.push_back(size);
      c->ub_bytes = fitting.empty() ? 0 : fixed::element_of(fitting);
      c->int32_index_limit = simd_limit();
      return;
    }
    case Key::Aligned: {
      // A UB for the smallest tile (SIMD's capability) and the first W-split tile but not a whole plane, and no
      // more cores than such tiles: the aligned search also wants a tile for every core.
      const Dims tile = ub.aligned_tile();
      const int64_t size = ub_holding(std::max(ub.tile_bytes(tile), ub.smallest_tile_bytes()));
      if (ub.plane_bytes() > size - kUbReserve) c->ub_bytes = size;
      const int64_t tiles = ub.tiles(tile);
      if (c->cores == 0 || c->cores > tiles)
        c->cores = static_cast<int32_t>(std::min<int64_t>(tiles, one_of({1, 2, 3, 4})));
      c->int32_index_limit = simd_limit();
      return;
    }
    case Key::CheckRange: {
      const int64_t size = ub_holding(ub.smallest_tile_bytes());
      if (ub.plane_bytes() > size - kUbReserve) c->ub_bytes = size;
      c->int32_index_limit = simd_limit();
      return;
    }
    case Key::Simt32:
      c->ub_bytes = one_of({kUbReserve, kUbReserve + 64});  // less than any SIMD tile
      c->int32_index_limit = one_of({0, count, count + 1, kMaxInt32IndexLimit});
      return;
    case Key::Simt64:
      c->int32_index_limit = one_of({std::max<int64_t>(1, count - 1), std::max<int64_t>(1, count / 2), 1});
      return;
  }
}

}  // namespace poolcheck::gen::maxpool_regbase
