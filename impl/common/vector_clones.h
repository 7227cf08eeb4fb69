// The emulated kernels' inner loops are elementwise fp32 arithmetic over UB spans. The library is built for the
// x86-64 baseline (SSE2), so a kernel marked PCEMU_VECTOR_CLONES is compiled twice, for AVX2 (x86-64-v3) and the
// baseline, and the loader picks the AVX2 one where the host runs it. (An AVX-512 clone measured slower: the
// kernels' rows are tens of elements, and 16-lane loops spend them in their remainders.) Every clone computes the
// same bits: the library is built with -ffp-contract=off (no fused multiply-add), and GCC never reorders
// floating-point sums without -ffast-math, so a wider vector only does more of the same operations at once. GCC
// only: clang does not clone templates. ThreadSanitizer builds keep the baseline alone: the loader runs a clone's
// resolver before TSan's runtime has started, and the instrumented resolver crashed every test binary at start.
#pragma once

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define PCEMU_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define PCEMU_VECTOR_CLONES
#endif

// A per-element helper the kernels call in their inner loops (an fp16 conversion, a UB range check). Two clones
// of every kernel make GCC's inliner meet its unit-growth limit sooner, and a helper left out of line there costs
// a call per element: these are always inlined.
#if defined(__GNUC__)
#define PCEMU_ELEMENT_INLINE [[gnu::always_inline]] inline
#else
#define PCEMU_ELEMENT_INLINE inline
#endif
