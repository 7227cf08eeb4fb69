#include "ops/common/tensor_view.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "npu/faults.h"
#include "npu/launch.h"
#include "npu/traffic.h"
#include "runtime/device_memory.h"

namespace pcemu {

std::optional<int64_t> numel(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) return std::nullopt;
  return n;
}

std::optional<int64_t> view_extent(const aclTensor& t, std::string* why) {
  for (size_t i = 0; i < t.view_shape.size(); ++i) {
    if (t.view_shape[i] < 0) {
      *why = "dim " + std::to_string(i) + " is " + std::to_string(t.view_shape[i]) + " (must be >= 0)";
      return std::nullopt;
    }
    if (t.strides[i] < 0) {
      *why = "stride " + std::to_string(i) + " is " + std::to_string(t.strides[i]) + " (must be >= 0)";
      return std::nullopt;
    }
  }
  if (t.offset < 0) {
    *why = "storage offset is " + std::to_string(t.offset) + " (must be >= 0)";
    return std::nullopt;
  }
  const auto n = numel(t.view_shape);
  if (!n) {
    *why = "element count of " + shape_str(t.view_shape) + " overflows int64";
    return std::nullopt;
  }
  if (*n == 0) return 0;
  int64_t last = t.offset;
  for (size_t i = 0; i < t.view_shape.size(); ++i) {
    int64_t step = 0;
    if (__builtin_mul_overflow(t.view_shape[i] - 1, t.strides[i], &step) || __builtin_add_overflow(last, step, &last)) {
      *why = "view extent overflows int64";
      return std::nullopt;
    }
  }
  if (last == INT64_MAX) {
    *why = "view extent overflows int64";
    return std::nullopt;
  }
  return last + 1;
}

bool is_contiguous(const aclTensor& t) {
  if (fault_on(Fault::StridesIgnored)) {  // only where a dense read from the offset stays inside the view's extent
    std::string why;
    const auto extent = view_extent(t, &why);
    const auto n = numel(t.view_shape);
    if (extent && n && *n <= *extent - t.offset) return true;
  }
  int64_t expect = 1;
  for (size_t i = t.view_shape.size(); i-- > 0;) {
    if (t.view_shape[i] != 1 && t.strides[i] != expect) return false;
    expect *= t.view_shape[i];
  }
  return true;
}

bool view_self_overlaps(const aclTensor& t) {
  std::vector<size_t> dims;
  for (size_t i = 0; i < t.view_shape.size(); ++i)
    if (t.view_shape[i] > 1) dims.push_back(i);
  std::sort(dims.begin(), dims.end(), [&](size_t a, size_t b) { return t.strides[a] < t.strides[b]; });
  int64_t spanned = 1;  // one past the largest offset the dims with smaller strides reach
  for (size_t i : dims) {
    if (t.strides[i] < spanned) return true;
    // The dim reaches stride * (size - 1) further; stride * size would refuse valid gapped views.
    int64_t reach = 0;
    if (__builtin_mul_overflow(t.strides[i], t.view_shape[i] - 1, &reach) ||
        __builtin_add_overflow(spanned, reach, &spanned))
      return true;
  }
  return false;
}

std::optional<int64_t> device_bytes_from(const void* data) {
  const auto avail = DeviceMemory::instance().bytes_from(data);
  if (!avail) return std::nullopt;
  return static_cast<int64_t>(*avail);
}

namespace {

// Calls fn(dense_index, storage_element, count, stride) for each run of the view along its last dim, in
// row-major order: the run's elements are storage_element + i * stride for i < count.
template <typename Fn>
void for_each_row(const aclTensor& t, Fn&& fn) {
  const size_t rank = t.view_shape.size();
  const int64_t total = numel(t.view_shape).value_or(0);
  if (total == 0) return;
  if (rank == 0) return fn(0, t.offset, 1, 1);
  const int64_t len = t.view_shape[rank - 1], stride = t.strides[rank - 1];
  std::vector<int64_t> idx(rank, 0);
  int64_t storage = t.offset;
  for (int64_t linear = 0; linear < total; linear += len) {
    fn(linear, storage, len, stride);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++idx[d] < t.view_shape[d]) {
        storage += t.strides[d];
        break;
      }
      storage -= t.strides[d] * (t.view_shape[d] - 1);
      idx[d] = 0;
    }
  }
}

