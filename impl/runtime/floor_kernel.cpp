// pcEmuFloorKernel: a kernel that only moves its traffic through UB (and, for fp16/bf16, widens and narrows each
// element once), so its time is what the emulation of any kernel with that traffic costs at least: the launch
// on the host threads, the checked DataCopies into and out of UB and the race shadow of its stores.
#include <algorithm>

#include "common/log.h"
#include "common/vector_clones.h"
#include "npu/launch.h"
#include "npu/platform.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/phases.h"
#include "poolcheck_emu/floor.h"

namespace pcemu {
namespace {

enum class FloorWork { Move, WidenNarrow };

// One block's share, compiled for AVX2 and the baseline like the operators' kernels (common/vector_clones.h).
template <typename Codec>
PCEMU_VECTOR_CLONES void floor_block(BlockContext& ctx, const GmTensor<typename Codec::T>& src,
                                     const GmTensor<typename Codec::T>& dst, FloorWork work) {
  using T = typename Codec::T;
  int64_t begin = 0, end = 0;
  core_range(src.count, ctx.block_idx(), ctx.block_num(), &begin, &end);
  if (begin >= end) return;
  // One chunk of T, and for the widening its fp32 copy and the narrowed result.
  const int64_t per_elem = work == FloorWork::Move ? sizeof(T) : 2 * sizeof(T) + 4;
  const int64_t n = std::max<int64_t>(16, chunk_elems(ctx, per_elem) / 16 * 16);
  auto chunk = ctx.ub().alloc<T>(n, "chunk");
  UbBuf<float> wide;
  UbBuf<T> narrow;
  if (work == FloorWork::WidenNarrow) {
    wide = ctx.ub().alloc<float>(n, "fp32 chunk");
    narrow = ctx.ub().alloc<T>(n, "narrowed chunk");
  }
  for (int64_t i = begin; i < end; i += n) {
    const int64_t len = std::min(n, end - i);
    ctx.copy_in(chunk, 0, src, i, len);
    if (work == FloorWork::Move) {
      ctx.copy_out(dst, i, chunk, 0, len);
      continue;
    }
    load_row<Codec>(chunk.span(0, len), wide.span(0, len), len);
    store_row<Codec>(wide.span(0, len), narrow.span(0, len), len);
    ctx.copy_out(dst, i, narrow, 0, len);
  }
}

template <typename Codec>
aclnnStatus floor_launch(const void* in, void* out, int64_t count, FloorWork work) {
  using T = typename Codec::T;
  if (count == 0) return ACLNN_SUCCESS;  // nothing to move: no launch
  const auto platform = active_platform().profile;
  LaunchSpec spec{
      "Floor", "every block moves its share of the elements through UB", platform.vector_cores, platform.ub_bytes, {}};
  const auto src = readonly(static_cast<const T*>(in), count, "in");
  const auto dst = writable(spec, static_cast<T*>(out), count, "out");
  return launch(
      spec, [&](BlockContext& ctx) { floor_block<Codec>(ctx, src, dst, work); }, nullptr);
}

}  // namespace
}  // namespace pcemu

extern "C" int pcEmuFloorKernel(const void* in, void* out, int64_t count, int32_t dataType) {
  using namespace pcemu;
  if (!in || !out)
    return fail(ACLNN_ERR_PARAM_NULLPTR, "pcEmuFloorKernel: in={} out={}; rule: both must be non-null", in, out);
  if (count < 0) return fail(ACLNN_ERR_PARAM_INVALID, "pcEmuFloorKernel: count={}; rule: count >= 0", count);
  switch (dataType) {
    case ACL_FLOAT:
      return floor_launch<CodecF32>(in, out, count, FloorWork::Move);
    case ACL_FLOAT16:
      return floor_launch<CodecF16>(in, out, count, FloorWork::WidenNarrow);
    case ACL_BF16:
      return floor_launch<CodecBF16>(in, out, count, FloorWork::WidenNarrow);
    default:
      return fail(ACLNN_ERR_PARAM_INVALID,
                  "pcEmuFloorKernel: dataType={}; rule: ACL_FLOAT (0), ACL_FLOAT16 (1) or ACL_BF16 (27)", dataType);
  }
}
