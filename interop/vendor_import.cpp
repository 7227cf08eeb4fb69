#include "interop/vendor_import.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "interop/atk_import.h"
#include "interop/ttk_import.h"

namespace poolcheck::interop {

const char* vendor_format_name(VendorFormat f) {
  switch (f) {
    case VendorFormat::Atk:
      return "ATK JSON";
    case VendorFormat::TtkAclnn:
      return "TTK CSV (aclnn rows)";
    case VendorFormat::TtkKernel:
      return "TTK CSV (kernel rows)";
  }
  return "?";
}

ImportedFile import_vendor_file(const std::string& path, const ImportOptions& options) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::invalid_argument(path + ": cannot be opened");
  std::ostringstream buf;
  buf << f.rdbuf();
  const std::string text = buf.str();
  const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first != std::string::npos && text[first] == '[') {
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      throw std::invalid_argument(path + ": not valid JSON: " + e.what());
    }
    return import_atk(doc, path, options);
  }
  if (first != std::string::npos && looks_like_ttk(text.substr(first, text.find('\n', first) - first)))
    return import_ttk(text.substr(first), path, options);
  throw std::invalid_argument(path +
                              ": neither an ATK case list (a JSON list of entries) nor a TTK file (CSV whose header "
                              "starts with testcase_name)");
}

}  // namespace poolcheck::interop
