// A fault detected while a kernel runs (UB overflow, out-of-bounds copy, race). Thrown inside a block,
// caught by the launcher and turned into one status and one log line.
#pragma once

#include <stdexcept>
#include <string>

#include "aclnn/acl_meta.h"

namespace pcemu {

struct KernelError : std::runtime_error {
  aclnnStatus status;
  KernelError(aclnnStatus s, const std::string& what) : std::runtime_error(what), status(s) {}
};

}  // namespace pcemu
