#include "worker/result_wire.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "case/descriptor.h"

namespace poolcheck::worker {

namespace {

class Writer {
 public:
  explicit Writer(std::string* out) : out_(out) {}
  void operator()(const char*, const std::string& s) {
    raw(static_cast<uint64_t>(s.size()));
    out_->append(s);
  }
  template <typename T>
  void operator()(const char*, const std::vector<T>& v) {
    raw(static_cast<uint64_t>(v.size()));
    if (!v.empty()) out_->append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  void operator()(const char*, bool b) { raw(static_cast<uint8_t>(b ? 1 : 0)); }
  template <typename T>
  void operator()(const char*, const T& x) {
    raw(x);
  }

 private:
  template <typename T>
  void raw(const T& x) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_->append(reinterpret_cast<const char*>(&x), sizeof x);
  }
  std::string* out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  void operator()(const char* field, std::string& s) {
    const uint64_t n = count(field, 1);
    s.assign(in_.data(), n);
    in_.remove_prefix(n);
  }
  template <typename T>
  void operator()(const char* field, std::vector<T>& v) {
    const uint64_t n = count(field, sizeof(T));
    v.resize(n);
    if (n > 0) std::memcpy(v.data(), in_.data(), n * sizeof(T));  // an empty vector's data() may be null
    in_.remove_prefix(n * sizeof(T));
  }
  // A bool travels as one byte; any other value than 0 or 1 is a damaged record (and no bool may hold it).
  void operator()(const char* field, bool& b) {
    uint8_t byte = 0;
    take(field, &byte, 1);
    if (byte > 1)
      throw std::runtime_error(std::string("result record: field '") + field + "' holds " + std::to_string(byte) +
                               ", not a bool");
    b = byte == 1;
  }
  template <typename T>
  void operator()(const char* field, T& x) {
    take(field, &x, sizeof x);
  }
  size_t left() const { return in_.size(); }

 private:
  uint64_t count(const char* field, size_t element_bytes) {
    uint64_t n = 0;
    take(field, &n, sizeof n);
    if (n > in_.size() / element_bytes)
      throw std::runtime_error(std::string("result record: field '") + field + "' claims " + std::to_string(n) +
                               " elements but " + std::to_string(in_.size()) + " bytes are left");
    return n;
  }
  void take(const char* field, void* p, size_t bytes) {
    if (in_.size() < bytes) throw std::runtime_error(std::string("result record: truncated in field '") + field + "'");
    std::memcpy(p, in_.data(), bytes);
    in_.remove_prefix(bytes);
  }
  std::string_view in_;
};

// The one list of fields, for both directions (R is CaseResult or const CaseResult).
template <typename Io, typename R>
void result_fields(Io& io, R& r) {
  // A line per group of the JSON form (reports/case_result_json.cpp), in the same order.
  io("descriptor", r.descriptor), io("outcome", r.outcome);
  io("expected.status", r.expected_status), io("expected.phase", r.expected_phase),
      io("expected.rule", r.expected_rule);
  io("observed.status", r.observed_status), io("observed.phase", r.observed_phase);
  io("tiling.known", r.tiling_known), io("tiling.strategy", r.strategy), io("tiling.key", r.tiling_key),
      io("tiling.text", r.tiling), io("tiling.block_dim", r.block_dim), io("tiling.atomics", r.atomics),
      io("tiling.ub_high_water", r.ub_high_water), io("workspace_bytes", r.workspace_bytes),
      io("tiling.expected", r.tiling_expected);
  auto& e = r.err;
  io("error.elements", e.elements), io("error.mismatches", e.mismatches), io("error.max_abs", e.max_abs_err),
      io("error.max_ulp", e.max_ulp_err), io("error.max_bound_ratio", e.max_bound_ratio),
      io("error.worst_index", e.worst_index), io("error.max_rel", e.max_rel_err);
  auto& re = r.rerun;
  io("rerun.check", re.check), io("rerun.knobs", re.knobs), io("rerun.failed", re.failed),
      io("rerun.first_diff", re.first_diff), io("rerun.first_bits", re.first_bits),
      io("rerun.second_bits", re.second_bits);
  io("seconds", r.seconds), io("message", r.message), io("target", r.target), io("source", r.source);
}

template <typename Io, typename T>
void tensor_fields(Io& io, T& t) {
  io("tensors.shape", t.grad_input_shape);
  io("tensors.impl", t.impl);
  io("tensors.oracle", t.oracle);
  io("tensors.bound", t.bound);
}

}  // namespace

void pack_result(const CaseResult& r, const CaseTensors* tensors, std::string* out) {
  out->push_back(kResultWireTag);
  Writer w(out);
  result_fields(w, r);
  w("tensors", tensors != nullptr);
  if (tensors) tensor_fields(w, *tensors);
}

CaseResult unpack_result(std::string_view record, const KnownCase& known, CaseTensors* tensors) {
  if (record.empty() || record.front() != kResultWireTag)
    throw std::runtime_error("result record: it does not start with the record tag");
  record.remove_prefix(1);
  Reader in(record);
  CaseResult r;
  result_fields(in, r);
  if (std::string_view(outcome_name(r.outcome)) == "?")  // not a name of the outcome table
    throw std::runtime_error("result record: field 'outcome' holds " + std::to_string(static_cast<int>(r.outcome)) +
                             ", not an outcome");
  for (const auto& [field, phase] :
       {std::pair{"expected.phase", r.expected_phase}, {"observed.phase", r.observed_phase}})
    if (std::string_view(phase_name(phase)) == "?")  // not a name of the call-phase table
      throw std::runtime_error(std::string("result record: field '") + field + "' holds " +
                               std::to_string(static_cast<int>(phase)) + ", not a call phase");
  if (std::string_view(rerun_check_name(r.rerun.check)) == "?")  // not a name of the rerun check table
    throw std::runtime_error("result record: field 'rerun.check' holds " +
                             std::to_string(static_cast<int>(r.rerun.check)) + ", not a rerun check");
  bool has_tensors = false;
  in("tensors", has_tensors);
  CaseTensors t;
  if (has_tensors) tensor_fields(in, t);
  if (in.left() != 0)
    throw std::runtime_error("result record: " + std::to_string(in.left()) + " bytes after the last field");
  if (tensors) *tensors = std::move(t);
  if (known.descriptor && known.c && *known.descriptor == r.descriptor) {
    r.c = normalized(*known.c);  // what parsing its descriptor gives
  } else {
    const ParseResult parsed = parse_descriptor(r.descriptor);
    if (!parsed.ok) throw std::runtime_error("result record: field 'descriptor': " + parsed.error);
    r.c = parsed.value;
  }
  return r;
}

}  // namespace poolcheck::worker
