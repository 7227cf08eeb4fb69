// Building C API arguments from bytes for the raw mode, and owning them until the call is checked.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "fuzz/byte_reader.h"

namespace poolcheck::fuzz {

class RawArena {
 public:
  RawArena() = default;
  RawArena(const RawArena&) = delete;
  RawArena& operator=(const RawArena&) = delete;
  ~RawArena();

  // A tensor (or nullptr) with about `rank_hint` dims; its allocation is filled with bytes from `r`.
  aclTensor* tensor(ByteReader& r, size_t rank_hint);
  aclIntArray* int_array(ByteReader& r);

  // The device allocation behind the last tensor made, or nullptr.
  void* last_allocation() const { return last_alloc_; }
  // Whether every allocation except `output_alloc`, and the host decoy, still holds its bytes.
  bool inputs_untouched(const void* output_alloc) const;
  // Destroys what was made; false when a destroy reported an error.
  bool release();

 private:
  struct Alloc {
    void* ptr;
    std::vector<uint8_t> bytes;
  };
  std::vector<Alloc> allocs_;
  std::vector<aclTensor*> tensors_;
  std::vector<aclIntArray*> arrays_;
  void* last_alloc_ = nullptr;
};

}  // namespace poolcheck::fuzz
