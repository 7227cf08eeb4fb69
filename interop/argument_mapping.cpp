#include "interop/argument_mapping.h"

#include <algorithm>
#include <cctype>

namespace poolcheck::interop {

namespace {

std::string folded(const std::string& s) {
  std::string out;
  for (char ch : s)
    if (ch != '_' && ch != '-') out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// Every spelling of a dtype the vendor's files use; the first of each dtype is the one ATK writes.
constexpr std::pair<const char*, DType> kDTypeWords[] = {
    {"fp32", DType::F32},    {"float32", DType::F32}, {"float", DType::F32},  {"fp16", DType::F16},
    {"float16", DType::F16}, {"half", DType::F16},    {"bf16", DType::BF16},  {"bfloat16", DType::BF16},
    {"fp64", DType::F64},    {"float64", DType::F64}, {"double", DType::F64}, {"int32", DType::I32},
    {"int64", DType::I64},   {"int8", DType::I8},     {"uint8", DType::U8},   {"int16", DType::I16},
    {"bool", DType::Bool},
};

}  // namespace

std::optional<ArgumentRef> resolve_argument(const OpAdapter& op, const std::string& vendor_name) {
  std::string name = vendor_name;
  for (const auto& [foreign, ours] : op.foreign_names)
    if (folded(foreign) == folded(vendor_name)) name = ours;
  const ArgumentNames& a = op.arguments;
  for (const auto& t : a.tensors)
    if (folded(t) == folded(name)) return ArgumentRef{ArgumentKind::Tensor, t};
  for (const auto& t : a.arrays)
    if (folded(t) == folded(name)) return ArgumentRef{ArgumentKind::IntArray, t};
  for (const auto& t : a.scalars)
    if (folded(t) == folded(name)) return ArgumentRef{ArgumentKind::Scalar, t};
  return std::nullopt;
}

std::optional<DType> vendor_dtype(const std::string& word) {
  const std::string w = folded(word);
  for (const auto& [name, dt] : kDTypeWords)
    if (w == name) return dt;
  return std::nullopt;
}

std::string vendor_dtype_word(DType dt) {
  for (const auto& [name, d] : kDTypeWords)
    if (d == dt) return name;
  return dtype_name(dt);
}

TensorArg default_layout_tensor(const OpAdapter& op, DType dt, std::vector<int64_t> shape) {
  TensorArg t;
  t.dtype = dt;
  for (const auto& [rank, fmt] : op.formats_by_rank)
    if (rank == shape.size()) t.format = fmt;
  t.shape = std::move(shape);
  return t;
}

std::string complete_case(const OpAdapter& op, Case* c) {
  if (!c->tensor(op.output)) {
    const TensorArg* self = c->tensor(op.arguments.forward_input);
    if (!self) return "no " + op.arguments.forward_input + " tensor to give " + op.output + " its shape";
    c->tensors.emplace_back(op.output, *self);
  }
  // API order, as the view lists the names (descriptors compare in order).
  auto order = [](auto& args, const std::vector<std::string>& names) {
    auto rank = [&](const std::string& n) { return std::find(names.begin(), names.end(), n) - names.begin(); };
    std::stable_sort(args.begin(), args.end(),
                     [&](const auto& x, const auto& y) { return rank(x.first) < rank(y.first); });
  };
  order(c->tensors, op.arguments.tensors);
  order(c->arrays, op.arguments.arrays);
  order(c->scalars, op.arguments.scalars);
  order(c->tensor_fills, op.arguments.tensors);
  for (const auto& name : op.arguments.arrays)
    if (!c->array(name)) return "no " + name + " (the operator needs it)";
  for (const auto& name : op.arguments.tensors)
    if (!c->tensor(name)) return "no tensor " + name + " (the operator needs it)";
  return "";
}

}  // namespace poolcheck::interop
