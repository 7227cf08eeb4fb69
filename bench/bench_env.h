// What every benchmark binary shares: the thread count of the run (POOLCHECK_BENCH_THREADS, default
// the number of cores) given to the emulator and the peers, and the targets printed in the context.
#pragma once

#include <string>

namespace poolcheck::bench {

// The stated targets; the ratio tool checks them, the benchmarks never assert them.
inline constexpr double kTargetVsTorch = 1.0;      // impl / torch GB/s on every shape
inline constexpr double kTargetVsCopyLarge = 0.6;  // impl / copy GB/s on the large shapes
inline constexpr double kTargetCasesPerSecond = 2000;
// Memory: the workspace one call asks for, at most twice gradInput's size in fp32 (an fp32 accumulation
// copy plus dense staging of the tensors).
inline constexpr double kTargetWorkspacePerFp32Out = 2.0;

int bench_threads();
// Gives every component the run's thread count and records it, the targets and the peers in the
// Google Benchmark context (printed in the header and written into the JSON).
void setup_bench_env();

}  // namespace poolcheck::bench
