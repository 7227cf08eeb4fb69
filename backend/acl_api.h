// The aclnn/acl C API as a table of function pointers, filled from whatever library is loaded at run time.
// The harness calls a backend only through this table, so any library exporting these CANN names will do.
#pragma once

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "ops/operator_headers.inc"  // every operator of the table: its header, POOLCHECK_OPERATOR_SYMBOLS
#include "poolcheck_emu/emu.h"

namespace poolcheck::backend {

// Every backend must export these: the acl runtime (libascendcl in a CANN toolkit), tensors and int arrays
// (libnnopbase). Of the operators (libopapi, POOLCHECK_OPERATOR_SYMBOLS: both phases of every entry point in the
// operator table) it exports those it implements, one at least; the others are null and not run.
#define POOLCHECK_REQUIRED_SYMBOLS(X) \
  X(aclInit)                          \
  X(aclrtSetDevice)                   \
  X(aclrtGetSocName)                  \
  X(aclrtCreateStream)                \
  X(aclrtSynchronizeStream)           \
  X(aclrtMalloc)                      \
  X(aclrtFree)                        \
  X(aclrtMemcpy)                      \
  X(aclrtCtxSetSysParamOpt)           \
  X(aclGetRecentErrMsg)               \
  X(aclCreateTensor)                  \
  X(aclDestroyTensor)                 \
  X(aclCreateIntArray)                \
  X(aclDestroyIntArray)

// The bundled emulator's introspection and control; absent from any other library, and then null. With them, the
// executor's destructor for a call planned but never run (`poolcheck plan`), which older CANN releases lack.
#define POOLCHECK_EMULATOR_SYMBOLS(X) \
  X(aclDestroyAclOpExecutor)          \
  X(pcEmuSetPlatform)                 \
  X(pcEmuSetKnobs)                    \
  X(pcEmuSetInt32IndexLimit)          \
  X(pcEmuSetHostThreads)              \
  X(pcEmuSetSchedule)                 \
  X(pcEmuSetChecks)                   \
  X(pcEmuHasKernels)                  \
  X(pcEmuSetFaults)                   \
  X(pcEmuFaultInfo)                   \
  X(pcEmuLastLaunch)                  \
  X(pcEmuLiveAllocations)             \
  X(pcEmuGuardsIntact)

struct AclApi {
#define POOLCHECK_DECLARE_POINTER(name) decltype(&::name) name = nullptr;
  POOLCHECK_REQUIRED_SYMBOLS(POOLCHECK_DECLARE_POINTER)
  POOLCHECK_OPERATOR_SYMBOLS(POOLCHECK_DECLARE_POINTER)
  POOLCHECK_EMULATOR_SYMBOLS(POOLCHECK_DECLARE_POINTER)
#undef POOLCHECK_DECLARE_POINTER

  // The tiling key, UB high-water mark and guard zones can be asked for.
  bool has_introspection() const { return pcEmuLastLaunch != nullptr; }
  // The platform and tiling knobs of a case can be applied (otherwise the backend runs its own SoC).
  bool has_platform_control() const { return pcEmuSetPlatform != nullptr; }
};

}  // namespace poolcheck::backend