// `count` elements of E from src (every `src_step` elements) to dst (every `dst_step`).
template <typename E>
void copy_strided(const unsigned char* src, int64_t src_step, unsigned char* dst, int64_t dst_step, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(dst + i * dst_step * static_cast<int64_t>(sizeof(E)),
                src + i * src_step * static_cast<int64_t>(sizeof(E)), sizeof(E));
}

// One run of a view: a block copy where its elements are adjacent, else element by element with a copy of the
// element's fixed size (a call of memcpy per element cost more than the copy).
void copy_run(const unsigned char* src, int64_t src_step, unsigned char* dst, int64_t dst_step, int64_t count,
              size_t eb) {
  if (src_step == 1 && dst_step == 1) {
    std::memcpy(dst, src, static_cast<size_t>(count) * eb);
    return;
  }
  switch (eb) {
    case 1:
      return copy_strided<uint8_t>(src, src_step, dst, dst_step, count);
    case 2:
      return copy_strided<uint16_t>(src, src_step, dst, dst_step, count);
    case 4:
      return copy_strided<uint32_t>(src, src_step, dst, dst_step, count);
    case 8:
      return copy_strided<uint64_t>(src, src_step, dst, dst_step, count);
    default:
      for (int64_t i = 0; i < count; ++i)
        std::memcpy(dst + static_cast<size_t>(i * dst_step) * eb, src + static_cast<size_t>(i * src_step) * eb, eb);
  }
}

}  // namespace

unsigned char* view_data(const aclTensor& t, int64_t elem_bytes) {
  return static_cast<unsigned char*>(t.data) + (fault_on(Fault::OffsetIgnored) ? 0 : t.offset) * elem_bytes;
}

bool views_share_bytes(const aclTensor& a, const aclTensor& b, int64_t elem_bytes) {
  std::string why;
  const auto ea = view_extent(a, &why), eb = view_extent(b, &why);
  if (!ea || !eb || *ea == 0 || *eb == 0) return false;
  const auto* a0 = view_data(a, elem_bytes);
  const auto* b0 = view_data(b, elem_bytes);
  const auto* a1 = static_cast<const unsigned char*>(a.data) + *ea * elem_bytes;
  const auto* b1 = static_cast<const unsigned char*>(b.data) + *eb * elem_bytes;
  return a0 < b1 && b0 < a1;
}

namespace {
// A layout copy reads and writes each of its elements once.
void tally_layout_copy(int64_t elems, int64_t elem_bytes) { call_traffic().staged += 2 * elems * elem_bytes; }
}  // namespace

void gather_view(const aclTensor& t, int64_t elem_bytes, unsigned char* dense) {
  const auto* src = static_cast<const unsigned char*>(t.data);
  const auto eb = static_cast<size_t>(elem_bytes);
  const int64_t n = numel(t.view_shape).value_or(0);
  tally_layout_copy(n, elem_bytes);
  if (is_contiguous(t)) {  // one block copy; the element walk below is for strided views
    if (n > 0) std::memcpy(dense, view_data(t, elem_bytes), static_cast<size_t>(n) * eb);
    return;
  }
  for_each_row(t, [&](int64_t linear, int64_t storage, int64_t count, int64_t stride) {
    copy_run(src + static_cast<size_t>(storage) * eb, stride, dense + static_cast<size_t>(linear) * eb, 1, count, eb);
  });
}

