/*
 * Introspection and control entry points that only the poolcheck emulated backend exports.
 * A real CANN library has none of these; the harness declares them weak and tags results
 * "unknown" when they are absent.
 */
#ifndef POOLCHECK_EMU_EMU_H_
#define POOLCHECK_EMU_EMU_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define PCEMU_API __attribute__((visibility("default")))
#else
#define PCEMU_API
#endif

/* Select the emulated SoC ("Ascend910B", "Ascend910_93", "Ascend950", "Ascend310B", "Ascend310P", "Ascend910").
 * Other names select an unknown SoC that no operator supports. Returns 0, or -1 for a null name.
 * The environment variable POOLCHECK_SOC sets the default. */
PCEMU_API int pcEmuSetPlatform(const char* socName);

/* Override the vector-core count and unified-buffer bytes of the current profile; 0 keeps the profile value. */
PCEMU_API int pcEmuSetKnobs(int32_t vectorCores, int64_t ubBytes);
/* The largest N*C*D*H*W (gradInput elements) the Ascend 950 max-pooling tiling indexes with int32: its SIMD
 * template is capable only at or below it, and its SIMT template takes tiling key 257 (int32 indexing) at or
 * below it, 258 (int64) above. Lowering it lets small tensors reach the int64 variants. 0 restores the default
 * INT32_MAX (2147483647). Returns 0, or -1 and changes nothing for a negative value or one above INT32_MAX (an
 * int32 index would overflow). It stays in effect until changed, like pcEmuSetKnobs; A2/A3 ignore it. */
PCEMU_API int pcEmuSetInt32IndexLimit(int64_t elements);
/* Host threads that execute a launch's blocks (the emulator's share of the machine; blocks are fibers that
 * switch at SyncAll); 0 = the number of cores. Sanitizer builds run one thread per block and this limits how
 * many execute at once (0 = no limit). POOLCHECK_EMU_HOST_THREADS sets the default. -1 for a negative count. */
PCEMU_API int pcEmuSetHostThreads(int32_t threads);
/* The block schedule of every launch, for checking that a result does not depend on it: 0 (the default)
 * spreads the blocks over the host threads as they come free; any other seed runs each SyncAll phase's blocks
 * on one host thread in an order drawn from the seed, so a run is reproducible and another seed interleaves
 * the blocks (and the order of their atomic adds) differently. Sanitizer builds, which keep a thread per
 * block, run the blocks one at a time in an order the OS picks. Returns the previous seed. */
PCEMU_API uint64_t pcEmuSetSchedule(uint64_t seed);

/* Measurement only: 0 turns off the checks that watch data as it moves (the race shadow over every GM store
 * and atomic add, and the NaN fill of fresh device memory) so a benchmark can report what they cost; 1 (the
 * default) turns them back on. UB bounds and alignment, GM extents, writes to inputs and guard zones stay
 * checked. Returns the previous setting. */
PCEMU_API int pcEmuSetChecks(int enabled);

/* Whether kernels for an operator ("MaxPool3DGradWithArgmax", ...) are emulated on a SoC. */
PCEMU_API int pcEmuHasKernels(const char* socName, const char* opType);

/* Deliberate implementation faults for negative controls of the harness and of the emulator's own
 * checks. A comma-separated list of catalog names (pcEmuFaultInfo), "" for none. Returns -1 for an
 * unknown name (and changes nothing). */
PCEMU_API int pcEmuSetFaults(const char* faultList);

/* The fault catalog, entry `index` (0-based): its name for pcEmuSetFaults, its category ("semantics",
 * "tiling" or "validation") and a one-line description of the bug it models (static strings). Returns 0,
 * or -1 past the last entry or for a null pointer. */
PCEMU_API int pcEmuFaultInfo(int32_t index, const char** name, const char** category, const char** description);

typedef struct pcEmuLaunchInfo {
  char opType[48];
  char strategy[32]; /* "Normal", "CutK", "Scatter" ... */
  char tilingSummary[256];
  uint64_t tilingKey;
  int32_t blockDim;
  int32_t usedCores;
  int64_t ubBytesLimit;
  int64_t ubHighWater; /* largest per-block UB use of the launch */
  int64_t workspaceBytes;
  int32_t atomicAdds; /* 1 when the kernel used GM atomics */
  int32_t deterministic;
  /* Device-memory traffic of the execute call (zero after planning only): bytes the kernels copied GM -> UB,
   * stored UB -> GM, and added atomically (each of those is read and written in GM); bytes the layout copies
   * around the kernels read plus wrote (Contiguous, Transpose, ViewCopy, and the bit-mask route's Cast and
   * TransData); kernel launches that ran. */
  int64_t gmReadBytes;
  int64_t gmWriteBytes;
  int64_t gmAtomicBytes;
  int64_t stagingBytes;
  int32_t kernelLaunches;
} pcEmuLaunchInfo;

/* Information on the last operator executed (or planned) on this thread. Returns 0 when available. */
PCEMU_API int pcEmuLastLaunch(pcEmuLaunchInfo* info);

/* The behaviour profile this library reproduces: "documented" (libpoolcheck_acl.so, the CANN documents) or
 * "upstream" (libpoolcheck_acl_upstream.so, what ops-nn's op_api actually does, crashes included). Copies the
 * name, NUL-terminated and cut to fit `cap` bytes, and returns the name's full length (like snprintf); -1
 * when `name` is null and `cap` is not 0. */
PCEMU_API int pcEmuProfile(char* name, size_t cap);

/* Device memory accounting: number of live allocations and whether every guard zone is intact. */
PCEMU_API int64_t pcEmuLiveAllocations(void);
PCEMU_API int pcEmuGuardsIntact(void);

#ifdef __cplusplus
}
#endif

#endif
