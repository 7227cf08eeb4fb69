// Contiguous and ViewCopy of a strided view (tensor_view.cpp: gather_view, scatter_view) against the definition:
// dense element i is storage element offset + sum(index_d * stride_d) of view index i in row-major order. The
// views cover every element size the library copies (and an odd one), inner strides of 0, 1 and more, size-1
// and empty dims, rank 0 and storage offsets; scatter must leave every byte outside the view untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "ops/common/tensor_view.h"

namespace pcemu {
namespace {

struct View {
  std::vector<int64_t> shape, strides;
  int64_t offset;
};

aclTensor tensor_of(const View& v, void* data) {
  aclTensor t;
  t.view_shape = v.shape;
  t.strides = v.strides;
  t.offset = v.offset;
  t.data = data;
  return t;
}

// The storage element of every view index, in row-major order (the definition, one element at a time).
std::vector<int64_t> storage_elements(const View& v) {
  std::vector<int64_t> out{v.offset};
  for (size_t d = 0; d < v.shape.size(); ++d) {
    std::vector<int64_t> next;
    for (int64_t base : out)
      for (int64_t i = 0; i < v.shape[d]; ++i) next.push_back(base + i * v.strides[d]);
    out.swap(next);
  }
  return out;
}

// Distinct bytes, so a misplaced element or a byte swap inside one shows.
std::vector<unsigned char> numbered(size_t bytes, unsigned salt) {
  std::vector<unsigned char> v(bytes);
  for (size_t i = 0; i < bytes; ++i) v[i] = static_cast<unsigned char>((i * 131 + i / 251 + salt) & 0xFF);
  return v;
}

// Storage large enough for the view's reach.
size_t storage_bytes(const View& v, int64_t eb) {
  int64_t reach = v.offset + 1;
  for (int64_t e : storage_elements(v)) reach = std::max(reach, e + 1);
  return static_cast<size_t>(reach * eb);
}

// The first dense element where gather_view disagrees with the definition; -1 if none.
int64_t gather_mismatch(const View& copied, const View& expected, int64_t eb) {
  auto storage = numbered(std::max(storage_bytes(copied, eb), storage_bytes(expected, eb)), 7);
  const std::vector<int64_t> elems = storage_elements(expected);
  std::vector<unsigned char> dense(elems.size() * static_cast<size_t>(eb) + 1, 0xEE);
  gather_view(tensor_of(copied, storage.data()), eb, dense.data());
  for (size_t i = 0; i < elems.size(); ++i)
    if (std::memcmp(&dense[i * static_cast<size_t>(eb)], &storage[static_cast<size_t>(elems[i] * eb)],
                    static_cast<size_t>(eb)) != 0)
      return static_cast<int64_t>(i);
  return dense.back() == 0xEE ? -1 : static_cast<int64_t>(elems.size());  // nothing written past the end
}

// The first storage byte where scatter_view disagrees with the definition (the view's elements replaced by the
// dense ones, every other byte kept); -1 if none.
int64_t scatter_mismatch(const View& v, int64_t eb) {
  const std::vector<int64_t> elems = storage_elements(v);
  const auto dense = numbered(elems.size() * static_cast<size_t>(eb), 91);
  auto storage = numbered(storage_bytes(v, eb) + 64, 13);
  auto expected = storage;
  for (size_t i = 0; i < elems.size(); ++i)  // in order: a repeated element keeps the last value
    std::memcpy(&expected[static_cast<size_t>(elems[i] * eb)], &dense[i * static_cast<size_t>(eb)],
                static_cast<size_t>(eb));
  scatter_view(dense.data(), eb, tensor_of(v, storage.data()));
  for (size_t b = 0; b < storage.size(); ++b)
    if (storage[b] != expected[b]) return static_cast<int64_t>(b);
  return -1;
}

const std::vector<View>& views() {
  static const std::vector<View> all = {
      {{}, {}, 3},                    // rank 0
      {{5}, {1}, 0},                  // dense row
      {{5}, {3}, 2},                  // strided row
      {{2, 3, 4}, {12, 4, 1}, 0},     // contiguous
      {{2, 3, 4}, {30, 8, 1}, 5},     // padded rows, dense runs
      {{2, 3, 4}, {1, 2, 6}, 0},      // transposed: inner stride > 1
      {{3, 1, 4}, {4, 99, 1}, 1},     // a size-1 dim with an unused stride
      {{2, 4, 1}, {4, 1, 7}, 0},      // inner dim of one element
      {{2, 0, 3}, {3, 3, 1}, 0},      // empty
      {{2, 3, 70}, {300, 90, 1}, 4},  // long runs
      {{4, 33}, {1, 4}, 0},           // long strided runs
  };
  return all;
}

TEST(ViewCopy, GatherMatchesTheDefinitionForEveryElementSizeAndLayout) {
  for (const int64_t eb : {1, 2, 3, 4, 8})
    for (const View& v : views())
      EXPECT_EQ(gather_mismatch(v, v, eb), -1) << "element bytes " << eb << ", view " << shape_str(v.shape)
                                               << " strides " << shape_str(v.strides) << " offset " << v.offset;
}

TEST(ViewCopy, GatherOfABroadcastInnerDimRepeatsTheElement) {
  for (const int64_t eb : {1, 2, 4, 8}) EXPECT_EQ(gather_mismatch({{3, 5}, {2, 0}, 1}, {{3, 5}, {2, 0}, 1}, eb), -1);
}

TEST(ViewCopy, ScatterMatchesTheDefinitionAndKeepsTheOtherBytes) {
  for (const int64_t eb : {1, 2, 3, 4, 8})
    for (const View& v : views())
      EXPECT_EQ(scatter_mismatch(v, eb), -1) << "element bytes " << eb << ", view " << shape_str(v.shape) << " strides "
                                             << shape_str(v.strides) << " offset " << v.offset;
}

// Negative control: the comparison above must catch a copy that walks the wrong layout. Gathering with the
// strides of the transposed view is compared with the definition of the untransposed one: the mismatch check
// must fire at dense element 1 (element 0 is the same storage element in both).
TEST(ViewCopy, ControlAWrongLayoutIsCaught) {
  for (const int64_t eb : {1, 2, 4, 8})
    EXPECT_EQ(gather_mismatch({{2, 3, 4}, {1, 2, 6}, 0}, {{2, 3, 4}, {12, 4, 1}, 0}, eb), 1);
}

}  // namespace
}  // namespace pcemu
