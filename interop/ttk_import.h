// TTK case files (CSV, Ascend950 tests in ops-nn's tests/st/arch35/), in both dialects found there: aclnn rows
// (api_name, tensor_view_shapes, tensor_formats, tensor_dtypes, output_tensor_indexes, attributes,
// input_data_ranges, is_enabled) and kernel rows (op_name, input_ori_shapes, output_ori_shapes, attributes,
// input_data_ranges, ...), whose kernel is mapped onto the entry point that serves it where one does.
#pragma once

#include <string>

#include "interop/imported_case.h"

namespace poolcheck::interop {

// Converts every row of the CSV `text`; a malformed row is a refusal naming the row and the column. Throws
// std::invalid_argument when the header is neither dialect's.
ImportedFile import_ttk(const std::string& text, const std::string& path, const ImportOptions& options);

// Whether a CSV header line is TTK's (either dialect).
bool looks_like_ttk(const std::string& first_line);

}  // namespace poolcheck::interop
