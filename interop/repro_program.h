// `poolcheck export`'s standalone repro program: one C++ source that includes only CANN's public headers, embeds
// the case's exact input bytes (tensors above a size limit go to .npy files beside it), makes the CANN call
// sequence and judges the result the way poolcheck does — the oracle's values within the tolerance model's
// per-element bound, nothing written outside the output's view, the inputs untouched, or the documented status in
// the documented phase. It prints one verdict line and exits 0 (as expected), 1 (not) or 2 (could not run).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "case/npy.h"
#include "interop/case_bytes.h"

namespace poolcheck::interop {

struct ReproProgram {
  std::string source;                          // NAME.cpp
  std::map<std::string, npy::Array> sidecars;  // file name -> array, for data over the embedding limit
};

// `name` names the program and its sidecar files; data arrays over `embed_limit_bytes` go to sidecars.
ReproProgram repro_program(const CaseBytes& data, const std::string& name, const std::string& source_note,
                           int64_t embed_limit_bytes);

}  // namespace poolcheck::interop
