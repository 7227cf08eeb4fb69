#include "bench/bench_env.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "bench/peer.h"
#include "poolcheck_emu/emu.h"

// Only the emulated backend has the host-thread knob; against a real CANN library it resolves to null.
#pragma weak pcEmuSetHostThreads

namespace poolcheck::bench {

int bench_threads() {
  if (const char* env = std::getenv("POOLCHECK_BENCH_THREADS"); env && std::atoi(env) > 0) return std::atoi(env);
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void setup_bench_env() {
  const int n = bench_threads();
  if (pcEmuSetHostThreads) pcEmuSetHostThreads(n);
  benchmark::AddCustomContext("threads", std::to_string(n));
  benchmark::AddCustomContext("emulator", "48-core A2 tiling, UB bounds + alignment + guard zones + race shadow on");
  benchmark::AddCustomContext("targets", "impl/torch >= " + std::to_string(kTargetVsTorch) +
                                             " on every shape; impl/copy >= " + std::to_string(kTargetVsCopyLarge) +
                                             " on large shapes; >= " + std::to_string(kTargetCasesPerSecond) +
                                             " verified cases/s per operator; workspace <= " +
                                             std::to_string(kTargetWorkspacePerFp32Out) + " x fp32 gradInput bytes");
  for (const Peer* p : {&torch_peer(), &onednn_peer()}) {
    if (!p->absent.empty()) {
      benchmark::AddCustomContext(p->name, "skipped: " + p->absent);
      continue;
    }
    p->set_threads(n);
    benchmark::AddCustomContext(p->name, p->version);
  }
}

}  // namespace poolcheck::bench
