// Linked only into libpoolcheck_acl_upstream.so: selects the Upstream profile when the library loads,
// before the client can call into it.
#include "runtime/profile.h"

namespace {

const bool kUpstreamSelected = [] {
  pcemu::select_profile(pcemu::Profile::Upstream);
  return true;
}();

}  // namespace