void scatter_view(const unsigned char* dense, int64_t elem_bytes, const aclTensor& t) {
  auto* dst = static_cast<unsigned char*>(t.data);
  const auto eb = static_cast<size_t>(elem_bytes);
  const int64_t n = numel(t.view_shape).value_or(0);
  tally_layout_copy(n, elem_bytes);
  if (is_contiguous(t)) {
    if (n > 0) std::memcpy(view_data(t, elem_bytes), dense, static_cast<size_t>(n) * eb);
    return;
  }
  for_each_row(t, [&](int64_t linear, int64_t storage, int64_t count, int64_t stride) {
    copy_run(dense + static_cast<size_t>(linear) * eb, 1, dst + static_cast<size_t>(storage) * eb, stride, count, eb);
  });
}

namespace {

// A tile is kTileRows source rows by kTileCols source columns, small enough that its source and
// destination lines stay in L1 without set conflicts at power-of-two strides. With the SSE2 register
// blocks below, 32x64 measured fastest of 8..64 x 16..128 on (128 x 12544) and (12544 x 128) fp32 here.
constexpr int64_t kTileRows = 32, kTileCols = 64;

static_assert(kTileRows % 8 == 0 && kTileCols % 8 == 0, "tiles are whole 4x4 and 8x8 register blocks");

// A full tile element by element (element types without a vector kernel).
template <typename E>
void transpose_tile_scalar(const E* __restrict src, E* __restrict dst, int64_t rows, int64_t cols) {
  for (int64_t c = 0; c < kTileCols; ++c)
    for (int64_t r = 0; r < kTileRows; ++r) dst[c * rows + r] = src[r * cols + c];
}

#if defined(__SSE2__)
// A full tile of 4-byte elements in 4x4 register blocks (SSE2 is part of x86-64): four row loads, the
// in-register transpose, four column stores, instead of 16 scalar moves.
void transpose_tile_4x4(const uint32_t* src, uint32_t* dst, int64_t rows, int64_t cols) {
  for (int64_t c = 0; c < kTileCols; c += 4)
    for (int64_t r = 0; r < kTileRows; r += 4) {
      const auto* s = reinterpret_cast<const float*>(src + r * cols + c);
      __m128 a = _mm_loadu_ps(s), b = _mm_loadu_ps(s + cols), e = _mm_loadu_ps(s + 2 * cols),
             f = _mm_loadu_ps(s + 3 * cols);
      _MM_TRANSPOSE4_PS(a, b, e, f);
      auto* d = reinterpret_cast<float*>(dst + c * rows + r);
      _mm_storeu_ps(d, a);
      _mm_storeu_ps(d + rows, b);
      _mm_storeu_ps(d + 2 * rows, e);
      _mm_storeu_ps(d + 3 * rows, f);
    }
}

// A full tile of 2-byte elements (fp16, bf16) in 8x8 register blocks: interleave pairs of rows at 16,
// then 32, then 64 bits, which leaves column j of the block in register j.
void transpose_tile_8x8(const uint16_t* src, uint16_t* dst, int64_t rows, int64_t cols) {
  for (int64_t c = 0; c < kTileCols; c += 8)
    for (int64_t r = 0; r < kTileRows; r += 8) {
      __m128i x[8], y[8];
      for (int i = 0; i < 8; ++i) x[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + (r + i) * cols + c));
      for (int i = 0; i < 8; i += 2) {
        y[i / 2] = _mm_unpacklo_epi16(x[i], x[i + 1]);      // columns 0-3 of rows i, i+1
        y[i / 2 + 4] = _mm_unpackhi_epi16(x[i], x[i + 1]);  // columns 4-7
      }
      for (int h = 0; h < 8; h += 4)  // h = 0: columns 0-3, h = 4: columns 4-7
        for (int i = 0; i < 2; ++i) {
          x[h + 2 * i] = _mm_unpacklo_epi32(y[h + 2 * i], y[h + 2 * i + 1]);  // rows 4i..4i+3 of two columns
          x[h + 2 * i + 1] = _mm_unpackhi_epi32(y[h + 2 * i], y[h + 2 * i + 1]);
        }
      for (int j = 0; j < 4; ++j) {
        const int h = j < 2 ? 0 : 4, k = j % 2;  // columns 2j, 2j+1 are in x[h+k] (rows 0-3) and x[h+2+k]
        auto* d = reinterpret_cast<__m128i*>(dst + (c + 2 * j) * rows + r);
        _mm_storeu_si128(d, _mm_unpacklo_epi64(x[h + k], x[h + 2 + k]));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (c + 2 * j + 1) * rows + r),
                         _mm_unpackhi_epi64(x[h + k], x[h + 2 + k]));
      }
    }
}
#endif

