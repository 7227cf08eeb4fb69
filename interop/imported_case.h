// What an import makes of a vendor case file: one entry per ATK entry or TTK row, each a case with the source it
// names, or the reason it could not be converted; and the warnings the file earned once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case/case.h"

namespace poolcheck::interop {

enum class VendorFormat : int8_t { Atk, TtkAclnn, TtkKernel };
const char* vendor_format_name(VendorFormat f);  // "ATK JSON", "TTK CSV (aclnn rows)", "TTK CSV (kernel rows)"

struct ImportedEntry {
  std::string source;     // "FILE id=12 name=..." or "FILE test=NAME"
  std::optional<Case> c;  // the converted case
  std::string refusal;    // why there is no case: names the entry and the field
};

struct ImportedFile {
  std::string path;
  VendorFormat format = VendorFormat::Atk;
  std::vector<ImportedEntry> entries;
  std::vector<std::string> warnings;  // each unknown field once per file
};

struct ImportOptions {
  std::string platform;  // the SoC of every case; "" = the format's own (ATK: Ascend910B, TTK: Ascend950)
};

}  // namespace poolcheck::interop
