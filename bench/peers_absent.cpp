// The peers not built in (their CMake option off or the library not found at configure time).
#include "bench/peer.h"

namespace poolcheck::bench {

#ifndef POOLCHECK_HAVE_TORCH
const Peer& torch_peer() {
  static const Peer p{"torch", "libtorch not built in (POOLCHECK_BENCH_TORCH off or libtorch-dev missing)", "", {}, {}};
  return p;
}
#endif

#ifndef POOLCHECK_HAVE_ONEDNN
const Peer& onednn_peer() {
  static const Peer p{"onednn", "oneDNN not built in (POOLCHECK_BENCH_ONEDNN off or libdnnl-dev missing)", "", {}, {}};
  return p;
}
#endif

}  // namespace poolcheck::bench
