#include "interop/ttk_import.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "harness/op_adapter.h"
#include "interop/argument_mapping.h"
#include "interop/atk_fill.h"
#include "interop/csv_rows.h"
#include "interop/python_literal.h"

namespace poolcheck::interop {

namespace {

using nlohmann::json;

struct Refusal {
  std::string why;
};

const std::set<std::string> kAclnnColumns{"testcase_name",  "api_name",          "tensor_view_shapes",
                                          "tensor_formats", "tensor_dtypes",     "output_tensor_indexes",
                                          "attributes",     "input_data_ranges", "is_enabled"};
const std::set<std::string> kKernelColumns{"testcase_name",      "op_name",           "input_dtypes",
                                           "input_ori_shapes",   "output_ori_shapes", "input_ori_formats",
                                           "output_ori_formats", "attributes",        "input_shapes",
                                           "output_dtypes",      "output_shapes",     "input_formats",
                                           "output_formats",     "input_data_ranges", "precision_tolerances",
                                           "absolute_precision", "soc_series"};

class Row {
 public:
  Row(const std::vector<std::string>& header, const CsvRow& r) {
    for (size_t i = 0; i < header.size() && i < r.fields.size(); ++i) cells_[header[i]] = r.fields[i];
  }
  std::string cell(const std::string& column) const {
    const auto it = cells_.find(column);
    if (it == cells_.end() || it->second.empty()) throw Refusal{"column '" + column + "' is empty"};
    return it->second;
  }
  std::string cell_or(const std::string& column, const std::string& otherwise) const {
    const auto it = cells_.find(column);
    return it == cells_.end() || it->second.empty() ? otherwise : it->second;
  }
  json literal(const std::string& column) const {
    try {
      return parse_python_literal(cell(column));
    } catch (const std::invalid_argument& e) {
      throw Refusal{"column '" + column + "': " + e.what()};
    }
  }