template <typename E>
void transpose_full_tile(const E* src, E* dst, int64_t rows, int64_t cols) {
#if defined(__SSE2__)
  if constexpr (sizeof(E) == 4) return transpose_tile_4x4(src, dst, rows, cols);
  if constexpr (sizeof(E) == 2) return transpose_tile_8x8(src, dst, rows, cols);
#endif
  transpose_tile_scalar(src, dst, rows, cols);
}

// dst (cols x rows) = transpose of src (rows x cols) for source rows [row_begin, row_end) and element type
// E, tile by tile. Full tiles run with constant bounds (unrolled, no aliasing reloads); edges run generic.
template <typename E>
void transpose_tiled(const unsigned char* src_bytes, unsigned char* dst_bytes, int64_t rows, int64_t cols,
                     int64_t row_begin, int64_t row_end) {
  const E* __restrict src = reinterpret_cast<const E*>(src_bytes);
  E* __restrict dst = reinterpret_cast<E*>(dst_bytes);
  for (int64_t r0 = row_begin; r0 < row_end; r0 += kTileRows)
    for (int64_t c0 = 0; c0 < cols; c0 += kTileCols) {
      if (r0 + kTileRows <= row_end && c0 + kTileCols <= cols) {
        transpose_full_tile(src + r0 * cols + c0, dst + c0 * rows + r0, rows, cols);
        continue;
      }
      for (int64_t c = c0; c < std::min(cols, c0 + kTileCols); ++c)
        for (int64_t r = r0; r < std::min(row_end, r0 + kTileRows); ++r) dst[c * rows + r] = src[r * cols + c];
    }
}

void transpose_rows(const unsigned char* src, unsigned char* dst, int64_t rows, int64_t cols, int64_t eb,
                    int64_t row_begin, int64_t row_end) {
  switch (eb) {
    case 2:
      return transpose_tiled<uint16_t>(src, dst, rows, cols, row_begin, row_end);
    case 4:
      return transpose_tiled<uint32_t>(src, dst, rows, cols, row_begin, row_end);
    case 8:
      return transpose_tiled<uint64_t>(src, dst, rows, cols, row_begin, row_end);
    default:
      for (int64_t r = row_begin; r < row_end; ++r)
        for (int64_t c = 0; c < cols; ++c)
          std::memcpy(dst + (c * rows + r) * eb, src + (r * cols + c) * eb, static_cast<size_t>(eb));
  }
}

}  // namespace

// The l0 Transpose runs on every core of the device: here on the emulator's host threads, each taking a
// band of source rows (so each writes its own destination columns).
void transpose_planes(const unsigned char* src, unsigned char* dst, int64_t planes, int64_t spatial, int64_t eb,
                      bool to_channels_last) {
  const int64_t rows = to_channels_last ? planes : spatial, cols = to_channels_last ? spatial : planes;
  tally_layout_copy(rows * cols, eb);
  constexpr int64_t kElemsPerThread = 1 << 18;  // below this a thread start costs more than it saves
  split_over_host_threads(rows, rows * cols / kElemsPerThread, kTileRows,
                          [&](int64_t begin, int64_t end) { transpose_rows(src, dst, rows, cols, eb, begin, end); });
}

std::string shape_str(const std::vector<int64_t>& shape) { return fmt::format("[{}]", fmt::join(shape, ",")); }

}  // namespace pcemu
