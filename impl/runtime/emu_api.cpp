// The emulator-only control and introspection entry points (poolcheck_emu/emu.h).
#include <cstdio>

#include "npu/dynamic_checks.h"
#include "npu/faults.h"
#include "npu/launch.h"
#include "npu/platform.h"
#include "poolcheck_emu/emu.h"
#include "runtime/device_memory.h"
#include "runtime/executor.h"
#include "runtime/profile.h"

extern "C" {

int pcEmuSetPlatform(const char* socName) { return socName && pcemu::select_platform(socName) ? 0 : -1; }  // any name

int pcEmuSetKnobs(int32_t vectorCores, int64_t ubBytes) {
  if (vectorCores < 0 || vectorCores > pcemu::kMaxEmulatedCores || ubBytes < 0) return -1;
  pcemu::set_knobs(vectorCores, ubBytes);
  return 0;
}

int pcEmuSetInt32IndexLimit(int64_t elements) { return pcemu::set_int32_index_limit(elements) ? 0 : -1; }

int pcEmuSetHostThreads(int32_t threads) {
  if (threads < 0) return -1;
  pcemu::set_host_threads(threads);
  return 0;
}

uint64_t pcEmuSetSchedule(uint64_t seed) { return pcemu::set_schedule_seed(seed); }

int pcEmuSetChecks(int enabled) {
  const int was = pcemu::dynamic_checks() ? 1 : 0;
  pcemu::set_dynamic_checks(enabled != 0);
  return was;
}

int pcEmuHasKernels(const char* socName, const char* opType) {
  if (!socName || !opType) return 0;
  const auto* p = pcemu::find_platform(socName);
  if (!p) return 0;
  for (const auto& op : p->emulated_ops)
    if (op == opType) return 1;
  return 0;
}

int pcEmuSetFaults(const char* faultList) { return faultList && pcemu::set_faults(faultList) ? 0 : -1; }

int pcEmuFaultInfo(int32_t index, const char** name, const char** category, const char** description) {
  if (index < 0 || static_cast<size_t>(index) >= pcemu::kFaultCatalogSize || !name || !category || !description)
    return -1;
  const pcemu::FaultInfo& f = pcemu::kFaultCatalog[index];
  *name = f.name;
  *category = f.category;
  *description = f.description;
  return 0;
}

int pcEmuLastLaunch(pcEmuLaunchInfo* info) { return info && pcemu::last_launch(info) ? 0 : -1; }

int pcEmuProfile(char* name, size_t cap) {
  if (!name && cap != 0) return -1;
  return std::snprintf(name, cap, "%s", pcemu::profile_name(pcemu::current_profile()));
}

int64_t pcEmuLiveAllocations(void) { return pcemu::DeviceMemory::instance().live_blocks(); }

int pcEmuGuardsIntact(void) { return pcemu::DeviceMemory::instance().guards_intact() ? 1 : 0; }

}  // extern "C"
