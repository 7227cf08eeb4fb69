#include "npu/traffic.h"

namespace pcemu {

Traffic& call_traffic() {
  thread_local Traffic tally;
  return tally;
}

}  // namespace pcemu
