#include "interop/atk_export.h"

#include <algorithm>

#include "case/descriptor.h"
#include "harness/op_adapter.h"
#include "interop/argument_mapping.h"
#include "interop/atk_fill.h"

namespace poolcheck::interop {

namespace {

using nlohmann::json;

// The name ATK's executor knows an argument by: the operator's foreign name where it has one.
std::string atk_name(const OpAdapter& op, const std::string& name) {
  for (const auto& [foreign, ours] : op.foreign_names)
    if (ours == name) return foreign;
  return name;
}

json input(const std::string& name, const char* type, const std::string& dtype, json shape, json range_values) {
  return json{{"name", name},
              {"type", type},
              {"required", true},
              {"dtype", dtype},
              {"shape", std::move(shape)},
              {"range_values", std::move(range_values)},
              {"backward", false},
              {"align_32B", nullptr}};
}

}  // namespace

AtkExport atk_entry(const CaseBytes& d, const std::string& name, uint64_t id) {
  const Case& c = d.c;
  const OpAdapter& op = *find_adapter(c.op);
  const std::string entry_point = find_operator_row(c.op)->aclnn;
  AtkExport out;
  json inputs = json::array();
  bool all_exact = true;
  for (const CallParam& p : op.signature) {
    const std::string pname = p.name;
    if (p.kind == CallParam::Tensor) {
      const TensorArg* t = c.tensor(pname);
      if (pname == op.output || !t) continue;
      json rv = json::array({0, 0});  // derived inputs: ATK's executor makes them itself
      if (std::find(op.filled.begin(), op.filled.end(), pname) != op.filled.end()) {
        const TensorFill* own = c.tensor_fill(pname);
        const TensorFill f = own ? *own : TensorFill{c.fill, {}};
        bool exact = true;
        rv = range_values_of(f, t->dtype, &exact);
        all_exact = all_exact && exact;
      }
      inputs.push_back(
          input(atk_name(op, pname), "tensor", vendor_dtype_word(t->dtype), t->present ? json(t->shape) : json(), rv));
    } else if (p.kind == CallParam::IntArray) {
      const IntArrayArg* a = c.array(pname);
      json list = json::array();
      if (a && a->present)
        for (int64_t v : a->values) list.push_back(input(atk_name(op, pname), "attrs", "int", nullptr, v));
      inputs.push_back(list);
    } else {
      const int64_t v = c.scalar(pname).value_or(p.absent);
      inputs.push_back(p.kind == CallParam::Bool ? input(atk_name(op, pname), "attr", "bool", nullptr, v != 0)
                                                 : input(atk_name(op, pname), "attr", "int", nullptr, v));
    }
  }
  json exact_files = json::object();
  for (const auto& [tensor, values] : d.input_values) {
    const std::string file = name + "." + tensor + ".npy";
    out.files[file] = npy::from_doubles(c.tensor(tensor)->dtype, c.tensor(tensor)->shape, values);
    exact_files[tensor] = file;
  }
  if (!d.expected.empty()) {
    const std::vector<int64_t>& shape = c.tensor(op.output)->shape;
    out.files[name + ".expected.npy"] = npy::from_doubles(DType::F64, shape, d.expected);
    out.files[name + ".bound.npy"] = npy::from_doubles(DType::F64, shape, d.bound);
    exact_files["expected " + op.output] = name + ".expected.npy";
    exact_files["bound of " + op.output] = name + ".bound.npy";
  }
  json standard = op.atk_high_precision
                      ? json{{"acc", {{"single_bm", {{"type", "high_precision"}}}}}, {"perf", "not_key"}}
                      : json{{"acc", "default"}, {"perf", "not_key"}};
  out.entry = json{
      {"id", id},
      {"name", "poolcheck " + name},
      {"aclnn_name", entry_point.substr(5)},
      {"api_type", op.atk_api_type},
      {"standard", standard},
      {"inputs", inputs},
      {"is_boundary", false},
      {"poolcheck",
       {{"descriptor", to_descriptor(c)},
        {"exact_data", exact_files},
        {"note", std::string("ATK entries carry value distributions only: range_values give them") +
                     (all_exact ? "" : " as near as ATK can say (poolcheck drew from a fill ATK has no form for)") +
                     "; the exact tensors poolcheck ran, the oracle's expected output and its tolerance bound are "
                     "the .npy files in exact_data (dense view values)"}}}};
  return out;
}

}  // namespace poolcheck::interop
