// Checks on client tensor descriptors that every op_api runs before reading memory, and the
// Contiguous / ViewCopy data movement between a strided view and a dense device buffer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace pcemu {

// Elements from the storage start that the view reaches (offset + last element + 1), 0 for an empty
// view; nullopt with `why` set for negative dims/strides/offset or int64 overflow.
std::optional<int64_t> view_extent(const aclTensor& t, std::string* why);
std::optional<int64_t> numel(const std::vector<int64_t>& shape);
bool is_contiguous(const aclTensor& t);
// True when two different view indices address the same element (unsafe as an output).
bool view_self_overlaps(const aclTensor& t);
// Bytes of device memory available from t.data; nullopt when t.data is not device memory.
std::optional<int64_t> device_bytes_from(const void* data);

// The first element of a view (data + offset).
unsigned char* view_data(const aclTensor& t, int64_t elem_bytes);
// True when the storage spans of two views share a byte (conservative: gaps count as shared).
bool views_share_bytes(const aclTensor& a, const aclTensor& b, int64_t elem_bytes);

// Dense row-major copy of a strided view (Contiguous) and back (ViewCopy). Element size in bytes.
void gather_view(const aclTensor& t, int64_t elem_bytes, unsigned char* dense);
void scatter_view(const unsigned char* dense, int64_t elem_bytes, const aclTensor& t);

// (planes, spatial) <-> (spatial, planes) element transpose: the l0 Transpose that puts N*C innermost
// (channels-last) for the vector kernels, and back.
void transpose_planes(const unsigned char* src, unsigned char* dst, int64_t planes, int64_t spatial, int64_t elem_bytes,
                      bool to_channels_last);

std::string shape_str(const std::vector<int64_t>& shape);

}  // namespace pcemu
