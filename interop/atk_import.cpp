#include "interop/atk_import.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "case/descriptor.h"
#include "case/rng.h"
#include "harness/op_adapter.h"
#include "interop/argument_mapping.h"
#include "interop/atk_fill.h"

namespace poolcheck::interop {

namespace {

const std::set<std::string> kEntryFields{"id",       "name",   "aclnn_name",  "api_type",
                                         "standard", "inputs", "is_boundary", "poolcheck"};
const std::set<std::string> kInputFields{"name",  "type",         "required", "dtype",
                                         "shape", "range_values", "backward", "align_32B"};

// A refused entry: the message names the field, and the conversion of this entry stops.
struct Refusal {
  std::string why;
};

class EntryReader {
 public:
  EntryReader(const std::string& path, std::set<std::string>* unknown_fields) : path_(path), unknown_(unknown_fields) {}

  Case read(const nlohmann::json& e, uint64_t seed, const std::string& platform) {
    if (!e.is_object()) throw Refusal{"is not a JSON object"};
    for (const auto& [key, value] : e.items())
      if (!kEntryFields.count(key)) unknown_->insert("unknown entry field '" + key + "' (ignored)");
    const std::string entry_point = text(e, "aclnn_name");
    const OperatorRow* row = find_operator_row(entry_point);
    if (!row)
      throw Refusal{"aclnn_name '" + entry_point + "' is none of poolcheck's entry points (" + entry_points() + ")"};
    const OpAdapter& op = *find_adapter(row->token);
    Case c;
    c.op = row->token;
    c.platform = platform;
    c.seed = seed;
    if (!e.contains("inputs") || !e["inputs"].is_array()) throw Refusal{"field 'inputs' is missing or not a list"};
    for (const auto& in : e["inputs"]) {
      if (in.is_array()) {
        read_attribute_list(op, in, &c);
      } else {
        read_input(op, in, &c);
      }
    }
    if (const std::string missing = complete_case(op, &c); !missing.empty())
      throw Refusal{"field 'inputs': " + missing};
    if (e.contains("poolcheck")) return with_exported_descriptor(op, e["poolcheck"], c);
    return c;
  }

 private:
  static std::string text(const nlohmann::json& o, const char* field) {
    if (!o.contains(field) || !o[field].is_string())
      throw Refusal{std::string("field '") + field + "' is missing or not a string"};
    return o[field].get<std::string>();
  }

  static std::string entry_points() {
    std::string s;
    for (const OperatorRow& r : operator_table()) s += (s.empty() ? "" : ", ") + std::string(r.aclnn);
    return s;
  }

  static int64_t integer(const nlohmann::json& v, const std::string& where) {
    if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
    if (v.is_number_integer()) return v.get<int64_t>();
    if (v.is_number_float() && std::isfinite(v.get<double>()) && v.get<double>() == std::floor(v.get<double>()) &&
        std::fabs(v.get<double>()) < 9.0e18)
      return static_cast<int64_t>(v.get<double>());
    throw Refusal{where + ": " + v.dump() + " is not an integer"};
  }

  // A scalar attribute: a number, a one-number list, or [lo, hi], from which ATK draws one integer per run; the
  // import draws it from the entry's seed, so the case list says which value ran.
  static int64_t scalar_from_range_values(const nlohmann::json& rv, uint64_t seed, const std::string& where) {
    if (rv.is_array() && rv.size() == 1) return integer(rv[0], where);
    if (rv.is_array() && rv.size() == 2) {
      const int64_t lo = integer(rv[0], where), hi = integer(rv[1], where);
      if (lo > hi || hi - lo > (int64_t{1} << 40)) throw Refusal{where + ": " + rv.dump() + " is not [lo, hi]"};
      return lo +
             static_cast<int64_t>(SplitMix64(seed ^ 0x617474726964ull).next() % static_cast<uint64_t>(hi - lo + 1));
    }
    return integer(rv, where);
  }

  ArgumentRef resolve(const OpAdapter& op, const nlohmann::json& in) {
    const std::string name = text(in, "name");
    const auto ref = resolve_argument(op, name);
    if (!ref)
      throw Refusal{"input '" + name + "' is no argument of " + op.name + " (" + argument_list(op.arguments) + ")"};
    for (const auto& [key, value] : in.items())
      if (!kInputFields.count(key)) unknown_->insert("unknown input field '" + key + "' (ignored)");
    return *ref;
  }

  void read_attribute_list(const OpAdapter& op, const nlohmann::json& list, Case* c) {
    if (list.empty()) throw Refusal{"an empty attribute list in 'inputs' (no name to bind it to)"};
    const ArgumentRef ref = resolve(op, list[0]);
    if (ref.kind != ArgumentKind::IntArray)
      throw Refusal{"input '" + ref.name + "' is given as a per-axis list but is not an int array"};
    IntArrayArg a;
    for (const auto& item : list) {
      if (!item.is_object() || !item.contains("range_values"))
        throw Refusal{"input '" + ref.name + "': a list item without range_values"};
      a.values.push_back(integer(item["range_values"], "input '" + ref.name + "' range_values"));
    }
    c->arrays.emplace_back(ref.name, a);
  }

