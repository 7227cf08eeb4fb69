/*
 * A measurement entry point that only the poolcheck emulated backend exports: the least an emulated kernel
 * costs (docs/performance.md). bench/emulator_floor_bench measures the bundled library and calls it directly.
 */
#ifndef POOLCHECK_EMU_FLOOR_H_
#define POOLCHECK_EMU_FLOOR_H_

#include "poolcheck_emu/emu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the floor kernel on the current platform's vector cores and unified buffer (pcEmuSetPlatform,
 * pcEmuSetKnobs), with every check that pcEmuSetChecks leaves on: each block moves its share of `count`
 * elements of `dataType` (an aclDataType: ACL_FLOAT, ACL_FLOAT16 or ACL_BF16) from `in` to `out` through its UB,
 * one chunk at a time; fp16 and bf16 elements are widened to fp32 and narrowed back in UB on the way, as every
 * kernel of those dtypes does once. Its device traffic is twice the bytes of the elements, and it does nothing
 * else: what it costs, any emulated kernel with that traffic and dtype costs at least. Returns 0, 161001
 * (ACLNN_ERR_PARAM_NULLPTR) for a null pointer, 161002 (ACLNN_ERR_PARAM_INVALID) for a negative count or another
 * dtype, or the launch's status. */
PCEMU_API int pcEmuFloorKernel(const void* in, void* out, int64_t count, int32_t dataType);

#ifdef __cplusplus
}
#endif

#endif /* POOLCHECK_EMU_FLOOR_H_ */
