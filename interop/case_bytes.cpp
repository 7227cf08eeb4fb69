#include "interop/case_bytes.h"

#include <stdexcept>

#include "case/numeric.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"
#include "spec/spec.h"

namespace poolcheck::interop {

CaseBytes case_bytes(const Case& c) {
  if (const std::string wrong = case_arguments_error(c); !wrong.empty()) throw std::invalid_argument(wrong);
  const OpAdapter& op = *find_adapter(c.op);
  CaseBytes out;
  out.c = c;
  const spec::Expected exp = op.spec().expected(c);
  out.expected_status = exp.code;
  out.expected_phase = exp.phase;
  out.expected_rule = exp.rule ? exp.rule->id : "";
  // Real data where the runner has it: valid cases and rules checked on the data in execute.
  const bool data = exp.code == 0 || (exp.rule && exp.phase == spec::Phase::Execute);
  HostValues inputs = data ? op.make_inputs(c) : HostValues{};
  for (const auto& [name, arg] : c.tensors) {
    if (!arg.present) continue;
    const std::optional<int64_t> reach = view_extent_elems(arg);
    if (!reach) throw std::invalid_argument("tensor " + name + ": its view cannot be sized (an overflowing product)");
    TensorBytes t{name, arg, {}, name == op.output};
    const int64_t esize = dtype_size(arg.dtype);
    t.initial.assign(static_cast<size_t>(std::max<int64_t>(1, allocation_elems(arg)) * esize),
                     t.is_output ? kOutputFillByte : kInputFillByte);
    const auto it = inputs.find(name);
    if (!t.is_output && it != inputs.end()) {
      const auto offs = view_element_offsets(arg);
      if (offs.size() != it->second.size()) throw std::logic_error("host values do not match the view of " + name);
      for (size_t i = 0; i < offs.size(); ++i) encode(arg.dtype, it->second[i], t.initial.data() + offs[i] * esize);
      // An overlapping view keeps the last value written to a shared element: the oracle sees what is stored.
      auto& held = out.input_values[name];
      held.resize(offs.size());
      for (size_t i = 0; i < offs.size(); ++i) held[i] = decode(arg.dtype, t.initial.data() + offs[i] * esize);
      it->second = held;
    }
    out.tensors.push_back(std::move(t));
  }
  if (exp.code == 0) {
    const OracleResult o = op.oracle(c, inputs);
    const DType dt = c.tensor(op.output)->dtype;
    out.expected.resize(o.exact.size());
    out.bound.resize(o.exact.size());
    for (size_t i = 0; i < o.exact.size(); ++i) {
      out.expected[i] = round_to(dt, o.exact[i]);
      out.bound[i] = fp32_sum_bound(dt, o.terms_at(i), o.term_error);
    }
  }
  return out;
}

}  // namespace poolcheck::interop