  void read_input(const OpAdapter& op, const nlohmann::json& in, Case* c) {
    if (!in.is_object()) throw Refusal{"an item of 'inputs' is neither an object nor a list"};
    const ArgumentRef ref = resolve(op, in);
    const std::string where = "input '" + ref.name + "'";
    const nlohmann::json& rv = in.contains("range_values") ? in["range_values"] : nlohmann::json();
    if (ref.kind == ArgumentKind::Scalar) {
      c->scalars.emplace_back(ref.name, scalar_from_range_values(rv, c->seed, where + " range_values"));
      return;
    }
    if (ref.kind == ArgumentKind::IntArray) {  // one value for every axis
      if (rv.is_array()) {
        IntArrayArg a;
        for (const auto& v : rv) a.values.push_back(integer(v, where + " range_values"));
        c->arrays.emplace_back(ref.name, a);
      } else {
        c->arrays.emplace_back(ref.name, IntArrayArg{true, {integer(rv, where + " range_values")}});
      }
      return;
    }
    if (!in.contains("shape") || in["shape"].is_null()) {
      TensorArg null_tensor;
      null_tensor.present = false;
      c->tensors.emplace_back(ref.name, null_tensor);
      return;
    }
    const auto dt = vendor_dtype(text(in, "dtype"));
    if (!dt) throw Refusal{where + ": dtype '" + in["dtype"].get<std::string>() + "' is not one poolcheck knows"};
    if (!in["shape"].is_array()) throw Refusal{where + ": shape is not a list"};
    std::vector<int64_t> shape;
    for (const auto& d : in["shape"]) shape.push_back(integer(d, where + " shape"));
    c->tensors.emplace_back(ref.name, default_layout_tensor(op, *dt, shape));
    if (std::find(op.filled.begin(), op.filled.end(), ref.name) == op.filled.end()) {
      if (ref.name != op.output)
        unknown_->insert("range_values of derived input '" + ref.name +
                         "' (ignored: poolcheck derives it from the other inputs, as ATK's executor does)");
      return;
    }
    std::string why;
    const auto fill = fill_from_range_values(rv, &why);
    if (!fill) throw Refusal{where + " range_values: " + why};
    c->tensor_fills.emplace_back(ref.name, *fill);
  }

  // An entry `poolcheck export` wrote names its exact case; it stands when it makes the same call as the ATK
  // fields (else the ATK fields win, with a warning: someone edited the entry).
  Case with_exported_descriptor(const OpAdapter& op, const nlohmann::json& block, const Case& from_fields) {
    if (!block.is_object() || !block.contains("descriptor") || !block["descriptor"].is_string())
      throw Refusal{"field 'poolcheck' has no descriptor string"};
    const ParseResult p = parse_runnable_case(block["descriptor"].get<std::string>());
    if (!p.ok) throw Refusal{"field 'poolcheck' descriptor: " + p.error};
    if (!same_call(op, p.value, from_fields)) {
      unknown_->insert("'poolcheck' descriptor that disagrees with the entry's ATK fields (the ATK fields are used)");
      return from_fields;
    }
    return p.value;
  }

  static int64_t scalar_value(const OpAdapter& op, const Case& c, const std::string& name) {
    for (const CallParam& param : op.signature)
      if (name == param.name) return c.scalar(name).value_or(param.absent);
    return c.scalar(name).value_or(0);
  }

  static bool same_call(const OpAdapter& op, const Case& a, const Case& b) {
    if (a.op != b.op || a.tensors.size() != b.tensors.size() || a.arrays != b.arrays) return false;
    for (size_t i = 0; i < a.tensors.size(); ++i) {
      const TensorArg &x = a.tensors[i].second, &y = b.tensors[i].second;
      if (a.tensors[i].first != b.tensors[i].first || x.present != y.present || x.shape != y.shape ||
          x.dtype != y.dtype)
        return false;
    }
    for (const auto& name : op.arguments.scalars)
      if (scalar_value(op, a, name) != scalar_value(op, b, name)) return false;
    return true;
  }

  std::string path_;
  std::set<std::string>* unknown_;
};

}  // namespace

ImportedFile import_atk(const nlohmann::json& doc, const std::string& path, const ImportOptions& options) {
  if (!doc.is_array()) throw std::invalid_argument(path + ": an ATK case list is a JSON list of entries");
  ImportedFile out;
  out.path = path;
  out.format = VendorFormat::Atk;
  std::set<std::string> unknown;
  EntryReader reader(path, &unknown);
  const std::string platform = options.platform.empty() ? "Ascend910B" : options.platform;
  for (size_t k = 0; k < doc.size(); ++k) {
    const nlohmann::json& e = doc[k];
    ImportedEntry entry;
    const bool has_id = e.is_object() && e.contains("id") && e["id"].is_number_unsigned();
    const uint64_t id = has_id ? e["id"].get<uint64_t>() : k;
    entry.source = path + (has_id ? " id=" + std::to_string(id) : " entry #" + std::to_string(k));
    try {
      entry.c = reader.read(e, id, platform);
    } catch (const Refusal& r) {
      entry.refusal = entry.source + ": " + r.why;
    }
    out.entries.push_back(std::move(entry));
  }
  for (const auto& u : unknown) out.warnings.push_back(path + ": " + u);
  return out;
}

}  // namespace poolcheck::interop
