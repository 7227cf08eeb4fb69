// Which behaviour the emulated library reproduces. Documented (the default, libpoolcheck_acl.so) follows
// the CANN documents as spec/ reads them; Upstream (libpoolcheck_acl_upstream.so) reproduces what the
// open-source ops-nn op_api, tiling and kernels actually do where they differ from the documents (the
// spec's discrepancy entries), crashes included. Both libraries are linked from the same objects; a small
// object with a static initialiser selects Upstream when the library loads (profile_select/).
#pragma once

namespace pcemu {

enum class Profile { Documented, Upstream };

Profile current_profile();
void select_profile(Profile p);
const char* profile_name(Profile p);  // "documented" / "upstream"

inline bool upstream_profile() { return current_profile() == Profile::Upstream; }

}  // namespace pcemu
