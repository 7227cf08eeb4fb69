// The adapters, one per row of the operator table.
#include <algorithm>
#include <stdexcept>

#include "backend/backend.h"
#include "harness/op_adapter.h"

namespace poolcheck {

const std::vector<const OpAdapter*>& all_adapters() {
  static const std::vector<const OpAdapter*> adapters{
#define POOLCHECK_OPERATOR(token, aclnn) &token::adapter(),
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
  return adapters;
}

const std::vector<OperatorRow>& operator_table() {
  static const std::vector<OperatorRow> rows{
// ops/CMakeLists.txt has checked each algorithm word and rank.
#define POOLCHECK_OPERATOR_ROW(token, aclnn, header, algorithm, rank, family) \
  {#token, #aclnn, #header, parse_pool_algorithm(algorithm).value(), rank, family},
#include "ops/operator_rows.inc"
#undef POOLCHECK_OPERATOR_ROW
  };
  return rows;
}

const OperatorRow* find_operator_row(const std::string& name) {
  for (const OperatorRow& r : operator_table()) {
    const std::string entry = r.aclnn;
    if (name == r.token || name == entry || "aclnn" + name == entry) return &r;
  }
  return nullptr;
}

ApiOutcome call_two_phases(const OpAdapter& op, const Case& c, const ApiHandles& h, void* stream) {
  // A backend implements the entry points it exports; calling another would jump through a null pointer.
  if (!backend::exports_operator(op.name))
    throw std::runtime_error("the backend " + backend::description() + " does not export " + op.spec().aclnn_name +
                             " (both phases): it cannot run " + op.name + " cases");
  ApiOutcome out;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  out.status = op.get_workspace_size(c, h, c.null_workspace_size ? nullptr : &ws, c.null_executor ? nullptr : &exec);
  if (out.status != 0) return out;
  out.workspace_bytes = ws;
  void* workspace = nullptr;
  const auto& a = backend::api();
  if (ws > 0 && a.aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
    throw std::runtime_error("cannot allocate the workspace");
  out.status = op.execute(workspace, ws, exec, stream);
  // A device backend runs the kernel asynchronously: the results exist only after the stream drains.
  if (out.status == 0) out.status = a.aclrtSynchronizeStream(stream);
  out.failed_in_execute = out.status != 0;
  if (workspace) a.aclrtFree(workspace);
  return out;
}

const OpAdapter* find_adapter(const std::string& op) {
  for (const auto* a : all_adapters())
    if (a->name == op) return a;
  return nullptr;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

template <class Named>
bool has(const std::vector<std::pair<std::string, Named>>& args, const std::string& name) {
  return std::any_of(args.begin(), args.end(), [&](const auto& a) { return a.first == name; });
}

}  // namespace

std::string case_arguments_error(const Case& c) {
  const OpAdapter* op = find_adapter(c.op);
  if (!op) {
    std::vector<std::string> known;
    for (const auto* a : all_adapters()) known.push_back(a->name);
    return "unknown operator '" + c.op + "' (known: " + joined(known) + ")";
  }
  const ArgumentNames& args = op->arguments;
  for (const auto& name : args.tensors)
    if (!has(c.tensors, name))
      return c.op + " needs tensor '" + name + "', which the descriptor lacks (write " + name +
             "=null for a null pointer)";
  for (const auto& name : args.arrays)
    if (!has(c.arrays, name))
      return c.op + " needs int array '" + name + "', which the descriptor lacks (write " + name +
             "=null[] for a null pointer)";
  const std::string all = argument_list(args);
  for (const auto& [name, t] : c.tensors)
    if (!listed(args.tensors, name)) return "'" + name + "' is not a tensor argument of " + c.op + " (" + all + ")";
  for (const auto& [name, a] : c.arrays)
    if (!listed(args.arrays, name)) return "'" + name + "' is not an int-array argument of " + c.op + " (" + all + ")";
  for (const auto& [name, v] : c.scalars)
    if (!listed(args.scalars, name)) return "'" + name + "' is not a scalar argument of " + c.op + " (" + all + ")";
  for (const auto& [key, word] : c.options) {
    const std::string& name = key;  // clang 14 cannot capture a structured binding in a lambda
    const auto opt =
        std::find_if(args.options.begin(), args.options.end(), [&](const auto& o) { return o.key == name; });
    if (opt == args.options.end()) return "'" + key + "' is not an option of " + c.op + " (" + all + ")";
    if (!listed(opt->values, word)) return key + "=" + word + ": expected one of " + joined(opt->values);
  }
  for (const auto& [name, f] : c.tensor_fills)
    if (!listed(op->filled, name))
      return "fill." + name + ": only the inputs whose values are drawn take a fill of their own (" + c.op + ": " +
             joined(op->filled) + ")";
  return "";
}

ParseResult parse_runnable_case(const std::string& line) {
  ParseResult p = parse_descriptor(line);
  if (!p.ok) {
    p.error = "the descriptor does not parse: " + p.error;
    return p;
  }
  if (std::string wrong = case_arguments_error(p.value); !wrong.empty()) {
    p.ok = false;
    p.error = std::move(wrong);
  }
  return p;
}

}  // namespace poolcheck
