// A minimal NumPy .npy reader/writer (format versions 1.0 and 2.0) for the dtypes poolcheck exchanges with
// users: little-endian '<f4', '<f2', '<f8', '<i4', '<i8' and '<u2' (bfloat16 stored as its raw 16 bits), in
// C order. Anything else (Fortran order, big-endian, other dtypes, a malformed or truncated file) is refused
// with an NpyError that says what is wrong; a malformed file never crashes the reader.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"

namespace poolcheck::npy {

class NpyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Array {
  std::string descr;           // "<f4", "<f2", "<f8", "<i4", "<i8" or "<u2"
  std::vector<int64_t> shape;  // empty for a 0-d array (one element)
  std::vector<uint8_t> data;   // raw little-endian elements in C order

  int64_t elements() const;  // product of shape (1 for 0-d)
  bool operator==(const Array&) const = default;
};

// Bytes per element of a supported descr, or 0 when it is not supported.
int64_t descr_item_size(std::string_view descr);

// The .npy descr that stores a Case dtype: F32 "<f4", F16 "<f2", BF16 "<u2", F64 "<f8", I32 "<i4", I64 "<i8";
// empty for dtypes with no .npy mapping here.
std::string descr_for(DType dt);

// Parse a whole .npy file image. Throws NpyError.
Array parse(std::string_view bytes);
// Serialise: version 1.0 when the header fits in 65535 bytes, else 2.0; header padded to 64 bytes.
// Throws NpyError for an unsupported descr or when data.size() does not match the shape.
std::string serialize(const Array& a);

// File helpers. read() throws NpyError (naming the path) on I/O or format errors. write() writes to a
// temporary file in the same directory and renames it into place.
Array read(const std::string& path);
void write(const std::string& path, const Array& a);

// Build an array of a Case dtype from doubles (round to nearest even for f32/f16/bf16, the 16-bit ones through
// the harness codec of harness/numeric.h; integer dtypes require integral values in range). Throws NpyError
// when the dtype has no mapping or a value does not fit.
Array from_doubles(DType dt, const std::vector<int64_t>& shape, const std::vector<double>& values);
// Decode to doubles, reading the array as Case dtype `as`; the descr must be descr_for(as) (so '<u2' is read
// as bf16 bits only when `as` is BF16). Throws NpyError on a mismatch.
std::vector<double> to_doubles(const Array& a, DType as);

}  // namespace poolcheck::npy
