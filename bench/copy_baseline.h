// The memory-copy baseline: the bytes a backward pass must move, moved by memcpy on the run's
// threads (half read, half written), so impl/copy is the fraction of the machine's copy bandwidth.
#pragma once

#include <cstdint>

namespace benchmark {
class State;
}

namespace poolcheck::bench {

void copy_baseline(benchmark::State& state, int64_t bytes_moved);

}  // namespace poolcheck::bench
