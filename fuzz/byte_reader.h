// A forward byte decoder for the fuzzers' binary inputs (it builds with g++ too, unlike libFuzzer's
// FuzzedDataProvider). Past the end every read yields zero, so any input decodes to a whole call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace poolcheck::fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : p_(data), n_(size) {}

  uint8_t u8() { return at_ < n_ ? p_[at_++] : 0; }
  bool flag() { return u8() & 1; }
  uint64_t u64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t{u8()} << (8 * i);
    return v;
  }
  // One of `choices`, picked by the next byte.
  template <typename T>
  T pick(std::initializer_list<T> choices) {
    return choices.begin()[u8() % choices.size()];
  }
  size_t remaining() const { return at_ < n_ ? n_ - at_ : 0; }

 private:
  const uint8_t* p_;
  size_t n_;
  size_t at_ = 0;
};

}  // namespace poolcheck::fuzz
