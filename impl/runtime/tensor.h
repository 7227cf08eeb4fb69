// aclTensor / aclIntArray as the emulated runtime stores them: the raw descriptor the client gave,
// validated only when an operator uses it (as CANN does).
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"

struct aclTensor {
  static constexpr uint64_t kMagic = 0x54454e534f522121ull;  // "TENSOR!!"
  uint64_t magic = kMagic;
  std::vector<int64_t> view_shape;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  std::vector<int64_t> storage_shape;
  void* data = nullptr;
};

struct aclIntArray {
  static constexpr uint64_t kMagic = 0x494e544152522121ull;  // "INTARR!!"
  uint64_t magic = kMagic;
  std::vector<int64_t> values;
};

namespace pcemu {

bool is_live_tensor(const aclTensor* t);
bool is_live_int_array(const aclIntArray* a);
int64_t dtype_bytes(aclDataType dt);  // 0 for types the emulator cannot store
const char* dtype_label(aclDataType dt);
const char* format_label(aclFormat f);

}  // namespace pcemu