 private:
  std::map<std::string, std::string> cells_;
};

int64_t integer(const json& v, const std::string& where) {
  if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
  if (v.is_number_integer()) return v.get<int64_t>();
  throw Refusal{where + ": " + v.dump() + " is not an integer"};
}

std::vector<int64_t> int_list(const json& v, const std::string& where) {
  if (!v.is_array()) throw Refusal{where + ": " + v.dump() + " is not a list"};
  std::vector<int64_t> out;
  for (const auto& x : v) out.push_back(integer(x, where));
  return out;
}

DType dtype_of(const json& v, const std::string& where) {
  if (!v.is_string()) throw Refusal{where + ": " + v.dump() + " is not a dtype name"};
  const auto dt = vendor_dtype(v.get<std::string>());
  if (!dt) throw Refusal{where + ": dtype '" + v.get<std::string>() + "' is not one poolcheck knows"};
  return *dt;
}

Format format_of(const json& v, const std::string& where) {
  if (!v.is_string()) throw Refusal{where + ": " + v.dump() + " is not a format name"};
  const auto f = parse_format(v.get<std::string>());
  if (!f) throw Refusal{where + ": format '" + v.get<std::string>() + "' is not one poolcheck knows"};
  return *f;
}

// A (lo, hi) data range: ATK's [lo, hi] form, a uniform fill.
TensorFill uniform(const json& range, const std::string& where) {
  std::string why;
  const std::optional<TensorFill> f =
      range.is_array() && range.size() == 2 ? fill_from_range_values(range, &why) : std::nullopt;
  if (!f) throw Refusal{where + ": " + range.dump() + " is not (lo, hi) with finite lo <= hi"};
  return *f;
}

bool is_filled(const OpAdapter& op, const std::string& name) {
  return std::find(op.filled.begin(), op.filled.end(), name) != op.filled.end();
}

// aclnn rows: the tensors in API order, attributes by argument name.
Case aclnn_row(const Row& row, uint64_t seed, const std::string& platform) {
  const std::string entry_point = row.cell("api_name");
  const OperatorRow* table_row = find_operator_row(entry_point);
  if (!table_row) throw Refusal{"api_name '" + entry_point + "' is none of poolcheck's entry points"};
  const OpAdapter& op = *find_adapter(table_row->token);
  Case c;
  c.op = table_row->token;
  c.platform = platform;
  c.seed = seed;
  const json shapes = row.literal("tensor_view_shapes"), formats = row.literal("tensor_formats"),
             dtypes = row.literal("tensor_dtypes"), outputs = row.literal("output_tensor_indexes");
  const auto& names = op.arguments.tensors;
  if (!shapes.is_array() || shapes.size() != names.size() || !formats.is_array() || formats.size() != names.size() ||
      !dtypes.is_array() || dtypes.size() != names.size())
    throw Refusal{"tensor_view_shapes, tensor_formats and tensor_dtypes must each list " +
                  std::to_string(names.size()) + " tensors (" + op.name + ")"};
  const auto out_at = static_cast<size_t>(std::find(names.begin(), names.end(), op.output) - names.begin());
  if (int_list(outputs, "output_tensor_indexes") != std::vector<int64_t>{static_cast<int64_t>(out_at)})
    throw Refusal{"output_tensor_indexes " + outputs.dump() + ": " + op.name + "'s output is tensor " +
                  std::to_string(out_at)};
  for (size_t i = 0; i < names.size(); ++i) {
    TensorArg t;
    t.shape = int_list(shapes[i], "tensor_view_shapes[" + std::to_string(i) + "]");
    t.dtype = dtype_of(dtypes[i], "tensor_dtypes[" + std::to_string(i) + "]");
    t.format = format_of(formats[i], "tensor_formats[" + std::to_string(i) + "]");
    c.tensors.emplace_back(names[i], t);
  }
  const json ranges = row.literal("input_data_ranges");
  if (!ranges.is_array() || ranges.size() != names.size() - 1)
    throw Refusal{"input_data_ranges must give one (lo, hi) per input tensor (" + std::to_string(names.size() - 1) +
                  ")"};
  size_t k = 0;
  for (const auto& name : names) {
    if (name == op.output) continue;
    const json& range = ranges[k++];
    if (is_filled(op, name)) c.tensor_fills.emplace_back(name, uniform(range, "input_data_ranges for " + name));
  }
  const json attrs = row.literal("attributes");
  if (!attrs.is_object()) throw Refusal{"column 'attributes' is not a dict"};
  for (const auto& [key, value] : attrs.items()) {
    const auto ref = resolve_argument(op, key);
    if (!ref || ref->kind == ArgumentKind::Tensor)
      throw Refusal{"attribute '" + key + "' is no argument of " + op.name + " (" + argument_list(op.arguments) + ")"};
    if (ref->kind == ArgumentKind::IntArray)
      c.arrays.emplace_back(ref->name, IntArrayArg{true, int_list(value, "attribute '" + key + "'")});
    else
      c.scalars.emplace_back(ref->name, integer(value, "attribute '" + key + "'"));
  }
  if (const std::string missing = complete_case(op, &c); !missing.empty()) throw Refusal{missing};
  return c;
}

// Kernel rows of the adaptive kernel: inputs (grad, x), output x's gradient.
Case adaptive_kernel_row(const Row& row, const json& attrs, uint64_t seed, const std::string& platform) {
  const OpAdapter& op = *find_adapter("adaptive_avgpool3d_grad");
  const json shapes = row.literal("input_ori_shapes"), dtypes = row.literal("input_dtypes"),
             formats = row.literal("input_ori_formats"), ranges = row.literal("input_data_ranges");
  if (!shapes.is_array() || shapes.size() != 2 || !dtypes.is_array() || dtypes.size() != 2)
    throw Refusal{"adaptive_avg_pool3d_grad rows have two inputs (the gradient and x)"};
  Case c;
  c.op = op.name;
  c.platform = platform;
  c.seed = seed;
  const char* names[] = {"gradOutput", "self"};
  for (size_t i = 0; i < 2; ++i) {
    TensorArg t;
    t.shape = int_list(shapes[i], std::string("input_ori_shapes[") + std::to_string(i) + "]");
    t.dtype = dtype_of(dtypes[i], std::string("input_dtypes[") + std::to_string(i) + "]");
    if (formats.is_array() && formats.size() == 2 && formats[i] == "NCDHW" && t.shape.size() == 5)
      t.format = Format::NCDHW;
    c.tensors.emplace_back(names[i], t);
  }
  if (ranges.is_array() && ranges.size() == 2)
    for (size_t i = 0; i < 2; ++i)
      c.tensor_fills.emplace_back(names[i], uniform(ranges[i], std::string("input_data_ranges for ") + names[i]));
  if (attrs.contains("data_format") && attrs["data_format"] != "NCDHW")
    throw Refusal{"attribute data_format " + attrs["data_format"].dump() + ": the aclnn call takes NCDHW only"};
  if (const std::string missing = complete_case(op, &c); !missing.empty()) throw Refusal{missing};
  return c;
}

// Kernel rows of the average-pooling gradient: a 2-D problem (D, kD and the D stride 1, no D padding) is an
// aclnnAvgPool2dBackward call; any other is an aclnnAvgPool3dBackward call.
Case avg_kernel_row(const Row& row, const json& attrs, uint64_t seed, const std::string& platform) {
  auto attr = [&](const char* key) {
    if (!attrs.contains(key)) throw Refusal{std::string("attribute '") + key + "' is missing"};
    return attrs[key];
  };
  const auto orig = int_list(attr("orig_input_shape"), "orig_input_shape");
  const auto k = int_list(attr("ksize"), "ksize"), s = int_list(attr("strides"), "strides");
  auto pads = int_list(attr("pads"), "pads");
  if (orig.size() != 5 || k.size() != 3 || s.size() != 3 || (pads.size() != 3 && pads.size() != 6))
    throw Refusal{"orig_input_shape, ksize, strides and pads must be NCDHW-sized (5, 3, 3, 3 or 6 values)"};
  if (pads.size() == 6) {
    if (pads[0] != pads[1] || pads[2] != pads[3] || pads[4] != pads[5])
      throw Refusal{"pads " + attr("pads").dump() + ": asymmetric padding has no aclnn counterpart"};
    pads = {pads[0], pads[2], pads[4]};
  }
  if (attrs.contains("data_format") && attrs["data_format"] != "NCDHW")
    throw Refusal{"attribute data_format " + attrs["data_format"].dump() + " is not NCDHW"};
  const json shapes = row.literal("input_ori_shapes"), dtypes = row.literal("input_dtypes");
  if (!shapes.is_array() || shapes.size() != 2 || !dtypes.is_array() || dtypes.size() != 2)
    throw Refusal{"avg_pool3_d_grad rows have two inputs (orig_input_shape and the gradient)"};
  const auto grad = int_list(shapes[1], "input_ori_shapes[1]");
  if (grad.size() != 5) throw Refusal{"input_ori_shapes[1]: the gradient must be 5-D"};
  const bool planar = orig[2] == 1 && k[0] == 1 && s[0] == 1 && pads[0] == 0 && grad[2] == 1;
  const OpAdapter& op = *find_adapter(planar ? "avgpool2d_grad" : "avgpool3d_grad");
  // The depth axis goes where the call has none; the 3-D call keeps it.
  const size_t first = planar ? 1 : 0;
  auto spatial = [&](const std::vector<int64_t>& v, size_t at) {
    return std::vector<int64_t>(v.begin() + at, v.end());
  };
  auto tensor_dims = [&](const std::vector<int64_t>& v) {
    std::vector<int64_t> dims{v[0], v[1]};
    for (int64_t d : spatial(v, 2 + first)) dims.push_back(d);
    return dims;
  };
  const DType dt = dtype_of(dtypes[1], "input_dtypes[1]");
  Case c;
  c.op = op.name;
  c.platform = platform;
  c.seed = seed;
  c.tensors.emplace_back("gradOutput", default_layout_tensor(op, dt, tensor_dims(grad)));
  c.tensors.emplace_back("self", default_layout_tensor(op, dt, tensor_dims(orig)));
  c.arrays.emplace_back("kernelSize", IntArrayArg{true, spatial(k, first)});
  c.arrays.emplace_back("stride", IntArrayArg{true, spatial(s, first)});
  c.arrays.emplace_back("padding", IntArrayArg{true, spatial(pads, first)});
  c.scalars.emplace_back("ceilMode", integer(attrs.value("ceil_mode", json(false)), "ceil_mode"));
  c.scalars.emplace_back("countIncludePad", 1 - integer(attrs.value("exclusive", json(true)), "exclusive"));
  c.scalars.emplace_back("divisorOverride", integer(attrs.value("divisor_override", json(0)), "divisor_override"));
  const json ranges = row.literal("input_data_ranges");
  if (ranges.is_array() && !ranges.empty())
    c.tensor_fills.emplace_back("gradOutput", uniform(ranges.back(), "input_data_ranges for the gradient"));
  if (const std::string missing = complete_case(op, &c); !missing.empty()) throw Refusal{missing};
  return c;
}

Case kernel_row(const Row& row, uint64_t seed, const std::string& platform) {
  const std::string kernel = row.cell("op_name");
  const json attrs = row.literal("attributes");
  if (!attrs.is_object()) throw Refusal{"column 'attributes' is not a dict"};
  if (kernel == "adaptive_avg_pool3d_grad") return adaptive_kernel_row(row, attrs, seed, platform);
  if (kernel == "avg_pool3_d_grad") return avg_kernel_row(row, attrs, seed, platform);
  throw Refusal{"kernel '" + kernel +
                "' is behind none of poolcheck's entry points (rows of adaptive_avg_pool3d_grad and "
                "avg_pool3_d_grad convert)"};
}

}  // namespace

bool looks_like_ttk(const std::string& first_line) { return first_line.rfind("testcase_name,", 0) == 0; }

ImportedFile import_ttk(const std::string& text, const std::string& path, const ImportOptions& options) {
  std::vector<CsvRow> rows;
  try {
    rows = parse_csv(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
  if (rows.empty()) throw std::invalid_argument(path + ": no header row");
  const std::vector<std::string> header = rows.front().fields;
  const bool aclnn = std::find(header.begin(), header.end(), "api_name") != header.end();
  const bool kernel = std::find(header.begin(), header.end(), "op_name") != header.end();
  if (!aclnn && !kernel) throw std::invalid_argument(path + ": a TTK header has api_name or op_name");
  ImportedFile out;
  out.path = path;
  out.format = aclnn ? VendorFormat::TtkAclnn : VendorFormat::TtkKernel;
  const std::set<std::string>& known = aclnn ? kAclnnColumns : kKernelColumns;
  for (const auto& column : header)
    if (!known.count(column)) out.warnings.push_back(path + ": unknown column '" + column + "' (ignored)");
  const std::string platform = options.platform.empty() ? "Ascend950" : options.platform;
  for (size_t i = 1; i < rows.size(); ++i) {
    const Row row(header, rows[i]);
    ImportedEntry entry;
    const std::string name = row.cell_or("testcase_name", "line " + std::to_string(rows[i].line));
    entry.source = path + " test=" + name;
    try {
      if (rows[i].fields.size() != header.size())
        throw Refusal{"has " + std::to_string(rows[i].fields.size()) + " fields, the header " +
                      std::to_string(header.size())};
      if (aclnn && row.cell_or("is_enabled", "TRUE") == "FALSE") throw Refusal{"is_enabled is FALSE"};
      entry.c = aclnn ? aclnn_row(row, i, platform) : kernel_row(row, i, platform);
    } catch (const Refusal& r) {
      entry.refusal = entry.source + " (line " + std::to_string(rows[i].line) + "): " + r.why;
    }
    out.entries.push_back(std::move(entry));
  }
  return out;
}

}  // namespace poolcheck::interop
