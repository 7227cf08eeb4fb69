#include "fuzz/raw_call.h"

#include "acl/acl.h"
#include "fuzz/fuzz_checks.h"
#include "fuzz/raw_args.h"
#include "fuzz/raw_ops.h"
#include "poolcheck_emu/emu.h"

namespace poolcheck::fuzz {

namespace {

constexpr uint64_t kMaxWorkspace = uint64_t{1} << 26;

aclrtStream raw_stream() {
  static aclrtStream s = [] {
    aclrtStream created = nullptr;
    aclrtCreateStream(&created);
    return created;
  }();
  return s;
}

void check_status(const char* phase, int32_t st, const std::string& context) {
  if (!documented_aclnn_status(st))
    finding(std::string(phase) + " returned undocumented status " + std::to_string(st), context);
}

void configure(ByteReader& r) {
  pcEmuSetPlatform(r.pick<const char*>({"Ascend910B", "Ascend910_93", "Ascend910B", "Ascend910_93", "Ascend950",
                                        "Ascend310B", "Ascend310P", "Ascend910", "Bogus"}));
  const int32_t cores = r.u8() % 4 ? 0 : r.u8() % 65;  // reads in sequence: argument order is unspecified
  const int64_t ub = r.pick<int64_t>({0, 0, 0, 512, 1024, 4096, 65536, 196608});
  pcEmuSetKnobs(cores, ub);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, r.flag() ? 1 : 0);
}

}  // namespace

void fuzz_raw_call(const std::string& op, const uint8_t* data, size_t size) {
  const RawOp& spec = raw_op(op);
  const std::string context = op + " raw-mode input of " + std::to_string(size) + " bytes (replay the file)";
  const int64_t live_before = pcEmuLiveAllocations();
  ByteReader r(data, size);
  configure(r);
  {
    RawArena arena;
    RawArgs x;
    for (size_t rank : spec.ranks) x.t.push_back(arena.tensor(r, rank));
    const void* output_alloc = arena.last_allocation();
    for (size_t i = 0; i < spec.arrays; ++i) x.a.push_back(arena.int_array(r));
    x.b0 = r.flag();
    x.b1 = r.flag();
    x.i0 = r.pick<int64_t>({0, 0, 1, 4, -3, 255, 256, -256, INT64_MIN, INT64_MAX});
    x.i1 = static_cast<int8_t>(r.pick<int>({0, 1, 2, 3, -1, 127}));
    const bool null_ws = r.u8() % 16 == 0, null_exec = r.u8() % 16 == 0;
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    const aclnnStatus planned = spec.plan(x, null_ws ? nullptr : &ws, null_exec ? nullptr : &exec);
    check_status("GetWorkspaceSize", planned, context);
    if (planned == ACLNN_SUCCESS && (null_ws || null_exec))
      finding("GetWorkspaceSize succeeded with a null workspaceSize or executor pointer", context);
    if (planned == ACLNN_SUCCESS && !exec) finding("GetWorkspaceSize succeeded without an executor", context);
    if (planned == ACLNN_SUCCESS && ws > kMaxWorkspace) {
      check_status("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(exec), context);
    } else if (planned == ACLNN_SUCCESS) {
      void* workspace = nullptr;
      if (ws > 0 && aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        finding("cannot allocate the " + std::to_string(ws) + "-byte workspace", context);
      check_status("execute", spec.execute(workspace, ws, exec, raw_stream()), context);
      if (workspace) aclrtFree(workspace);
    }
    if (!arena.inputs_untouched(output_alloc)) finding("the call wrote into an input or host memory", context);
    if (!arena.release()) finding("destroying the call's own tensors, arrays or memory failed", context);
  }
  check_library_usable(op, live_before, context);
}

}  // namespace poolcheck::fuzz
