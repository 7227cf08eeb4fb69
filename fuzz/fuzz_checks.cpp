#include "fuzz/fuzz_checks.h"

#include <cstdio>
#include <cstdlib>
#include <map>

#include "aclnn/acl_meta.h"
#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/runner.h"
#include "poolcheck_emu/emu.h"

namespace poolcheck::fuzz {

void init_process() {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", /*overwrite=*/0);  // one log line per refusal would drown libFuzzer
  ensure_runtime();
  // Negative controls: a deliberately broken emulator must make the targets report findings.
  if (const char* faults = std::getenv("POOLCHECK_FUZZ_EMU_FAULTS"); faults && pcEmuSetFaults(faults) != 0)
    finding(std::string("unknown emulator fault in POOLCHECK_FUZZ_EMU_FAULTS: ") + faults, "environment");
}

void finding(const std::string& what, const std::string& context) {
  std::fprintf(stderr, "\n==poolcheck-fuzz== FINDING: %s\n==poolcheck-fuzz== input: %s\n", what.c_str(),
               context.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

bool documented_aclnn_status(int32_t s) {
  switch (s) {
    case ACLNN_SUCCESS:
    case ACLNN_ERR_PARAM_NULLPTR:
    case ACLNN_ERR_PARAM_INVALID:
    case ACLNN_ERR_RUNTIME_ERROR:
    case ACLNN_ERR_INNER:
    case ACLNN_ERR_INNER_INFERSHAPE_ERROR:
    case ACLNN_ERR_INNER_TILING_ERROR:
    case ACLNN_ERR_INNER_FIND_KERNEL_ERROR:
    case ACLNN_ERR_INNER_CREATE_EXECUTOR:
    case ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR:
    case ACLNN_ERR_INNER_NULLPTR:
      return true;
    default:
      return false;
  }
}

bool documented_acl_status(int32_t s) {
  switch (s) {
    case 0:
    case 100000:
    case 100001:
    case 100002:
    case 100004:
    case 100035:
    case 200000:
    case 200006:
    case 107000:
    case 107002:
    case 107006:
    case 207006:
    case 507000:
      return true;
    default:
      return documented_aclnn_status(s);  // acl calls on aclnn objects share the aclnn codes
  }
}

const Case& known_good_case(const std::string& op) {
  static std::map<std::string, Case> cache;
  auto it = cache.find(op);
  if (it == cache.end()) {
    gen::GenConfig cfg;
    cfg.kernel_platforms = {"Ascend910B"};
    cfg.max_nc = 3;
    cfg.max_spatial = 4;
    cfg.vary_layout = cfg.vary_knobs = cfg.vary_data = false;
    Case c = gen::sample(gen::valid_case(op, cfg), 1, 5);
    c.cores = 1;  // one worker thread keeps the check cheap
    it = cache.emplace(op, c).first;
  }
  return it->second;
}

void check_library_usable(const std::string& op, int64_t live_before, const std::string& context) {
  if (!pcEmuGuardsIntact()) finding("a device allocation's guard zone was overwritten", context);
  if (const int64_t live = pcEmuLiveAllocations(); live != live_before)
    finding("device allocations leaked or freed behind the caller: " + std::to_string(live_before) + " before, " +
                std::to_string(live) + " after",
            context);
  const CaseResult r = run_case(known_good_case(op));
  if (r.outcome != Outcome::Pass && r.outcome != Outcome::Mistrusted)
    finding(std::string("the library is unusable afterwards: known-good case gave ") + outcome_name(r.outcome) + ": " +
                r.message + " [" + r.descriptor + "]",
            context);
  if (pcEmuLiveAllocations() != live_before) finding("the known-good case leaked device memory", context);
}

}  // namespace poolcheck::fuzz
